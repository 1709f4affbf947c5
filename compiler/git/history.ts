/**
 * Reads what the repository's recent history removed under the root: the
 * paths deleted or renamed (one `git log -M --name-status` over the newest
 * PATH_LOG_COMMITS commits) and, in a second log run at the same time, the
 * headings and quoted names removed or renamed (content-history.ts). Never
 * per finding. Null when git is absent, the root is not in a work tree, or
 * the log fails: then every rule works as it does without git.
 */
import { joinCaps, type GitHistory, type PathRemoval } from "../model/history.js";
import { commitsIn, readContentHistory, type ContentScope } from "./content-history.js";
import type { GitMemo } from "./memo.js";
import { runGitAsync } from "./run.js";
import { inWorkTree, repositoryState } from "./state.js";

/**
 * The newest commits the path log reads. A walk of the whole history costs
 * seconds on a large repository (vite: 9,620 commits, 2.7 s); 2,000 commits
 * cover years of most projects, and an older removal only loses its evidence.
 */
export const PATH_LOG_COMMITS = 2000;

export interface HistoryLimits {
  pathCommits?: number;
  contentCommits?: number;
}

const RS = "\x1e";
const US = "\x1f";

/** `memo` (a watch session's): the path log is read once per HEAD, not per run; see memo.ts. */
export async function readGitHistory(root: string, scope?: ContentScope, limits: HistoryLimits = {}, memo?: GitMemo): Promise<GitHistory | null> {
  if (!inWorkTree(root)) return null;
  const max = limits.pathCommits ?? PATH_LOG_COMMITS;
  // -z: NUL-separated names, so no path is quoted; --relative: only paths under the root, relative to it.
  // No --diff-filter: with it --max-count would count only matching commits and still walk the whole history.
  const read = () =>
    runGitAsync(root, ["log", "-M", "--name-status", "--relative", "-z", "--no-show-signature", `--max-count=${max}`, `--format=${RS}%h${US}%s`]).then((r) =>
      r.ok ? { removals: parseRemovals(r.stdout), capped: commitsIn(r.stdout) >= max } : null,
    );
  const paths = memo ? memo.log(root, `paths\0${max}`, read) : read();
  const content = scope ? readContentHistory(root, scope, limits.contentCommits) : Promise.resolve(null);
  const [p, c] = await Promise.all([paths, content]);
  if (!p) return null;
  const capped = joinCaps(p.capped ? { pathCommits: max } : undefined, c?.capped);
  return { removals: p.removals, ...(c ? { headings: c.headings, literals: c.literals } : {}), ...(capped ? { capped } : {}) };
}

/**
 * Whether the root's repository is a shallow clone (what `actions/checkout` gives by default): its
 * history stops early, so evidence from it may be missing. Findings never depend on it; the run says so once.
 */
export function isShallowHistory(root: string): boolean {
  if (!inWorkTree(root)) return false;
  const s = repositoryState(root);
  return s.ok && s.shallow;
}

/** Parses the log above (newest commit first); the first removal seen of a path wins. */
export function parseRemovals(out: string): Map<string, PathRemoval> {
  const removals = new Map<string, PathRemoval>();
  for (const chunk of out.split(RS)) {
    if (!chunk) continue;
    const headEnd = chunk.indexOf("\0");
    const head = headEnd === -1 ? chunk : chunk.slice(0, headEnd);
    const sep = head.indexOf(US);
    if (sep === -1) continue;
    const commit = head.slice(0, sep);
    const subject = head.slice(sep + 1).trim();
    const fields =
      headEnd === -1
        ? []
        : chunk
            .slice(headEnd + 1)
            .replace(/^\n/, "")
            .split("\0");
    for (let i = 0; i < fields.length; ) {
      const status = fields[i++];
      if (!status) continue;
      if (status.startsWith("R")) {
        const from = fields[i++];
        const to = fields[i++];
        if (from && to && !removals.has(from)) removals.set(from, { path: from, kind: "renamed", to, commit, subject });
      } else if (status.startsWith("C")) {
        i += 2;
      } else {
        const path = fields[i++];
        if (status === "D" && path && !removals.has(path)) removals.set(path, { path, kind: "deleted", commit, subject });
      }
    }
  }
  return removals;
}
