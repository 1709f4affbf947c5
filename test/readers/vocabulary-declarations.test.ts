import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { isProblem, readSource } from "../../compiler/read.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveConfig } from "../../compiler/config/resolve.js";
import { readCode } from "../../compiler/readers/code.js";
import { readSchema } from "../../compiler/readers/schema.js";
import { readVocabularyDeclarations } from "../../compiler/readers/vocabulary-declarations.js";
import { applyVocabularyDeclarations } from "../../compiler/model/vocabulary-declarations.js";

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "docpact-decl-"));
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(join(root, f, ".."), { recursive: true });
    writeFileSync(join(root, f), text);
  }
  return root;
}

const SCHEMA = '{"$defs": {"e": {"enum": ["a.old", "a.new", "a.other"]}}}';
const declarationsOf = (root: string, vocabularies: unknown[]) =>
  readVocabularyDeclarations(root, resolveConfig(root, { vocabularies } as never, "docpact.config.json"));

describe("vocabulary declarations: config, JSON and YAML mapping files", () => {
  it("reads inline aliases and retired names, a JSON mapping (with positions) and a YAML mapping (null = retired)", () => {
    const root = project({
      "map.json": '{\n  "events": {\n    "a.old": "a.new"\n  }\n}\n',
      "map.yaml": "codes:\n  gone: null\n  a.old: a.new\n",
    });
    const d = declarationsOf(root, [
      { schema: "x.schema.json#/$defs/e", aliases: { "a.prev": "a.new" }, retired: ["a.dead"] },
      { schema: "x.schema.json#/$defs/e", mapping: "map.json#/events" },
      { schema: "x.schema.json#/$defs/e", mapping: "./map.yaml#/codes" },
    ]);
    expect(d.map((x) => [x.aliases.map((a) => [a.from, a.to, a.span.file, a.span.line]), x.retired.map((r) => [r.value, r.span.file, r.span.line])])).toEqual([
      [[["a.prev", "a.new", "docpact.config.json", 1]], [["a.dead", "docpact.config.json", 1]]],
      [[["a.old", "a.new", "map.json", 3]], []],
      [[["a.old", "a.new", "map.yaml", 3]], [["gone", "map.yaml", 2]]],
    ]);
  });

  it("reads a mapping shipped as an array of rows: default fields `from`/`to`, or the ones config `mappingFields` names", () => {
    const root = project({
      "rows.json": '[\n  { "from": "a.old", "to": "a.new", "since": "2.0" },\n  { "from": "gone", "to": null }\n]\n',
      "rows.yaml": "renames:\n  - old: a.old # comment\n    new: a.new\n  - old: gone\n    new: null\n",
    });
    const d = declarationsOf(root, [
      { schema: "x.schema.json#/$defs/e", mapping: "rows.json" },
      { schema: "x.schema.json#/$defs/e", mapping: "rows.yaml#/renames", mappingFields: { from: "old", to: "new" } },
    ]);
    expect(d.map((x) => [x.aliases.map((a) => [a.from, a.to, a.span.file, a.span.line, a.span.column]), x.retired.map((r) => [r.value, r.span.line])])).toEqual(
      [
        [[["a.old", "a.new", "rows.json", 2, 13]], [["gone", 3]]],
        [[["a.old", "a.new", "rows.yaml", 2, 10]], [["gone", 4]]],
      ],
    );
  });

  it.each([
    ["a row that is not an object", '["a"]', undefined, 'row 0 is not an object with "from" and "to"'],
    ["a row without its old name", '[{ "to": "a.new" }]', undefined, 'row 0 has no name in "from"'],
    ["a row without its new name", '[{ "from": "a.old" }]', undefined, 'row 0 (`a.old`) has no "to" (null when retired'],
    ["rows whose fields config does not name", '[{ "old": "a.old", "new": "a.new" }]', { from: "was" }, 'row 0 has no name in "was"'],
  ])("%s is a one-line config error", (_name, text, mappingFields, message) => {
    const root = project({ "rows.json": text });
    expect(() => declarationsOf(root, [{ schema: "x.schema.json#/$defs/e", mapping: "rows.json", ...(mappingFields ? { mappingFields } : {}) }])).toThrow(
      message,
    );
  });

  it.each([
    ["a missing file", "none.json", "cannot read none.json: ENOENT"],
    ["invalid JSON", "bad.json", "invalid JSON"],
    ["invalid YAML", "bad.yaml", "invalid YAML"],
    ["a pointer to nothing", "map.json#/nope", "nothing at /nope"],
    ["a value that is not a name", "map.json#/nums", "the new name of `x` must be a string, or null when retired"],
    ["a file outside the root", "../x.json", "the file is outside the root"],
  ])("%s is a one-line config error", (_name, mapping, message) => {
    const root = project({ "bad.json": "{", "bad.yaml": "a: [", "map.json": '{"nums": {"x": 1}}' });
    expect(() => declarationsOf(root, [{ schema: "x.schema.json#/$defs/e", mapping }])).toThrow(message);
  });

  it("applied to the schema vocabulary: an old name in the enum becomes deprecated, others become aliases; bad declarations are config errors", () => {
    const vocabs = readSchema("x.schema.json", SCHEMA).vocabularies;
    const span = { file: "docpact.config.json", line: 1, column: 1, endLine: 1, endColumn: 1 };
    const [v] = applyVocabularyDeclarations(
      vocabs,
      [
        {
          schema: "./x.schema.json#/$defs/e",
          aliases: [
            { from: "a.old", to: "a.new", span },
            { from: "a.prev", to: "a.new", span },
          ],
          retired: [{ value: "a.dead", span }],
        },
      ],
      "docpact.config.json",
    );
    expect(v.members.map((m) => [m.value, m.deprecated, m.replacedBy ?? null])).toEqual([
      ["a.old", true, "a.new"],
      ["a.new", false, null],
      ["a.other", false, null],
    ]);
    expect(v.aliases?.map((m) => [m.value, m.replacedBy])).toEqual([["a.prev", "a.new"]]);
    expect(v.retired?.map((m) => m.value)).toEqual(["a.dead"]);
    expect(vocabs[0].members[0].deprecated).toBe(false); // reader output (cached) is never mutated
    const apply = (d: Parameters<typeof applyVocabularyDeclarations>[1]) => () => applyVocabularyDeclarations(vocabs, d, "docpact.config.json");
    expect(apply([{ schema: "x.schema.json#/$defs/none", aliases: [], retired: [] }])).toThrow("no schema vocabulary x.schema.json#/$defs/none");
    expect(apply([{ schema: "x.schema.json#/$defs/e", aliases: [{ from: "a.x", to: "a.missing", span }], retired: [] }])).toThrow("no canonical member");
    expect(apply([{ schema: "x.schema.json#/$defs/e", aliases: [], retired: [{ value: "a.other", span }] }])).toThrow("still a member");
  });
});

describe("code reader: identifiers and inline unions", () => {
  it("collects declared names and union literals, and inline unions of a property's type as candidate mirrors", () => {
    const root = project({
      "src/a.ts":
        'export interface Doc { kind: "flow" | "screen"; "derived_from"?: string }\nfunction f(p: { code: "sandbox_memory_exceeded" | "other" }) { const derivedFrom = 1; }\n',
    });
    // The read stage hands the code reader its texts (one read, one decoding).
    const src = readSource(root, "src/a.ts");
    const texts = new Map(isProblem(src) ? [] : [["src/a.ts", src.text]]);
    const facts = readCode(root, ["src/a.ts"], { binaries: [], commandType: null, flagAccessors: [] }, texts);
    expect(facts.identifiers).toEqual(expect.arrayContaining(["Doc", "kind", "derived_from", "derivedFrom", "sandbox_memory_exceeded", "other"]));
    expect(facts.vocabularies.map((v) => [v.id, v.property ?? null, v.members.map((m) => m.value)])).toEqual([
      ["code:src/a.ts#Doc.kind", "kind", ["flow", "screen"]],
    ]);
  });
});
