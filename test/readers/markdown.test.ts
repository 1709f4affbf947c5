import { describe, expect, it } from "vitest";
import type { Span } from "../../compiler/model/diagnostic.js";
import { readMarkdown } from "../../compiler/readers/markdown.js";
import { decodeSource, LineIndex } from "../../compiler/util/text.js";

const opts = { binaries: ["aw", "oats"], markers: [] };
const read = (text: string) => readMarkdown("docs/a.md", text, opts);
const crlf = (s: string) => s.replace(/\n/g, "\r\n");

/** The source text a span covers. */
function slice(text: string, span: Span): string {
  const li = new LineIndex(text);
  return text.slice(li.offset(span.line, span.column), li.offset(span.endLine, span.endColumn));
}

describe("headings", () => {
  it("plain text and GitHub slugs, de-duplicated", () => {
    const doc = read("# Hello *World*\n\n## `aw flow` advance\n\nSetext\n======\n\n## Hello World\n\n> ### Quoted — heading\n");
    expect(doc.headings.map((h) => [h.depth, h.text, h.slug])).toEqual([
      [1, "Hello World", "hello-world"],
      [2, "aw flow advance", "aw-flow-advance"],
      [1, "Setext", "setext"],
      [2, "Hello World", "hello-world-1"],
      [3, "Quoted — heading", "quoted--heading"],
    ]);
    expect(doc.headings[0].span).toEqual({ file: "docs/a.md", line: 1, column: 1, endLine: 1, endColumn: 16 });
    expect(doc.headings[4].span).toMatchObject({ line: 10, column: 3 });
  });
});

describe("links and anchors", () => {
  it("links, images, definitions with text and spans", () => {
    const t = 'See [the *doc*](../b.md#x) and ![alt text](img.png), [c][ref].\n\n[ref]: ./c.md "T"\n\n1. [Step 1]: [Description]\n';
    const doc = read(t);
    expect(doc.links.map((l) => [l.kind, l.url, l.text])).toEqual([
      ["link", "../b.md#x", "the doc"],
      ["image", "img.png", "alt text"],
      ["definition", "./c.md", ""],
    ]);
    expect(slice(t, doc.links[0].span)).toBe("[the *doc*](../b.md#x)");
    expect(slice(t, doc.links[1].span)).toBe("![alt text](img.png)");
    // `[Step 1]: [Description]` parses as a definition no reference uses: it renders nothing, so it is no link.
  });

  it("explicit html anchors", () => {
    const t = 'Text <a id="inline"></a> here.\n\n<a name="block"></a>\n\n<div id=\'div-id\'>x</div>\n\n<span name="not-an-anchor"></span>\n';
    const doc = read(t);
    expect(doc.anchors.map((a) => a.id)).toEqual(["inline", "block", "div-id"]);
    expect(slice(t, doc.anchors[0].span)).toBe('<a id="inline">');
  });

  it("a raw HTML heading without an id has the id GitHub gives its text; one with an id keeps it", () => {
    const t = '<h3>Further <em>reading</em> &amp; more</h3>\n\n<h2 id="own">Own id</h2>\n\n<h2 align="center">Centered Title</h2>\n';
    expect(read(t).anchors.map((a) => a.id)).toEqual(["further-reading--more", "own", "centered-title"]);
  });

  it("a heading's inline HTML is markup, not text: GitHub's id is the rendered text's (`suite<T>`, a stray `</a>`, a trailing anchor)", () => {
    const doc = read('## suite<T>\n\n## Parallel lifecycle script execution </a>\n\n## Foo <a name="x"></a>\n\n## <code>run</code> it\n\n## Plain\n');
    expect(doc.headings.map((h) => [h.slug, h.slugAlt ?? null])).toEqual([
      ["suite", null],
      ["parallel-lifecycle-script-execution", "parallel-lifecycle-script-execution-"],
      ["foo", "foo-"],
      ["run-it", null],
      ["plain", null],
    ]);
    expect(doc.headings[0].text).toBe("suite<T>");
    expect(doc.headings[4].idText).toBeUndefined();
  });

  it("raw HTML links and images are links, with the opening tag as span; comments and code hold none", () => {
    const t =
      'See <a href="b.md#x">the <b>doc</b></a> and <a name="n"></a>.\n\n<p align="center"><img alt="logo" src="img/logo.png"> <a href=\'c.md?a=1&amp;b=2\'>c</a> <a href={x}>jsx</a></p>\n\n<!-- <a href="gone.md">x</a> -->\n\n`<a href="code.md">`\n';
    const doc = read(t);
    expect(doc.links.map((l) => [l.kind, l.url, l.text, l.html ?? false])).toEqual([
      ["link", "b.md#x", "", true],
      ["image", "img/logo.png", "", true],
      ["link", "c.md?a=1&b=2", "c", true],
    ]);
    expect(slice(t, doc.links[0].span)).toBe('<a href="b.md#x">');
    expect(slice(t, doc.links[1].span)).toBe('<img alt="logo" src="img/logo.png">');
  });

  it("anchors shown in code are not anchors", () => {
    expect(read('`<a id="x">`\n\n```html\n<a id="y"></a>\n```\n').anchors).toEqual([]);
  });
});

describe("inline code", () => {
  it("valueOffset after the backticks and padding", () => {
    const t = "a `x` b ``y ` z`` c `` `q` `` d ` e `\n";
    const doc = read(t);
    expect(doc.inlineCodes.map((c) => [c.value, t.slice(c.valueOffset, c.valueOffset + c.value.length)])).toEqual([
      ["x", "x"],
      ["y ` z", "y ` z"],
      ["`q`", "`q`"],
      ["e", "e"],
    ]);
  });

  it("is identical with CRLF and across lines", () => {
    const t = "> a `aw flow\n> advance` b\n";
    for (const text of [t, crlf(t)]) {
      const doc = read(text);
      expect(doc.inlineCodes[0].value).toBe("aw flow advance");
      const inv = doc.invocations[0];
      expect(inv.tokens.map((k) => [k.text, k.span.line, k.span.column, k.span.endColumn])).toEqual([
        ["flow", 1, 9, 13],
        ["advance", 2, 3, 10],
      ]);
    }
  });

  it("escaped pipes in table cells map to the right columns", () => {
    const t = "| a | b |\n|---|---|\n| x | `aw a \\| aw b` |\n";
    const doc = read(t);
    expect(doc.inlineCodes[0].value).toBe("aw a | aw b");
    expect(doc.invocations.map((i) => [i.raw, slice(t, i.span)])).toEqual([
      ["aw a", "aw a"],
      ["aw b", "aw b"],
    ]);
  });

  it("never includes code blocks", () => {
    const doc = read("```md\nuse `aw x`\n```\n\n    `aw y`\n");
    expect(doc.inlineCodes).toEqual([]);
    expect(doc.invocations).toEqual([]);
    expect(doc.codeBlocks.map((c) => c.lang)).toEqual(["md", null]);
  });
});

describe("invocations", () => {
  it("inline code starting with a binary, with exact token spans", () => {
    const t = 'Run `aw flow advance --id=<NNN> "a b" -- rest` or `FOO=1 oats init` but not `npm run aw`.\n';
    const doc = read(t);
    expect(doc.invocations.map((i) => [i.binary, i.raw, i.source])).toEqual([
      ["aw", 'aw flow advance --id=<NNN> "a b" -- rest', "inline"],
      ["oats", "oats init", "inline"],
    ]);
    const toks = doc.invocations[0].tokens;
    expect(toks.map((k) => [k.kind, k.text, slice(t, k.span)])).toEqual([
      ["word", "flow", "flow"],
      ["word", "advance", "advance"],
      ["flag", "--id=<NNN>", "--id=<NNN>"],
      ["quoted", '"a b"', '"a b"'],
      ["separator", "--", "--"],
      ["word", "rest", "rest"],
    ]);
    expect(toks[2]).toMatchObject({ flag: "--id", value: "<NNN>" });
    expect(doc.invocations[0].span).toEqual({ file: "docs/a.md", line: 1, column: 6, endLine: 1, endColumn: 46 });
  });

  it("runs of a binary by its package (`npx @acme/cli`) and its bin file (`node ./bin/aw.js`, from the root or the document's folder)", () => {
    const runs = { packages: { "@acme/cli": "aw", "@acme/gone": "nobody" }, files: { "packages/cli/bin/aw.js": "aw" } };
    const t = [
      "Try `npx @acme/cli init --force`.",
      "",
      "```sh",
      "node ./bin/aw.js run --json",
      "node packages/cli/bin/aw.js doctor",
      "node ../cli/bin/aw.js up",
      "npx @acme/gone x",
      "node ./bin/other.js x",
      "```",
      "",
    ].join("\n");
    const doc = readMarkdown("packages/cli/README.md", t, { ...opts, runs });
    expect(doc.invocations.map((i) => [i.binary, i.raw, i.tokens.map((k) => k.text), i.source])).toEqual([
      ["aw", "@acme/cli init --force", ["init", "--force"], "inline"],
      ["aw", "./bin/aw.js run --json", ["run", "--json"], "fence"],
      ["aw", "packages/cli/bin/aw.js doctor", ["doctor"], "fence"],
      ["aw", "../cli/bin/aw.js up", ["up"], "fence"],
    ]);
    // Without runs (or from a folder the path does not resolve in), the same text has no invocation.
    expect(readMarkdown("packages/cli/README.md", t, opts).invocations).toEqual([]);
    expect(readMarkdown("docs/a.md", "```sh\nnode ./bin/aw.js run\n```\n", { ...opts, runs }).invocations).toEqual([]);
  });

  it("shell fence lines: prompts, comments, operators, continuations", () => {
    const t = [
      "```bash",
      "# set up",
      "$ aw init --force",
      "$ aw run x | tee log && oats doctor",
      "$ aw long \\",
      "    --json",
      "output line aw nothing",
      "```",
      "",
    ].join("\n");
    for (const text of [t, crlf(t)]) {
      const doc = read(text);
      expect(doc.invocations.map((i) => [i.binary, i.tokens.map((k) => k.text), i.source])).toEqual([
        ["aw", ["init", "--force"], "fence"],
        ["aw", ["run", "x"], "fence"],
        ["oats", ["doctor"], "fence"],
        ["aw", ["long", "--json"], "fence"],
      ]);
      const json = doc.invocations[3].tokens[1];
      expect(json.span).toEqual({ file: "docs/a.md", line: 6, column: 5, endLine: 6, endColumn: 11 });
      expect(slice(text, doc.invocations[1].span)).toBe("aw run x");
    }
  });

  it("fences without prompts treat every line as a command", () => {
    const doc = read("```sh\naw a\n  aw b --x\nls\n```\n");
    expect(doc.invocations.map((i) => [i.raw, i.span.line, i.span.column])).toEqual([
      ["aw a", 2, 1],
      ["aw b --x", 3, 3],
    ]);
  });

  it("fences in blockquotes and lists keep exact columns", () => {
    const t = "> ```console\n> $ aw x --y\n> ```\n\n- item\n\n  ```zsh\n  aw z\n  ```\n";
    const doc = read(t);
    expect(doc.invocations.map((i) => [i.raw, slice(t, i.span)])).toEqual([
      ["aw x --y", "aw x --y"],
      ["aw z", "aw z"],
    ]);
  });

  it("other fence languages are examples, not claims", () => {
    expect(read('```text\naw a\n```\n\n```\naw b\nsome output\n```\n\n```json\n"aw c"\n```\n').invocations).toEqual([]);
  });

  it("a package.json in a JSON fence: each `scripts` value is a command line, with exact spans; other strings are not", () => {
    const t = [
      "- item",
      "",
      '  ```json title="package.json"',
      "  {",
      '    "name": "aw run",',
      '    "scripts": {',
      '      "build": "aw build --mode x && oats check",',
      '      "esc": "aw \\"quoted\\"",',
      '      "other": "vite build"',
      "    },",
      '    "bin": "aw b"',
      "  }",
      "  ```",
      "",
    ].join("\n");
    const doc = read(t);
    expect(doc.invocations.map((i) => [i.binary, i.raw, slice(t, i.span), i.span.line, i.source])).toEqual([
      ["aw", "aw build --mode x", "aw build --mode x", 7, "fence"],
      ["oats", "oats check", "oats check", 7, "fence"],
    ]);
  });

  it("marks the code that opens a list item or a table cell (an option entry)", () => {
    const doc = read("- `--force`: x\n- see `--y`\n\n| a | b |\n| --- | --- |\n| `--z` | `--v` |\n\n`--w` opens a paragraph\n");
    expect(doc.inlineCodes.map((c) => [c.value, c.lead ?? false])).toEqual([
      ["--force", true],
      ["--y", false],
      ["--z", true],
      ["--v", true],
      ["--w", false],
    ]);
    const of = read("Use `--x` of `aw flow` or `--y` for `aw z`, not `--w` and `aw q`.\n");
    expect(of.inlineCodes.map((c) => [c.value, c.ofNext ?? false])).toEqual([
      ["--x", true],
      ["aw flow", false],
      ["--y", true],
      ["aw z", false],
      ["--w", false],
      ["aw q", false],
    ]);
  });

  it("a fence without a language whose every line invokes a binary is a synopsis block", () => {
    const doc = read("```\naw publish [--otp={token}]\n\nyarn aw pre exit\n```\n");
    expect(doc.invocations.map((i) => [i.binary, i.tokens.map((t) => t.flag ?? t.text), i.span.line])).toEqual([
      ["aw", ["publish", "--otp"], 2],
      ["aw", ["pre", "exit"], 4],
    ]);
  });

  it("a fence without a language counts through its `$ ` prompt lines only (oclif READMEs)", () => {
    const doc = read("```\nUSAGE\n  $ aw plugins install PLUGIN\n\nFLAGS\n  -f, --force  Force.\n  aw not-a-prompt\n```\n");
    expect(doc.invocations.map((i) => [i.binary, i.tokens.map((t) => t.text), i.span.line])).toEqual([["aw", ["plugins", "install", "PLUGIN"], 3]]);
  });
});

describe("section references", () => {
  it("link or backticked path, then § and an emphasized heading", () => {
    const t = [
      "Per [../SKILL.md](../SKILL.md) § *Operating context*, and",
      "[loop](../loops/x/LOOP.md#frag) (§ *Delta 4*), and",
      "[`PLAN-INPUT`](PLAN-INPUT.md) § _Numbering `x`_, and",
      "`docs/CHASSIS.md` § *Compact / resume*, but not",
      "chassis § *Compact / resume* nor [site](https://x.io/a.md) § *Web* nor [b](b.md) says *no*.",
      "",
    ].join("\n");
    const doc = read(t);
    expect(doc.sectionRefs.map((r) => [r.target, r.section])).toEqual([
      ["../SKILL.md", "Operating context"],
      ["../loops/x/LOOP.md", "Delta 4"],
      ["PLAN-INPUT.md", "Numbering x"],
      ["docs/CHASSIS.md", "Compact / resume"],
    ]);
    expect(slice(t, doc.sectionRefs[0].span)).toBe("[../SKILL.md](../SKILL.md) § *Operating context*");
    expect(slice(t, doc.sectionRefs[1].span)).toBe("[loop](../loops/x/LOOP.md#frag) (§ *Delta 4*");
  });
});

describe("whole document", () => {
  const sample = [
    "# Title",
    "",
    "> **Flow is not this document's call:** decided by `aw flow advance --json`.",
    "",
    "See [x](x.md) § *Part*.",
    "",
    "<!-- docpact:begin vocabulary source=../s.json -->",
    "| a |",
    "|---|",
    "<!-- docpact:end -->",
    "",
    "<!-- docpact-disable-next-line cli/unknown-flag -->",
    "```sh",
    "$ aw run --x",
    "```",
    "",
  ].join("\n");

  it("CRLF gives the same result as LF, except eol", () => {
    const lf = read(sample);
    const cr = read(crlf(sample));
    expect(lf.eol).toBe("\n");
    expect(cr.eol).toBe("\r\n");
    const strip = (d: ReturnType<typeof read>) => {
      const { eol, regions, codeBlocks, inlineCodes, ...rest } = d;
      // Offsets and raw values differ by the extra \r; line/column must not.
      return {
        ...rest,
        regions: regions.map((r) => ({ ...r, beginStart: 0, beginEnd: 0, endStart: 0, endEnd: 0 })),
        codeBlocks: codeBlocks.map((c) => ({ ...c, value: c.value.replace(/\r/g, "") })),
        inlineCodes: inlineCodes.map((c) => ({ ...c, valueOffset: 0 })),
      };
    };
    expect(strip(cr)).toEqual(strip(lf));
    expect(cr.invocations).toHaveLength(2);
    expect(cr.suppressions).toHaveLength(1);
  });

  it("BOM: the caller strips it and passes bom", () => {
    const src = decodeSource("\ufeff" + sample);
    const doc = readMarkdown("docs/a.md", src.text, { ...opts, bom: src.bom });
    expect(doc.bom).toBe(true);
    expect(doc.headings[0].span).toMatchObject({ line: 1, column: 1 });
    expect(doc.notes[0].owners[0].span).toEqual(read(sample).notes[0].owners[0].span);
    expect(read(sample).bom).toBe(false);
  });

  it("is plain JSON (round-trips)", () => {
    const doc = read(sample);
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });
});

describe("robustness", () => {
  it("never throws on odd input", () => {
    const inputs = [
      "",
      "\r",
      "\r\n\r\n",
      "`",
      "``` sh\naw",
      "> ".repeat(500) + "x",
      "*".repeat(5000),
      "[".repeat(3000) + "](",
      "<!--",
      "<!-- docpact:begin",
      "- ".repeat(300) + "`aw x`",
      "\u0000\ud800 `aw \ud800`",
      "| a |\n|---|\n| `aw \\|` |",
    ];
    for (const s of inputs) expect(() => read(s)).not.toThrow();
  });

  it("never throws on random strings", () => {
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const alphabet = [
      "`",
      "*",
      "_",
      ">",
      "#",
      "[",
      "]",
      "(",
      ")",
      "<",
      "!--",
      "-->",
      "docpact:begin ",
      "docpact:end",
      "\n",
      "\r\n",
      " ",
      "aw ",
      "§ ",
      "|",
      "\\",
      '"',
      "**X is not this document's call:**",
      "```sh\n",
      "$ ",
    ];
    for (let n = 0; n < 300; n++) {
      let s = "";
      const len = Math.floor(rand() * 60);
      for (let i = 0; i < len; i++) s += alphabet[Math.floor(rand() * alphabet.length)];
      const doc = read(s);
      for (const inv of doc.invocations) for (const t of inv.tokens) expect(t.span.line).toBeGreaterThan(0);
    }
  });

  it("handles a large document quickly", () => {
    const big = Array.from({ length: 500 }, (_, i) => `## H ${i}\n\n> **S${i} is not this document's call:** \`aw x${i} --json\` [l](l.md) § *H*\n`).join("\n");
    const t0 = performance.now();
    const doc = read(big);
    const ms = performance.now() - t0;
    expect(doc.notes).toHaveLength(500);
    expect(doc.sectionRefs).toHaveLength(500);
    // Generous: only a quadratic blow-up fails this, not a machine shared by many test runs.
    expect(ms).toBeLessThan(20_000);
  });
});

describe("front matter", () => {
  it("is no heading (CommonMark alone reads `---` / `title: X` / `---` as a setext heading), and lines stay where they are", () => {
    const doc = read("---\ntitle: Ids\nslug: /x\n---\n\n# Real\n\n## Sub\n");
    expect(doc.headings.map((h) => [h.text, h.span.line])).toEqual([
      ["Real", 6],
      ["Sub", 8],
    ]);
    expect(doc.frontMatter).toBe("title: Ids\nslug: /x\n");
  });
  it("a setext heading of a document without front matter stays a heading", () => {
    expect(read("Intro\n\nTitle\n---\n").headings.map((h) => h.text)).toEqual(["Title"]);
  });
});
