/**
 * The one door through which the pipeline reads the file system. Every read,
 * existence probe, stat, folder listing, link resolution and glob of a run
 * passes here, and while a recording is open (build's closing check, see
 * compiler/replay/) each one is noted as an observation: what the call saw,
 * reduced to what a later run could compare (a content hash, a file kind and
 * size, a sorted listing). The set of observations is the run's input
 * manifest: a later run that observes the same things would compute the same
 * result. A probe that found nothing is an observation too, so adding that
 * file invalidates the record.
 *
 * Outside a recording the wrappers cost one size check. Writers (util/write.ts,
 * build.ts) and the caches (cache/) use node:fs directly: they are not inputs.
 * test/architecture.test.ts keeps every other module away from node:fs.
 */
import * as fs from "node:fs";
import { createHash } from "node:crypto";
import { basename, dirname, join } from "node:path";
import { createRequire } from "node:module";

/** Observation key (`<op> <absolute path>`) → what was observed. */
export type Observations = Map<string, string>;

/** Open recordings: each read is noted in every one, so overlapping runs (API calls in one process) each see all of theirs. */
const active = new Set<Observations>();

const resets: (() => void)[] = [];

/**
 * A module that remembers file contents by path within a process (a parse
 * reused while the mtime is unchanged, an evaluator's loaded modules) would
 * answer a recorded run without reading: it registers here, and a recording
 * starts with those memories dropped, so every read of the run is observed.
 */
export function onRecordingStart(reset: () => void): void {
  resets.push(reset);
}

/** Starts noting observations until `stop()`. `racyWindowMs`: tests only. */
export function startRecording(opts: { racyWindowMs?: number } = {}): { stop(): Observations } {
  racyMs = opts.racyWindowMs ?? RACY_MS;
  for (const reset of resets) reset();
  const mine: Observations = new Map();
  active.add(mine);
  return {
    stop() {
      active.delete(mine);
      return mine;
    },
  };
}

/** The first observation of a path wins: later reads in the same run see the same state. */
function note(key: string, value: () => string): void {
  if (active.size === 0) return;
  let v: string | undefined;
  for (const obs of active) if (!obs.has(key)) obs.set(key, (v ??= value()));
}

const errCode = (e: unknown) => `!${(e as NodeJS.ErrnoException).code ?? "error"}`;
const hashOf = (buf: Buffer | string) => createHash("sha1").update(buf).digest("hex");

/** A stat reduced to what results depend on: the kind, and a regular file's size (never mtimes). */
export function statObservation(st: fs.Stats): string {
  if (st.isFile()) return `f${st.size}`;
  if (st.isDirectory()) return "d";
  if (st.isSymbolicLink()) return "l";
  return "o";
}

const direntKind = (e: fs.Dirent) => (e.isFile() ? "f" : e.isDirectory() ? "d" : e.isSymbolicLink() ? "l" : "o");

/**
 * Each kind of observation and how to make it again: the replay re-observes
 * every key of a manifest with these and compares (compiler/replay/manifest.ts).
 */
export const OBSERVE: Record<string, (abs: string) => string> = {
  read: (abs) => {
    try {
      return hashOf(fs.readFileSync(abs));
    } catch (e) {
      return errCode(e);
    }
  },
  exists: (abs) => (fs.existsSync(abs) ? "1" : "0"),
  stat: (abs) => {
    try {
      return statObservation(fs.statSync(abs));
    } catch (e) {
      return errCode(e);
    }
  },
  lstat: (abs) => {
    try {
      return statObservation(fs.lstatSync(abs));
    } catch (e) {
      return errCode(e);
    }
  },
  dir: (abs) => {
    try {
      return hashOf(
        fs
          .readdirSync(abs, { withFileTypes: true })
          .map((e) => `${direntKind(e)}${e.name}`)
          .sort()
          .join("\0"),
      );
    } catch (e) {
      return errCode(e);
    }
  },
  real: (abs) => {
    try {
      // One realpath(3) call instead of an lstat per path segment; a result that differed would only miss a replay.
      return fs.realpathSync.native(abs);
    } catch (e) {
      return errCode(e);
    }
  },
  glob: (abs) => {
    try {
      return hashOf(globFilesRaw(abs).join("\0"));
    } catch (e) {
      return errCode(e);
    }
  },
};

function observed<T>(op: string, abs: string, run: () => T): T {
  if (active.size === 0) return run();
  const key = `${op} ${abs}`;
  try {
    const v = run();
    note(key, () => OBSERVE[op](abs));
    return v;
  } catch (e) {
    note(key, () => errCode(e));
    throw e;
  }
}

/**
 * How recent a file's mtime or ctime may be, at the moment it is stat'ed
 * before being read, for its stat to stand in for its content later: a file
 * changed again within the file system's timestamp granularity could keep
 * the same stat (git's "racy" entries). Such files are always hashed.
 */
export const RACY_MS = 2000;
let racyMs = RACY_MS;

/** size, mtime, ctime and inode: ctime cannot be set back (cp -p, rsync -t and touch -d set mtime only). */
export function statSignature(st: fs.Stats): string {
  return `${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.ino}`;
}

export function readFileSync(path: string): Buffer;
export function readFileSync(path: string, encoding: "utf8"): string;
export function readFileSync(path: string, encoding?: "utf8"): string | Buffer {
  if (active.size === 0) return encoding ? fs.readFileSync(path, encoding) : fs.readFileSync(path);
  // The stat is taken before the read: a change between the two then shows as a different stat later, never as a same one.
  let signature = "";
  try {
    const now = Date.now();
    const st = fs.statSync(path);
    if (st.isFile() && st.mtimeMs < now - racyMs && st.ctimeMs < now - racyMs) signature = ` ${statSignature(st)}`;
  } catch {
    signature = "";
  }
  let buf: Buffer;
  try {
    buf = fs.readFileSync(path);
  } catch (e) {
    note(`read ${path}`, () => errCode(e));
    throw e;
  }
  note(`read ${path}`, () => `${hashOf(buf)}${signature}`);
  return encoding ? buf.toString(encoding) : buf;
}

/**
 * Whether observing `key` again sees what was recorded (`seen`). A read
 * recorded with a stat signature is taken as unchanged when the file's stat
 * is the same now (one stat instead of reading and hashing); otherwise, and
 * for racy files, its content is hashed. Stats are shared between the
 * observations of one path within one `same` instance.
 */
export function observationComparer(): (key: string, seen: string) => boolean {
  // One lstat per path serves its stat (when it is no link), its read signature and its realpath.
  const lstats = new Map<string, fs.Stats | null>();
  const lstatOf = (abs: string) => {
    let st = lstats.get(abs);
    if (st === undefined) {
      try {
        st = fs.lstatSync(abs, { throwIfNoEntry: false }) ?? null;
      } catch {
        st = null;
      }
      lstats.set(abs, st);
    }
    return st;
  };
  const statOf = (abs: string) => {
    const l = lstatOf(abs);
    if (l === null || !l.isSymbolicLink()) return l;
    try {
      return fs.statSync(abs, { throwIfNoEntry: false }) ?? null;
    } catch {
      return null;
    }
  };
  const reals = new Map<string, string>();
  // A path whose last part is no link resolves to its folder's real path plus its name: one realpath per folder, not per file.
  const realOf = (abs: string): string => {
    let r = reals.get(abs);
    if (r !== undefined) return r;
    const parent = dirname(abs);
    const l = parent === abs ? null : lstatOf(abs);
    if (l !== null && !l.isSymbolicLink()) {
      const up = realOf(parent);
      r = up.startsWith("!") ? OBSERVE.real(abs) : join(up, basename(abs));
    } else r = OBSERVE.real(abs);
    reals.set(abs, r);
    return r;
  };
  return (key, seen) => {
    const space = key.indexOf(" ");
    const op = key.slice(0, space);
    const abs = key.slice(space + 1);
    switch (op) {
      case "read": {
        const sep = seen.indexOf(" ");
        if (sep === -1) break;
        const st = statOf(abs);
        if (st !== null && st.isFile() && statSignature(st) === seen.slice(sep + 1)) return true;
        return OBSERVE.read(abs) === seen.slice(0, sep);
      }
      case "stat": {
        const st = statOf(abs);
        if (st !== null) return statObservation(st) === seen;
        break;
      }
      case "lstat": {
        const st = lstatOf(abs);
        if (st !== null) return statObservation(st) === seen;
        break;
      }
      case "real":
        return realOf(abs) === seen;
    }
    return Object.hasOwn(OBSERVE, op) && OBSERVE[op](abs) === seen;
  };
}

export function existsSync(path: string): boolean {
  const yes = fs.existsSync(path);
  note(`exists ${path}`, () => (yes ? "1" : "0"));
  return yes;
}

export function statSync(path: string): fs.Stats {
  if (active.size === 0) return fs.statSync(path);
  return observedStat("stat", path, () => fs.statSync(path));
}

export function lstatSync(path: string): fs.Stats {
  if (active.size === 0) return fs.lstatSync(path);
  return observedStat("lstat", path, () => fs.lstatSync(path));
}

function observedStat(op: string, path: string, run: () => fs.Stats): fs.Stats {
  let st: fs.Stats;
  try {
    st = run();
  } catch (e) {
    note(`${op} ${path}`, () => errCode(e));
    throw e;
  }
  note(`${op} ${path}`, () => statObservation(st));
  return st;
}

export function readdirSync(path: string): string[];
export function readdirSync(path: string, options: { withFileTypes: true }): fs.Dirent[];
export function readdirSync(path: string, options?: { withFileTypes: true }): string[] | fs.Dirent[] {
  return observed("dir", path, () => (options ? fs.readdirSync(path, options) : fs.readdirSync(path)));
}

export function realpathSync(path: string): string {
  // One realpath(3) call, not an lstat per path segment (the result is the same).
  return observed("real", path, () => fs.realpathSync.native(path));
}

/** The first `length` bytes of a file as UTF-8 ("" when it cannot be read); observed as a read of the whole file. */
export function readHead(path: string, length: number): string {
  const buf = Buffer.alloc(length);
  let fd: number | undefined;
  try {
    fd = fs.openSync(path, "r");
    const n = fs.readSync(fd, buf, 0, length, 0);
    return buf.subarray(0, n).toString("utf8");
  } catch {
    return "";
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
    note(`read ${path}`, () => OBSERVE.read(path));
  }
}

/** Regular files below `cwd` (relative, `/`-separated as tinyglobby gives them, sorted), no dot entries, links not followed. */
export function globFiles(cwd: string): string[] {
  return observed("glob", cwd, () => globFilesRaw(cwd));
}

type GlobSync = (patterns: string[], opts: { cwd: string; onlyFiles: boolean; dot: boolean; followSymbolicLinks: boolean }) => string[];
let tinyGlob: GlobSync | undefined;

function globFilesRaw(cwd: string): string[] {
  // Loaded on first use (its CommonJS build, so the call stays synchronous): a replayed check that globs nothing never loads it.
  tinyGlob ??= (createRequire(import.meta.url)("tinyglobby") as { globSync: GlobSync }).globSync;
  return tinyGlob(["**/*"], { cwd, onlyFiles: true, dot: false, followSymbolicLinks: false }).sort();
}
