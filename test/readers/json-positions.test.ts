import { describe, expect, test } from "vitest";
import { parseJsonWithPositions, spanAtPointer, splitPointer, stringIndexToOffset, stringOffsets } from "../../compiler/readers/json-positions.js";

describe("parseJsonWithPositions", () => {
  const text = '{\n  "a": [1, {"b/c": "x"}],\n  "t~": true\n}';
  const p = parseJsonWithPositions("f.json", text);

  test("parses values and records pointer locations", () => {
    expect(p.value).toEqual({ a: [1, { "b/c": "x" }], "t~": true });
    expect(p.problems).toEqual([]);
    expect(p.locations[""].value).toMatchObject({ line: 1, column: 1, endLine: 4, endColumn: 2 });
    expect(p.locations["/a"].key).toMatchObject({ line: 2, column: 3, endColumn: 6 });
    expect(p.locations["/a"].value).toMatchObject({ line: 2, column: 8, endLine: 2, endColumn: 25 });
    expect(p.locations["/a/1/b~1c"].value).toMatchObject({ file: "f.json", line: 2, column: 20, endColumn: 23 });
    expect(text.slice(p.locations["/a/1/b~1c"].start, p.locations["/a/1/b~1c"].end)).toBe('"x"');
    expect(p.locations["/t~0"].value).toMatchObject({ line: 3, column: 9 });
    expect(splitPointer("/a/1/b~1c")).toEqual(["a", "1", "b/c"]);
  });

  test("CRLF, lone CR and a BOM give the same positions as LF", () => {
    const crlf = parseJsonWithPositions("f.json", "\uFEFF" + text.replace(/\n/g, "\r\n"));
    for (const k of Object.keys(p.locations)) {
      expect(crlf.locations[k].value, k).toMatchObject({
        line: p.locations[k].value.line,
        column: p.locations[k].value.column,
        endLine: p.locations[k].value.endLine,
        endColumn: p.locations[k].value.endColumn,
      });
    }
    const cr = parseJsonWithPositions("f.json", text.replace(/\n/g, "\r"));
    expect(cr.locations["/t~0"].value).toMatchObject({ line: 3, column: 9 });
  });

  test("invalid JSON becomes a problem at its position, never an exception", () => {
    const r = parseJsonWithPositions("bad.json", '{\n  "a": 1,\n  "b": tru\n}');
    expect(r.value).toBeUndefined();
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0].message).toContain("expected a JSON value");
    expect(r.problems[0].span).toMatchObject({ file: "bad.json", line: 3, column: 8 });
    const trailing = parseJsonWithPositions("t.json", "[1,\r\n2,]");
    expect(trailing.problems[0]).toMatchObject({ message: 'invalid JSON: trailing comma before "]"', span: { line: 2, column: 2 } });
    expect(parseJsonWithPositions("e.json", "").problems[0].message).toContain("empty document");
    expect(parseJsonWithPositions("s.json", '{"a": "x').problems[0].message).toContain("unterminated string");
    expect(parseJsonWithPositions("n.json", "[01]").problems[0].span.column).toBe(3);
  });

  test("duplicate keys are problems; __proto__ stays data", () => {
    const r = parseJsonWithPositions("d.json", '{"a": 1, "a": 2, "__proto__": {"x": 1}}');
    expect(r.value).toEqual(JSON.parse('{"a": 2, "__proto__": {"x": 1}}'));
    expect(Object.getPrototypeOf(r.value)).toBe(Object.prototype);
    expect(r.problems).toEqual([{ message: 'duplicate key "a"', span: { file: "d.json", line: 1, column: 10, endLine: 1, endColumn: 13 } }]);
  });

  test("string indexes map to text offsets across escapes", () => {
    const t = '{"d": "a\\n\\u00e9 `x\\"y`"}';
    const r = parseJsonWithPositions("s.json", t);
    const loc = r.locations["/d"];
    const decoded = (r.value as { d: string }).d;
    expect(decoded).toBe('a\né `x"y`');
    const i = decoded.indexOf("x");
    expect(t[stringIndexToOffset(t, loc.start, i)]).toBe("x");
    const offs = stringOffsets(t, loc.start);
    expect(offs).toHaveLength(decoded.length + 1);
    expect(t[offs[decoded.indexOf('"')]]).toBe("\\");
    expect(t[offs[decoded.length]]).toBe('"');
  });

  test("spanAtPointer falls back to the nearest located ancestor and can pick the key", () => {
    expect(spanAtPointer(p.locations, "/a/1/zzz")).toEqual(p.locations["/a/1"].value);
    expect(spanAtPointer(p.locations, "/a", "key")).toEqual(p.locations["/a"].key);
  });

  test("a 5 MB document parses quickly with every location", () => {
    const props: Record<string, unknown> = {};
    for (let i = 0; i < 40000; i++) props[`p${i}`] = { type: "string", description: `Property number ${i} with \`term${i}\` inside`, enum: ["a", "b", "c"] };
    const big = JSON.stringify({ type: "object", properties: props }, null, 2);
    expect(big.length).toBeGreaterThan(5_000_000);
    const t0 = performance.now();
    const r = parseJsonWithPositions("big.json", big);
    const ms = performance.now() - t0;
    expect(r.problems).toEqual([]);
    expect(r.locations["/properties/p39999/enum/2"].value.line).toBe(360001);
    console.log(`5 MB JSON parsed with positions in ${ms.toFixed(0)} ms`);
  });
});
