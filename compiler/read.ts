/** Read: every discovered input through its reader. Readers never judge; problems become data. */
import { existsSync } from "./util/input-fs.js";
import { fileURLToPath } from "node:url";
import { fileSpan, isProblem, readInput, readSource, tooLarge } from "./read-input.js";
import { availableParallelism, loadavg } from "node:os";
import { Worker } from "node:worker_threads";
import type { ResolvedConfig } from "./config/types.js";
import type { Discovered } from "./discover.js";
import type { CodeProblem, InputProblem, MarkdownDoc, SchemaDoc } from "./model/types.js";
import { DEFAULT_LIMITS, HARD_MAX_MARKDOWN_CHARS, markdownBracketHeavy, markdownTooDeep, MAX_BRACKETS_PER_BLOCK, type Limits } from "./config/limits.js";
import type { ReadCache } from "./cache/cache.js";
import { contentHash } from "./cache/hash.js";
import { readMarkdown, type ReadMarkdownOptions } from "./readers/markdown.js";
import { binaryRuns, type PackageNames } from "./model/packages.js";
import type { MarkdownJob } from "./readers/markdown-worker.js";
import { readSchema } from "./readers/schema.js";
import type { SourceText } from "./util/text.js";
import { frozenInTests } from "./util/freeze.js";

export { isProblem, readInput, readSource };

export interface ReadResult {
  docs: MarkdownDoc[];
  texts: Map<string, string>;
  sources: Map<string, SourceText>;
  readProblems: InputProblem[];
}

/**
 * Reads and parses every document. Documents the cache does not have are
 * parsed in parallel when there are enough of them to pay for worker threads
 * (see `parseInParallel`); the result is the same, in the same order.
 */
export async function readDocs(root: string, files: string[], config: ResolvedConfig, cache?: ReadCache, packages?: PackageNames | null): Promise<ReadResult> {
  const texts = new Map<string, string>();
  const sources = new Map<string, SourceText>();
  const readProblems: CodeProblem[] = [];
  const opts = markdownOptions(config, packages);
  const optsKey = JSON.stringify(opts);
  const slots: (MarkdownDoc | undefined)[] = [];
  const misses: { slot: number; file: string; src: SourceText; hash: string | null }[] = [];
  const limits = config.limits ?? DEFAULT_LIMITS;
  const session = cache?.session;
  for (const file of files) {
    // Watch: a file no event named since the last run is what that run read.
    const prev = session?.unchanged<DocRead>("markdown", file);
    if (prev !== undefined) {
      if ("problem" in prev) {
        readProblems.push(prev.problem);
        continue;
      }
      sources.set(file, prev.src);
      texts.set(file, prev.src.text);
      cache!.noteFile(file, prev.textHash);
      cache!.peek("markdown", prev.key); // still in use: flush keeps it
      slots.push(prev.doc);
      continue;
    }
    const src = readInput(root, file, limits);
    if (isProblem(src)) {
      readProblems.push(src);
      session?.remember("markdown", file, { problem: src } satisfies DocRead);
      continue;
    }
    // The Markdown parser recurses per container: a bound before it, never a stack overflow or minutes of parsing.
    const deep = markdownTooDeep(src.text, limits.maxNesting);
    const heavy = deep ? null : markdownBracketHeavy(src.text, MAX_BRACKETS_PER_BLOCK);
    const huge = src.text.length > HARD_MAX_MARKDOWN_CHARS;
    if (deep || heavy || huge) {
      const why = deep
        ? `nests ${deep.depth} levels of blockquotes or lists at line ${deep.line}, more than limits.maxNesting (${limits.maxNesting})`
        : heavy
          ? `holds ${heavy.count} link brackets in the block at line ${heavy.line}, more than ${MAX_BRACKETS_PER_BLOCK} (the parser's link resolution would run for minutes)`
          : `is ${src.text.length} characters, more than docpact parses in one Markdown document (${HARD_MAX_MARKDOWN_CHARS}, whatever limits.maxFileBytes)`;
      const at = deep?.line ?? heavy?.line ?? 1;
      const problem = { ...tooLarge(file, why), span: { ...fileSpan(file), line: at, endLine: at } };
      readProblems.push(problem);
      session?.remember("markdown", file, { problem } satisfies DocRead);
      continue;
    }
    sources.set(file, src);
    texts.set(file, src.text);
    const slot = slots.push(undefined) - 1;
    if (!cache) {
      misses.push({ slot, file, src, hash: null });
      continue;
    }
    // The key covers everything the reader sees: path, text, BOM and options.
    const hash = markdownKey(file, src, optsKey);
    cache.noteFile(file, contentHash(src.text));
    const hit = cache.peek<MarkdownDoc>("markdown", hash);
    if (hit !== undefined) slots[slot] = hit;
    else misses.push({ slot, file, src, hash });
  }
  const parsed = await parseInParallel(
    misses.map((m) => ({ file: m.file, text: m.src.text, bom: m.src.bom })),
    opts,
  );
  misses.forEach((m, i) => {
    slots[m.slot] = frozenInTests(parsed[i]);
    if (cache && m.hash !== null) cache.put("markdown", m.hash, parsed[i]);
  });
  if (session) {
    const docs = slots as MarkdownDoc[];
    for (const d of docs) {
      if (session.unchanged("markdown", d.file) !== undefined) continue;
      const src = sources.get(d.file)!;
      session.remember("markdown", d.file, { src, doc: d, textHash: contentHash(src.text), key: markdownKey(d.file, src, optsKey) } satisfies DocRead);
    }
  }
  return { docs: slots as MarkdownDoc[], texts, sources, readProblems };
}

/** What the Markdown reader is told besides the text; `JSON.stringify` of it is part of every document's cache key. */
export const markdownOptions = (config: ResolvedConfig, packages?: PackageNames | null): ReadMarkdownOptions => {
  const runs = binaryRuns(packages, config.cli.binaries);
  const some = Object.keys(runs.packages).length > 0 || Object.keys(runs.files).length > 0;
  return { binaries: config.cli.binaries, ...(some ? { runs } : {}), markers: config.notes.markers };
};

/** A document's cache key: everything the reader sees (path, text, BOM, options). */
export const markdownKey = (file: string, src: SourceText, optsKey: string): string => contentHash(file, src.text, String(src.bom), optsKey);

/** One document as a watch session remembers it (compiler/cache/session.ts). */
type DocRead = { problem: InputProblem } | { src: SourceText; doc: MarkdownDoc; textHash: string; key: string };

/** Below this many documents to parse, starting workers costs more than it saves. */
const PARALLEL_MIN_DOCS = 300;

/**
 * How many worker threads parse Markdown beside this thread. A worker loads
 * the reader again and its results are copied back: it always costs CPU
 * (+30 % at 1× on the benchmark) and memory, and gains wall time only on a
 * core nobody else uses. So, unless `DOCPACT_WORKERS=N` asks for N (0: none),
 * workers run only for many documents and only on cores that are free now:
 * all cores minus the 1-minute load average, this thread's own core kept
 * (a loaded 2-core machine gets none). The reference path uses none.
 */
export function markdownWorkers(docs: number, env: Record<string, string | undefined>, cores: number, load: number): number {
  if (env.DOCPACT_UNOPTIMIZED === "1") return 0;
  if (env.DOCPACT_WORKERS !== undefined) return Math.max(0, Math.min(Number(env.DOCPACT_WORKERS) || 0, cores - 1));
  if (docs < PARALLEL_MIN_DOCS) return 0;
  return Math.max(0, Math.min(3, cores - 1, Math.round(cores - 1 - load)));
}

/**
 * Parses documents, spreading them over worker threads and this thread when
 * there are many and cores to spare (markdownWorkers). Workers need the
 * compiled reader (dist/), so a run from TypeScript sources parses in this thread.
 */
async function parseInParallel(jobs: MarkdownJob["files"], opts: MarkdownJob["opts"]): Promise<MarkdownDoc[]> {
  const parseHere = (list: MarkdownJob["files"]) => list.map((f) => readMarkdown(f.file, f.text, { ...opts, bom: f.bom }));
  const workerUrl = new URL("./readers/markdown-worker.js", import.meta.url);
  const workers = jobs.length === 0 ? 0 : markdownWorkers(jobs.length, process.env, availableParallelism(), loadavg()[0]);
  if (workers < 1 || !import.meta.url.endsWith(".js") || !existsSync(fileURLToPath(workerUrl))) return parseHere(jobs);
  // Shares by text size; this thread parses the first share while the workers run. (A smaller share
  // here, to make room for receiving results, measured slower: 0.6 gave 10.8 s against 10.3 s at 4×.)
  const shares = splitBySize(jobs, [MAIN_SHARE, ...Array<number>(workers).fill(1)]);
  const pending = shares.slice(1).map(
    (files) =>
      new Promise<MarkdownDoc[]>((resolve, reject) => {
        const w = new Worker(workerUrl, { workerData: { opts, files } satisfies MarkdownJob });
        w.once("message", (docs: MarkdownDoc[]) => {
          resolve(docs);
          void w.terminate();
        });
        w.once("error", reject);
      }),
  );
  const mine = parseHere(shares[0]);
  const theirs = await Promise.all(pending);
  return [...mine, ...theirs.flat()];
}

const MAIN_SHARE = 1;

/** Consecutive shares whose text sizes follow `weights`, keeping the order. */
export function splitBySize<T extends { text: string }>(items: T[], weights: number[]): T[][] {
  const total = items.reduce((a, b) => a + b.text.length, 0);
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares: T[][] = [[]];
  let acc = 0;
  let bound = (weights[0] / sum) * total;
  for (const item of items) {
    if (acc >= bound && shares.length < weights.length) {
      bound += (weights[shares.length] / sum) * total;
      shares.push([]);
    }
    shares[shares.length - 1].push(item);
    acc += item.text.length;
  }
  while (shares.length < weights.length) shares.push([]);
  return shares;
}

/** What reading the schemas gives: the parsed schemas, and their texts and problems (joined with the documents' by `joinReads`). */
export interface SchemaRead extends Omit<ReadResult, "docs"> {
  schemas: SchemaDoc[];
}

/** Reads every schema (positions, refs, vocabularies, terms); changes nothing it is given. */
export function readSchemas(root: string, files: string[], cache?: ReadCache, limits: Limits = DEFAULT_LIMITS): SchemaRead {
  const schemas: SchemaDoc[] = [];
  const into: SchemaRead = { schemas, texts: new Map(), sources: new Map(), readProblems: [] };
  const session = cache?.session;
  for (const file of files) {
    const prev = session?.unchanged<SchemaSessionRead>("schema", file);
    if (prev !== undefined) {
      if ("problem" in prev) {
        into.readProblems.push(prev.problem);
        continue;
      }
      into.sources.set(file, prev.src);
      into.texts.set(file, prev.src.text);
      cache!.noteFile(file, prev.textHash);
      cache!.peek("schema", prev.key);
      schemas.push(prev.schema);
      continue;
    }
    const src = readInput(root, file, limits);
    if (isProblem(src)) {
      into.readProblems.push(src);
      session?.remember("schema", file, { problem: src } satisfies SchemaSessionRead);
      continue;
    }
    into.sources.set(file, src);
    into.texts.set(file, src.text);
    const parse = () => readSchema(file, src.text, limits.maxNesting);
    if (!cache) {
      schemas.push(frozenInTests(parse()));
      continue;
    }
    const textHash = contentHash(src.text);
    const key = contentHash(file, src.text, String(limits.maxNesting));
    cache.noteFile(file, textHash);
    const schema = cache.cachedRead("schema", key, () => frozenInTests(parse()));
    session?.remember("schema", file, { src, schema, textHash, key } satisfies SchemaSessionRead);
    schemas.push(schema);
  }
  return into;
}

/** The documents' read result with more texts and problems after it (schemas, code), as a new result: the parts are not changed. */
export function joinReads(docs: ReadResult, ...more: Omit<ReadResult, "docs">[]): ReadResult {
  // Copied map into map (no array of every entry in between: ten thousand pairs a watch re-check).
  const join = <V>(first: Map<string, V>, rest: Map<string, V>[]) => {
    const out = new Map(first);
    for (const m of rest) for (const [k, v] of m) out.set(k, v);
    return out;
  };
  return {
    docs: docs.docs,
    texts: join(
      docs.texts,
      more.map((m) => m.texts),
    ),
    sources: join(
      docs.sources,
      more.map((m) => m.sources),
    ),
    readProblems: [docs.readProblems, ...more.map((m) => m.readProblems)].flat(),
  };
}

/** One schema as a watch session remembers it. */
type SchemaSessionRead = { problem: InputProblem } | { src: SourceText; schema: SchemaDoc; textHash: string; key: string };

export type { Discovered };
