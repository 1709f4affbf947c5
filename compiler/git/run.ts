/**
 * The one place docpact runs git. Read-only, local-only calls with a fixed
 * output shape: no pager, no colour, no external diff or textconv, no
 * optional index locks (`check` writes nothing, not even git's index), no
 * lazy fetch of missing objects (no network). Every call is counted, so a run
 * can show (DOCPACT_TIMING=1) that git is called a bounded number of times.
 */
import { spawn, spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type GitResult = { ok: true; stdout: string } | { ok: false; missing: boolean; stderr: string };

let calls = 0;

/** Git calls made by this process so far. */
export function gitCallCount(): number {
  return calls;
}

/** Whether docpact may use git at all (`DOCPACT_NO_GIT=1` turns it off, for timing and fallbacks). */
export function gitAllowed(): boolean {
  return process.env.DOCPACT_NO_GIT !== "1";
}

const MAX_BUFFER = 512 * 1024 * 1024;

function gitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_OPTIONAL_LOCKS: "0", GIT_NO_LAZY_FETCH: "1", GIT_TERMINAL_PROMPT: "0", LC_ALL: "C" };
  // `-C cwd` decides the repository, not a GIT_DIR inherited from a hook.
  for (const k of ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_PREFIX"]) delete env[k];
  return env;
}

function gitArgs(cwd: string, args: string[]): string[] {
  return ["-C", cwd, "-c", "core.quotePath=false", "-c", "log.showSignature=false", "-c", "color.ui=never", "--no-pager", ...args];
}

/**
 * The same call, without blocking: the history logs run while documents are
 * parsed. Git writes to a temporary file, not a pipe: a pipe is drained only
 * when the event loop runs, and while reading keeps the thread busy git would
 * stall on a full pipe (agent-workflow-cli: 11 MB of patch, 3 s of waiting).
 */
export function runGitAsync(cwd: string, args: string[], maxBytes = MAX_BUFFER): Promise<GitResult> {
  calls++;
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
      child = spawn("git", gitArgs(cwd, args), { env: gitEnv(), stdio: ["ignore", fd, "pipe"] });
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
  const r = spawnSync("git", gitArgs(cwd, args), { encoding: "utf8", env: gitEnv(), maxBuffer: MAX_BUFFER, stdio: ["ignore", "pipe", "pipe"] });
  if (r.error) return { ok: false, missing: (r.error as NodeJS.ErrnoException).code === "ENOENT", stderr: r.error.message };
  if (r.status !== 0) return { ok: false, missing: false, stderr: r.stderr };
  return { ok: true, stdout: r.stdout };
}

const workTrees = new Map<string, boolean>();

/** Whether `root` is inside a git work tree (not inside `.git`, git installed). One call per root and process. */
export function inWorkTree(root: string): boolean {
  if (!gitAllowed()) return false;
  let yes = workTrees.get(root);
  if (yes === undefined) {
    const r = runGit(root, ["rev-parse", "--is-inside-work-tree"]);
    yes = r.ok && r.stdout.trim() === "true";
    workTrees.set(root, yes);
  }
  return yes;
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
