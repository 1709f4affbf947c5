/**
 * One temporary folder for the whole test run, removed when it ends: tests make their scratch projects with
 * `mkdtempSync(join(tmpdir(), …))`, and most leave them behind (a run left ~1,300 folders in /tmp). Workers and the CLI
 * processes they spawn inherit TMPDIR, so every `os.tmpdir()` below this point answers the run's folder.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default function setup(): () => void {
  const saved = { TMPDIR: process.env.TMPDIR, TMP: process.env.TMP, TEMP: process.env.TEMP };
  const run = mkdtempSync(join(tmpdir(), "docpact-test-run-"));
  process.env.TMPDIR = process.env.TMP = process.env.TEMP = run;
  return () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    rmSync(run, { recursive: true, force: true });
  };
}
