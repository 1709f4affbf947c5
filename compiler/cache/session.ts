/**
 * What a long-lived process (`--watch`) remembers of its previous run, by
 * path: the walked tree and each input as it was read. When the caller says
 * which paths changed since (file events), a run walks only the changed
 * folders and reads only the changed files; everything else is the previous
 * run's, object for object. Without a list of changes (the first run, a
 * watcher that failed) every read happens as in a cold run and is remembered.
 *
 * Content-hash caching (cache.ts) still decides what is parsed again; the
 * session only saves the reading, hashing and walking of files that did not change.
 */
import type { Tree } from "../discover-tree.js";

export class ReadSession {
  /** The tree the previous run walked. */
  tree: Tree | null = null;
  /** By kind, then by file: no key string is built per file asked about. */
  private reads = new Map<string, Map<string, unknown>>();
  private touched = new Map<string, Set<string>>();
  private changed: readonly string[] | null = null;
  /** The changed paths as folder prefixes (`p/`), built once per run, not once per file asked about. */
  private folders: string[] = [];
  private settings: string | null = null;
  /** Reads of a whole folder (the generate outDir), by kind: kept while no changed path is in, or holds, the folder. */
  private folderReads = new Map<string, { dir: string; value: unknown }>();
  /** Results computed from a folder before a run begins (folderResult), by kind. */
  private early = new Map<string, { dir: string; key: string; value: unknown }>();

  /**
   * Starts a run. `changed`: root-relative paths changed since the previous
   * run, or undefined when not known; `settings`: everything else the reads
   * depend on (the resolved config), so a changed config reads everything again.
   */
  begin(changed: readonly string[] | undefined, settings: string): void {
    const trusted = changed !== undefined && this.settings === settings;
    this.changed = trusted ? changed : null;
    this.folders = trusted ? changed.map((p) => `${p}/`) : [];
    if (!trusted) this.tree = null;
    this.settings = settings;
    this.touched = new Map();
  }

  /** The changed paths when they are known, else null (walk and read everything). */
  get changes(): readonly string[] | null {
    return this.changed;
  }

  /** What the previous run read for `file` under `kind`, when the file did not change since; else undefined. */
  unchanged<T>(kind: string, file: string): T | undefined {
    if (this.changed === null) return undefined;
    if (this.changed.includes(file) || this.folders.some((p) => file.startsWith(p))) return undefined;
    const hit = this.reads.get(kind)?.get(file) as T | undefined;
    if (hit !== undefined) this.touch(kind, file);
    return hit;
  }

  /**
   * What the previous run read of the whole folder `dir` under `kind`, when no changed path is
   * inside it, is it, or holds it (a folder removed or renamed above it); else undefined. The
   * root itself is never taken as unchanged: every change is in it.
   */
  unchangedFolder<T>(kind: string, dir: string): T | undefined {
    if (this.changed === null) return undefined;
    const hit = this.folderReads.get(kind);
    if (hit === undefined || hit.dir !== dir || touches(this.changed, dir)) return undefined;
    return hit.value as T;
  }

  /**
   * A result computed from the folder `dir` before the run begins (the config step, which
   * decides the settings `begin` is given): the last one while `changed` (this run's changes,
   * when known) names nothing in, at or above `dir` and `key` (everything else the result
   * depends on) is the same; else `compute()`, kept for the next run.
   */
  folderResult<T>(kind: string, dir: string, key: string, changed: readonly string[] | undefined, compute: () => T): T {
    const hit = this.early.get(kind);
    if (changed !== undefined && hit !== undefined && hit.dir === dir && hit.key === key && !touches(changed, dir)) return hit.value as T;
    const value = compute();
    this.early.set(kind, { dir, key, value });
    return value;
  }

  rememberFolder(kind: string, dir: string, value: unknown): void {
    this.folderReads.set(kind, { dir, value });
  }

  remember(kind: string, file: string, value: unknown): void {
    let byFile = this.reads.get(kind);
    if (!byFile) this.reads.set(kind, (byFile = new Map()));
    byFile.set(file, value);
    this.touch(kind, file);
  }

  private touch(kind: string, file: string): void {
    let set = this.touched.get(kind);
    if (!set) this.touched.set(kind, (set = new Set()));
    set.add(file);
  }

  /** Forgets what was read of `files` (build rewrote them): the next read of each is a real one. */
  forget(files: readonly string[]): void {
    for (const byFile of this.reads.values()) for (const f of files) byFile.delete(f);
    for (const [kind, { dir }] of this.folderReads) if (touches(files, dir)) this.folderReads.delete(kind);
    for (const [kind, { dir }] of this.early) if (touches(files, dir)) this.early.delete(kind);
  }

  /** Ends a run: reads of files this run did not look at (deleted, no longer matched) are forgotten. */
  end(): void {
    for (const [kind, byFile] of this.reads) {
      const seen = this.touched.get(kind);
      for (const file of byFile.keys()) if (!seen?.has(file)) byFile.delete(file);
    }
  }
}

/** Whether one of `paths` is in the folder `dir`, is it, or holds it (a folder removed or renamed above it); the root is always touched. */
function touches(paths: readonly string[], dir: string): boolean {
  if (dir === "." || dir === "") return true;
  const inside = `${dir}/`;
  for (const p of paths) if (p === dir || p.startsWith(inside) || dir.startsWith(`${p}/`)) return true;
  return false;
}
