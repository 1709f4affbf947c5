/**
 * The decision registry (config `decisions`): an exported array of objects in
 * the code, each naming a decision the CLI owns, the document that states it
 * and the attribution text that document must carry. Read statically by the
 * evaluator in the read stage, turned into plain rows, so the decision rules
 * never touch files or ts-morph. Files come through a source host: nothing
 * here reads the disk.
 *
 * A row needs only three fields (id, document, attribution); any other field
 * may be unknown to docpact (a run-time value) without making the row
 * unreadable.
 */
import type { FoldRowsResult } from "./folded.js";
import { posix } from "node:path";
import type { DecisionsConfig, ResolvedConfig } from "../config/types.js";
import type { Span } from "./diagnostic.js";
import { decodeSource, LineIndex } from "../util/text.js";
import { unoptimized } from "../util/optimizations.js";
import { lastMemo, mapMemo, weakMemo } from "../util/memo.js";

/** Root-relative file texts (the read stage's file access). */
export interface SourceHost {
  read(relPath: string): string | undefined;
}

export interface DecisionRow {
  /** 0-based position in the exported array. */
  index: number;
  /** The row's id field, or `row N` (1-based) when it has none. */
  id: string;
  /** The document field as written (relative to `documentRoot`), or null when absent. */
  document: string | null;
  /** The document's path relative to the root (`/`); null when absent or when it leaves the root. */
  documentPath: string | null;
  /** Attribution texts the document must carry (a string field gives one; an array of strings gives each). */
  attributions: string[];
  span: Span;
}

export interface UnreadableDecision {
  index: number;
  /** The id when it folded, else `row N`. */
  name: string;
  message: string;
  span: Span;
}

export interface DecisionRegistry {
  /** The module and export as configured. */
  module: string;
  export: string;
  rows: DecisionRow[];
  unreadable: UnreadableDecision[];
  /** Set when the registry itself could not be read (missing module or export, not an array); rows are then empty. */
  error: { message: string; span: Span } | null;
  /** Text (BOM removed) of every row document that exists, by root-relative path. */
  documents: Record<string, string>;
}

const fileSpan = (file: string): Span => ({ file, line: 1, column: 1, endLine: 1, endColumn: 1 });

/** Folds the registry's rows (the constant folder's `foldArrayRows`); the pipeline passes it in (and caches it). */
export type RowFolder = () => Promise<FoldRowsResult>;

/**
 * Reads the registry named by `config.decisions`. Never throws on bad input:
 * an unreadable registry or row becomes data. The evaluator (and with it
 * ts-morph) is loaded by `foldRows` only, so projects without a registry never pay for it.
 */
export async function readDecisions(config: ResolvedConfig, host: SourceHost, foldRows: RowFolder): Promise<DecisionRegistry | null> {
  const cfg = config.decisions;
  if (!cfg) return null;
  const reg: DecisionRegistry = { module: cfg.module, export: cfg.export, rows: [], unreadable: [], error: null, documents: {} };
  if (host.read(cfg.module) === undefined) {
    reg.error = { message: `decision registry module ${cfg.module} does not exist`, span: fileSpan(config.file ?? cfg.module) };
    return reg;
  }
  const folded = await foldRows();
  if ("error" in folded) {
    reg.error = { message: `decision registry \`${cfg.export}\` in ${cfg.module} cannot be read: ${folded.error}`, span: folded.span ?? fileSpan(cfg.module) };
    return reg;
  }
  const made = rowsOf(cfg, folded);
  reg.rows = made.rows;
  reg.unreadable = made.unreadable;
  // What the registry is made of: the rows, then each row document's path and text.
  const inputs: unknown[] = [made];
  for (const row of reg.rows) {
    const p = row.documentPath;
    if (p === null || p in reg.documents) continue;
    const text = host.read(p);
    if (text === undefined) continue;
    const decoded = decodeSource(text).text;
    reg.documents[p] = decoded;
    inputs.push(p, decoded);
  }
  // The same rows and the same texts: the last registry object, so what is keyed by it (digests, rule memos) holds.
  return lastRegistry.get(inputs, () => reg);
}

/**
 * The rows made from one folded result under one config. A re-check whose registry module and
 * its imports did not change folds to the cached result object again: its rows are the same objects.
 */
const rowsMade = weakMemo<object, { cfg: string; rows: DecisionRow[]; unreadable: UnreadableDecision[] }>("model/decisions#rowsMade");
const lastRegistry = lastMemo<DecisionRegistry>("model/decisions#lastRegistry");

function rowsOf(cfg: DecisionsConfig, folded: Extract<FoldRowsResult, { rows: unknown }>): { rows: DecisionRow[]; unreadable: UnreadableDecision[] } {
  const key = JSON.stringify(cfg);
  const hit = unoptimized() ? undefined : rowsMade.get(folded);
  if (hit?.cfg === key) return hit;
  const made = { cfg: key, rows: [] as DecisionRow[], unreadable: [] as UnreadableDecision[] };
  folded.rows.forEach((r, index) => {
    const row = toRow(cfg, index, r.span, r.value, r.error, r.partial, r.unknown);
    if ("message" in row) made.unreadable.push(row);
    else made.rows.push(row);
  });
  rowsMade.set(folded, made);
  return made;
}

type Folded = string | number | boolean | null | Folded[] | { [k: string]: Folded };

function toRow(
  cfg: DecisionsConfig,
  index: number,
  span: Span,
  value: Record<string, Folded> | undefined,
  error: string | undefined,
  partial: Record<string, Folded> | undefined,
  unknown: Record<string, { message: string; span: Span }> | undefined,
): DecisionRow | UnreadableDecision {
  const fallback = `row ${index + 1}`;
  const idOf = (v: Record<string, Folded> | undefined) => {
    const id = v?.[cfg.idField];
    return typeof id === "string" || typeof id === "number" ? String(id) : null;
  };
  if ((error !== undefined || value === undefined) && partial && unknown) {
    // Only the fields docpact uses can make a row unreadable; the others may be run-time values.
    for (const field of [cfg.idField, cfg.documentField, cfg.attributionField]) {
      const u = unknown[field] ?? (field in partial ? undefined : unknown["*"]);
      // At the sub-expression when it is in the row's file (else at the row; the message names it).
      if (u) {
        const here = u.span.file === span.file;
        const where = here ? "" : ` (${u.span.file}:${u.span.line}:${u.span.column})`;
        return { index, name: idOf(partial) ?? fallback, message: `field \`${field}\`: ${u.message}${where}`, span: here ? u.span : span };
      }
    }
    value = partial;
    error = undefined;
  }
  if (error !== undefined || value === undefined) {
    return { index, name: idOf(partial) ?? fallback, message: error ?? "the row did not fold to a value", span };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { index, name: fallback, message: "the row is not an object", span };
  }
  const name = idOf(value) ?? fallback;
  const doc = value[cfg.documentField];
  if (doc !== undefined && doc !== null && typeof doc !== "string") {
    return { index, name, message: `field \`${cfg.documentField}\` is not a string`, span };
  }
  const attr = value[cfg.attributionField];
  let attributions: string[];
  if (attr === undefined || attr === null) attributions = [];
  else if (typeof attr === "string") attributions = [attr];
  else if (Array.isArray(attr) && attr.every((a) => typeof a === "string")) attributions = attr as string[];
  else return { index, name, message: `field \`${cfg.attributionField}\` is not a string or an array of strings`, span };
  const document = typeof doc === "string" ? doc : null;
  return { index, id: name, document, documentPath: document === null ? null : documentPath(cfg.documentRoot, document), attributions, span };
}

/** `documentRoot` + the row's document, root-relative; null when it leaves the root. */
export function documentPath(documentRoot: string, document: string): string | null {
  const base = documentRoot === "." ? "" : documentRoot;
  const p = posix.normalize(posix.join(base, document.replace(/\\/g, "/").replace(/^\/+/, "")));
  if (p === ".." || p.startsWith("../")) return null;
  return p;
}

// ───────────────────────────── attribution matching ─────────────────────────────

/**
 * The text as written, with blockquote and list-continuation prefixes removed
 * from wrapped lines and whitespace collapsed, so a wrapped attribution still
 * matches.
 */
export function normalizeSource(text: string): string {
  return memoized(normalized, text, () =>
    text
      .normalize("NFC")
      .replace(/^[ \t]*(?:>[ \t]?)+/gm, "")
      .replace(/\s+/g, " ")
      .trim(),
  );
}

/**
 * Whole documents are normalized once per registry row that names them, and again on every
 * watch re-check: long texts keep their normal form (bounded; the same text is the same string).
 */
const normalized = mapMemo<string, string>("model/decisions#normalized", 10000);
const plain = mapMemo<string, string>("model/decisions#plain", 10000);
function memoized(memo: Map<string, string>, text: string, compute: () => string): string {
  if (text.length < 256) return compute();
  let v = memo.get(text);
  if (v === undefined) {
    if (memo.size >= 20_000) memo.clear();
    memo.set(text, (v = compute()));
  }
  return v;
}

/** The text with inline markup removed (code ticks, emphasis, link syntax), then normalized like `normalizeSource`. */
export function plainText(text: string): string {
  return memoized(plain, text, () =>
    normalizeSource(text)
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/[`*]+/g, "")
      // `_` is emphasis only at a word edge; `snake_case` keeps its underscores.
      .replace(/(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu, "")
      .replace(/\s+/g, " ")
      .trim(),
  );
}

/**
 * Whether `text` carries `attribution`: as written (whitespace-normalized) or
 * as plain text (markup removed on both sides). Attributions in registries are
 * copied from the Markdown source, backticks included; either form matches.
 */
export function carriesAttribution(text: string, attribution: string): boolean {
  const a = normalizeSource(attribution);
  if (!a) return true;
  if (normalizeSource(text).includes(a)) return true;
  const p = plainText(attribution);
  return p.length > 0 && plainText(text).includes(p);
}

/** The slice of `text` covered by `span` (1-based lines/columns); `lines` when the caller slices the same text again. */
export function sliceSpan(text: string, span: Span, lines: LineIndex = new LineIndex(text)): string {
  return text.slice(lines.offset(span.line, span.column), lines.offset(span.endLine, span.endColumn));
}
