/**
 * Files a sparse checkout leaves out: tracked in the repository (a link to one
 * works on GitHub and in the built site) but absent from the work tree. Only
 * asked when the configuration turns sparse checkout on, so an ordinary
 * repository costs no git call. `ls-files` reads the index, never writes it.
 */
import { gitAllowed, runGit, sparseCheckoutOn } from "./run.js";

/** Paths relative to root, sorted; empty outside a sparse checkout or without git. */
export function filesOutsideSparseCheckout(root: string): string[] {
  if (!gitAllowed() || !sparseCheckoutOn(root)) return [];
  // `-t` tags each path; `S` is skip-worktree, the mark the sparse patterns set on what they leave out.
  const r = runGit(root, ["ls-files", "-t", "-z"]);
  if (!r.ok) return [];
  const out: string[] = [];
  for (const entry of r.stdout.split("\0")) if (entry.startsWith("S ")) out.push(entry.slice(2));
  return out.sort();
}
