/**
 * Terms: backticked tokens in Markdown prose (never fenced code) and in
 * schema `description`/`title`/`$comment` strings, gathered from the model in
 * one list with the positions a fix needs.
 */
import { cellMemo } from "../util/memo.js";
import { isYamlFile } from "../util/paths.js";
import type { Span, TextEdit } from "./diagnostic.js";
import type { ModelData } from "./types.js";

export interface TermOccurrence {
  value: string;
  file: string;
  span: Span;
  /** Offset of the token's first character in the file's (BOM-stripped) text. */
  offset: number;
  source: "markdown" | "schema";
}

/**
 * Every term in the model, in file order. Inline code inside docpact regions
 * is left out: a region's text belongs to its template (a generated vocabulary
 * table lists deprecated aliases on purpose) and is checked by `fragment/*`.
 */
export function collectTerms(model: Pick<ModelData, "docs"> & { schemas?: ModelData["schemas"] }): TermOccurrence[] {
  const out: TermOccurrence[] = [];
  for (const doc of model.docs) {
    const regions = doc.regions.map((r) => [r.beginEnd, r.endStart] as const);
    for (const c of doc.inlineCodes) {
      if (regions.some(([s, e]) => c.valueOffset >= s && c.valueOffset < e)) continue;
      out.push({ value: c.value, file: doc.file, span: c.span, offset: c.valueOffset, source: "markdown" });
    }
  }
  for (const schema of model.schemas ?? []) {
    for (const t of schema.terms) out.push({ value: t.value, file: schema.file, span: t.span, offset: t.offset, source: "schema" });
  }
  return out;
}

/**
 * The edit that replaces the term's characters with `replacement`, or null
 * when the text at the term's offset is not the term as written (a Markdown
 * span broken across lines, a JSON string with escapes inside the token):
 * then only a person can rewrite it safely. In a schema the replacement is
 * JSON-escaped so the string stays valid.
 */
export function replaceTermEdit(term: TermOccurrence, replacement: string, text: string | undefined): TextEdit | null {
  if (text === undefined) return null;
  const end = term.offset + term.value.length;
  if (text.slice(term.offset, end) !== term.value) return null;
  const escaped = term.source === "schema" ? JSON.stringify(replacement).slice(1, -1) : replacement;
  // A YAML scalar's escapes depend on its style: only a name that needs none is written there.
  if (term.source === "schema" && isYamlFile(term.file) && escaped !== replacement) return null;
  if (term.source === "markdown" && replacement.includes("`")) return null;
  return { start: term.offset, end, text: escaped };
}

/** Words that make a sentence a note about the old name rather than a use of it. */
export const DEPRECATION_NOTE = /\b(deprecated|renamed|aliases?|formerly|legacy|old names?|previously)\b/i;

/** The sentence holding `offset`, within its line (". " or a line end bounds it) and, in JSON, within its string. */
export function sentenceAround(text: string | undefined, offset: number, json: boolean): string {
  if (text === undefined) return "";
  const stop = (i: number): boolean => text[i] === "\n" || text[i] === "\r" || (json && text[i] === '"' && text[i - 1] !== "\\");
  let start = offset;
  while (start > 0 && !stop(start - 1) && !(text[start - 1] === " " && text[start - 2] === ".")) start--;
  let end = offset;
  while (end < text.length && !stop(end) && !(text[end] === "." && (text[end + 1] === " " || text[end + 1] === "\n"))) end++;
  return text.slice(start, end);
}

const blanksFor = cellMemo<{ text: string; blanks: [number, number][] }>("model/terms#blanksFor");

/** [start, end) of each blank line (`\n`, spaces or `>`, `\n`) of a Markdown text, in order; the last text's kept. */
function blankLinesOf(text: string): [number, number][] {
  const hit = blanksFor.value;
  if (hit?.text === text) return hit.blanks;
  const blanks: [number, number][] = [];
  for (const m of text.matchAll(/\n[ \t>]*\r?\n/g)) blanks.push([m.index, m.index + m[0].length]);
  blanksFor.value = { text, blanks };
  return blanks;
}

/**
 * Offsets [start, end) of the block holding `offset`: in Markdown the paragraph (lines between blank lines),
 * in JSON the string.
 */
export function blockAround(text: string | undefined, offset: number, json: boolean): [number, number] {
  if (text === undefined) return [offset, offset];
  if (json) {
    let start = offset;
    while (start > 0 && !(text[start - 1] === '"' && text[start - 2] !== "\\")) start--;
    let end = offset;
    while (end < text.length && !(text[end] === '"' && text[end - 1] !== "\\")) end++;
    return [start, end];
  }
  // A table row is a block of its own: a table names many things, each row one.
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  if (/^\s*\|/.test(text.slice(lineStart, lineStart + 200))) {
    const lineEnd = text.indexOf("\n", offset);
    return [lineStart, lineEnd === -1 ? text.length : lineEnd];
  }
  // The text's blank lines, found once per text (terms are asked about file by file), then a binary search.
  const blanks = blankLinesOf(text);
  let lo = 0;
  let hi = blanks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (blanks[mid][0] < offset) lo = mid + 1;
    else hi = mid;
  }
  // blanks[lo] is the first blank line starting at or after offset; the last one before it that ends by offset opens the block.
  const end = lo < blanks.length ? blanks[lo][0] : text.length;
  let start = 0;
  for (let i = lo - 1; i >= 0; i--) {
    if (blanks[i][1] <= offset) {
      start = blanks[i][1];
      break;
    }
  }
  return [start, end];
}
