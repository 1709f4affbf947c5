import { describe, expect, it } from "vitest";
import { readMarkdown } from "../../compiler/readers/markdown.js";
import { parseDirectiveArgs } from "../../compiler/readers/regions-syntax.js";

const read = (text: string) => readMarkdown("docs/r.md", text, { binaries: ["aw"], markers: [] });
const crlf = (s: string) => s.replace(/\n/g, "\r\n");

describe("regions", () => {
  it("records offsets, template, args and sha", () => {
    const begin = '<!-- docpact:begin schema-table source="../s.schema.json#/$defs/x" title="A \\"quoted\\" value" n=3 -->';
    const end = "<!-- docpact:end sha=abc123 -->";
    const t = `# T\n\n${begin}\n| a |\n|---|\n${end}\n\nafter\n`;
    const doc = read(t);
    expect(doc.regionProblems).toEqual([]);
    expect(doc.regions).toHaveLength(1);
    const r = doc.regions[0];
    expect(r.template).toBe("schema-table");
    expect(r.args).toEqual({ n: "3", source: "../s.schema.json#/$defs/x", title: 'A "quoted" value' });
    expect(r.sha).toBe("abc123");
    expect(t.slice(r.beginStart, r.beginEnd)).toBe(begin);
    expect(t.slice(r.endStart, r.endEnd)).toBe(end);
    expect(r.span).toEqual({ file: "docs/r.md", line: 3, column: 1, endLine: 6, endColumn: end.length + 1 });
  });

  it("an end marker without sha gives null; markers inside a paragraph line are refused (build rewrites whole lines)", () => {
    const block = "Terms:\n\n<!-- docpact:begin vocabulary source=x.json -->\n`a`, `b`\n<!-- docpact:end -->\n";
    const [r] = read(block).regions;
    expect(r).toMatchObject({ template: "vocabulary", sha: null, args: { source: "x.json" } });
    expect(block.slice(r.beginEnd, r.endStart)).toBe("\n`a`, `b`\n");
    const inline = read("Terms: <!-- docpact:begin vocabulary source=x.json -->`a`, `b`<!-- docpact:end --> done.\n");
    expect(inline.regions).toEqual([]);
    expect(inline.regionProblems.map((p) => p.message)).toEqual([expect.stringMatching(/sits inside a line of paragraph text/)]);
  });

  it("CRLF keeps line/column, offsets shift by the extra CRs", () => {
    const t = "x\n\n<!-- docpact:begin commands -->\nbody\n<!-- docpact:end -->\n";
    const a = read(t).regions[0];
    const b = read(crlf(t)).regions[0];
    expect(b.span).toEqual(a.span);
    expect(crlf(t).slice(b.beginStart, b.beginEnd)).toBe("<!-- docpact:begin commands -->");
    expect(crlf(t).slice(b.endStart, b.endEnd)).toBe("<!-- docpact:end -->");
  });

  it("markers shown in code are ignored", () => {
    const t = "`<!-- docpact:begin x -->`\n\n```md\n<!-- docpact:end -->\n```\n\n    <!-- docpact:end -->\n";
    const doc = read(t);
    expect(doc.regions).toEqual([]);
    expect(doc.regionProblems).toEqual([]);
  });

  it("reports an end without a begin and a begin without an end", () => {
    const doc = read("<!-- docpact:end -->\n\n<!-- docpact:begin vocabulary -->\n\ntext\n");
    expect(doc.regions).toEqual([]);
    expect(doc.regionProblems.map((p) => [p.message, p.span.line])).toEqual([
      ["docpact:end without a matching docpact:begin", 1],
      ["docpact:begin vocabulary without a matching docpact:end", 3],
    ]);
  });

  it("reports nesting and keeps neither region", () => {
    const doc = read(
      "<!-- docpact:begin a -->\n\n<!-- docpact:begin b -->\n\n<!-- docpact:end -->\n\n<!-- docpact:end -->\n\n<!-- docpact:begin c -->\n\n<!-- docpact:end -->\n",
    );
    expect(doc.regionProblems.map((p) => [p.message, p.span.line])).toEqual([["nested docpact:begin: the region opened at line 1 is not closed yet", 3]]);
    expect(doc.regions.map((r) => r.template)).toEqual(["c"]);
  });

  it("reports unparsable arguments and a missing template, without cascading", () => {
    const doc = read(
      '<!-- docpact:begin x title="open -->\n\n<!-- docpact:end -->\n\n<!-- docpact:begin -->\n\n<!-- docpact:end -->\n\n<!-- docpact:begin t a b=1 -->\n\n<!-- docpact:end -->\n',
    );
    expect(doc.regions).toEqual([]);
    expect(doc.regionProblems.map((p) => [p.message, p.span.line])).toEqual([
      ["docpact:begin: unterminated quoted value for 'title'", 1],
      ["docpact:begin without a template name", 5],
      ["docpact:begin: unexpected argument 'a' (arguments are key=value)", 9],
    ]);
  });
});

describe("suppressions", () => {
  it("reads next-line, disable and enable with space or comma separated rules", () => {
    const t = [
      "<!-- docpact-disable-next-line cli/unknown-flag -->",
      "`aw x --nope`",
      "",
      "<!-- docpact-disable cli/unknown-command, reference/broken-link -->",
      "",
      "<!-- docpact-enable -->",
      "",
      "`<!-- docpact-disable x -->`",
      "",
    ].join("\n");
    const doc = read(t);
    expect(doc.suppressions.map((s) => [s.kind, s.rules, s.span.line, s.span.column, s.span.endColumn])).toEqual([
      ["next-line", ["cli/unknown-flag"], 1, 1, 52],
      ["disable", ["cli/unknown-command", "reference/broken-link"], 4, 1, 68],
      ["enable", [], 6, 1, 24],
    ]);
  });
});

describe("parseDirectiveArgs", () => {
  it("parses positional, bare, quoted and escaped values", () => {
    expect(parseDirectiveArgs(` tpl a=1 b="x y" c='z w' d="q\\"r\\\\s" e=`)).toEqual({
      positional: ["tpl"],
      args: { a: "1", b: "x y", c: "z w", d: 'q"r\\s', e: "" },
    });
  });

  it("flags errors instead of throwing", () => {
    expect(parseDirectiveArgs("a=1 a=2").error).toBe("duplicate argument 'a'");
    expect(parseDirectiveArgs('a="x"y').error).toBe("missing space after the value of 'a'");
    expect(parseDirectiveArgs("=x").error).toBe("invalid argument name ''");
    expect(parseDirectiveArgs('a=x"').error).toBe("stray quote in the value of 'a'");
  });

  it("keeps __proto__ as a plain key", () => {
    const r = parseDirectiveArgs("__proto__=x");
    expect(r.args.__proto__).toBe("x");
    expect(Object.keys(r.args)).toEqual(["__proto__"]);
  });
});
