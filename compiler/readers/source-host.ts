/**
 * The read stage's file access for the evaluator: texts the run already read
 * (the code files), else the file under the root. Paths are root-relative;
 * one that leaves the root is never read.
 */
import { existsSync } from "../util/input-fs.js";
import { guardedRead } from "../util/guarded-read.js";
import { join, posix } from "node:path";
import { reallyInside } from "../discover-tree.js";
import type { SourceHost } from "./evaluate/modules.js";

export type { SourceHost };

export function diskSourceHost(root: string, texts?: ReadonlyMap<string, string>): SourceHost {
  return {
    read(rel) {
      const hit = texts?.get(rel);
      if (hit !== undefined) return hit;
      const n = posix.normalize(rel);
      if (n === ".." || n.startsWith("../") || posix.isAbsolute(n)) return undefined;
      // Regular files inside the root after links, size-bounded: a decision document linked outside is never read.
      const r = guardedRead(root, join(root, n), n);
      return r.ok ? r.text : undefined;
    },
  };
}

/** True when `rel` exists and its real path (symbolic links resolved) leaves the root: such a module is not read. */
export function isOutsideRoot(root: string, rel: string): boolean {
  const abs = join(root, rel);
  return existsSync(abs) && !reallyInside(root, abs);
}
