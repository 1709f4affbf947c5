/**
 * The list or table a line of Markdown belongs to, read from the text: its lines and its lead-in (the paragraph just
 * above it, past one run of blank lines). A path in a list item or table row is often judged by what the lead-in
 * says of the whole block ("For example, for section pages:", "Create a `references/` directory and move … there:").
 */
export interface ListBlock {
  /** The block's lines, the line of the path among them. */
  lines: string[];
  /** The paragraph introducing the block ("" when a heading, a fence or the start of the text stands above it). */
  leadIn: string;
  /** The 0-based index of the block's first line in the text. */
  start: number;
}

const ITEM = /^\s{0,3}(?:>\s*)*(?:[-*+]|\d{1,9}[.)])\s/;
const TABLE_DELIMITER = /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/;

/** The list or table holding 1-based `line` of a text split into `lines`, or null when the line is in neither. */
export function listBlockAt(lines: readonly string[], line: number): ListBlock | null {
  const at = line - 1;
  if (at < 0 || at >= lines.length) return null;
  const kind = blockKind(lines, at);
  if (kind === null) return null;
  const member = (l: string): boolean => (kind === "table" ? l.includes("|") : ITEM.test(l) || (/^\s+\S/.test(l) && !/^\s{0,3}(?:```|~~~)/.test(l)));
  let start = at;
  while (start > 0 && member(lines[start - 1])) start--;
  let end = at;
  while (end + 1 < lines.length && member(lines[end + 1])) end++;
  // A list begins with an item: continuation lines above the first item belong to the paragraph before.
  if (kind === "list") while (start < at && !ITEM.test(lines[start])) start++;
  return { lines: lines.slice(start, end + 1), leadIn: leadInAbove(lines, start), start };
}

/**
 * The items of the list holding 1-based `line` (each an item's first line, continuation lines dropped) and
 * the index of the item the line belongs to; null outside a list. Items are those at the first item's indentation.
 */
export function listItemsAt(lines: readonly string[], line: number): { items: string[]; at: number } | null {
  const block = listBlockAt(lines, line);
  if (block === null || !ITEM.test(block.lines[0])) return null;
  const indent = (l: string) => /^\s*/.exec(l)![0].length;
  const top = indent(block.lines[0]);
  const items: string[] = [];
  let at = -1;
  block.lines.forEach((l, i) => {
    if (ITEM.test(l) && indent(l) === top) items.push(l);
    if (block.start + i === line - 1) at = items.length - 1;
  });
  return at < 0 ? null : { items, at };
}

function blockKind(lines: readonly string[], at: number): "list" | "table" | null {
  if (lines[at].includes("|")) {
    // A table: a run of lines with pipes holding a delimiter row (`:--|:--`).
    let i = at;
    while (i > 0 && lines[i - 1].includes("|")) i--;
    for (; i < lines.length && lines[i].includes("|"); i++) if (TABLE_DELIMITER.test(lines[i]) && lines[i].includes("-")) return "table";
  }
  for (let i = at; i >= 0 && lines[i].trim() !== ""; i--) {
    if (ITEM.test(lines[i])) return "list";
    if (!/^\s/.test(lines[i])) return null;
  }
  return null;
}

function leadInAbove(lines: readonly string[], start: number): string {
  let i = start - 1;
  while (i >= 0 && lines[i].trim() === "") i--;
  const out: string[] = [];
  for (; i >= 0; i--) {
    const l = lines[i];
    if (l.trim() === "" || /^\s{0,3}#{1,6}\s/.test(l) || /^\s{0,3}(?:```|~~~)/.test(l) || ITEM.test(l)) break;
    out.unshift(l.trim());
  }
  return out.join(" ");
}
