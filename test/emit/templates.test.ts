import { loadTemplates } from "../../compiler/readers/templates.js";
import { packagePath } from "../../compiler/util/package-root.js";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { inlineMarkdown, markdownList, markdownTable, parseColumn, type ColumnSpec } from "../../compiler/emit/markdown-table.js";
import { firstSentence, typeLabel } from "../../compiler/emit/region-context.js";
import { planRegions } from "../../compiler/emit/regions.js";
import { HELPER_NAMES, renderTemplate, type LoadedTemplate } from "../../compiler/emit/templates.js";
import { makeModel } from "./regions-helpers.js";

const tpl = (text: string): LoadedTemplate => ({ name: "t", origin: "user", file: "tpl/t.hbs", text });

describe("markdown-table", () => {
  const cols = ["name:Name:code", "note:Note", "doc:Doc"].map(parseColumn) as ColumnSpec[];

  it("escapes pipes, emphasis and brackets in text cells, and fences backticks in code cells", () => {
    const out = markdownTable(
      [
        { name: "a|b", note: "x | *y* [z]", doc: { text: "d.md", url: "d.md#s" } },
        { name: "has`tick", note: null },
      ],
      cols,
    );
    expect(out).toBe(
      ["| Name | Note | Doc |", "| - | - | - |", "| `a\\|b` | x \\| *y* \\[z] | [d.md](d.md#s) |", "| ``has`tick`` | | |"].join("\n").replace("*y*", "\\*y\\*"),
    );
  });

  it("a table rendered again is the same text, and values JSON would write alike (NaN and null, a Date and its string) are told apart", () => {
    const once = markdownTable([{ name: "a", note: "n", doc: "d" }], cols);
    expect(markdownTable([{ name: "a", note: "n", doc: "d" }], cols)).toBe(once);
    expect(markdownTable([{ name: "x", note: null }], cols)).toBe("| Name | Note | Doc |\n| - | - | - |\n| `x` | | |");
    expect(markdownTable([{ name: "x", note: NaN }], cols)).toBe("| Name | Note | Doc |\n| - | - | - |\n| `x` | NaN | |");
    const date = new Date(0);
    const asString = markdownTable([{ name: "x", note: date.toJSON() }], cols);
    expect(asString).toContain("| 1970-01-01T00:00:00.000Z |");
    expect(markdownTable([{ name: "x", note: date }], cols)).not.toBe(asString);
  });

  it("parses column specs and rejects bad ones", () => {
    expect(parseColumn("k")).toEqual({ key: "k", header: "k", format: "text" });
    expect(parseColumn({ key: "k", header: "K", format: "code" })).toEqual({ key: "k", header: "K", format: "code" });
    expect(parseColumn("k:K:bold")).toBe("bad column format 'bold' in 'k:K:bold' (text, code or md)");
  });

  it("md cells keep inline code, links, emphasis and <br> (lists join with <br>); | is escaped everywhere; dotted keys read nested fields", () => {
    const out = markdownTable(
      [
        { name: { id: "a" }, note: "uses `x | y` and [doc](d.md#s)<br>then *this*" },
        { name: { id: "b" }, note: ["one `1`", "two | 2"] },
      ],
      ["name.id:Name:code", "note:Note:md"].map(parseColumn) as ColumnSpec[],
    );
    expect(out).toBe(
      ["| Name | Note |", "| - | - |", "| `a` | uses `x \\| y` and [doc](d.md#s)<br>then *this* |", "| `b` | one `1`<br>two \\| 2 |"].join("\n"),
    );
  });

  it("lists and inline values", () => {
    expect(markdownList(["a", "b*c"])).toBe("- a\n- b\\*c");
    expect(markdownList(["x`y"], "code")).toBe("- ``x`y``");
    expect(inlineMarkdown(["a", "b"], "code")).toBe("`a`, `b`");
  });
});

describe("context helpers", () => {
  it("firstSentence skips abbreviations and joins lines", () => {
    expect(firstSentence("Run id, e.g. abc. More\ntext.")).toBe("Run id, e.g. abc.");
    expect(firstSentence("No period")).toBe("No period");
    expect(firstSentence("Version 1.2 is current. Next.")).toBe("Version 1.2 is current.");
  });

  it("typeLabel", () => {
    expect(typeLabel({ type: "array", items: { $ref: "#/$defs/eventType" } })).toBe("array of eventType");
    expect(typeLabel({ oneOf: [{ type: "string" }, { type: "null" }] })).toBe("string or null");
    expect(typeLabel({ const: 3 })).toBe("integer");
    expect(typeLabel({ $ref: "common.schema.json" })).toBe("common");
    expect(typeLabel(true)).toBe("any");
  });
});

describe("Handlebars rendering", () => {
  it("is strict: a missing field is an error with the Handlebars message", () => {
    const r = renderTemplate(tpl("{{#each rows}}{{nmae}}{{/each}}"), { rows: [{ name: "a" }] });
    expect(r).toEqual({ ok: false, message: 'template tpl/t.hbs: "nmae" not defined in [object Object] - 1:16' });
  });

  it("does not HTML-escape", () => {
    expect(renderTemplate(tpl("{{x}}"), { x: "<a & 'b'>" })).toEqual({ ok: true, text: "<a & 'b'>" });
  });

  it("denies prototype access", () => {
    const r = renderTemplate(tpl("[{{x.constructor}}]"), { x: {} });
    expect(r).toEqual({ ok: true, text: "[]" });
  });

  it("reports syntax errors as data", () => {
    const r = renderTemplate(tpl("{{#each rows}}"), { rows: [] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/^template tpl\/t\.hbs: Parse error on line 1/);
  });

  it("helpers complain about missing arguments instead of printing nothing", () => {
    const r = renderTemplate(tpl('{{{table rowz "a"}}}'), { rows: [] });
    expect(r).toEqual({ ok: false, message: "template tpl/t.hbs: helper table: the rows argument is missing" });
    expect(renderTemplate(tpl("{{{table rows}}}"), { rows: [] })).toMatchObject({ ok: false });
  });

  it("exposes the documented helper set", () => {
    expect(HELPER_NAMES).toEqual([
      "cell",
      "code",
      "col",
      "eq",
      "firstSentence",
      "join",
      "json",
      "link",
      "list",
      "md",
      "relative",
      "rows",
      "sortBy",
      "table",
      "text",
      "where",
    ]);
    const r = renderTemplate(
      tpl(
        '{{code "a`b"}} {{link "T|x" "u.md"}} {{text "*x*"}} {{join xs " / "}} {{firstSentence "A. B."}} {{relative "docs/a.md"}} {{json xs}} {{#if (eq 1 1)}}y{{/if}}\n{{{list xs code=true}}}',
      ),
      { document: "README.md", xs: ["p", "q"] },
    );
    expect(r).toEqual({ ok: true, text: '``a`b`` [T|x](u.md) \\*x\\* p / q A. docs/a.md ["p","q"] y\n- `p`\n- `q`' });
  });
});

describe("helpers for regions over real contracts", () => {
  const items = [
    { id: "b", kind: "global", order: 2, ref: { anchor: "b" }, sig: "b(x) => a | b" },
    { id: "a", kind: "input", order: 10, ref: null, sig: "a?: string" },
    { id: "c", kind: "global", order: 1, ref: { anchor: "c" }, sig: null },
  ];

  it("where filters by a (dotted) field: equal to one of the values, or set", () => {
    const r = renderTemplate(
      tpl(
        '{{#each (where items "kind" "global")}}{{id}}{{/each}} {{#each (where items "ref")}}{{id}}{{/each}} {{#each (where items "ref.anchor" "c" "a")}}{{id}}{{/each}} {{#each (where items "kind" "input" "global")}}{{id}}{{/each}}',
      ),
      { items },
    );
    expect(r).toEqual({ ok: true, text: "bc bc c bac" });
    expect(renderTemplate(tpl('{{#each (where nope "kind")}}{{/each}}'), { nope: 1 })).toEqual({
      ok: false,
      message: "template tpl/t.hbs: helper where: items is not a list",
    });
  });

  it("sortBy is stable, numeric for numbers, by code point for text, missing values last", () => {
    const r = renderTemplate(
      tpl('{{#each (sortBy items "order")}}{{id}}{{/each}} {{#each (sortBy items "id")}}{{id}}{{/each}} {{#each (sortBy items "ref.anchor")}}{{id}}{{/each}}'),
      { items },
    );
    expect(r).toEqual({ ok: true, text: "cba abc bca" });
  });

  it("rows/col: a table whose cells are rendered Markdown, one line each, with | escaped in every cell (code spans too)", () => {
    const r = renderTemplate(
      tpl(
        '{{#rows items}}\n{{#col "Name"}}[{{id}}](#{{id}}){{/col}}\n{{#col "Signature"}}{{#if sig}}`{{sig}}`{{else}}—{{/if}}{{/col}}\n{{#col "Kind"}}\n{{kind}}<br>*{{order}}*\n{{/col}}\n{{/rows}}',
      ),
      { items },
    );
    expect(r).toEqual({
      ok: true,
      text: [
        "| Name | Signature | Kind |",
        "| --- | --- | --- |",
        "| [b](#b) | `b(x) => a \\| b` | global<br>*2* |",
        "| [a](#a) | `a?: string` | input<br>*10* |",
        "| [c](#c) | — | global<br>*1* |",
      ].join("\n"),
    });
    expect(renderTemplate(tpl('{{#rows items}}{{#col "H"}}x{{/col}}{{/rows}}'), { items: [] })).toEqual({ ok: true, text: "| H |\n| --- |" });
    expect(renderTemplate(tpl('{{#col "H"}}x{{/col}}'), {})).toEqual({ ok: false, message: "template tpl/t.hbs: helper col: used outside {{#rows}}" });
  });

  it("cell and md", () => {
    expect(renderTemplate(tpl("`{{cell s}}` {{md m}}"), { s: "a | b\nc", m: ["`x`", "[y](y.md)"] })).toEqual({
      ok: true,
      text: "`a \\| b c` `x`<br>[y](y.md)",
    });
  });
});

describe("user templates", () => {
  const root = mkdtempSync(join(tmpdir(), "docpact-templates-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, "tpl"));
  // The example from docs/fragments.md.
  writeFileSync(
    join(root, "tpl", "flags.hbs"),
    "Global flags: {{code globalFlags}}\n\n{{#each commands}}\n- {{code command}}{{#if flags.length}}: {{code flags}}{{/if}}\n{{/each}}\n",
  );
  writeFileSync(join(root, "tpl", "commands.hbs"), "{{#each commands}}\n* {{command}} ({{@root.args.style}})\n{{/each}}\n");
  writeFileSync(join(root, "tpl", "oops.hbs"), "{{missing.field}}");

  const doc = (body: string) => ({ "docs/a.md": `${body}\n<!-- docpact:end -->\n` });
  const run = (body: string, templates: string | null = "tpl") => {
    const docs = doc(body);
    const model = makeModel({ root, docs, templates, commands: [{ path: ["run"], verbs: null, flags: null }], globalFlags: ["--json", "--cwd"] });
    return planRegions(model, { templates: loadTemplates(packagePath("templates"), model.root, templates), force: false, templatesDir: templates });
  };

  it("adds templates from the configured folder", () => {
    const p = run("<!-- docpact:begin flags -->");
    expect(p.facts).toEqual([]);
    expect(p.documents[0].content).toContain("Global flags: `--cwd`, `--json`\n\n- `aw run`\n<!-- docpact:end sha=");
  });

  it("overrides a built-in, which may then take its own arguments", () => {
    const p = run('<!-- docpact:begin commands style="plain" -->');
    expect(p.facts).toEqual([]);
    expect(p.documents[0].content).toContain("\n* aw run (plain)\n<!-- docpact:end");
  });

  it("a strict-mode failure in a user template is fragment/malformed", () => {
    const p = run("<!-- docpact:begin oops -->");
    expect(p.facts.map((x) => [x.kind, x.kind === "region-malformed" && x.detail])).toEqual([
      ["region-malformed", 'template tpl/oops.hbs: "field" not defined in undefined - 1:2'],
    ]);
  });

  it("a missing templates folder is named when a template is unknown", () => {
    const p = run("<!-- docpact:begin flags -->", "nowhere");
    expect((p.facts[0] as { detail: string }).detail).toBe(
      "unknown template 'flags' (known: commands, delegations, rules, schema-table, sites, vocabulary); the templates folder nowhere does not exist",
    );
  });

  it("loads built-ins and user templates with their origin", () => {
    const set = loadTemplates(join(process.cwd(), "templates"), root, "tpl");
    expect([...set.templates.values()].map((t) => `${t.name}:${t.origin}:${t.file}`).sort()).toEqual([
      "commands:user:tpl/commands.hbs",
      "delegations:builtin:templates/delegations.hbs",
      "flags:user:tpl/flags.hbs",
      "oops:user:tpl/oops.hbs",
      "rules:builtin:templates/rules.hbs",
      "schema-table:builtin:templates/schema-table.hbs",
      "sites:builtin:templates/sites.hbs",
      "vocabulary:builtin:templates/vocabulary.hbs",
    ]);
  });

  it("a template that outputs a marker is rejected", () => {
    writeFileSync(join(root, "tpl", "evil.hbs"), "<!-- docpact:end -->\n");
    const p = run("<!-- docpact:begin evil -->");
    expect((p.facts[0] as { detail: string }).detail).toBe("template tpl/evil.hbs produced a docpact marker; regions cannot nest");
  });
});
