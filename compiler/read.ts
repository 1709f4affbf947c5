/** Read: every discovered input through its reader. Readers never judge; problems become data. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ResolvedConfig } from "./config/resolve.js";
import type { Discovered } from "./discover.js";
import type { Span } from "./model/diagnostic.js";
import type { CodeProblem, MarkdownDoc, SchemaDoc } from "./model/types.js";
import type { ReadCache } from "./cache/cache.js";
import { contentHash } from "./cache/hash.js";
import { readMarkdown } from "./readers/markdown.js";
import { readSchema } from "./readers/schema.js";
import { decodeSource, type SourceText } from "./util/text.js";

export interface ReadResult {
  docs: MarkdownDoc[];
  texts: Map<string, string>;
  sources: Map<string, SourceText>;
  readProblems: CodeProblem[];
}

const fileSpan = (file: string): Span => ({ file, line: 1, column: 1, endLine: 1, endColumn: 1 });

/** Reads a file as UTF-8 text; returns a problem instead of throwing. */
export function readSource(root: string, file: string): SourceText | CodeProblem {
  let buf: Buffer;
  try {
    buf = readFileSync(join(root, file));
  } catch (e) {
    return { message: `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`, span: fileSpan(file) };
  }
  const raw = buf.toString("utf8");
  if (raw.includes("\uFFFD") && !Buffer.from(raw, "utf8").equals(buf)) {
    return { message: `${file} is not UTF-8 text`, span: fileSpan(file) };
  }
  return decodeSource(raw);
}

export function isProblem(x: SourceText | CodeProblem): x is CodeProblem {
  return (x as CodeProblem).span !== undefined;
}

export function readDocs(root: string, files: string[], config: ResolvedConfig, cache?: ReadCache): ReadResult {
  const docs: MarkdownDoc[] = [];
  const texts = new Map<string, string>();
  const sources = new Map<string, SourceText>();
  const readProblems: CodeProblem[] = [];
  const opts = { binaries: config.cli.binaries, markers: config.notes.markers };
  const optsKey = JSON.stringify(opts);
  for (const file of files) {
    const src = readSource(root, file);
    if (isProblem(src)) {
      readProblems.push(src);
      continue;
    }
    sources.set(file, src);
    texts.set(file, src.text);
    const parse = () => readMarkdown(file, src.text, { ...opts, bom: src.bom });
    if (!cache) {
      docs.push(parse());
      continue;
    }
    // The key covers everything the reader sees: path, text, BOM and options.
    const hash = contentHash(file, src.text, String(src.bom), optsKey);
    cache.noteFile(file, contentHash(src.text));
    docs.push(cache.cachedRead("markdown", hash, parse));
  }
  return { docs, texts, sources, readProblems };
}

/** Reads every schema (positions, refs, vocabularies, terms); texts join `into.texts`. */
export function readSchemas(root: string, files: string[], into: ReadResult, cache?: ReadCache): SchemaDoc[] {
  const schemas: SchemaDoc[] = [];
  for (const file of files) {
    const src = readSource(root, file);
    if (isProblem(src)) {
      into.readProblems.push(src);
      continue;
    }
    into.sources.set(file, src);
    into.texts.set(file, src.text);
    const parse = () => readSchema(file, src.text);
    if (!cache) {
      schemas.push(parse());
      continue;
    }
    cache.noteFile(file, contentHash(src.text));
    schemas.push(cache.cachedRead("schema", contentHash(file, src.text), parse));
  }
  return schemas;
}

export type { Discovered };
