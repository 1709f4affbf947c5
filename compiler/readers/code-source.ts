/**
 * Parsing TypeScript for the code reader and the constant folder: syntax
 * only (no program, no type checker, no lib files, no module resolution),
 * with the TypeScript compiler that ts-morph bundles, and a per-process cache
 * of parsed files so the reader and several folder lookups never parse the
 * same text twice.
 *
 * Why not a ts-morph `Project`: measured on 3000 generated files (24 MB),
 * `project.createSourceFile` took 32 s against 8 s for the compiler's own
 * `createSourceFile` on the same texts, with nothing gained — docpact only
 * walks raw compiler nodes. The parse is identical (same compiler, same
 * options: latest target, parent pointers set).
 *
 * Only this module and its siblings import ts-morph, so the CLI can lazy-load
 * them when a project has code.
 */
import { HARD_MAX_NESTING } from "../config/limits.js";
import { codeTooDeep } from "../util/code-depth.js";
import { onRecordingStart, readFileSync, statSync } from "../util/input-fs.js";
import { resolve } from "node:path";
import ts from "./typescript.cjs";
import type { Span } from "../model/diagnostic.js";
import { decodeSource, LineIndex } from "../util/text.js";
import { mapMemo } from "../util/memo.js";
import { relPath } from "../util/paths.js";

export { ts };

/** A parsed file: the raw compiler node (walked directly, for speed) and its position index. */
export interface ParsedFile {
  /** Absolute path. */
  abs: string;
  /** Path relative to the root, `/`-separated (as given when parsed). */
  rel: string;
  /** Text with any BOM removed; every offset refers to it. */
  text: string;
  sf: ts.SourceFile;
  lines: LineIndex;
  /** Set when the text was not parsed (nested past HARD_MAX_NESTING): why; `sf` is then an empty file. */
  refused?: string;
}

interface CacheEntry {
  text: string;
  mtimeMs: number;
  size: number;
  parsed: ParsedFile;
}

const cache = mapMemo<string, CacheEntry>("readers/code-source#cache", 64);
// A parse reused by mtime skips the read a recorded run must observe.
onRecordingStart(() => cache.clear());

/** Parses `text` as the file at `abs`, reusing the cached parse when the text is unchanged. */
export function parseText(root: string, abs: string, text: string, stat?: { mtimeMs: number; size: number }): ParsedFile {
  const rel = relPath(root, abs);
  const hit = cache.get(abs);
  if (hit && hit.text === text) {
    if (hit.parsed.rel !== rel) hit.parsed = { ...hit.parsed, rel };
    if (stat) Object.assign(hit, stat);
    return hit.parsed;
  }
  const lines = new LineIndex(text);
  // Nesting past the ceiling would run the recursive parser (and every walker after it) out of stack: not parsed.
  const deep = codeTooDeep(text, HARD_MAX_NESTING);
  const sf = ts.createSourceFile(abs, deep ? "" : text, ts.ScriptTarget.Latest, true, scriptKind(abs));
  const parsed: ParsedFile = { abs, rel, text, sf, lines };
  if (deep) parsed.refused = `nests brackets ${deep.depth} deep at line ${lines.position(deep.offset).line}, more than ${HARD_MAX_NESTING}; not parsed`;
  cache.set(abs, { text, mtimeMs: stat?.mtimeMs ?? -1, size: stat?.size ?? -1, parsed });
  return parsed;
}

/**
 * Loads and parses a file from disk; null when it cannot be read. A cached
 * parse is reused without re-reading when the file's mtime and size are unchanged.
 */
export function loadFile(root: string, abs: string): ParsedFile | null {
  let st: { mtimeMs: number; size: number };
  try {
    const s = statSync(abs);
    if (!s.isFile()) return null;
    st = { mtimeMs: s.mtimeMs, size: s.size };
  } catch {
    return null;
  }
  const hit = cache.get(abs);
  if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) {
    const rel = relPath(root, abs);
    if (hit.parsed.rel !== rel) hit.parsed = { ...hit.parsed, rel };
    return hit.parsed;
  }
  let raw: string;
  try {
    raw = readFileSync(abs, "utf8");
  } catch {
    return null;
  }
  return parseText(root, abs, decodeSource(raw).text, st);
}

/** The most parses `keepParses` lets the cache hold (a watch session on a very large project keeps only this many trees). */
export const MAX_KEPT_PARSES = 5000;

/**
 * A long-lived process (watch) keeps every code file's tree, so an edit re-parses one file: the cache's bound
 * (64, enough for a cold run's folder lookups) is raised to the project's `count` code files, at most MAX_KEPT_PARSES.
 */
export function keepParses(count: number): void {
  cache.grow(Math.min(count + 64, MAX_KEPT_PARSES));
}

/** Drops every cached parse (tests; long-running watch sessions). */
export function clearParseCache(): void {
  cache.clear();
}

function scriptKind(abs: string): ts.ScriptKind {
  if (/\.tsx$/i.test(abs)) return ts.ScriptKind.TSX;
  // An extensionless bin script (`#!/usr/bin/env node`) is JavaScript.
  if (/\.(js|mjs|cjs)$/i.test(abs) || !/\.[A-Za-z0-9]+$/.test(abs.slice(abs.replace(/\\/g, "/").lastIndexOf("/") + 1))) return ts.ScriptKind.JS;
  if (/\.jsx$/i.test(abs)) return ts.ScriptKind.JSX;
  return ts.ScriptKind.TS;
}

export { relPath };

export function absPath(root: string, rel: string): string {
  return resolve(root, rel);
}

/** The span of a node (from its first token, not its leading trivia). */
export function spanOf(file: ParsedFile, node: ts.Node): Span {
  return spanAt(file, node.getStart(file.sf), node.end);
}

export function spanAt(file: ParsedFile, start: number, end: number): Span {
  const a = file.lines.position(start);
  const b = file.lines.position(Math.max(start, end));
  return { file: file.rel, line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
}

/** The first parse diagnostic of a file, if any (TypeScript keeps them on the source file). */
export function firstParseError(file: ParsedFile): { message: string; span: Span } | null {
  const diags = (file.sf as unknown as { parseDiagnostics?: ts.DiagnosticWithLocation[] }).parseDiagnostics;
  if (!diags || diags.length === 0) return null;
  const d = [...diags].sort((x, y) => x.start - y.start)[0];
  const message = ts.flattenDiagnosticMessageText(d.messageText, " ");
  return { message, span: spanAt(file, d.start, d.start + (d.length ?? 0)) };
}

// ───────────────────────────── small syntax helpers ─────────────────────────────

/** Strips parentheses, `as`, `satisfies`, `<T>x` and non-null `!` around an expression. */
export function unwrap(e: ts.Expression): ts.Expression {
  for (;;) {
    if (
      ts.isParenthesizedExpression(e) ||
      ts.isAsExpression(e) ||
      ts.isSatisfiesExpression(e) ||
      ts.isNonNullExpression(e) ||
      ts.isTypeAssertionExpression(e)
    ) {
      e = e.expression;
    } else return e;
  }
}

/** The text of a string literal or a template without substitutions; null otherwise. */
export function stringLiteral(e: ts.Node | undefined): string | null {
  if (!e) return null;
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return e.text;
  return null;
}

/** A property name as text: identifiers, string and numeric literals; null for computed names. */
export function propertyNameText(name: ts.PropertyName | undefined): string | null {
  if (!name) return null;
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  if (ts.isComputedPropertyName(name)) return stringLiteral(name.expression);
  return null;
}

/** The name of a call's callee: `f(…)` → `f`, `a.b.f(…)` → `f`. */
export function calleeName(call: ts.CallExpression | ts.NewExpression): string | null {
  const e = call.expression;
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  return null;
}

/** Leading `/* … *\/` and `// …` comments of a node, as text. */
export function leadingComments(file: ParsedFile, node: ts.Node): string[] {
  const ranges = ts.getLeadingCommentRanges(file.text, node.getFullStart()) ?? [];
  return ranges.map((r) => file.text.slice(r.pos, r.end));
}

/** The text of a JSDoc tag (`@name text`) found on a declaration, or null. */
export function jsDocTag(node: ts.Node, tagName: string): string | null {
  for (const tag of ts.getJSDocTags(node)) {
    if (tag.tagName.text === tagName) return (ts.getTextOfJSDocComment(tag.comment) ?? "").trim();
  }
  return null;
}
