/**
 * `check --watch` / `build --watch`: run once, then re-run whenever a file
 * under the root changes, printing a fresh report each time.
 *
 * - Every folder is watched on its own (node_modules, .git and dot folders are
 *   skipped): on Linux, Node 20's recursive fs.watch is an
 *   emulation that watches every file of the tree, node_modules included.
 *   The tree is walked once at the start; after that a folder an event names
 *   is watched when it appears and unwatched when it goes, so unchanged
 *   folders are never walked again. The generate outDir is watched too: a hand
 *   edit there changes generated/stale, and with its events known a run reuses
 *   the last read of outDir. build's own writes there are known hashes, so they
 *   trigger no run (no loop); they only make the next run read outDir again.
 * - Events are debounced; an event for a file whose content hash equals what
 *   the last run read (an editor touching a file, build writing what it just
 *   wrote) does not trigger a run.
 * - One ReadCache lives for the whole session, so a re-run parses only the
 *   inputs whose content changed, and its ReadSession takes the paths events
 *   named since the last run: the run walks only those folders and reads only
 *   those files (compiler/cache/session.ts). An event without a file name or a
 *   failed watcher makes the next run read everything.
 * - Ctrl-C (SIGINT) or SIGTERM closes the watchers and exits 0: at once for
 *   check, after the writes in flight for build; no report is printed after it.
 */
import { readdirSync, statSync, watch as fsWatch, type FSWatcher } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { ReadCache, diskCacheDir } from "../cache/cache.js";
import { ReadSession } from "../cache/session.js";
import { contentHash } from "../cache/hash.js";
import { DocpactError } from "../util/errors.js";
import { isProblem, readSource } from "../read.js";
import { exitCode } from "../report/report.js";
import { toPosix } from "../util/text.js";
import { NEVER_READ } from "../util/ignored.js";
import { runFull, useColor, type RunSettings } from "./run-settings.js";
import { formatReport, ruleMetasFor } from "./format.js";

export interface WatchOptions {
  fix: boolean;
  force: boolean;
}

export interface WatchIO {
  stdout: { write(s: string): unknown };
  stderr: { write(s: string): unknown };
  /**
   * Debounce in milliseconds; default 50: one save's events (an editor's write, rename and
   * chmod) arrive within a few milliseconds, and every millisecond here is save-to-report time.
   * A burst longer than this (a checkout) makes a second, incremental run.
   */
  debounceMs?: number;
}

const SKIP_DIRS = new Set(NEVER_READ);

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

export function watch(name: "check" | "build", s: RunSettings, b: WatchOptions, io: WatchIO = process): Promise<number> {
  // A root that is not there is a usage error (exit 2), not something to wait out.
  if (!isDirectory(s.root)) return Promise.reject(new DocpactError(`root is not a directory: ${s.root}`));
  const cache = new ReadCache({ dir: diskCacheDir(s.root), persist: name === "build" });
  cache.session = new ReadSession();
  const watchers = new Map<string, FSWatcher>();
  /** Every path an event named since the last run started (root-relative); null when not known (read everything). */
  let sinceLastRun: Set<string> | null = null;
  /** Content hashes of what the last run read (or build wrote). */
  let known = new Map<string, string>();
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let closed = false;

  const say = (msg: string) => io.stderr.write(`docpact: ${msg}\n`);

  const runOnce = async () => {
    running = true;
    const changes = sinceLastRun === null ? undefined : [...sinceLastRun].sort();
    sinceLastRun = new Set();
    try {
      const out = await runFull(name, s, b, { cache, changes });
      if (closed) return; // Ctrl-C during the run: no report after it
      io.stdout.write(
        formatReport(out.report, s.format, {
          root: s.root,
          color: useColor(s.color),
          diagnostics: out.diagnostics,
          gate: out.gate,
          rules: await ruleMetasFor(s.format),
        }),
      );
      known = new Map(cache.fileHashes);
      for (const f of out.written ?? []) {
        const h = hashOf(s.root, f);
        if (h !== null) known.set(f, h);
      }
      say(`${exitCode(out.report, s.maxWarnings) === 0 ? "clean" : "drift"} · watching for changes (Ctrl-C to stop)`);
    } catch (e) {
      // A config broken mid-edit is reported and waited out, not fatal; the next run reads everything.
      sinceLastRun = null;
      say(e instanceof Error ? e.message.split("\n")[0] : String(e));
    } finally {
      running = false;
    }
    if (closed) return;
    if (pending.size > 0) schedule();
  };

  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      if (running || closed) return; // the run's end re-schedules
      for (const f of pending) followFolder(f);
      const changed = [...pending].filter((f) => {
        const h = hashOf(s.root, f);
        return h === null || h !== known.get(f);
      });
      pending.clear();
      if (changed.length > 0) void runOnce();
    }, io.debounceMs ?? 50);
  };

  const onEvent = (dir: string, filename: string | Buffer | null) => {
    if (closed) return;
    // Without a file name the folder's change is not known in detail: the next run reads everything.
    if (!filename) sinceLastRun = null;
    const rel = filename ? toPosix(relative(s.root, join(dir, filename.toString()))) : toPosix(relative(s.root, dir));
    // Dot files are never inputs (editor swap files, docpact's own temp files).
    if (rel.split("/").some((seg) => seg.startsWith("."))) return;
    pending.add(rel);
    sinceLastRun?.add(rel);
    if (!running) schedule();
  };

  const watchDir = (dir: string) => {
    if (watchers.has(dir)) return;
    try {
      const w = fsWatch(dir, { persistent: true }, (_event, filename) => onEvent(dir, filename));
      w.on("error", () => {
        w.close();
        watchers.delete(dir);
        sinceLastRun = null;
      });
      watchers.set(dir, w);
    } catch (e) {
      say(`cannot watch ${toPosix(relative(s.root, dir)) || "."}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
    }
  };

  /** A path an event named: a new folder (and what it holds) is watched, a folder that went is unwatched. */
  const followFolder = (rel: string) => {
    const abs = resolve(s.root, rel);
    if (isDirectory(abs)) {
      if (watchers.has(abs) || rel.split("/").some((seg) => SKIP_DIRS.has(seg) || seg.startsWith("."))) return;
      for (const dir of watchDirs(abs)) watchDir(dir);
      return;
    }
    for (const [dir, w] of watchers) {
      if ((dir === abs || dir.startsWith(abs + sep)) && !isDirectory(dir)) {
        w.close();
        watchers.delete(dir);
      }
    }
  };

  return new Promise<number>((resolvePromise) => {
    const stop = () => {
      if (closed) return;
      closed = true;
      if (timer) clearTimeout(timer);
      for (const w of watchers.values()) w.close();
      watchers.clear();
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolvePromise(0);
      // A check in flight has nothing worth waiting for; a build finishes its writes first.
      if (running && name === "check") setImmediate(() => process.exit(0));
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
    // The one walk of the folders; after it, events say which folders come and go.
    for (const dir of watchDirs(s.root)) watchDir(dir);
    if (s.configPath) watchDir(dirname(resolve(s.configPath)));
    void runOnce();
  });
}

function hashOf(root: string, file: string): string | null {
  const src = readSource(root, file);
  return isProblem(src) ? null : contentHash(src.text);
}

/** Every folder under the root that may hold inputs or generated files (absolute paths). */
export function watchDirs(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    out.push(dir);
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (!e.isDirectory() || SKIP_DIRS.has(e.name) || e.name.startsWith(".")) continue;
      walk(join(dir, e.name));
    }
  };
  walk(resolve(root));
  return out.sort();
}
