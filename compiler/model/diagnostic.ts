/** Diagnostics: the one shape every rule produces and every reporter consumes. */

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
  suggestion?: string;
  related?: RelatedLocation[];
  /** Mechanical repair applied by `build --fix`; not part of the JSON report. */
  fix?: Fix;
}

/** Deterministic order: file, line, column, rule, message. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    cmp(a.file, b.file) ||
    a.line - b.line ||
    a.column - b.column ||
    cmp(a.rule, b.rule) ||
    cmp(a.message, b.message)
  );
}

export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
