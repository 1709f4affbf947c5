/**
 * What the repository's history says about paths that are gone: the commit
 * that deleted a file or renamed it away. Read once per run by
 * compiler/git/history.ts; rules only look things up here.
 */

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

export interface GitHistory {
  /** The newest removal of each path (a path re-added later exists on disk, so it is never looked up). */
  removals: Map<string, PathRemoval>;
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
  const subject = r.subject.length > SUBJECT_MAX ? `${r.subject.slice(0, SUBJECT_MAX - 1)}…` : r.subject;
  const what = r.kind === "renamed" ? `renamed to ${r.to} in` : "removed in";
  return `${what} ${r.commit} (${subject})`;
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
