/**
 * The context of a backticked term, read from the text around it: the
 * enumeration it is part of (a run of terms joined only by separators, the
 * items of one bullet list, the cells of one table column), the header of its
 * table column, and the verb just before it. Rules decide with these whether
 * a term is tied to a vocabulary; nothing here knows any vocabulary.
 */
import type { TermOccurrence } from "./terms.js";
import { blockAround } from "./terms.js";

/** Text between two terms of one enumeration: commas, slashes, `or`, `and`, `|`, with the backticks and spaces around them. */
const SEPARATOR_GAP = /^[\s`]*(?:,|\/|\||\bor\b|\band\b|,\s*(?:and|or)\b|\s)[\s`]*$/i;

/** A Markdown list item line: its indentation and marker. */
const ITEM = /^([ \t]*)([-*+]|\d+[.)])[ \t]+/;

export interface TermContext {
  /** The other terms of the term's enumeration (in text order), possibly empty. */
  neighbours: TermOccurrence[];
  /** How the enumeration was found. */
  list: "run" | "items" | "column" | null;
  /** The header text of the term's table column (Markdown), without backticks; null outside tables. */
  column: string | null;
  /** In a table: for each of its other columns, the first term of each body row's cell there (the term's own row included); absent outside tables. */
  otherColumns?: TermOccurrence[][];
  /** In a table: the term is its cell's first term, or joined to it by separators only (a cell's value, not a note in it). */
  cellValue: boolean;
  /** The up to four words before the term in its sentence, lower-cased (`must emit`). */
  before: string;
}

const NO_TERMS: readonly TermOccurrence[] = Object.freeze([]);

/** Terms of one file in text order, with the file's text, for repeated context questions. */
export class FileTerms {
  private readonly lines: number[] = [];

  constructor(
    readonly text: string | undefined,
    readonly terms: readonly TermOccurrence[],
  ) {
    if (text !== undefined) {
      this.lines.push(0);
      for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) this.lines.push(i + 1);
    }
  }

  contextOf(term: TermOccurrence): TermContext {
    const text = this.text;
    if (text === undefined) return { neighbours: [], list: null, column: null, cellValue: false, before: "" };
    const json = term.source === "schema";
    const before = wordsBefore(text, term.offset, json);
    if (!json) {
      const table = this.tableColumn(term);
      if (table) return { ...table, before };
      const items = this.listItems(term);
      if (items) return { neighbours: items, list: "items", column: null, cellValue: false, before };
    }
    const run = this.run(term, json);
    return { neighbours: run, list: run.length > 0 ? "run" : null, column: null, cellValue: false, before };
  }

  /** Line (0-based) holding `offset`. */
  private lineOf(offset: number): number {
    let lo = 0;
    let hi = this.lines.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lines[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  private lineText(n: number): string {
    const text = this.text ?? "";
    const start = this.lines[n];
    const end = n + 1 < this.lines.length ? this.lines[n + 1] - 1 : text.length;
    return text.slice(start, end).replace(/\r$/, "");
  }

  /** The file's terms by line, in the order given, and sorted by offset: made once, for questions asked per term (a table asks per row). */
  private byLine: Map<number, TermOccurrence[]> | null = null;
  private sorted: TermOccurrence[] | null = null;

  private termsOnLine(n: number): readonly TermOccurrence[] {
    if (this.byLine === null) {
      this.byLine = new Map();
      for (const t of this.terms) {
        const k = this.lineOf(t.offset);
        const list = this.byLine.get(k);
        if (list) list.push(t);
        else this.byLine.set(k, [t]);
      }
    }
    return this.byLine.get(n) ?? NO_TERMS;
  }

  /** Terms with `start <= offset < end`, by offset (ties in the order given). */
  private termsBetween(start: number, end: number): TermOccurrence[] {
    this.sorted ??= [...this.terms].sort((a, b) => a.offset - b.offset);
    const all = this.sorted;
    let lo = 0;
    let hi = all.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (all[mid].offset < start) lo = mid + 1;
      else hi = mid;
    }
    const out: TermOccurrence[] = [];
    for (let i = lo; i < all.length && all[i].offset < end; i++) out.push(all[i]);
    return out;
  }

  /** The run of terms around `term` whose gaps are separators only, within its paragraph (or schema string). */
  private run(term: TermOccurrence, json: boolean): TermOccurrence[] {
    const text = this.text ?? "";
    const [start, end] = blockAround(text, term.offset, json);
    const inBlock = this.termsBetween(start, end);
    const i = inBlock.indexOf(term);
    if (i === -1) return [];
    const joined = (a: TermOccurrence, b: TermOccurrence) => SEPARATOR_GAP.test(text.slice(a.offset + a.value.length, b.offset));
    let lo = i;
    while (lo > 0 && joined(inBlock[lo - 1], inBlock[lo])) lo--;
    let hi = i;
    while (hi + 1 < inBlock.length && joined(inBlock[hi], inBlock[hi + 1])) hi++;
    return inBlock.slice(lo, hi + 1).filter((t) => t !== term);
  }

  /** When the term is the first term of a list item: the first terms of the other items of that list (same indentation, no blank line between). */
  private listItems(term: TermOccurrence): TermOccurrence[] | null {
    const n = this.lineOf(term.offset);
    const m = ITEM.exec(this.lineText(n));
    if (!m || this.termsOnLine(n)[0] !== term) return null;
    const indent = m[1].length;
    const firstOf = (k: number): TermOccurrence | null | undefined => {
      const line = this.lineText(k);
      if (line.trim() === "") return undefined; // the list ends
      const im = ITEM.exec(line);
      if (!im) return /^[ \t]+\S/.test(line) ? null : undefined; // a continuation line, or the list ends
      if (im[1].length !== indent) return null;
      return this.termsOnLine(k)[0] ?? null;
    };
    const out: TermOccurrence[] = [];
    for (let k = n - 1; k >= 0; k--) {
      const t = firstOf(k);
      if (t === undefined) break;
      if (t) out.unshift(t);
    }
    for (let k = n + 1; k < this.lines.length; k++) {
      const t = firstOf(k);
      if (t === undefined) break;
      if (t) out.push(t);
    }
    return out.length > 0 ? out : null;
  }

  /** Body rows `from`..`to` of a table: for each column but `col`, the first term of each row's cell in it (columns without terms left out). */
  private columnsBesides(from: number, to: number, col: number): TermOccurrence[][] {
    const byCol = new Map<number, TermOccurrence[]>();
    for (let k = from; k <= to; k++) {
      const seen = new Set<number>();
      for (const x of this.termsOnLine(k)) {
        const i = cellIndex(this.lineText(k), x.offset - this.lines[k]);
        if (i === col || seen.has(i)) continue;
        seen.add(i);
        if (!byCol.has(i)) byCol.set(i, []);
        byCol.get(i)!.push(x);
      }
    }
    return [...byCol.values()];
  }

  /** In a Markdown table body row: the column's header text and the first term of the same cell in the other rows. */
  private tableColumn(
    term: TermOccurrence,
  ): { neighbours: TermOccurrence[]; list: "column" | "run"; column: string | null; otherColumns: TermOccurrence[][]; cellValue: boolean } | null {
    const n = this.lineOf(term.offset);
    const row = this.lineText(n);
    if (!/^\s*\|/.test(row)) return null;
    const col = cellIndex(row, term.offset - this.lines[n]);
    let top = n;
    while (top > 0 && /^\s*\|/.test(this.lineText(top - 1))) top--;
    let bottom = n;
    while (bottom + 1 < this.lines.length && /^\s*\|/.test(this.lineText(bottom + 1))) bottom++;
    // A table: a header row, then the delimiter row.
    if (bottom - top < 1 || !/^\s*\|?[\s:|-]+$/.test(this.lineText(top + 1)) || n <= top + 1) return null;
    const header = cells(this.lineText(top))[col];
    const neighbours: TermOccurrence[] = [];
    for (let k = top + 2; k <= bottom; k++) {
      if (k === n) continue;
      const t = this.termsOnLine(k).find((x) => cellIndex(this.lineText(k), x.offset - this.lines[k]) === col);
      if (t) neighbours.push(t);
    }
    const cell = this.termsOnLine(n).filter((x) => cellIndex(row, x.offset - this.lines[n]) === col);
    const text = this.text ?? "";
    const joined = (a: TermOccurrence, b: TermOccurrence) => SEPARATOR_GAP.test(text.slice(a.offset + a.value.length, b.offset));
    const at = cell.indexOf(term);
    let k = at;
    while (k > 0 && joined(cell[k - 1], cell[k])) k--;
    let end = at;
    while (end + 1 < cell.length && joined(cell[end], cell[end + 1])) end++;
    // An inline list inside the cell's prose ("probes: `none`, `interactiveShell`, or `loginShell`") is the term's list, not the column.
    if (k > 0 && end > k)
      return {
        neighbours: cell.slice(k, end + 1).filter((x) => x !== term),
        list: "run",
        column: header === undefined ? null : header.replace(/[`*_]/g, "").trim(),
        otherColumns: this.columnsBesides(top + 2, bottom, col),
        cellValue: false,
      };
    return {
      neighbours: [...cell.filter((x) => x !== term), ...neighbours],
      list: "column",
      column: header === undefined ? null : header.replace(/[`*_]/g, "").trim(),
      otherColumns: this.columnsBesides(top + 2, bottom, col),
      cellValue: k === 0,
    };
  }
}

/** Index of the cell (0 = first after the leading pipe) holding column `at` of a table row; escaped pipes and code spans do not split. */
function cellIndex(row: string, at: number): number {
  let n = -1;
  let code = false;
  for (let i = 0; i < at && i < row.length; i++) {
    const c = row[i];
    if (c === "`") code = !code;
    else if (c === "\\") i++;
    else if (c === "|" && !code) n++;
  }
  return Math.max(0, n);
}

function cells(row: string): string[] {
  const out: string[] = [];
  let cur = "";
  let code = false;
  let started = false;
  for (let i = 0; i < row.length; i++) {
    const c = row[i];
    if (c === "`") code = !code;
    if (c === "\\" && i + 1 < row.length) {
      cur += row[++i];
      continue;
    }
    if (c === "|" && !code) {
      if (started) out.push(cur);
      started = true;
      cur = "";
      continue;
    }
    cur += c;
  }
  if (cur.trim() !== "") out.push(cur);
  return out;
}

/** Up to four words before `offset` in its sentence (line- and, in JSON, string-bounded), lower-cased, single-spaced. */
function wordsBefore(text: string, offset: number, json: boolean): string {
  const start = offset - 1; // the backtick
  let i = start;
  while (i > 0 && start - i < 80) {
    const c = text[i - 1];
    if (c === "\n" || c === "." || c === ";" || c === ":" || c === "(" || (json && c === '"')) break;
    i--;
  }
  return text
    .slice(i, start)
    .replace(/`[^`]*`/g, " ")
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w !== "")
    .slice(-4)
    .join(" ");
}

/** Lower-case words of a name: camel humps, `-`, `_`, `.`, spaces (`RunEventType` → run event type). */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== "");
}

/** Each file's terms and their `FileTerms`, made on first use: `of(t)` reads `t`'s context, `inFile(f)` lists `f`'s terms. */
export function fileTermsOf(
  texts: ReadonlyMap<string, string>,
  terms: readonly TermOccurrence[],
): { of: (t: TermOccurrence) => FileTerms; inFile: (file: string) => TermOccurrence[] } {
  const byFile = new Map<string, TermOccurrence[]>();
  for (const t of terms) {
    const list = byFile.get(t.file);
    if (list) list.push(t);
    else byFile.set(t.file, [t]);
  }
  const files = new Map<string, FileTerms>();
  const inFile = (file: string) => byFile.get(file) ?? [];
  const of = (t: TermOccurrence) => {
    let f = files.get(t.file);
    if (!f) files.set(t.file, (f = new FileTerms(texts.get(t.file), inFile(t.file))));
    return f;
  };
  return { of, inFile };
}
