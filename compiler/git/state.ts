/**
 * What a run asks git about the repository itself, in one call: whether the
 * root is in a work tree, whether the clone is shallow, the root's place in
 * the work tree, and the commit HEAD names. The replay record keys on it, the
 * report says whether history is shallow, the watch memo keys its logs by HEAD;
 * asked separately they were three processes per run. Read once per run
 * (compiler/git/run.ts `beginGitRun`); outside a run, on every call.
 */
import { keptWhileUnchanged } from "./fingerprint.js";
import { mapMemo } from "../util/memo.js";
import { gitAllowed, gitRunOpen, onGitRunBoundary, runGit } from "./run.js";

export type RepositoryState = { ok: true; inside: boolean; shallow: boolean; prefix: string; head: string | null } | { ok: false; why: string };

const states = mapMemo<string, RepositoryState>("git/state#states", 64);
onGitRunBoundary(() => states.clear());

/** States kept across runs (watch saves) with the fingerprint of the files HEAD resolves through (compiler/git/fingerprint.ts). */
const lasting = mapMemo<string, { value: RepositoryState; fingerprint: string }>("git/state#lasting", 16);

export function repositoryState(root: string): RepositoryState {
  if (!gitAllowed()) return { ok: false, why: "off" };
  if (!gitRunOpen()) return readState(root);
  const kept = states.get(root);
  if (kept) return kept;
  const state = keptWhileUnchanged(
    lasting,
    root,
    () => readState(root),
    (st) => st.ok,
  );
  states.set(root, state);
  return state;
}

const workTrees = mapMemo<string, boolean>("git/state#workTrees", 64);

/**
 * Whether `root` is inside a git work tree (not inside `.git`, git installed). One answer per root
 * and process, taken from the run's state call when it can answer (one process fewer per run).
 */
export function inWorkTree(root: string): boolean {
  if (!gitAllowed()) return false;
  let yes = workTrees.get(root);
  if (yes === undefined) {
    const s = repositoryState(root);
    if (s.ok) yes = s.inside;
    else {
      // A state rev-parse could not give (e.g. `--show-prefix` outside a work tree): the question alone.
      const r = runGit(root, ["rev-parse", "--is-inside-work-tree"]);
      yes = r.ok && r.stdout.trim() === "true";
    }
    workTrees.set(root, yes);
  }
  return yes;
}

function readState(root: string): RepositoryState {
  // Without a commit rev-parse fails on HEAD (exit 128) yet has printed the three answers before it.
  const r = runGit(root, ["rev-parse", "--is-inside-work-tree", "--is-shallow-repository", "--show-prefix", "HEAD^{commit}"]);
  const lines = (r.ok ? r.stdout : (r.stdout ?? "")).split("\n");
  if (lines.length < 3 || !/^(true|false)$/.test(lines[0]) || !/^(true|false)$/.test(lines[1]))
    return { ok: false, why: r.ok ? "unexpected rev-parse output" : r.missing ? "missing" : r.stderr.trim() };
  const head = r.ok && /^[0-9a-f]{40,64}$/.test(lines[3] ?? "") ? lines[3] : null;
  return { ok: true, inside: lines[0] === "true", shallow: lines[1] === "true", prefix: lines[2], head };
}
