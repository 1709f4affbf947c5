/**
 * What a long-lived process (`check --watch`, `build --watch`) keeps of git's
 * history between runs. A log walked from HEAD depends only on the commit
 * HEAD names (a commit id fixes its whole history) and the log's arguments;
 * one commit's patch only on that commit and the paths asked about. Edits to
 * the work tree change neither: the logs read commits, not files. So each run
 * resolves HEAD once (one `git rev-parse`), a log is read again only when
 * HEAD moved or its arguments changed (new inputs: other pathspecs), and the
 * patch log only for commits no earlier run of the session read; each
 * commit's patch is parsed once per scope, and a save's uncommitted changes
 * are parsed alone and put in front. What is kept is bounded by the logs' own
 * caps: the logs for the current HEAD, and the patches (raw and parsed) of the
 * commits in the current window.
 */
import { repositoryState } from "./state.js";
import { weakMemo } from "../util/memo.js";

export class GitMemo {
  /** The run's HEAD per root (resolved on first use in a run). */
  private heads = new Map<string, string | null>();
  /** The HEAD the kept logs were read at, per root. */
  private logHead = new Map<string, string>();
  private logs = new Map<string, Promise<unknown>>();
  /** Patch-log chunks per root and pathspecs: commit → its text, as the log prints it. */
  private patchStore: { key: string; chunks: Map<string, string> } | null = null;
  /** Each commit's parsed patch per root, scope and pathspecs: commit → its removals (content-history.ts joins them). */
  private parseStore: { key: string; byCommit: Map<string, unknown> } | null = null;
  /** The last parsed content history and what it was parsed from (commits and scope). */
  private lastParsed: { key: string; value: unknown } | null = null;
  /** Commit patches parsed (each once per scope while it stays in the window), for tests and timing. */
  commitsParsed = 0;
  /** HEAD resolutions made (one per run and root), for tests and timing. */
  headReads = 0;

  /** A new run: HEAD is resolved again on its first use. */
  beginRun(): void {
    this.heads.clear();
  }

  private head(root: string): string | null {
    if (!this.heads.has(root)) {
      this.headReads++;
      const s = repositoryState(root);
      this.heads.set(root, s.ok ? s.head : null);
    }
    return this.heads.get(root) ?? null;
  }

  /**
   * The log `key` names for this run's HEAD: read once per HEAD. Without a
   * HEAD (no commit yet, git failing) it is read every time, as a cold run
   * would; a failed read (null) is not kept.
   */
  log<T>(root: string, key: string, read: () => Promise<T | null>): Promise<T | null> {
    const head = this.head(root);
    if (head === null) return read();
    if (this.logHead.get(root) !== head) {
      for (const k of [...this.logs.keys()]) if (k.startsWith(`${root}\0`)) this.logs.delete(k);
      this.logHead.set(root, head);
    }
    const full = `${root}\0${key}`;
    let p = this.logs.get(full) as Promise<T | null> | undefined;
    if (!p) {
      p = read().then((v) => {
        if (v === null && this.logs.get(full) === p) this.logs.delete(full);
        return v;
      });
      this.logs.set(full, p);
    }
    return p;
  }

  /**
   * The kept patches for `root` and pathspecs `specs`, trimmed to the commits
   * in `window` (the rest can no longer be picked). Other pathspecs start empty:
   * a commit's patch depends on the paths asked about.
   */
  patches(root: string, specs: readonly string[], window: Iterable<string>): Map<string, string> {
    const key = `${root}\0${specs.join("\0")}`;
    if (this.patchStore?.key !== key) this.patchStore = { key, chunks: new Map() };
    const keep = new Set(window);
    const chunks = this.patchStore.chunks;
    for (const c of [...chunks.keys()]) if (!keep.has(c)) chunks.delete(c);
    return chunks;
  }

  /**
   * The kept per-commit parses for `root` and `key` (the scope and pathspecs they were parsed with), trimmed to
   * the commits in `window`; another key starts empty.
   */
  commitParses(root: string, key: string, window: Iterable<string>): Map<string, unknown> {
    const full = `${root}\0${key}`;
    if (this.parseStore?.key !== full) this.parseStore = { key: full, byCommit: new Map() };
    const keep = new Set(window);
    const byCommit = this.parseStore.byCommit;
    for (const c of [...byCommit.keys()]) if (!keep.has(c)) byCommit.delete(c);
    return byCommit;
  }

  /** The history parsed last, when `key` (scope and commits) is what it was parsed from. */
  parsed<T>(key: string): T | undefined {
    return this.lastParsed?.key === key ? (this.lastParsed.value as T) : undefined;
  }

  keepParsed(key: string, value: unknown): void {
    this.lastParsed = { key, value };
  }
}

const memos = weakMemo<object, GitMemo>("git/memo#memos");

/** The memo that lives as long as `owner` (a watch session's cache). */
export function gitMemoOf(owner: object): GitMemo {
  let m = memos.get(owner);
  if (!m) memos.set(owner, (m = new GitMemo()));
  return m;
}
