/**
 * The Markdown reader parses without GFM autolink literals (compiler/readers/markdown-syntax.ts).
 * Its output must equal the all-of-GFM reference path except for the links autolink literals
 * make (bare URLs, `www.`, e-mail addresses), on every fixture and example document, docpact's
 * own docs (the oats corpus: test/optimized-path.test.ts).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { globSync } from "tinyglobby";
import { afterEach, describe, expect, it } from "vitest";
import { readMarkdown } from "../../compiler/readers/markdown.js";
import { mayShapeHeadings } from "../../compiler/readers/markdown-syntax.js";
import type { MarkdownDoc } from "../../compiler/model/types.js";
import { decodeSource } from "../../compiler/util/text.js";
import { repoRoot } from "../helpers/cli.js";

const opts = { binaries: ["aw", "docpact", "oats", "turn-record"], markers: [] as string[] };

function read(root: string, rel: string, reference: boolean): MarkdownDoc {
  const src = decodeSource(readFileSync(join(root, rel), "utf8"));
  if (reference) process.env.DOCPACT_UNOPTIMIZED = "1";
  try {
    return readMarkdown(rel, src.text, { ...opts, bom: src.bom });
  } finally {
    delete process.env.DOCPACT_UNOPTIMIZED;
  }
}

/** A link GFM made from bare text: its source starts with neither `[`, `![` nor `<`. */
function isAutolinkLiteral(text: string, doc: MarkdownDoc, link: MarkdownDoc["links"][number]): boolean {
  const lines = text.split("\n");
  const at = lines[link.span.line - 1]?.slice(link.span.column - 1) ?? "";
  return link.kind === "link" && !/^(\[|!\[|<)/.test(at);
}

interface Compared {
  docs: number;
  literals: number;
}

function compareAll(root: string, files: string[]): Compared {
  let literals = 0;
  for (const rel of files) {
    const lean = read(root, rel, false);
    const full = read(root, rel, true);
    const text = decodeSource(readFileSync(join(root, rel), "utf8")).text;
    const kept = full.links.filter((l) => !isAutolinkLiteral(text, full, l));
    literals += full.links.length - kept.length;
    for (const l of full.links.filter((x) => !kept.includes(x))) expect(l.url, `${rel}: ${l.url}`).toMatch(/^(https?:|mailto:|xmpp:)/);
    const want = { ...full, links: kept };
    // Strings compare fast; the structural diff is only for a failure's message.
    if (JSON.stringify(lean) !== JSON.stringify(want)) expect(lean, rel).toEqual(want);
  }
  return { docs: files.length, literals };
}

const mdIn = (root: string, patterns: string[]) => globSync(patterns, { cwd: root, ignore: ["**/node_modules/**", "**/.git/**"] }).sort();

afterEach(() => {
  delete process.env.DOCPACT_UNOPTIMIZED;
});

describe("Markdown without autolink literals", () => {
  it("reads a bare URL as text and keeps written links, tables, footnotes", () => {
    const text =
      "# T\n\nSee https://example.com and www.example.org, or <https://a.example> and [b](b.md).\n\n| a | `aw x` |\n| - | - |\n| [c](c.md) | d |\n\nNote[^1].\n\n[^1]: not a link definition\n";
    const write = (reference: boolean) => {
      if (reference) process.env.DOCPACT_UNOPTIMIZED = "1";
      try {
        return readMarkdown("t.md", text, opts);
      } finally {
        delete process.env.DOCPACT_UNOPTIMIZED;
      }
    };
    const lean = write(false);
    expect(lean.links.map((l) => l.url)).toEqual(["https://a.example", "b.md", "c.md"]);
    expect(lean.invocations.map((i) => i.raw)).toEqual(["aw x"]);
    expect(write(true).links.map((l) => l.url)).toEqual(["https://example.com", "http://www.example.org", "https://a.example", "b.md", "c.md"]);
  });

  it("gives the reference output on every fixture, example and docpact document", () => {
    const files = mdIn(repoRoot, ["test/fixtures/**/*.md", "examples/**/*.md", "docs/**/*.md", "*.md"]);
    const r = compareAll(repoRoot, files);
    expect(r.docs).toBeGreaterThan(50);
  });
  // The oats corpus: test/optimized-path.test.ts compares the reader's output there, in the same runs as the report.
});

describe("mayShapeHeadings: region content that cannot change a document's headings or anchors", () => {
  it("lists, tables and inline code cannot", () => {
    expect(mayShapeHeadings("- `panel.failed`\n- `panel.queued`\n")).toBe(false);
    expect(mayShapeHeadings("| a | b |\n| - | - |\n| [x](x.md#y) | `aw z` |\n")).toBe(false);
    expect(mayShapeHeadings("")).toBe(false);
    // A `<` inside a code span is no HTML.
    expect(mayShapeHeadings("| [x](x.md#y) | `aw get <id>`, `aw put <id> --force` |\n")).toBe(false);
    expect(mayShapeHeadings("- `a<b`\n- `<c>`\n")).toBe(false);
  });

  it("a `<` counts wherever the code spans are not certain", () => {
    for (const c of [
      '`code` <a id="x"></a>\n', // outside the span
      "a ` b\nc ` <a id=x> ` d\n", // the first backtick pairs across the line
      "`a | <b id=x>` |\n", // a table cell ends at the pipe
      "` <a id=x> ``\n", // runs of different lengths do not pair
      "``a <x> ``\n",
      "\\` <a id=x> `\n", // an escaped backtick
    ]) {
      expect(mayShapeHeadings(c), c).toBe(true);
    }
  });

  it("a `<` inside one-backtick code spans cannot (an invocation's placeholder in a table of owners)", () => {
    expect(mayShapeHeadings("| Document | Decided by |\n| - | - |\n| [a](a.md#x) | `aw gate <id>`, `aw run <task> --json` |\n")).toBe(false);
    expect(mayShapeHeadings("- `aw gate <id>`\n")).toBe(false);
  });

  it("a `<` that a code span may not hold may: outside a span, a span across cells or lines, escaped or double backticks", () => {
    for (const c of ['| `a | <a id="z"> b` |\n', '`x\n<a id="z">`\n', '\\`<a id="z">`\n', '`` <a id="z"> ``\n', '`a` <a id="z"> `b`\n', "`a` `b\n"]) {
      expect(mayShapeHeadings(c.includes("<") ? c : `${c}<br>`), c).toBe(true);
    }
  });

  it("headings in any container, fences, setext underlines and HTML may", () => {
    for (const c of [
      "## New\n",
      "> # Quoted\n",
      "- # In a list\n",
      "1. ## In a numbered list\n",
      "```sh\n",
      "~~~\n",
      "Title\n===\n",
      "text\n---\n",
      '<a id="x"></a>\n',
      "a <br> b\n",
    ]) {
      expect(mayShapeHeadings(c), c).toBe(true);
    }
  });
});
