/**
 * The Markdown syntax docpact parses: CommonMark plus the GFM constructs that
 * change what the reader sees. Tables (cells hold inline code and links),
 * footnotes (without them `[^1]: text` reads as a link definition),
 * strikethrough and task lists (cheap; they shape the inline tree) are kept.
 * GFM's autolink literals (bare `https://…`, `www.…`, e-mail addresses) are
 * left out: they only ever yield external links, which no rule judges, and
 * they cost about 40 % of parse time (docs/PERFORMANCE.md).
 */

import type { Root } from "mdast";
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
import { type Processor, unified } from "unified";
import { mapMemo } from "../util/memo.js";

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
  // Asked for every rewritten region on every run (a watch re-check plans build's output again): kept by content.
  let v = shapes.get(content);
  if (v === undefined) shapes.set(content, (v = (content.includes("<") && !htmlOnlyInCode(content)) || BLOCK_SHAPER.test(content)));
  return v;
}

const shapes = mapMemo<string, boolean>("readers/markdown-syntax#shapes", 20_000);

/**
 * Whether every `<` of the content is text inside a one-backtick code span on
 * its own line (`aw gate <id>` in a table cell of owners): only when each
 * table-cell-sized piece of each line (split at unescaped `|`, as GFM splits
 * a row before inlines) holds single backticks in pairs, so no span can open
 * on one line or cell and close in another, and no backslash stands before a
 * backtick (an escaped one opens nothing). Anything else counts as HTML.
 */
function htmlOnlyInCode(content: string): boolean {
  if (content.includes("``") || content.includes("\\`")) return false;
  for (const line of content.split("\n")) {
    for (const piece of line.split(/(?<!\\)\|/)) {
      const ticks = piece.split("`").length - 1;
      if (ticks % 2 === 1) return false;
      if (piece.includes("<") && piece.replace(/`[^`]*`/g, "").includes("<")) return false;
    }
  }
  return true;
}
