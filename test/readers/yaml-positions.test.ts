import { describe, expect, test } from "vitest";
import { parseDataWithPositions, parseYamlWithPositions } from "../../compiler/readers/yaml-positions.js";
import { readSchema } from "../../compiler/readers/schema.js";
import { readInstance } from "../../compiler/readers/schema-instances.js";

const pos = (s: { line: number; column: number; endLine: number; endColumn: number }) => [s.line, s.column, s.endLine, s.endColumn];

describe("YAML with positions", () => {
  test("values as JSON data; every value and key located by JSON pointer; comments ignored", () => {
    const text = "# a comment\nname: order-flow # trailing\nlist:\n  - a\n  - { b: 1 }\n'a/b~c': yes\nempty:\n";
    const p = parseYamlWithPositions("w.yaml", text);
    expect(p.problems).toEqual([]);
    expect(p.value).toEqual({ name: "order-flow", list: ["a", { b: 1 }], "a/b~c": "yes", empty: null });
    expect(pos(p.locations["/name"].value)).toEqual([2, 7, 2, 17]);
    expect(pos(p.locations["/name"].key!)).toEqual([2, 1, 2, 5]);
    expect(pos(p.locations["/list/1/b"].value)).toEqual([5, 10, 5, 11]);
    expect(pos(p.locations["/a~1b~0c"].key!)).toEqual([6, 1, 6, 8]);
    expect(pos(p.locations["/empty"].value)).toEqual([7, 1, 7, 6]);
    expect(text.slice(p.locations["/name"].start, p.locations["/name"].end)).toBe("order-flow");
  });

  test("aliases take the anchor's value and locations; a key named __proto__ is a plain key", () => {
    const p = parseYamlWithPositions("a.yaml", "base: &b { x: 1 }\ncopy: *b\n__proto__: 2\n");
    expect(p.value).toEqual(JSON.parse('{ "base": { "x": 1 }, "copy": { "x": 1 }, "__proto__": 2 }'));
    expect(pos(p.locations["/copy/x"].value)).toEqual([1, 15, 1, 16]);
  });

  test("bad input is one problem at its place, never a throw", () => {
    expect(parseYamlWithPositions("b.yaml", "a:\n  b: 1\n c: [\n").problems[0]).toMatchObject({
      message: expect.stringMatching(/^invalid YAML: /),
      span: { line: 3 },
    });
    expect(parseYamlWithPositions("d.yaml", "a: 1\na: 2\n").problems[0].message).toMatch(/^invalid YAML: Map keys must be unique/);
    expect(parseYamlWithPositions("m.yaml", "a: 1\n---\nb: 2\n").problems[0].message).toMatch(/^invalid YAML: /);
    expect(parseYamlWithPositions("e.yaml", "# nothing\n").problems[0].message).toBe("empty document: expected a YAML value");
    expect(parseYamlWithPositions("i.yaml", "x: .inf\n").problems[0]).toMatchObject({ message: ".inf is not a JSON number", span: { line: 1, column: 4 } });
    expect(parseYamlWithPositions("k.yaml", "? [a]\n: 1\n").problems[0].message).toMatch(/key that is not a plain value/);
    expect(parseYamlWithPositions("n.yaml", "a: [[[[1]]]]\n", 3).problems[0].message).toMatch(/^nesting deeper than 3/);
    const bomb = [
      "a: &a [x, x, x, x, x, x, x, x, x, x]",
      ...Array.from({ length: 7 }, (_, i) => `${"bcdefgh"[i]}: &${"bcdefgh"[i]} [${Array(10).fill(`*${"abcdefg"[i]}`).join(", ")}]`),
    ].join("\n");
    expect(parseYamlWithPositions("bomb.yaml", bomb).problems[0].message).toMatch(/more than 1000 aliases/);
  });

  test("JSON or YAML by the file name", () => {
    expect(parseDataWithPositions("x.json", '{"a": 1}').format).toBe("json");
    expect(parseDataWithPositions("x.YML", "a: 1").value).toEqual({ a: 1 });
    expect(parseDataWithPositions("x.json", "a: 1").problems[0].message).toMatch(/^invalid JSON/);
  });
});

describe("YAML schemas and instances", () => {
  test("a schema in YAML: dialect, vocabularies and terms at their place (also in block scalars)", () => {
    const text = [
      "$schema: http://json-schema.org/draft-04/schema#",
      "id: https://example.test/w.yaml",
      "description: Calls are `http` or `grpc`.",
      "properties:",
      "  kind:",
      "    description: >-",
      "      One `http`",
      "      or a long `folded",
      "      name`.",
      "    enum: [http, grpc]",
    ].join("\n");
    const d = readSchema("w.yaml", text);
    expect(d.problems).toEqual([]);
    expect(d).toMatchObject({ dialect: "draft-04", id: "https://example.test/w.yaml" });
    expect(d.vocabularies.map((v) => [v.name, v.members.map((m) => [m.value, m.span.line, m.span.column])])).toEqual([
      [
        "/properties/kind",
        [
          ["http", 10, 12],
          ["grpc", 10, 18],
        ],
      ],
    ]);
    expect(d.terms.map((t) => [t.value, ...pos(t.span), text.slice(t.offset, t.offset + t.value.length)])).toEqual([
      ["http", 3, 25, 3, 29, "http"],
      ["grpc", 3, 35, 3, 39, "grpc"],
      ["http", 7, 12, 7, 16, "http"],
      // Folded across lines: placed at its string, where the text is not the token (no fix applies).
      ["folded name", 6, 18, 10, 1, ">-\n      On"],
    ]);
  });

  test("an instance in YAML is read with positions; JSON instances are unchanged", () => {
    const i = readInstance("ex/a.yaml", "s.json", "# comment\nname: x\n");
    expect(i).toMatchObject({ value: { name: "x" }, problems: [] });
    expect(pos(i.locations["/name"].value)).toEqual([2, 7, 2, 8]);
    expect(readInstance("ex/a.json", "s.json", "# comment\n").problems[0].message).toBe('invalid JSON: unexpected "#": expected a JSON value');
  });
});
