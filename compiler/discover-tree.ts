/**
 * One walk of the root that sees what globbing hides: besides regular files,
 * symbolic links, special files (FIFOs, sockets, devices) and folders that
 * cannot be read. Discover turns the ones that match an input glob into
 * `input/*` diagnostics, so nothing docpact was asked to read is skipped silently.
 */
import { readdirSync, realpathSync, statSync } from "node:fs";
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

/** Walks `root` without following links, skipping dot entries and `skip` folders (root-relative). */
export function walkTree(root: string, skip: (dir: string) => boolean): Tree {
  const files: string[] = [];
  const odd: OddEntry[] = [];
  const realRoot = realpathSync(root);
  const stack = [""];
  while (stack.length) {
    const dir = stack.pop()!;
    let entries;
    try {
      entries = readdirSync(join(root, dir), { withFileTypes: true });
    } catch (e) {
      odd.push({ path: dir, kind: "unreadable-dir", code: (e as NodeJS.ErrnoException).code ?? "error" });
      continue;
    }
    for (const e of entries) {
      if (e.name.startsWith(".")) continue;
      const rel = dir === "" ? e.name : `${dir}/${e.name}`;
      if (e.isDirectory()) {
        if (!skip(rel)) stack.push(rel);
      } else if (e.isFile()) files.push(rel);
      else if (e.isSymbolicLink()) odd.push(classifyLink(root, realRoot, rel));
      else odd.push({ path: rel, kind: "special" });
    }
  }
  return { files: files.map(toPosix).sort(), odd: odd.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)) };
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
