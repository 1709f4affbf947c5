/**
 * Reads the paths the repository's history deleted or renamed, under the
 * root: one `git log --diff-filter=DR -M --name-status` over the whole
 * history (never per finding). Null when git is absent, the root is not in a
 * work tree, or the log fails: then every rule works as it does without git.
 */
import type { GitHistory, PathRemoval } from "../model/history.js";
import { inWorkTree, runGitAsync } from "./run.js";

const RS = "\x1e";
const US = "\x1f";

export async function readGitHistory(root: string): Promise<GitHistory | null> {
  if (!inWorkTree(root)) return null;
  // -z: NUL-separated names, so no path is quoted; --relative: only paths under the root, relative to it.
  const r = await runGitAsync(root, ["log", "--diff-filter=DR", "-M", "--name-status", "--relative", "-z", "--no-show-signature", `--format=${RS}%h${US}%s`]);
  if (!r.ok) return null;
  return { removals: parseRemovals(r.stdout) };
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
    const fields = headEnd === -1 ? [] : chunk.slice(headEnd + 1).replace(/^\n/, "").split("\0");
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
