/** Diagnostics: the one shape every rule produces and every reporter consumes. */
import { cmp } from "../util/compare.js";

export type Severity = "error" | "warning";
export type SeveritySetting = Severity | "off";

/** A 1-based position range inside one file (path relative to the root, `/`-separated). */
export interface Span {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export interface RelatedLocation {
  file: string;
  line: number;
  column: number;
  message: string;
}

/**
 * A replacement in a file's text. Offsets are UTF-16 indices into the file's
 * text with any BOM removed (the text every reader sees).
 */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

export interface Fix {
  description: string;
  file: string;
  edits: TextEdit[];
}

export interface Diagnostic extends Span {
  rule: string;
  severity: Severity;
  message: string;
  /** Fixed field: one string, a replacement value or a hint (the note when there is one, else the first of `suggestions`). */
  suggestion?: string;
  /** Additive: values the user can apply (the closest command, member, file). */
  suggestions?: string[];
  /** Additive: prose on how to fix it. */
  note?: string;
  /** Additive: where the rule is documented. */
  url?: string;
  related?: RelatedLocation[];
  /** The message id and data the rule reported (rule tests match on them; not part of the JSON report). */
  messageId?: string;
  data?: Readonly<Record<string, string | number>>;
  /** Mechanical repair applied by `build --fix`, backed by evidence (compiler/rules/fix-edit.ts); in the JSON report as `fix` with positions. */
  fix?: Fix;
}

/**
 * A place a rule looked at and chose not to judge, because what it would judge
 * against is not completely known (an open flag set, a route docpact cannot
 * resolve). Confident or silent: such places give no diagnostic, but they are
 * counted, with the reason, in the report's `summary.notJudged`.
 */
export interface NotJudged {
  rule: string;
  file: string;
  line: number;
  column: number;
  /** Short and stable (it is a key of the summary's counts), e.g. `open flag set of \`aw flow\``. */
  reason: string;
  /** The documented mention this place leaves unjudged (compiler/model/mentions.ts: its kind and start, in `file`), for `summary.coverage`. */
  mention?: { kind: string; line: number; column: number };
}

/** `summary.notJudged` of the JSON report: totals per rule and per reason. */
export interface NotJudgedSummary {
  total: number;
  byRule: Record<string, { total: number; reasons: Record<string, number> }>;
}

export function summarizeNotJudged(items: readonly NotJudged[]): NotJudgedSummary | undefined {
  if (items.length === 0) return undefined;
  const byRule: NotJudgedSummary["byRule"] = {};
  for (const rule of [...new Set(items.map((i) => i.rule))].sort(cmp)) {
    const mine = items.filter((i) => i.rule === rule);
    const reasons: Record<string, number> = {};
    for (const reason of [...new Set(mine.map((i) => i.reason))].sort(cmp)) reasons[reason] = mine.filter((i) => i.reason === reason).length;
    byRule[rule] = { total: mine.length, reasons };
  }
  return { total: items.length, byRule };
}

/** Deterministic order: file, line, column, rule, message. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return cmp(a.file, b.file) || a.line - b.line || a.column - b.column || cmp(a.rule, b.rule) || cmp(a.message, b.message);
}

export { cmp };
