import { mapMemo } from "../util/memo.js";
/**
 * A small glob matcher for region arguments (`filter="../skills/**"`):
 * `**` any number of folders, `*` and `?` within one path segment, `{a,b}`
 * alternatives. Paths and globs use `/`.
 */

const cache = mapMemo<string, RegExp>("emit/region-glob#cache", 1024);

export function globToRegExp(glob: string): RegExp {
  let hit = cache.get(glob);
  if (hit) return hit;
  let re = "";
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === "*") {
      if (glob[i + 1] === "*") {
        const atSegmentStart = i === 0 || glob[i - 1] === "/";
        i++;
        if (atSegmentStart && glob[i + 1] === "/") {
          i++;
          re += "(?:[^/]*/)*"; // `**/`: zero or more folders
        } else {
          re += ".*";
        }
      } else {
        re += "[^/]*";
      }
    } else if (c === "?") re += "[^/]";
    else if (c === "{") {
      braces++;
      re += "(?:";
    } else if (c === "}" && braces > 0) {
      braces--;
      re += ")";
    } else if (c === "," && braces > 0) re += "|";
    else re += c.replace(/[.+^$()|[\]\\]/g, "\\$&");
  }
  re += ")".repeat(braces);
  hit = new RegExp(`^${re}$`);
  cache.set(glob, hit);
  return hit;
}

export function matchesGlob(path: string, glob: string): boolean {
  return globToRegExp(glob).test(path);
}
