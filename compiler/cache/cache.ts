/**
 * The content-hash cache of parsed inputs. Readers stay pure: the caller hands
 * `cachedRead(kind, hash, compute)` a hash of everything the reader sees (path,
 * text, options) and the cache either returns the earlier output or runs the
 * reader. One instance lives for a run (or for a whole `--watch` session);
 * it may be backed by JSON files under `<root>/node_modules/.cache/docpact`
 * (one per kind) that cold runs reuse.
 *
 * Cached values are shared between runs in watch mode: code downstream of the
 * readers must treat reader outputs as immutable.
 */
import { closeSync, existsSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { docpactVersion } from "../util/package-root.js";
import { decodeEntry, encodeEntry } from "./codec.js";
import { contentHash } from "./hash.js";
import type { ReadSession } from "./session.js";

/**
 * Bumped when the file layout below changes. Format 3: a header line, then one
 * line per entry, `"key"<TAB>entry`, each entry in codec.ts's compact encoding
 * (decoded on its first lookup). Format 2 was one JSON object per kind.
 */
export const FORMAT = 3;
export const CACHE_DIR = "node_modules/.cache/docpact";
/** Format 1 kept every kind in this one file; a flush removes it. */
const OLD_CACHE_FILE = "reads.json";

/**
 * One file per kind of entry (`reads-markdown.json`, `reads-code.json`, …),
 * so a run decodes only the kinds it looks up: a run with no code never
 * decodes code facts, and a large kind does not slow the lookups of a small one.
 */
export const cacheFileOf = (kind: string): string => `reads-${kind.replace(/[^a-z0-9-]/gi, "_")}.json`;

/** The first line of a cache file. */
interface CacheHeader {
  format: number;
  fingerprint: string;
  kind: string;
}

/** Bytes gathered before each write while a cache file is written. */
const WRITE_CHUNK = 1 << 20;

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
  /** Entries by kind, then by hash. */
  private readonly memory = new Map<string, Map<string, unknown>>();
  /**
   * Encoded entries read from disk, by kind, then by hash: decoded on first
   * lookup. A persisting cache keeps the text after decoding too, so flush
   * writes an unchanged entry back without encoding it again (values are
   * immutable); otherwise the text goes once decoded.
   */
  private readonly encoded = new Map<string, Map<string, string>>();
  /** Keys looked up during the current run, by kind, so flush() can drop the rest. */
  private used = new Map<string, Set<string>>();
  /** Kinds whose disk file has been read (or found missing or bad). */
  private readonly loaded = new Set<string>();
  private readonly dirty = new Set<string>();
  private readonly fingerprint: string;
  readonly stats: CacheStats = { hits: 0, misses: 0 };
  private readonly byKind = new Map<string, CacheStats>();
  /** Content hash of every file read in the current run (path → hash), for watch's change filter. */
  fileHashes = new Map<string, string>();
  /** What a long-lived process remembers by path between runs (watch sets it); see session.ts. */
  session?: ReadSession;

  constructor(private readonly options: ReadCacheOptions) {
    this.fingerprint = options.fingerprint ?? readerFingerprint();
  }

  /** Starts a run: forgets which entries and files the previous run used. */
  beginRun(): void {
    this.used = new Map();
    this.fileHashes = new Map();
    this.stats.hits = 0;
    this.stats.misses = 0;
    this.byKind.clear();
  }

  /** This run's hits and misses of one kind (`stats` counts all kinds). */
  statsOf(kind: string): CacheStats {
    return { ...(this.byKind.get(kind) ?? { hits: 0, misses: 0 }) };
  }

  noteFile(file: string, hash: string): void {
    this.fileHashes.set(file, hash);
  }

  /** The cached value, or undefined; marks the entry used. For callers that compute misses in bulk. */
  peek<T>(kind: string, hash: string): T | undefined {
    const hit = this.lookup(kind, hash);
    return hit.found ? (hit.value as T) : undefined;
  }

  /** Whether any entry of `kind` is there to be found (in memory, or in its disk file); not a lookup. */
  has(kind: string): boolean {
    return this.load(kind).size > 0;
  }

  put(kind: string, hash: string, value: unknown): void {
    this.store(kind, hash, value);
  }

  cachedRead<T>(kind: string, hash: string, compute: () => T): T {
    const hit = this.lookup(kind, hash);
    if (hit.found) return hit.value as T;
    const value = compute();
    this.store(kind, hash, value);
    return value;
  }

  async cachedReadAsync<T>(kind: string, hash: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.lookup(kind, hash);
    if (hit.found) return hit.value as T;
    const value = await compute();
    this.store(kind, hash, value);
    return value;
  }

  /**
   * Ends a run: entries this run did not use are dropped (so the cache tracks
   * the project instead of growing forever), and the files of the kinds that
   * changed are rewritten; a kind the run never looked up is dropped whole.
   * A cache that cannot be written is not an error.
   */
  flush(): void {
    for (const [kind, entries] of this.memory) {
      const used = this.used.get(kind);
      const encoded = this.encoded.get(kind);
      for (const key of entries.keys()) {
        if (!used?.has(key)) {
          entries.delete(key);
          this.dirty.add(kind);
        }
      }
      for (const key of encoded?.keys() ?? []) {
        if (!used?.has(key)) {
          encoded!.delete(key);
          this.dirty.add(kind);
        }
      }
    }
    if (this.options.dir === null || this.options.persist !== true) return;
    const dir = this.options.dir;
    try {
      mkdirSync(dir, { recursive: true });
      // Files of kinds this run did not use (and the one file of format 1) go.
      for (const name of readdirSync(dir)) {
        const kind = /^reads-(.+)\.json$/.exec(name)?.[1];
        if (name === OLD_CACHE_FILE || (kind !== undefined && ![...this.used.keys()].some((k) => cacheFileOf(k) === name)))
          rmSync(join(dir, name), { force: true });
      }
    } catch {
      return;
    }
    for (const kind of [...this.dirty].sort()) {
      this.dirty.delete(kind);
      this.writeKind(dir, kind);
    }
  }

  /**
   * Writes one kind's file entry by entry (never the whole file as one
   * string), in key order, to a temp file renamed over the old one.
   */
  private writeKind(dir: string, kind: string): void {
    const file = join(dir, cacheFileOf(kind));
    const entries = this.memory.get(kind) ?? new Map<string, unknown>();
    const encoded = this.encoded.get(kind) ?? new Map<string, string>();
    const keys = [...new Set([...entries.keys(), ...encoded.keys()])].sort();
    if (keys.length === 0) {
      rmSync(file, { force: true });
      return;
    }
    const tmp = `${file}.${process.pid}.tmp`;
    let fd: number | undefined;
    try {
      fd = openSync(tmp, "w");
      let chunk = JSON.stringify({ format: FORMAT, fingerprint: this.fingerprint, kind } satisfies CacheHeader) + "\n";
      for (const key of keys) {
        let text = encoded.get(key);
        if (text === undefined) {
          text = encodeEntry(entries.get(key));
          // A long-lived process (watch) flushes again: it keeps the text for the next flush; a one-off run ends here.
          if (this.session) encoded.set(key, text);
        }
        chunk += `${JSON.stringify(key)}\t${text}\n`;
        if (chunk.length >= WRITE_CHUNK) {
          writeSync(fd, chunk);
          chunk = "";
        }
      }
      writeSync(fd, chunk);
      closeSync(fd);
      fd = undefined;
      renameSync(tmp, file);
    } catch {
      if (fd !== undefined) closeSync(fd);
      rmSync(tmp, { force: true });
    }
  }

  private lookup(kind: string, hash: string): { found: boolean; value?: unknown } {
    const entries = this.load(kind);
    this.markUsed(kind, hash);
    let k = this.byKind.get(kind);
    if (!k) this.byKind.set(kind, (k = { hits: 0, misses: 0 }));
    if (entries.has(hash)) {
      this.stats.hits++;
      k.hits++;
      return { found: true, value: entries.get(hash) };
    }
    const text = this.encoded.get(kind)?.get(hash);
    if (text !== undefined) {
      const value = this.decodeOne(kind, hash, text);
      if (value.ok) {
        entries.set(hash, value.value);
        this.stats.hits++;
        k.hits++;
        return { found: true, value: value.value };
      }
    }
    this.stats.misses++;
    k.misses++;
    return { found: false };
  }

  private store(kind: string, hash: string, value: unknown): void {
    // What a run stores, it used: flush must keep it.
    this.markUsed(kind, hash);
    this.load(kind).set(hash, value);
    this.encoded.get(kind)?.delete(hash);
    this.dirty.add(kind);
  }

  /** One entry's value; an entry that does not decode is dropped (a miss), and its kind rewritten. */
  private decodeOne(kind: string, hash: string, text: string): { ok: true; value: unknown } | { ok: false } {
    const encoded = this.encoded.get(kind)!;
    try {
      const value = decodeEntry(text);
      if (this.options.persist !== true) encoded.delete(hash);
      return { ok: true, value };
    } catch {
      encoded.delete(hash);
      this.dirty.add(kind);
      return { ok: false };
    }
  }

  private markUsed(kind: string, hash: string): void {
    let set = this.used.get(kind);
    if (!set) this.used.set(kind, (set = new Set()));
    set.add(hash);
  }

  /**
   * The entries of one kind; on first use, its disk file is read and split
   * into encoded entries (decoded one by one as they are looked up). A file
   * of another format, fingerprint or kind, or not shaped as written, is
   * discarded whole.
   */
  private load(kind: string): Map<string, unknown> {
    let entries = this.memory.get(kind);
    if (!entries) this.memory.set(kind, (entries = new Map()));
    if (this.loaded.has(kind)) return entries;
    this.loaded.add(kind);
    if (this.options.dir === null) return entries;
    const file = join(this.options.dir, cacheFileOf(kind));
    if (!existsSync(file)) return entries;
    const encoded = new Map<string, string>();
    try {
      const text = readFileSync(file, "utf8");
      const lines = text.split("\n");
      const header = JSON.parse(lines[0]) as CacheHeader;
      const valid =
        header !== null &&
        typeof header === "object" &&
        header.format === FORMAT &&
        header.fingerprint === this.fingerprint &&
        header.kind === kind &&
        lines[lines.length - 1] === "";
      if (!valid) {
        this.dirty.add(kind); // rewrite it with this run's entries
        return entries;
      }
      for (let i = 1; i < lines.length - 1; i++) {
        const line = lines[i];
        const tab = line.indexOf("\t");
        const key = tab > 0 ? (JSON.parse(line.slice(0, tab)) as unknown) : undefined;
        if (typeof key !== "string") throw new Error("malformed cache line");
        encoded.set(key, line.slice(tab + 1));
      }
      this.encoded.set(kind, encoded);
    } catch {
      this.dirty.add(kind);
    }
    return entries;
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
  // Only a real folder inside the root: `node_modules`, `.cache` or `docpact` being a symbolic link (to a folder
  // outside, where build would write) means no disk cache, only a slower run.
  let cur = root;
  for (const [i, part] of CACHE_DIR.split("/").entries()) {
    cur = join(cur, part);
    try {
      const st = lstatSync(cur);
      if (st.isSymbolicLink() || !st.isDirectory()) return null;
    } catch {
      if (i === 0) return null; // no node_modules: no cache
      break; // build creates the rest
    }
  }
  return join(root, CACHE_DIR);
}

/** A cache for one run, disk-backed when the project allows it; written back only when `persist` (build). */
export function openCache(root: string, persist: boolean): ReadCache {
  return new ReadCache({ dir: diskCacheDir(root), persist });
}

let fingerprintMemo: string | undefined;

/**
 * docpact's version plus the size and mtime of every module of the compiler
 * (sub-folders included: readers/cli, rules/reference, model/, … all shape
 * what the cache holds) and of the generated registries, so a cache written
 * by another build (a development checkout, an upgrade that kept the version)
 * is never trusted.
 */
export function readerFingerprint(): string {
  fingerprintMemo ??= buildFingerprint(join(dirname(fileURLToPath(import.meta.url)), ".."), docpactVersion());
  return fingerprintMemo;
}

/** The fingerprint of a compiler folder (every file below it, recursively) and the `generated` folder beside it. */
export function buildFingerprint(compiler: string, version: string): string {
  const parts = [version];
  const walk = (dir: string, rel: string) => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      parts.push(`no-${rel}`);
      return;
    }
    for (const name of names) {
      let st;
      try {
        st = statSync(join(dir, name));
      } catch {
        continue;
      }
      if (st.isDirectory()) walk(join(dir, name), `${rel}/${name}`);
      else if (st.isFile()) parts.push(`${rel}/${name}:${st.size}:${st.mtimeMs}`);
    }
  };
  walk(compiler, "compiler");
  walk(join(compiler, "..", "generated"), "generated");
  return contentHash(...parts);
}
