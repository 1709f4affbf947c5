/**
 * One walk of the root that sees what globbing hides: besides regular files,
 * symbolic links, special files (FIFOs, sockets, devices) and folders that
 * cannot be read. Discover turns the ones that match an input glob into
 * `input/*` diagnostics, so nothing docpact was asked to read is skipped silently.
 */
import { lstatSync, readdirSync, realpathSync, statSync } from "./util/input-fs.js";
import { isAbsolute, join, relative } from "node:path";
import { toPosix } from "./util/text.js";

export type OddKind = "link-outside" | "link" | "special" | "unreadable-dir";

export interface OddEntry {
  path: string;
  kind: OddKind;
  /** errno code for an unreadable folder or a dangling link. */
  code?: string;
  /** A link to a folder. */
  dir?: boolean;
  /** A link inside the root: what it points at, root-relative, links resolved. */
  target?: string;
}

export interface Tree {
  /** Regular files, root-relative, sorted. */
  files: string[];
  odd: OddEntry[];
}

export interface WalkOptions {
  /** Root-relative folders to walk instead of the whole root (may be dot folders); one that is missing or a link is left out. */
  from?: readonly string[];
  /** Stop after this many files (init's cheap scan of a huge repository); a folder's files come before its folders, each in name order, so which files is deterministic. */
  limit?: number;
}

/**
 * Walks `root` without following links, skipping dot entries and `skip` folders (root-relative). The one walker of
 * the tree: discover, init's scan and the agent files under `.claude/` all list through it.
 */
export function walkTree(root: string, skip: (dir: string) => boolean, opts: WalkOptions = {}): Tree {
  const files: string[] = [];
  const odd: OddEntry[] = [];
  const from = opts.from ? opts.from.filter((d) => d.split("/").every((_, i, segs) => isRealDir(join(root, segs.slice(0, i + 1).join("/"))))) : [""];
  walkInto(root, realpathSync(root), [...from].reverse(), skip, files, odd, opts.limit ?? Infinity);
  return { files: files.map(toPosix).sort(), odd: odd.sort(byPath) };
}

/**
 * The tree after `changed` paths (root-relative; files or folders, added,
 * edited or removed) changed since `prev` was walked: only those paths are
 * looked at again, so a watch session does not walk unchanged folders. Gives
 * what `walkTree` would give now, provided nothing else changed.
 */
export function updateTree(root: string, prev: Tree, changed: readonly string[], skip: (dir: string) => boolean): Tree {
  const paths = [...new Set(changed.map((p) => toPosix(p).replace(/\/+$/, "")))].filter((p) => p !== "" && !p.startsWith("../"));
  if (paths.length === 0) return prev;
  const under = (f: string) => paths.some((p) => f === p || f.startsWith(`${p}/`));
  const files = prev.files.filter((f) => !under(f));
  const odd = prev.odd.filter((e) => !under(e.path));
  const realRoot = realpathSync(root);
  for (const p of paths) {
    // Inside a dot or skipped folder, or covered by another changed folder: walkTree would not list it, or lists it below.
    const segs = p.split("/");
    if (segs.some((s) => s.startsWith("."))) continue;
    if (segs.slice(0, -1).some((_, i) => skip(segs.slice(0, i + 1).join("/")))) continue;
    if (paths.some((q) => q !== p && p.startsWith(`${q}/`))) continue;
    // walkTree does not follow links: nothing below a linked folder is listed.
    if (!segs.slice(0, -1).every((_, i) => isRealDir(join(root, segs.slice(0, i + 1).join("/"))))) continue;
    let st;
    try {
      st = lstatSync(join(root, p));
    } catch {
      continue; // removed
    }
    if (st.isDirectory()) {
      if (!skip(p)) walkInto(root, realRoot, [p], skip, files, odd);
    } else if (st.isFile()) files.push(p);
    else if (st.isSymbolicLink()) odd.push(classifyLink(root, realRoot, p));
    else odd.push({ path: p, kind: "special" });
  }
  files.sort();
  odd.sort(byPath);
  // An edit inside files already listed leaves the lists as they were: the previous arrays are kept, so what is
  // derived from them (the globs' matches) is reused by identity.
  const sameFiles = files.length === prev.files.length && files.every((f, i) => f === prev.files[i]);
  const sameOdd = odd.length === prev.odd.length && odd.every((e, i) => e === prev.odd[i]);
  return { files: sameFiles ? prev.files : files, odd: sameOdd ? prev.odd : odd };
}

function isRealDir(abs: string): boolean {
  try {
    return lstatSync(abs).isDirectory();
  } catch {
    return false;
  }
}

const byPath = (a: OddEntry, b: OddEntry) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/** Walks the folders on `stack` (root-relative) and everything below them into `files` and `odd`. */
function walkInto(root: string, realRoot: string, stack: string[], skip: (dir: string) => boolean, files: string[], odd: OddEntry[], limit = Infinity): void {
  while (stack.length && files.length < limit) {
    const dir = stack.pop()!;
    let entries;
    try {
      entries = readdirSync(join(root, dir), { withFileTypes: true });
    } catch (e) {
      odd.push({ path: dir, kind: "unreadable-dir", code: (e as NodeJS.ErrnoException).code ?? "error" });
      continue;
    }
    // Name order (readdir's is the file system's), folders pushed last-first: a fixed order whatever the file system.
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const below: string[] = [];
    for (const e of entries) {
      if (e.name.startsWith(".")) continue;
      const rel = dir === "" ? e.name : `${dir}/${e.name}`;
      if (e.isDirectory()) {
        if (!skip(rel)) below.push(rel);
      } else if (e.isFile()) {
        if (files.length >= limit) break;
        files.push(toPosix(rel));
      } else if (e.isSymbolicLink()) odd.push(classifyLink(root, realRoot, rel));
      else odd.push({ path: rel, kind: "special" });
    }
    for (let i = below.length - 1; i >= 0; i--) stack.push(below[i]);
  }
}

function classifyLink(root: string, realRoot: string, rel: string): OddEntry {
  let real: string;
  let dir: boolean;
  try {
    real = realpathSync(join(root, rel));
    dir = statSync(real).isDirectory();
  } catch (e) {
    return { path: rel, kind: "link", code: (e as NodeJS.ErrnoException).code ?? "error" };
  }
  const r = relative(realRoot, real);
  if (r.startsWith("..") || isAbsolute(r)) return { path: rel, kind: "link-outside", dir };
  return { path: rel, kind: "link", dir, target: toPosix(r) };
}

/** True when `abs` (an existing path) really lies inside `root`, links resolved. */
export function reallyInside(root: string, abs: string): boolean {
  try {
    const r = relative(realpathSync(root), realpathSync(abs));
    return !(r.startsWith("..") || isAbsolute(r));
  } catch {
    return false;
  }
}
