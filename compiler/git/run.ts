/**
 * The one place docpact runs git, as an untrusted tool: the repository's
 * configuration must not make it execute anything or write anything.
 * Read-only, local-only calls with a fixed output shape: no pager, no colour,
 * no external diff or textconv, no fsmonitor, no hooks, no transport (no
 * network, no ssh or askpass), no optional index locks, no lazy fetch of
 * missing objects. Filter and diff drivers are named by the repository, so
 * before each call `git config --list` (which runs nothing) says which ones
 * the configuration defines, and every one is overridden to empty on the
 * command line (`-c filter.NAME.clean=` …), which outranks every config file.
 * Callers use commands that never refresh or write the index (`diff-index`,
 * not `diff`). Every call is counted, so a run can show (DOCPACT_TIMING=1)
 * that git is called a bounded number of times; the config listing before
 * each call is counted apart (gitGuardCallCount). Inside a run (beginGitRun …
 * its end, nested runs included) the listing is read once per repository
 * folder and reused by the run's later calls until docpact itself writes a
 * project file (a build's output could be a file the configuration includes);
 * every outermost run reads it again, so a driver added to the configuration
 * between two watch saves is switched off on the next save.
 */
import { spawn, spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { keptWhileUnchanged } from "./fingerprint.js";
import { mapMemo } from "../util/memo.js";
import { projectWriteCount } from "../util/write.js";
import { repositoryMayContain } from "./discovery.js";

/** A failed call keeps what git printed before failing (`stdout`), when it ran at all. */
export type GitResult = { ok: true; stdout: string } | { ok: false; missing: boolean; stderr: string; stdout?: string };

let calls = 0;
let guardCalls = 0;

/** Git calls made by this process so far. */
export function gitCallCount(): number {
  return calls;
}

/** Whether docpact may use git at all (`DOCPACT_NO_GIT=1` turns it off, for timing and fallbacks). */
export function gitAllowed(): boolean {
  return process.env.DOCPACT_NO_GIT !== "1";
}

/** `git config --list` calls made before real calls (one each), apart from gitCallCount. */
export function gitGuardCallCount(): number {
  return guardCalls;
}

const MAX_BUFFER = 512 * 1024 * 1024;

/**
 * Variables that make git run a program, or name one: inherited from a hook
 * or a parent shell they would run it for docpact (`GIT_EXTERNAL_DIFF` runs
 * on every diff). Config injected through the environment is dropped too.
 */
const DROPPED_ENV = [
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_INDEX_FILE",
  "GIT_PREFIX",
  "GIT_COMMON_DIR",
  "GIT_OBJECT_DIRECTORY",
  "GIT_ALTERNATE_OBJECT_DIRECTORIES",
  "GIT_EXTERNAL_DIFF",
  "GIT_DIFF_OPTS",
  "GIT_PAGER",
  "PAGER",
  "GIT_EDITOR",
  "GIT_SEQUENCE_EDITOR",
  "GIT_SSH",
  "GIT_SSH_COMMAND",
  "GIT_ASKPASS",
  "SSH_ASKPASS",
  "GIT_PROXY_COMMAND",
  "GIT_CONFIG_PARAMETERS",
  "GIT_CONFIG_COUNT",
  "GIT_EXEC_PATH",
];

function gitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    GIT_OPTIONAL_LOCKS: "0",
    GIT_NO_LAZY_FETCH: "1",
    GIT_TERMINAL_PROMPT: "0",
    GIT_PROTOCOL_FROM_USER: "0",
    LC_ALL: "C",
  };
  // `-C cwd` decides the repository, not a GIT_DIR inherited from a hook.
  for (const k of DROPPED_ENV) delete env[k];
  for (const k of Object.keys(env)) if (/^GIT_CONFIG_(KEY|VALUE)_\d+$/.test(k)) delete env[k];
  return env;
}

/**
 * Overrides for every configuration-driven way git could run a program. The
 * read-only commands docpact calls would not reach most of them; each is
 * switched off anyway, so a new call site cannot reopen one.
 */
const FIXED: readonly string[] = [
  "core.quotePath=false",
  "log.showSignature=false",
  "color.ui=never",
  "core.fsmonitor=false",
  "core.useBuiltinFSMonitor=false",
  "core.untrackedCache=false",
  "core.hooksPath=/dev/null",
  "core.pager=cat",
  "diff.external=",
  "core.askPass=",
  "core.sshCommand=",
  "core.gitProxy=",
  "protocol.allow=never",
  "gc.auto=0",
  "maintenance.auto=false",
  "fetch.recurseSubmodules=false",
  "diff.submodule=short",
];

/** Per driver section the repository may define: the keys that run a program, and their neutral values. */
const DRIVERS: Record<string, readonly string[]> = {
  filter: ["clean=", "smudge=", "process=", "required=false"],
  diff: ["textconv=", "command=", "cachetextconv=false"],
  merge: ["driver="],
};

/**
 * The `-c` overrides for the drivers the configuration names (any scope, includes
 * followed). A name `-c` cannot carry (an `=` or a line break in it) makes the
 * call refused: git is not run at all.
 */
type Guard = { ok: true; args: string[]; sparse: boolean; includes: boolean } | { ok: false; missing: boolean; stderr: string };

/** Runs open now (beginGitRun) and the guard each read for a folder; empty when no run is open. */
let openRuns = 0;
// Guards read this run, per repository folder (a run touches a few; the bound is a safety net), with the
// project write count they were read at.
const runGuards = mapMemo<string, { guard: Guard; writes: number }>("git/run#runGuards", 64);
const runStartHooks: (() => void)[] = [];

/** Registers what an outermost run must forget when it opens and closes (a run-scoped memo of git's answers). */
export function onGitRunBoundary(reset: () => void): void {
  runStartHooks.push(reset);
}

/** Whether a run is open: run-scoped memos keep answers only then. */
export function gitRunOpen(): boolean {
  return openRuns > 0;
}

/**
 * Opens a run: until the returned function is called, the configuration
 * listing is read once per folder and reused. An outermost run that opens
 * clears what earlier runs read (a run never uses a listing older than its
 * own start); a nested one (the pipeline inside check or build, build's
 * closing check) keeps it.
 */
export function beginGitRun(): () => void {
  if (openRuns++ === 0) forgetRun();
  let open = true;
  return () => {
    if (!open) return;
    open = false;
    if (--openRuns === 0) forgetRun();
  };
}

function forgetRun(): void {
  runGuards.clear();
  for (const reset of runStartHooks) reset();
}

/**
 * Listings kept across runs (watch saves), per folder, with the fingerprint of the files git read them
 * from (compiler/git/fingerprint.ts): a run whose fingerprint is the same takes the listing without a
 * process. A listing that follows includes is never kept (the included files are not in the fingerprint).
 */
const lastingGuards = mapMemo<string, { value: Guard; fingerprint: string }>("git/run#lastingGuards", 16);

function guardArgs(cwd: string): Guard {
  if (openRuns === 0) return readGuard(cwd);
  const writes = projectWriteCount();
  const kept = runGuards.get(cwd);
  if (kept && kept.writes === writes) return kept.guard;
  const guard = keptWhileUnchanged(
    lastingGuards,
    cwd,
    () => readGuard(cwd),
    (g) => g.ok && !g.includes,
  );
  runGuards.set(cwd, { guard, writes });
  return guard;
}

function readGuard(cwd: string): Guard {
  // No repository git could find: every call would fail, so none is started (the listing included).
  if (!repositoryMayContain(cwd)) return { ok: false, missing: false, stderr: "fatal: not a git repository (no .git in any parent folder)" };
  guardCalls++;
  const r = spawnSync("git", ["-C", cwd, "--no-pager", "config", "--list", "-z"], {
    encoding: "utf8",
    env: gitEnv(),
    maxBuffer: 64 * 1024 * 1024,
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (r.error) return { ok: false, missing: (r.error as NodeJS.ErrnoException).code === "ENOENT", stderr: r.error.message };
  // Outside a repository the list is the user's own config; a failure (a broken config file) stops the call.
  if (r.status !== 0) return { ok: false, missing: false, stderr: r.stderr || `git config exited with ${r.status}` };
  const names = new Map<string, Set<string>>();
  let sparse = false;
  let includes = false;
  for (const entry of r.stdout.split("\0")) {
    const key = entry.split("\n", 1)[0];
    if (/^include(if\..*)?\.path$/i.test(key)) includes = true;
    // The last value wins, as in git (a local `false` over a global `true`).
    if (key.toLowerCase() === "core.sparsecheckout") sparse = /^(true|yes|on|1)$/i.test(entry.slice(key.length + 1).trim());
    const first = key.indexOf(".");
    const last = key.lastIndexOf(".");
    if (first < 0 || last <= first) continue;
    const section = key.slice(0, first).toLowerCase();
    if (!(section in DRIVERS)) continue;
    const name = key.slice(first + 1, last);
    if (/[=\n\r\0]/.test(name))
      return {
        ok: false,
        missing: false,
        stderr: `the git config names a ${section} driver docpact cannot switch off (${JSON.stringify(name)}); git is not run`,
      };
    let set = names.get(section);
    if (!set) names.set(section, (set = new Set()));
    set.add(name);
  }
  const args: string[] = [];
  for (const kv of FIXED) args.push("-c", kv);
  for (const [section, set] of [...names].sort())
    for (const name of [...set].sort()) for (const kv of DRIVERS[section]) args.push("-c", `${section}.${name}.${kv}`);
  return { ok: true, args, sparse, includes };
}

/** Whether the repository at cwd is a sparse checkout (`core.sparseCheckout`), from the configuration listing the run already read. */
export function sparseCheckoutOn(cwd: string): boolean {
  const g = guardArgs(cwd);
  return g.ok && g.sparse;
}

/** Diff machinery switches added right after the subcommand, whatever the caller passed: a driver the guard emptied would otherwise fail the call. */
const DIFF_SAFE: Record<string, readonly string[]> = {
  log: ["--no-ext-diff", "--no-textconv", "--no-show-signature"],
  show: ["--no-ext-diff", "--no-textconv", "--no-show-signature"],
  diff: ["--no-ext-diff", "--no-textconv"],
  "diff-index": ["--no-ext-diff", "--no-textconv"],
  "diff-tree": ["--no-ext-diff", "--no-textconv"],
  "diff-files": ["--no-ext-diff", "--no-textconv"],
};

function gitArgs(cwd: string, guard: string[], args: string[]): string[] {
  const [sub, ...rest] = args;
  return ["-C", cwd, ...guard, "--no-pager", sub, ...(DIFF_SAFE[sub] ?? []), ...rest];
}

/**
 * The same call, without blocking: the history logs run while documents are
 * parsed. Git writes to a temporary file, not a pipe: a pipe is drained only
 * when the event loop runs, and while reading keeps the thread busy git would
 * stall on a full pipe (agent-workflow-cli: 11 MB of patch, 3 s of waiting).
 */
export function runGitAsync(cwd: string, args: string[], maxBytes = MAX_BUFFER): Promise<GitResult> {
  calls++;
  const guard = guardArgs(cwd);
  if (!guard.ok) return Promise.resolve(guard);
  return new Promise((done) => {
    let dir: string;
    let fd: number;
    try {
      dir = mkdtempSync(join(tmpdir(), "docpact-gitlog-"));
      fd = openSync(join(dir, "out"), "w");
    } catch (e) {
      done({ ok: false, missing: false, stderr: (e as Error).message });
      return;
    }
    const out = join(dir, "out");
    let stderr = "";
    let settled = false;
    const finish = (r: GitResult) => {
      if (settled) return;
      settled = true;
      rmSync(dir, { recursive: true, force: true });
      done(r);
    };
    let child;
    try {
      child = spawn("git", gitArgs(cwd, guard.args, args), { env: gitEnv(), stdio: ["ignore", fd, "pipe"] });
    } finally {
      closeSync(fd);
    }
    child.stderr?.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", (err) => finish({ ok: false, missing: (err as NodeJS.ErrnoException).code === "ENOENT", stderr: err.message }));
    child.on("close", (code) => {
      if (code !== 0) return finish({ ok: false, missing: false, stderr: stderr || `git exited with ${code}` });
      try {
        if (statSync(out).size > maxBytes) return finish({ ok: false, missing: false, stderr: "git output too large" });
        finish({ ok: true, stdout: readFileSync(out, "utf8") });
      } catch (e) {
        finish({ ok: false, missing: false, stderr: (e as Error).message });
      }
    });
  });
}

export function runGit(cwd: string, args: string[]): GitResult {
  calls++;
  const guard = guardArgs(cwd);
  if (!guard.ok) return guard;
  const r = spawnSync("git", gitArgs(cwd, guard.args, args), { encoding: "utf8", env: gitEnv(), maxBuffer: MAX_BUFFER, stdio: ["ignore", "pipe", "pipe"] });
  if (r.error) return { ok: false, missing: (r.error as NodeJS.ErrnoException).code === "ENOENT", stderr: r.error.message };
  if (r.status !== 0) return { ok: false, missing: false, stderr: r.stderr, stdout: r.stdout };
  return { ok: true, stdout: r.stdout };
}

/** Undoes git's C-style quoting of a path (`"a\tb"`); plain paths pass through. */
export function unquotePath(p: string): string {
  if (!p.startsWith('"') || !p.endsWith('"')) return p;
  const body = p.slice(1, -1);
  const bytes: number[] = [];
  const esc: Record<string, number> = { n: 10, t: 9, r: 13, b: 8, f: 12, v: 11, a: 7, '"': 34, "\\": 92 };
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c !== "\\") {
      bytes.push(...Buffer.from(c, "utf8"));
      continue;
    }
    const n = body[++i];
    if (/[0-7]/.test(n)) {
      bytes.push(parseInt(body.slice(i, i + 3), 8));
      i += 2;
    } else bytes.push(esc[n] ?? n.charCodeAt(0));
  }
  return Buffer.from(bytes).toString("utf8");
}
