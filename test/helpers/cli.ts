/** Runs the built CLI (dist/) the way users do, and copies fixture projects to temp folders. */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
export const cliPath = join(repoRoot, "dist/compiler/cli/main.js");

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}): CliRun {
  const r = spawnSync(process.execPath, [cliPath, ...args], {
    cwd: opts.cwd ?? repoRoot,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", DOCPACT_NO_CACHE: "1", ...opts.env },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A fresh copy of a folder (relative to the repo root) in a temp dir. */
export function copyProject(rel: string): string {
  const dir = mkdtempSync(join(tmpdir(), "docpact-"));
  cpSync(join(repoRoot, rel), dir, { recursive: true });
  return dir;
}
