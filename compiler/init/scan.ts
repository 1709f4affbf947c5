/** A cheap walk of a repository for `docpact init`: file paths only, no parsing. */

import { walkTree } from "../discover-tree.js";
import { NEVER_READ } from "../util/ignored.js";
import { TEST_FOLDERS } from "../util/test-paths.js";

/** Folders never walked: dependencies, VCS. */
const NEVER = new Set(NEVER_READ);

/**
 * Folders whose files are usually not the project's own prose, schemas or CLI
 * code: build output, coverage, vendored code, test fixtures. init leaves them
 * out of the globs it proposes (and says so).
 */
export const NOT_SOURCES = new Set(["dist", "build", "out", "coverage", "vendor", "tmp", ...TEST_FOLDERS]);

/** Files that look like prose but describe the past: they name commands that no longer exist by design. */
export const HISTORY_FILE = /^(changelog|changes|history|releases?)(\.[a-z]+)?\.(md|markdown|mdx|mdoc)$/i;

/** Every file under the root (relative, `/`), sorted; dot folders and NEVER folders skipped; at most `limit` files. */
export function listFiles(root: string, limit = 50_000): string[] {
  return walkTree(root, (dir) => NEVER.has(dir.slice(dir.lastIndexOf("/") + 1)), { limit }).files;
}

/** Why a file would not be proposed as a source, or null when it would. */
export function exclusionReason(file: string): string | null {
  const parts = file.split("/");
  const dir = parts.slice(0, -1).find((p) => NOT_SOURCES.has(p));
  if (dir) return `${dir}/`;
  if (HISTORY_FILE.test(parts[parts.length - 1])) return "history file";
  return null;
}

/**
 * Globs that cover exactly the kept files among `files` (all ending in `ext`):
 * a folder with nothing excluded becomes `folder/**\/*ext`, anything else is
 * split into its direct files and sub-folders — `folder/*ext` with init's own exclusions negated after it,
 * or, with a caller's `kept` filter, the kept files by name.
 */
export function coveringGlobs(files: string[], ext: string, kept?: (file: string) => boolean): string[] {
  const keep = kept ?? ((f: string) => exclusionReason(f) === null);
  // Only init's own exclusions (a changelog) are negated; a caller's filter (is this JSON a schema?) lists what it keeps.
  const negate = kept === undefined;
  const out: string[] = [];
  const visit = (prefix: string, group: string[]) => {
    const kept = group.filter(keep);
    if (kept.length === 0) return;
    if (kept.length === group.length) {
      out.push(`${prefix}**/*${ext}`);
      return;
    }
    const direct = group.filter((f) => !f.slice(prefix.length).includes("/"));
    const directKept = direct.filter(keep);
    const directLeft = direct.filter((f) => !keep(f));
    // Files left out one by one (a changelog) stay out by negation, so the folder's glob still covers a page added or moved later.
    if (directKept.length > 0 && (negate || directLeft.length === 0)) out.push(`${prefix}*${ext}`, ...directLeft.map((f) => `!${f}`));
    else out.push(...directKept);
    const subs = new Map<string, string[]>();
    for (const f of group) {
      const rest = f.slice(prefix.length);
      const slash = rest.indexOf("/");
      if (slash === -1) continue;
      const sub = rest.slice(0, slash);
      subs.set(sub, [...(subs.get(sub) ?? []), f]);
    }
    for (const [sub, list] of [...subs].sort((a, b) => (a[0] < b[0] ? -1 : 1))) visit(`${prefix}${sub}/`, list);
  };
  visit("", files);
  return out;
}
