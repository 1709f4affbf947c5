/**
 * The Markdown syntax docpact parses: CommonMark plus the GFM constructs that
 * change what the reader sees. Tables (cells hold inline code and links),
 * footnotes (without them `[^1]: text` reads as a link definition),
 * strikethrough and task lists (cheap; they shape the inline tree) are kept.
 * GFM's autolink literals (bare `https://…`, `www.…`, e-mail addresses) are
 * left out: they only ever yield external links, which no rule judges, and
 * they cost about 40 % of parse time (docs/PERFORMANCE.md).
 */
import { gfmFootnoteFromMarkdown } from "mdast-util-gfm-footnote";
import { gfmStrikethroughFromMarkdown } from "mdast-util-gfm-strikethrough";
import { gfmTableFromMarkdown } from "mdast-util-gfm-table";
import { gfmTaskListItemFromMarkdown } from "mdast-util-gfm-task-list-item";
import { gfmFootnote } from "micromark-extension-gfm-footnote";
import { gfmStrikethrough } from "micromark-extension-gfm-strikethrough";
import { gfmTable } from "micromark-extension-gfm-table";
import { gfmTaskListItem } from "micromark-extension-gfm-task-list-item";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified, type Processor } from "unified";
import type { Root } from "mdast";

/** remark-gfm without autolink literals, in remark-gfm's own extension order. */
function gfmWithoutAutolinkLiterals(this: Processor): void {
  const data = this.data() as { micromarkExtensions?: unknown[]; fromMarkdownExtensions?: unknown[] };
  (data.micromarkExtensions ??= []).push(gfmFootnote(), gfmStrikethrough(), gfmTable(), gfmTaskListItem());
  (data.fromMarkdownExtensions ??= []).push(gfmFootnoteFromMarkdown(), gfmStrikethroughFromMarkdown(), gfmTableFromMarkdown(), gfmTaskListItemFromMarkdown());
}

// Built once each: parse() only tokenizes, so a frozen processor serves every document.
const lean = unified().use(remarkParse).use(gfmWithoutAutolinkLiterals).freeze();
let full: typeof lean | undefined;

/** Parses a document; `allOfGfm` is the reference path (compiler/util/optimizations.ts). */
export function parseMarkdown(text: string, allOfGfm = false): Root {
  if (!allOfGfm) return lean.parse(text) as Root;
  full ??= unified().use(remarkParse).use(remarkGfm).freeze() as unknown as typeof lean;
  return full.parse(text) as Root;
}

/** A line that opens (in any container) an ATX heading, a fence, or is a setext underline. */
const BLOCK_SHAPER = /^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)*(?:#|```|~~~)|^[ \t>]*(?:=+|-+)[ \t]*$/m;

/**
 * Whether region content may add or remove a heading or an HTML anchor, or
 * change how the text after it parses (an open fence, an HTML block, a
 * setext underline). When neither the old nor the new content of any
 * rewritten region may, the document's headings and anchors are the same
 * before and after build (their ids; the lines after a region move).
 */
export function mayShapeHeadings(content: string): boolean {
  return htmlOutsideCode(content) || BLOCK_SHAPER.test(content);
}

/**
 * Whether a `<` may open HTML: one inside a code span cannot (`aw get <id>`
 * in a generated table is the common case). Code spans are recognised only
 * where the pairing is certain: every backtick single and unescaped, an even
 * number on every line (so no span crosses a line), and no `|` inside one (a
 * table splits its cells before it pairs backticks); anything else counts
 * every `<`.
 */
function htmlOutsideCode(content: string): boolean {
  if (!content.includes("<")) return false;
  if (content.includes("``") || content.includes("\\`")) return true;
  const lines = content.split("\n");
  const parts = lines.map((line) => line.split("`"));
  if (parts.some((p) => p.length % 2 === 0 || p.some((x, i) => i % 2 === 1 && x.includes("|")))) return true;
  return parts.some((p) => p.some((x, i) => i % 2 === 0 && x.includes("<")));
}
