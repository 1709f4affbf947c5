/**
 * What changed since a revision, for `--since REF`: three git calls per run
 * (resolve REF, one `git diff --unified=0` of the work tree against it, the
 * untracked files), never one per file or finding.
 */
import { normalizeHeading } from "../util/headings.js";
import { DocpactError } from "../util/errors.js";
import { DiffCursor, headingIn, HUNK, isMarkdownPath, LINE_DIFF_ARGS, literalsIn } from "./diff-lines.js";
import { gitAllowed, runGit } from "./run.js";
import { inWorkTree } from "./state.js";

export interface ChangeSet {
  ref: string;
  /** The commit REF names (abbreviated). */
  commit: string;
  /** Root-relative file → changed line ranges on the current side, `[first, last]`, 1-based. */
  lines: Map<string, [number, number][]>;
  /** Files that are new as a whole: added or untracked. */
  wholeFiles: Set<string>;
  /** Files moved here since REF (new path → old path): their relative references moved with them. */
  movedFiles: Map<string, string>;
  /** Paths deleted or renamed away since REF. */
  removedPaths: Set<string>;
  /**
   * Per non-Markdown file: quoted string literals on its removed lines that no
   * added line (of any file) still has: renamed or removed commands, flags, members.
   */
  removedLiterals: Map<string, Set<string>>;
  /** Markdown headings removed and not re-added (normalized text). */
  removedHeadings: Set<string>;
}

export function readChangesSince(root: string, ref: string): ChangeSet {
  if (ref === "" || ref.startsWith("-")) throw new DocpactError(`--since needs a git revision (got "${ref}")`);
  if (!gitAllowed()) throw new DocpactError(`--since ${ref} needs git, and DOCPACT_NO_GIT=1 is set`);
  if (!inWorkTree(root)) throw new DocpactError(`--since ${ref}: the root is not inside a git work tree`);
  const rev = runGit(root, ["rev-parse", "--verify", "--quiet", "--short", "--end-of-options", `${ref}^{commit}`]);
  // `--verify --quiet` says nothing about a revision that does not exist; anything on stderr is git failing (a corrupt repository).
  if (!rev.ok && rev.stderr.trim() !== "") throw new DocpactError(`--since ${ref}: git failed: ${rev.stderr.trim().split("\n")[0]}`);
  if (!rev.ok) throw new DocpactError(`--since: unknown git revision "${ref}"`);
  const commit = rev.stdout.trim();
  // `diff-index`, not `diff`: the porcelain refreshes and rewrites .git/index; the plumbing reads it only.
  const diff = runGit(root, ["diff-index", ...LINE_DIFF_ARGS, commit, "--"]);
  if (!diff.ok) throw new DocpactError(`--since ${ref}: git diff failed: ${diff.stderr.split("\n")[0]}`);
  const untracked = runGit(root, ["ls-files", "--others", "--exclude-standard", "-z"]);
  const set = parseDiff(diff.stdout, ref, commit);
  if (untracked.ok) for (const f of untracked.stdout.split("\0")) if (f) set.wholeFiles.add(f);
  return set;
}

/** Parses `git diff --unified=0 --src-prefix=a/ --dst-prefix=b/` output. */
export function parseDiff(out: string, ref: string, commit: string): ChangeSet {
  const set: ChangeSet = {
    ref,
    commit,
    lines: new Map(),
    wholeFiles: new Set(),
    movedFiles: new Map(),
    removedPaths: new Set(),
    removedLiterals: new Map(),
    removedHeadings: new Set(),
  };
  const added = { literals: new Set<string>(), headings: new Set<string>() };
  const at = new DiffCursor();
  const isMd = () => isMarkdownPath(at.newPath ?? at.oldPath ?? "");
  const removedIn = (): Set<string> => {
    const file = at.oldPath ?? at.newPath ?? "";
    let lits = set.removedLiterals.get(file);
    if (!lits) set.removedLiterals.set(file, (lits = new Set()));
    return lits;
  };
  const collect = (text: string, lits: Set<string>, heads: Set<string>) => {
    if (isMd()) {
      const h = headingIn(text);
      if (h) heads.add(normalizeHeading(h.text));
      return;
    }
    for (const v of literalsIn(text, at.newPath ?? at.oldPath ?? "")) lits.add(v);
  };
  for (const line of out.split("\n")) {
    const kind = at.step(line);
    if (kind === "rename" && at.oldPath !== null && at.newPath !== null) {
      set.removedPaths.add(at.oldPath);
      set.movedFiles.set(at.newPath, at.oldPath);
    } else if (kind === "paths") {
      if (at.newPath === null && at.oldPath !== null) set.removedPaths.add(at.oldPath);
      if (at.oldPath === null && at.newPath !== null) set.wholeFiles.add(at.newPath);
    } else if (kind === "hunk") {
      const h = HUNK.exec(line);
      const start = Number(h?.[1] ?? 0);
      const count = h?.[2] === undefined ? 1 : Number(h[2]);
      if (h && count > 0 && at.newPath !== null) {
        let ranges = set.lines.get(at.newPath);
        if (!ranges) set.lines.set(at.newPath, (ranges = []));
        ranges.push([start, start + count - 1]);
      }
    } else if (kind === "removed") collect(line.slice(1), isMd() ? new Set() : removedIn(), set.removedHeadings);
    else if (kind === "added") collect(line.slice(1), added.literals, added.headings);
  }
  for (const [file, lits] of set.removedLiterals) {
    for (const l of added.literals) lits.delete(l);
    if (lits.size === 0) set.removedLiterals.delete(file);
  }
  for (const h of added.headings) set.removedHeadings.delete(h);
  return set;
}
