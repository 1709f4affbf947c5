/**
 * Fingerprints that survive edits elsewhere in a file: rule + file + the
 * offending token (the text the diagnostic's span covers on its first line) +
 * the whitespace-normalized text of that line, never a line number. Identical
 * lines carrying the same finding are told apart by an occurrence index, in
 * document order.
 */
import { createHash } from "node:crypto";
import type { Diagnostic } from "../model/diagnostic.js";

export interface Fingerprinted {
  diagnostic: Diagnostic;
  /** 16 hex digits. */
  fingerprint: string;
  /** The offending token, for people reading the baseline file. */
  token: string;
  /** The same finding's fingerprint had its file been called `file` (a file git shows was renamed). */
  as(file: string): string;
}

/** A file's text (BOM removed), or undefined when it cannot be read. */
export type GetText = (file: string) => string | undefined;

/** Fingerprints of `diagnostics` (in their order, which must be the report's deterministic one). */
export function fingerprint(diagnostics: readonly Diagnostic[], getText: GetText): Fingerprinted[] {
  const lines = new Map<string, string[] | null>();
  const lineOf = (file: string, n: number): string => {
    if (!lines.has(file)) lines.set(file, getText(file)?.split(/\r\n|\r|\n/) ?? null);
    return lines.get(file)?.[n - 1] ?? "";
  };
  const seen = new Map<string, number>();
  return diagnostics.map((d) => {
    const line = lineOf(d.file, d.line);
    const end = d.endLine === d.line ? d.endColumn - 1 : line.length;
    const token = line.slice(d.column - 1, Math.max(d.column - 1, end));
    const norm = normalizeLine(line);
    const key = [d.rule, d.file, token, norm].join("\0");
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    const hash = (file: string) =>
      createHash("sha256")
        .update(`${[d.rule, file, token, norm].join("\0")}\0${occurrence}`)
        .digest("hex")
        .slice(0, 16);
    return { diagnostic: d, fingerprint: hash(d.file), token, as: hash };
  });
}

export function normalizeLine(line: string): string {
  return line.replace(/\s+/g, " ").trim();
}
