/**
 * Atomic writes inside the root: temp file in the same folder, then rename.
 * Every write and delete is checked against the real (symlink-resolved) path:
 * docpact never writes or deletes through a symbolic link, so nothing outside
 * the root can be reached from inside it.
 */
import { chmodSync, chownSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync, type Stats } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { DocpactError } from "./errors.js";

export function insideRoot(root: string, rel: string): string {
  const abs = resolve(root, rel);
  const r = relative(resolve(root), abs);
  if (r === "" || r.startsWith("..") || isAbsolute(r)) throw new DocpactError(`refusing to write outside the root: ${rel}`);
  return abs;
}

function lstatOrNull(abs: string): Stats | null {
  try {
    return lstatSync(abs);
  } catch {
    return null;
  }
}

/**
 * The absolute path of `rel` after checking that no existing part of it below
 * the root is a symbolic link (nor the file itself), and that its nearest
 * existing folder really is inside the root.
 */
export function safeTarget(root: string, rel: string, verb = "write"): string {
  const abs = insideRoot(root, rel);
  const realRoot = realpathSync(root);
  let cur = resolve(root);
  for (const part of relative(cur, abs).split(sep)) {
    cur = join(cur, part);
    const st = lstatOrNull(cur);
    if (st === null) break;
    if (st.isSymbolicLink()) throw new DocpactError(`refusing to ${verb} ${rel}: ${toRel(root, cur)} is a symbolic link`);
  }
  let existing = dirname(abs);
  while (lstatOrNull(existing) === null && existing !== dirname(existing)) existing = dirname(existing);
  const real = relative(realRoot, realpathSync(existing));
  if (real.startsWith("..") || isAbsolute(real)) throw new DocpactError(`refusing to ${verb} outside the root: ${rel}`);
  return abs;
}

const toRel = (root: string, abs: string) => relative(root, abs).split(sep).join("/");

/** The file changed on disk since the run read it: not overwritten (see writeAtomic's `base`). */
export class ChangedOnDisk extends DocpactError {
  constructor(readonly path: string) {
    super(`${path} changed on disk during the build; not overwritten`);
  }
}

function currentText(abs: string): string | null {
  try {
    return lstatSync(abs).isFile() ? readFileSync(abs, "utf8") : null;
  } catch {
    return null;
  }
}

let writes = 0;

/** Files this process wrote or removed in projects so far: what git's configuration listing may have read is then stale (compiler/git/run.ts). */
export function projectWriteCount(): number {
  return writes;
}

/**
 * A file docpact writes in place of another keeps its mode, and its owner where this process may set it.
 * `base`: the content the run read; compared again just before the rename, and when the disk holds
 * anything else (an edit saved while build ran) the file is left as it is and ChangedOnDisk is thrown.
 */
export function writeAtomic(root: string, rel: string, content: string, base?: string): void {
  const abs = safeTarget(root, rel);
  const before = lstatOrNull(abs);
  try {
    mkdirSync(dirname(abs), { recursive: true });
  } catch (e) {
    throw new DocpactError(`cannot write ${rel}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  const tmp = join(dirname(abs), tempName());
  writes++;
  try {
    writeFileSync(tmp, content);
    if (before?.isFile()) {
      chmodSync(tmp, before.mode & 0o7777);
      try {
        chownSync(tmp, before.uid, before.gid);
      } catch {
        // Only root may give a file away; the mode is kept either way.
      }
    }
    if (base !== undefined && currentText(abs) !== base) throw new ChangedOnDisk(rel);
    renameSync(tmp, abs);
  } catch (e) {
    rmSync(tmp, { force: true });
    if (e instanceof ChangedOnDisk) throw e;
    throw new DocpactError(`cannot write ${rel}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
}

/** Removes a regular file inside the root; never a link, never through one. */
export function removeInsideRoot(root: string, rel: string): void {
  const abs = safeTarget(root, rel, "delete");
  const st = lstatOrNull(abs);
  if (st === null) return;
  if (!st.isFile()) throw new DocpactError(`refusing to delete ${rel}: not a regular file`);
  writes++;
  try {
    rmSync(abs);
  } catch (e) {
    throw new DocpactError(`cannot delete ${rel}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
}

const TEMP = /^\.(\d+)\.(\d+)\.docpact\.tmp$/;

function tempName(): string {
  return `.${process.pid}.${Date.now()}.docpact.tmp`;
}

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Removes temp files a killed docpact left in `dirs` (relative to the root):
 * only names docpact gives its temp files, only when that process is gone,
 * only regular files. Returns what it removed.
 */
export function removeStaleTemps(root: string, dirs: Iterable<string>): string[] {
  const removed: string[] = [];
  for (const dir of new Set(dirs)) {
    let names: string[];
    try {
      names = readdirSync(join(root, dir));
    } catch {
      continue;
    }
    for (const name of names.sort()) {
      const m = TEMP.exec(name);
      if (!m || alive(Number(m[1]))) continue;
      const rel = dir === "." ? name : `${dir}/${name}`;
      try {
        removeInsideRoot(root, rel);
        removed.push(rel);
      } catch {
        // A temp file docpact may not remove stays; it never shadows a real file.
      }
    }
  }
  return removed;
}
