/**
 * The content-hash cache of parsed inputs. Readers stay pure: the caller hands
 * `cachedRead(kind, hash, compute)` a hash of everything the reader sees (path,
 * text, options) and the cache either returns the earlier output or runs the
 * reader. One instance lives for a run (or for a whole `--watch` session);
 * it may be backed by a JSON file under `<root>/node_modules/.cache/docpact`
 * that cold runs reuse.
 *
 * Cached values are shared between runs in watch mode: code downstream of the
 * readers must treat reader outputs as immutable.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { docpactVersion } from "../util/package-root.js";
import { decode, encode } from "./codec.js";
import { contentHash } from "./hash.js";
import type { ReadSession } from "./session.js";

/** Bumped when the file layout below changes. */
const FORMAT = 1;
export const CACHE_DIR = "node_modules/.cache/docpact";
const CACHE_FILE = "reads.json";

interface CacheFile {
  format: number;
  fingerprint: string;
  entries: Record<string, unknown>;
}

export interface CacheStats {
  hits: number;
  misses: number;
}

export interface ReadCacheOptions {
  /** Folder of the on-disk cache; null keeps the cache in memory only. */
  dir: string | null;
  /**
   * Whether flush() writes the disk file. Only build does: `check` writes
   * nothing, anywhere (docs/ARCHITECTURE.md), so it reads the cache a build left.
   */
  persist?: boolean;
  /** Overrides the fingerprint (docpact version + reader build); tests use it. */
  fingerprint?: string;
}

export class ReadCache {
  private readonly memory = new Map<string, unknown>();
  /** Keys looked up during the current run, so flush() can drop the rest. */
  private used = new Set<string>();
  private loaded = false;
  private dirty = false;
  private readonly fingerprint: string;
  readonly stats: CacheStats = { hits: 0, misses: 0 };
  /** Content hash of every file read in the current run (path → hash), for watch's change filter. */
  fileHashes = new Map<string, string>();
  /** What a long-lived process remembers by path between runs (watch sets it); see session.ts. */
  session?: ReadSession;

  constructor(private readonly options: ReadCacheOptions) {
    this.fingerprint = options.fingerprint ?? readerFingerprint();
  }

  /** Starts a run: forgets which entries and files the previous run used. */
  beginRun(): void {
    this.used = new Set();
    this.fileHashes = new Map();
    this.stats.hits = 0;
    this.stats.misses = 0;
  }

  noteFile(file: string, hash: string): void {
    this.fileHashes.set(file, hash);
  }

  /** The cached value, or undefined; marks the entry used. For callers that compute misses in bulk. */
  peek<T>(kind: string, hash: string): T | undefined {
    const hit = this.lookup(`${kind}:${hash}`);
    return hit.found ? (hit.value as T) : undefined;
  }

  put(kind: string, hash: string, value: unknown): void {
    this.store(`${kind}:${hash}`, value);
  }

  cachedRead<T>(kind: string, hash: string, compute: () => T): T {
    const key = `${kind}:${hash}`;
    const hit = this.lookup(key);
    if (hit.found) return hit.value as T;
    const value = compute();
    this.store(key, value);
    return value;
  }

  async cachedReadAsync<T>(kind: string, hash: string, compute: () => Promise<T>): Promise<T> {
    const key = `${kind}:${hash}`;
    const hit = this.lookup(key);
    if (hit.found) return hit.value as T;
    const value = await compute();
    this.store(key, value);
    return value;
  }

  /**
   * Ends a run: entries this run did not use are dropped (so the cache tracks
   * the project instead of growing forever), and the file is rewritten when
   * anything changed. A cache that cannot be written is not an error.
   */
  flush(): void {
    for (const key of this.memory.keys()) {
      if (!this.used.has(key)) {
        this.memory.delete(key);
        this.dirty = true;
      }
    }
    if (!this.dirty || this.options.dir === null || this.options.persist !== true) return;
    this.dirty = false;
    const file = join(this.options.dir, CACHE_FILE);
    const entries: Record<string, unknown> = {};
    for (const [k, v] of this.memory) entries[k] = v;
    const body: CacheFile = { format: FORMAT, fingerprint: this.fingerprint, entries };
    const tmp = `${file}.${process.pid}.tmp`;
    try {
      mkdirSync(this.options.dir, { recursive: true });
      writeFileSync(tmp, encode(body));
      renameSync(tmp, file);
    } catch {
      rmSync(tmp, { force: true });
    }
  }

  private lookup(key: string): { found: boolean; value?: unknown } {
    this.load();
    this.used.add(key);
    if (this.memory.has(key)) {
      this.stats.hits++;
      return { found: true, value: this.memory.get(key) };
    }
    this.stats.misses++;
    return { found: false };
  }

  private store(key: string, value: unknown): void {
    // What a run stores, it used: flush must keep it.
    this.used.add(key);
    this.memory.set(key, value);
    this.dirty = true;
  }

  /** Loads the disk file once. Anything unexpected in it means the whole file is discarded. */
  private load(): void {
    if (this.loaded) return;
    this.loaded = true;
    if (this.options.dir === null) return;
    const file = join(this.options.dir, CACHE_FILE);
    if (!existsSync(file)) return;
    try {
      const body = decode(readFileSync(file, "utf8")) as CacheFile;
      const valid =
        body !== null &&
        typeof body === "object" &&
        body.format === FORMAT &&
        body.fingerprint === this.fingerprint &&
        body.entries !== null &&
        typeof body.entries === "object" &&
        !Array.isArray(body.entries);
      if (!valid) {
        this.dirty = true; // rewrite it with this run's entries
        return;
      }
      for (const [k, v] of Object.entries(body.entries)) this.memory.set(k, v);
    } catch {
      this.memory.clear();
      this.dirty = true;
    }
  }
}

/**
 * Where a run's cache lives: `<root>/node_modules/.cache/docpact`, but only
 * when `<root>/node_modules` already exists (a project that installed
 * docpact), so runs on bare folders never create anything.
 * `DOCPACT_NO_CACHE=1` turns the disk cache off.
 */
export function diskCacheDir(root: string): string | null {
  const off = process.env.DOCPACT_NO_CACHE;
  if (off !== undefined && off !== "" && off !== "0") return null;
  const nm = join(root, "node_modules");
  try {
    if (!statSync(nm).isDirectory()) return null;
  } catch {
    return null;
  }
  return join(root, CACHE_DIR);
}

/** A cache for one run, disk-backed when the project allows it; written back only when `persist` (build). */
export function openCache(root: string, persist: boolean): ReadCache {
  return new ReadCache({ dir: diskCacheDir(root), persist });
}

let fingerprintMemo: string | undefined;

/**
 * docpact's version plus the size and mtime of every reader module, so a
 * cache written by another build of the readers (a development checkout, an
 * upgrade that kept the version) is never trusted.
 */
export function readerFingerprint(): string {
  if (fingerprintMemo) return fingerprintMemo;
  const parts = [docpactVersion()];
  // Readers and emitters both put their outputs in the cache.
  for (const folder of ["readers", "emit"]) {
    const dir = join(dirname(fileURLToPath(import.meta.url)), "..", folder);
    try {
      for (const name of readdirSync(dir).sort()) {
        const st = statSync(join(dir, name));
        if (st.isFile()) parts.push(`${folder}/${name}:${st.size}:${st.mtimeMs}`);
      }
    } catch {
      parts.push(`no-${folder}`);
    }
  }
  fingerprintMemo = contentHash(...parts);
  return fingerprintMemo;
}
