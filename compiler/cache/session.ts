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
  private reads = new Map<string, unknown>();
  private touched = new Set<string>();
  private changed: readonly string[] | null = null;
  /** The changed paths as folder prefixes (`p/`), built once per run, not once per file asked about. */
  private folders: string[] = [];
  private settings: string | null = null;

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
    this.touched = new Set();
  }

  /** The changed paths when they are known, else null (walk and read everything). */
  get changes(): readonly string[] | null {
    return this.changed;
  }

  /** What the previous run read for `file` under `kind`, when the file did not change since; else undefined. */
  unchanged<T>(kind: string, file: string): T | undefined {
    if (this.changed === null) return undefined;
    if (this.changed.includes(file) || this.folders.some((p) => file.startsWith(p))) return undefined;
    const key = `${kind}:${file}`;
    const hit = this.reads.get(key) as T | undefined;
    if (hit !== undefined) this.touched.add(key);
    return hit;
  }

  remember(kind: string, file: string, value: unknown): void {
    const key = `${kind}:${file}`;
    this.reads.set(key, value);
    this.touched.add(key);
  }

  /** Forgets what was read of `files` (build rewrote them): the next read of each is a real one. */
  forget(files: readonly string[]): void {
    for (const key of [...this.reads.keys()]) if (files.includes(key.slice(key.indexOf(":") + 1))) this.reads.delete(key);
  }

  /** Ends a run: reads of files this run did not look at (deleted, no longer matched) are forgotten. */
  end(): void {
    for (const key of this.reads.keys()) if (!this.touched.has(key)) this.reads.delete(key);
  }
}
