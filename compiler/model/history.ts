/**
 * What the repository's history says about things that are gone: the commit
 * that deleted a file or renamed it away (compiler/git/history.ts), and the
 * commit that removed or renamed a Markdown heading or a quoted name in code
 * or a schema (compiler/git/content-history.ts). Read once per run, in
 * bounded git calls; rules only look things up here.
 */
import { normalizeHeading } from "../util/headings.js";

export interface PathRemoval {
  /** Root-relative path that was deleted or renamed away. */
  path: string;
  kind: "deleted" | "renamed";
  /** For renames: the new root-relative path. */
  to?: string;
  /** Abbreviated commit id and its subject line. */
  commit: string;
  subject: string;
}

/** A heading or quoted name a commit removed (not re-added in that commit), or replaced by another on the same line. */
export interface ContentRemoval {
  /** Root-relative file it was removed from, as the file was named at that commit. */
  file: string;
  /** The heading's Markdown text (`Retry policy`) or the literal's value (`advance`). */
  value: string;
  /** `moved`: a heading the same commit added to one other document (`toFile`). */
  kind: "removed" | "renamed" | "moved";
  /** For renames: what replaced it. */
  to?: string;
  /** For moves: the document it was added to, as named at that commit. */
  toFile?: string;
  commit: string;
  subject: string;
  /** Position of the commit in the log: 0 is the newest. */
  seq: number;
}

/** The commit id given to the work tree's uncommitted changes, read as the newest commit of the content log. */
export const WORK_TREE = "work tree";

export interface GitHistory {
  /** The newest removal of each path (a path re-added later exists on disk, so it is never looked up). */
  removals: Map<string, PathRemoval>;
  /** Markdown file → headings removed or renamed there, newest first. Absent when not read. */
  headings?: Map<string, ContentRemoval[]>;
  /** Literal value → its removals from code and schema files, newest first. Absent when not read. */
  literals?: Map<string, ContentRemoval[]>;
  /** The caps a log reached (it read as many commits as it may: the history may go on, older removals carry no evidence). Absent when none was. */
  capped?: HistoryCap;
}

/**
 * Where the history docpact read stops short of the repository's: the path
 * log read its newest `pathCommits` commits of a longer history, the content
 * log the newest `contentCommits` that touched the files in scope (report:
 * `summary.historyCapped`).
 */
export interface HistoryCap {
  pathCommits?: number;
  contentCommits?: number;
}

/** Both caps in one (either may be absent); undefined when neither was reached. */
export function joinCaps(a: HistoryCap | undefined, b: HistoryCap | undefined): HistoryCap | undefined {
  const out: HistoryCap = { ...a, ...b };
  return out.pathCommits === undefined && out.contentCommits === undefined ? undefined : out;
}

/**
 * What a finding's evidence would look up in the content history (headings
 * or literals removed): the files, as named now, whose history it reads, and
 * `gone`: also any file that is not there now (a deleted command module). A
 * rule attaches it to the report (RuleReport.historyAsk) whenever there is
 * git history; the pipeline reads the content log after the rules, only when
 * some finding asks, only over the commits that touched those files, and runs
 * the asking rules again with it.
 */
export interface HistoryAsk {
  files: readonly string[];
  gone?: true;
}

/**
 * Whether a path (as a commit named it) is one the asks need: one of their
 * files or an older name of one (renames followed in the path log), or, for an
 * ask with `gone`, any path not in `files` now.
 */
export function askedPaths(history: GitHistory, asks: readonly HistoryAsk[], files: ReadonlySet<string>): (path: string) => boolean {
  const named = new Set<string>();
  const requested = new Set(asks.flatMap((a) => a.files));
  for (const f of requested) named.add(f);
  for (const r of history.removals.values()) {
    if (r.kind !== "renamed" || named.has(r.path)) continue;
    // Cheaper than namesOf per file: one walk of the renames for every asked file.
    const now = currentPath(history, r.path, (p) => requested.has(p));
    if (now !== null) named.add(r.path);
  }
  const gone = asks.some((a) => a.gone);
  return (p) => named.has(p) || (gone && !files.has(p));
}

export function removalOf(history: GitHistory | null | undefined, path: string): PathRemoval | null {
  return history?.removals.get(path) ?? null;
}

/**
 * Where a renamed path lives now: renames followed while `exists` says no,
 * or null when the chain ends in a deletion or at a path that is gone.
 */
export function currentPath(history: GitHistory, path: string, exists: (p: string) => boolean): string | null {
  const seen = new Set<string>();
  let at: string | undefined = path;
  while (at !== undefined && !seen.has(at)) {
    seen.add(at);
    if (at !== path && exists(at)) return at;
    const r = history.removals.get(at);
    at = r?.kind === "renamed" ? r.to : undefined;
  }
  return null;
}

const SUBJECT_MAX = 72;

/** `removed in 1a2b3c4 (subject)` / `renamed to x.md in 1a2b3c4 (subject)`. */
export function removalText(r: PathRemoval): string {
  const what = r.kind === "renamed" ? `renamed to ${r.to} in` : "removed in";
  return `${what} ${r.commit} (${clip(r.subject)})`;
}

/** The first of `paths` (resolutions tried, in order) that history shows was removed. */
export function firstRemoval(history: GitHistory | null | undefined, paths: readonly string[]): PathRemoval | null {
  if (!history) return null;
  for (const p of paths) {
    const r = history.removals.get(p);
    if (r) return r;
  }
  return null;
}

/** Current path → every older path that a chain of renames brought to it (for baselines that follow moved files). */
export function renamedFrom(history: GitHistory | null | undefined, exists: (p: string) => boolean): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (!history) return out;
  for (const r of history.removals.values()) {
    if (r.kind !== "renamed") continue;
    const now = currentPath(history, r.path, exists);
    if (now === null) continue;
    let list = out.get(now);
    if (!list) out.set(now, (list = []));
    list.push(r.path);
  }
  for (const list of out.values()) list.sort();
  return out;
}

/** `path` and every older name a chain of renames brought to it (a document's headings were removed under its old names too). */
export function namesOf(history: GitHistory, path: string): string[] {
  const out = [path];
  for (const r of history.removals.values()) {
    if (r.kind === "renamed" && r.path !== path && currentPath(history, r.path, (p) => p === path) === path) out.push(r.path);
  }
  return out;
}

/**
 * The newest removal of a heading of document `path` (under any of its names)
 * that `matches` accepts, and, when it was renamed, the heading it became
 * now: renames followed (newer commits) while `exists` says no. `now` is null
 * when the chain ends in a removal or at a heading that is gone.
 */
export function headingRemoval(
  history: GitHistory | null | undefined,
  path: string,
  matches: (heading: string) => boolean,
  exists: (heading: string) => boolean,
): { removal: ContentRemoval; now: string | null } | null {
  const byFile = history?.headings;
  if (!history || !byFile) return null;
  const events = namesOf(history, path)
    .flatMap((f) => byFile.get(f) ?? [])
    .sort((a, b) => a.seq - b.seq);
  const removal = events.find((e) => matches(e.value));
  if (!removal) return null;
  const same = (v: string) => (e: ContentRemoval) => normalizeHeading(e.value) === normalizeHeading(v);
  return { removal, now: followRenames(removal, (v) => events.filter(same(v)), exists) };
}

/**
 * The newest removal of literal `value` from a file `accept` takes, and what
 * it was renamed to now (renames followed while `exists` says no).
 */
export function literalRemoval(
  history: GitHistory | null | undefined,
  value: string,
  accept: (file: string) => boolean,
  exists: (value: string) => boolean,
): { removal: ContentRemoval; now: string | null } | null {
  const lits = history?.literals;
  if (!lits) return null;
  const of = (v: string) => (lits.get(v) ?? []).filter((e) => accept(e.file));
  const removal = of(value)[0];
  return removal ? { removal, now: followRenames(removal, of, exists) } : null;
}

/**
 * Follows renames to newer commits: from a rename to `to`, the next step is
 * the oldest removal of `to` after it (`removalsOf` lists a value's removals,
 * newest first). The name that `exists` now, or null.
 */
function followRenames(start: ContentRemoval, removalsOf: (value: string) => ContentRemoval[], exists: (v: string) => boolean): string | null {
  const seen = new Set<string>([start.value]);
  for (let at: ContentRemoval | undefined = start; at?.kind === "renamed" && at.to !== undefined && !seen.has(at.to); ) {
    const to: string = at.to;
    if (exists(to)) return to;
    seen.add(to);
    const seq: number = at.seq;
    at = removalsOf(to)
      .filter((e) => e.seq < seq)
      .pop();
  }
  return null;
}

/**
 * `removed in 1a2b3c4 (subject)`, `removed from src/cli.ts in …` (with
 * `from`), `renamed to "Retries" in …` (`quote` writes the new name) or
 * `moved to docs/other.md in …`.
 */
export function contentRemovalText(r: ContentRemoval, quote: (v: string) => string, from?: string): string {
  const what =
    r.kind === "renamed" ? `renamed to ${quote(r.to ?? "")}` : r.kind === "moved" ? `moved to ${r.toFile}` : from ? `removed from ${from}` : "removed";
  return r.commit === WORK_TREE ? `${what} in the work tree (not committed yet)` : `${what} in ${r.commit} (${clip(r.subject)})`;
}

function clip(subject: string): string {
  return subject.length > SUBJECT_MAX ? `${subject.slice(0, SUBJECT_MAX - 1)}…` : subject;
}
