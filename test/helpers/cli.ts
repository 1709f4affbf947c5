/** Runs the built CLI (dist/) the way users do, and copies fixture projects to temp folders. */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
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

/** A temp dir holding `files` (root-relative path → text). */
export function writeProject(files: Record<string, string>, prefix = "docpact-"): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, f)), { recursive: true });
    writeFileSync(join(root, f), text);
  }
  return root;
}

/** A fresh copy of a folder (relative to the repo root) in a temp dir. */
export function copyProject(rel: string): string {
  const dir = mkdtempSync(join(tmpdir(), "docpact-"));
  cpSync(join(repoRoot, rel), dir, { recursive: true });
  return dir;
}

/**
 * The same invocation in this process (compiler/cli/argv.ts), for tests whose
 * subject is the command's output and exit code, not the process boundary:
 * no node start and no module loading per call. Output written to
 * process.stdout/stderr during the call is captured; the environment
 * (NO_COLOR, DOCPACT_NO_CACHE as runCli sets them, plus `env`) and the
 * working folder are set for the call and restored after it. Calls must not
 * overlap (vitest runs a file's tests one after another).
 */
export async function runCliInProcess(args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}): Promise<CliRun> {
  const { runArgv } = await import("../../compiler/cli/argv.js");
  const env: Record<string, string> = { NO_COLOR: "1", DOCPACT_NO_CACHE: "1", ...opts.env };
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  const cwd = process.cwd();
  if (opts.cwd) process.chdir(opts.cwd);
  const out = { stdout: "", stderr: "" };
  const writes = { stdout: process.stdout.write, stderr: process.stderr.write };
  const capture = (key: "stdout" | "stderr") =>
    ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      out[key] += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
      const done = rest.find((r) => typeof r === "function") as (() => void) | undefined;
      done?.();
      return true;
    }) as typeof process.stdout.write;
  process.stdout.write = capture("stdout");
  process.stderr.write = capture("stderr");
  try {
    const status = await runArgv(args);
    return { status, ...out };
  } finally {
    process.stdout.write = writes.stdout;
    process.stderr.write = writes.stderr;
    if (opts.cwd) process.chdir(cwd);
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}
