/** The read stage's schema reading and joining: new results, inputs unchanged. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { joinReads, readSchemas, type ReadResult } from "../../compiler/read.js";

const root = mkdtempSync(join(tmpdir(), "docpact-read-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("readSchemas", () => {
  it("returns the schemas with their texts and problems, and changes nothing it is given", () => {
    mkdirSync(join(root, "s"), { recursive: true });
    writeFileSync(join(root, "s/a.schema.json"), '{"enum": ["x", "y"]}');
    writeFileSync(join(root, "s/bad.schema.json"), new Uint8Array([0xff, 0xfe]));
    const files = Object.freeze(["s/a.schema.json", "s/bad.schema.json"]) as string[];
    const r = readSchemas(root, files);
    expect(r.schemas.map((s) => s.file)).toEqual(["s/a.schema.json"]);
    expect([...r.texts.keys()]).toEqual(["s/a.schema.json"]);
    expect(r.readProblems.map((p) => p.span.file)).toEqual(["s/bad.schema.json"]);
    expect(files).toEqual(["s/a.schema.json", "s/bad.schema.json"]);
  });

  it("joinReads makes one result in order (documents, then the rest) without changing its parts", () => {
    const docs: ReadResult = {
      docs: [],
      texts: new Map([["a.md", "A"]]),
      sources: new Map(),
      readProblems: [{ message: "m", span: { file: "x.md", line: 1, column: 1, endLine: 1, endColumn: 1 } }],
    };
    const schemas = readSchemas(root, ["s/a.schema.json"]);
    const joined = joinReads(docs, schemas);
    expect([...joined.texts.keys()]).toEqual(["a.md", "s/a.schema.json"]);
    expect(joined.readProblems.map((p) => p.span.file)).toEqual(["x.md"]);
    expect([...docs.texts.keys()]).toEqual(["a.md"]);
    expect(docs.readProblems).toHaveLength(1);
  });
});
