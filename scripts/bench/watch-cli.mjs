// Save-to-report through the real CLI: starts `docpact check --watch --format json` on <root>,
// waits for its first report, then per pass appends a line to <file>, and times from the write
// to the end of the next report (the "watching for changes" line on stderr), then restores the
// file and waits that report out too. Includes watch's debounce and the report's formatting.
// Usage: node watch-cli.mjs <root> <runs> <file>
// Prints {"ms": [...], "debounceMs": 50, "errors": [...]} as JSON (errors: the reports' error counts).
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [root, runsArg, rel] = process.argv.slice(2);
const cli = new URL("../../dist/compiler/cli/main.js", import.meta.url).pathname;
const child = spawn(process.execPath, [cli, "check", "--watch", "--root", root, "--format", "json"], { stdio: ["ignore", "pipe", "pipe"] });
let stdout = "";
child.stdout.on("data", (d) => (stdout += d));
let waiting = null;
let stderr = "";
child.stderr.on("data", (d) => {
  stderr += d;
  if (/watching for changes/.test(stderr) && waiting) {
    stderr = "";
    const w = waiting;
    waiting = null;
    w(performance.now());
  }
});
const nextReport = () => new Promise((resolve) => (waiting = resolve));
const path = join(root, rel);
const original = readFileSync(path, "utf8");
const out = { ms: [], debounceMs: 50, errors: [] };
try {
  await nextReport();
  for (let pass = 1; pass <= Number(runsArg); pass++) {
    // Let the watcher settle, so the edit is one event batch.
    await new Promise((r) => setTimeout(r, 500));
    stdout = "";
    const report = nextReport();
    const t = performance.now();
    writeFileSync(path, `${original}\nEdited through the CLI, pass ${pass}.\n`);
    out.ms.push((await report) - t);
    // stdout and stderr are separate pipes: the report may land just after the line that ends it.
    await new Promise((r) => setTimeout(r, 200));
    try {
      out.errors.push(JSON.parse(stdout).summary?.errors ?? null);
    } catch {
      out.errors.push(null);
    }
    await new Promise((r) => setTimeout(r, 500));
    const back = nextReport();
    writeFileSync(path, original);
    await back;
  }
} finally {
  writeFileSync(path, original);
  child.kill("SIGINT");
}
process.stdout.write(`${JSON.stringify(out)}\n`);
