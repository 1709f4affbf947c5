/**
 * Markdown out of data, through mdast: tables, lists and inline code are built
 * as syntax trees and serialized with mdast-util-to-markdown (+ the GFM table
 * extension), so pipes, backticks, `*`, `[` … in values are escaped by the
 * serializer instead of by hand. Region templates reach these through helpers.
 */
import type { List, ListItem, Paragraph, PhrasingContent, Root, Table, TableCell, TableRow } from "mdast";
import { gfmTableToMarkdown } from "mdast-util-gfm-table";
import { toMarkdown, type Options } from "mdast-util-to-markdown";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { mapMemo } from "../util/memo.js";

/**
 * How a column renders its values: plain text (escaped), inline code, or
 * inline Markdown kept as written (`md`: code spans, links, emphasis and
 * `<br>` survive; list values are joined with `<br>`). In a table, `|` is
 * escaped in every cell whatever the format.
 */
export type CellFormat = "text" | "code" | "md";

const FORMATS: readonly CellFormat[] = ["text", "code", "md"];

const inlineParser = unified().use(remarkParse).freeze();

/** Inline Markdown as phrasing nodes (block syntax is not interpreted: the text stays one paragraph). */
function inlineNodes(text: string): PhrasingContent[] {
  // Line breaks would end a table row; block markers at the start would start a block.
  const flat = text.replace(/\s*\n\s*/g, " ");
  const tree = inlineParser.parse(flat.replace(/^([#>*+-]|\d+[.)])/, "\\$1")) as Root;
  const first = tree.children[0];
  return first && first.type === "paragraph" && tree.children.length === 1 ? first.children : [{ type: "text", value: flat }];
}

export interface ColumnSpec {
  /** Field of the row object. */
  key: string;
  header: string;
  format: CellFormat;
}

/** A link cell value: `{ text, url }`. */
export interface CellLink {
  text: string;
  url: string;
}

const OPTIONS: Options = {
  bullet: "-",
  // Unaligned pipes: one changed value changes one row, not the whole table.
  extensions: [gfmTableToMarkdown({ tablePipeAlign: false })],
};

/**
 * Parses a column spec `key`, `key:Header` or `key:Header:code`. An object
 * `{ key, header?, format? }` is accepted too (columns passed as data).
 */
export function parseColumn(spec: unknown): ColumnSpec | string {
  if (typeof spec === "string") {
    const [key, header, format, ...rest] = spec.split(":");
    if (!key || rest.length) return `bad column spec '${spec}' (expected key, key:Header or key:Header:code)`;
    if (format !== undefined && !FORMATS.includes(format as CellFormat)) return `bad column format '${format}' in '${spec}' (text, code or md)`;
    return { key, header: header || key, format: (format as CellFormat | undefined) ?? "text" };
  }
  if (spec && typeof spec === "object" && typeof (spec as ColumnSpec).key === "string") {
    const c = spec as Partial<ColumnSpec> & { key: string };
    const format = c.format ?? "text";
    if (!FORMATS.includes(format)) return `bad column format '${String(format)}' (text, code or md)`;
    return { key: c.key, header: typeof c.header === "string" ? c.header : c.key, format };
  }
  return `bad column spec ${JSON.stringify(spec)}`;
}

/** A value as phrasing nodes: arrays become `a, b`, `{ text, url }` a link, `null`/`""` nothing. */
export function phrasing(value: unknown, format: CellFormat = "text"): PhrasingContent[] {
  if (value === null || value === undefined || value === "") return [];
  if (Array.isArray(value)) {
    const out: PhrasingContent[] = [];
    for (const item of value) {
      const nodes = phrasing(item, format);
      if (!nodes.length) continue;
      if (out.length) out.push(format === "md" ? { type: "html", value: "<br>" } : { type: "text", value: ", " });
      out.push(...nodes);
    }
    return out;
  }
  if (typeof value === "object") {
    const v = value as Partial<CellLink>;
    if (typeof v.url === "string") {
      const text = typeof v.text === "string" && v.text !== "" ? v.text : v.url;
      return [{ type: "link", url: v.url, children: [format === "code" ? { type: "inlineCode", value: text } : { type: "text", value: text }] }];
    }
    return [{ type: "text", value: JSON.stringify(value) }];
  }
  const s = String(value);
  if (format === "md") return inlineNodes(s);
  return [format === "code" ? { type: "inlineCode", value: s } : { type: "text", value: s }];
}

/**
 * Tables rendered in this process, by their rows and columns: documents of one
 * folder get the same table of every delegation note, and serializing it costs
 * far more than the key (bounded; the same input is the same output).
 */
const rendered = mapMemo<string, string>("emit/markdown-table#rendered", 256);

/** A GFM table; one row per object, cells from `columns`. No trailing newline. */
export function markdownTable(rows: readonly Record<string, unknown>[], columns: readonly ColumnSpec[]): string {
  let key: string | undefined;
  try {
    key = JSON.stringify([columns, rows], plainOnly);
  } catch {
    // Not plain data (a NaN, a Date, a cycle): rendered every time, as its JSON could equal another value's.
  }
  const hit = key === undefined ? undefined : rendered.get(key);
  if (hit !== undefined) return hit;
  const out = renderTable(rows, columns);
  if (key !== undefined) {
    if (rendered.size >= 256) rendered.clear();
    rendered.set(key, out);
  }
  return out;
}

const NOT_PLAIN = new Error("not plain data");

/** JSON.stringify's replacer that refuses what JSON would write like something else (NaN as null, a Date as its string). */
function plainOnly(this: unknown, k: string, v: unknown): unknown {
  const original = (this as Record<string, unknown>)[k];
  if (typeof original === "number" && !Number.isFinite(original)) throw NOT_PLAIN;
  if (typeof original === "function" || typeof original === "symbol" || typeof original === "bigint") throw NOT_PLAIN;
  if (original !== null && typeof original === "object" && !Array.isArray(original)) {
    const proto = Object.getPrototypeOf(original);
    if (proto !== Object.prototype && proto !== null) throw NOT_PLAIN;
  }
  return v;
}

function renderTable(rows: readonly Record<string, unknown>[], columns: readonly ColumnSpec[]): string {
  const cell = (children: PhrasingContent[]): TableCell => ({ type: "tableCell", children });
  const header: TableRow = { type: "tableRow", children: columns.map((c) => cell([{ type: "text", value: c.header }])) };
  const body: TableRow[] = rows.map((row) => ({
    type: "tableRow",
    children: columns.map((c) => cell(phrasing(fieldAt(row, c.key), c.format))),
  }));
  const table: Table = { type: "table", align: columns.map(() => null), children: [header, ...body] };
  return serialize({ type: "root", children: [table] });
}

/** A field by dotted path (`staticReference.anchor`); an exact key wins over a path. */
export function fieldAt(row: unknown, key: string): unknown {
  if (row === null || typeof row !== "object") return undefined;
  const own = (o: unknown, k: string) => (o !== null && typeof o === "object" && Object.hasOwn(o, k) ? (o as Record<string, unknown>)[k] : undefined);
  if (Object.hasOwn(row, key) || !key.includes(".")) return own(row, key);
  let v: unknown = row;
  for (const part of key.split(".")) v = own(v, part);
  return v;
}

/** A bullet list, one item per value. No trailing newline. */
export function markdownList(items: readonly unknown[], format: CellFormat = "text"): string {
  const list: List = {
    type: "list",
    ordered: false,
    spread: false,
    children: items.map((item): ListItem => ({ type: "listItem", spread: false, children: [{ type: "paragraph", children: phrasing(item, format) }] })),
  };
  return serialize({ type: "root", children: [list] });
}

/** Inline Markdown for a value (a code span, a link, escaped text). */
export function inlineMarkdown(value: unknown, format: CellFormat = "text"): string {
  const p: Paragraph = { type: "paragraph", children: phrasing(value, format) };
  return serialize({ type: "root", children: [p] });
}

function serialize(tree: Root): string {
  return toMarkdown(tree, OPTIONS).replace(/\n+$/, "");
}
