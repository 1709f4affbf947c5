import { readFileSync } from "node:fs";
import { join } from "node:path";
import { globSync } from "tinyglobby";
import { describe, expect, test } from "vitest";
import invalid from "../../compiler/rules/schema/invalid.js";
import unresolvedRef from "../../compiler/rules/schema/unresolved-ref.js";
import invalidInstance from "../../compiler/rules/schema/invalid-instance.js";
import { readInstance } from "../../compiler/readers/schema-instances.js";
import { readSchema } from "../../compiler/readers/schema.js";
import { fixtures, loadSchemas } from "../readers/schema-helpers.js";
import { runSchemaRule } from "./schema-helpers.js";

const short = (r: { file: string; line: number; column: number; message: string }) => `${r.file}:${r.line}:${r.column} ${r.message}`;

describe("schema/invalid", () => {
  test("valid schemas (draft-07 next to 2020-12) give nothing", () => {
    expect(runSchemaRule(invalid, { schemas: loadSchemas(join(fixtures, "schemas-good")) })).toEqual([]);
  });

  test("JSON errors, unsupported dialects, meta-schema errors at the keyword, duplicate $ids", () => {
    const out = runSchemaRule(invalid, { schemas: loadSchemas(join(fixtures, "schemas-bad")) }).map(short);
    expect(out).toEqual([
      'bom-crlf.schema.json:4:11 /type must be array (2020-12 meta-schema, keyword "type")',
      'bom-crlf.schema.json:4:11 /type must be one of "array", "boolean", "integer", "null", "number", "object", "string" (2020-12 meta-schema, keyword "enum")',
      'bom-crlf.schema.json:5:16 /minLength must be >= 0 (2020-12 meta-schema, keyword "minimum")',
      'broken.schema.json:3:43 invalid JSON: trailing comma before "}"',
      expect.stringMatching(/^draft4\.schema\.json:2:14 draft-04 schemas are not supported/),
      "dup.schema.json:3:10 $id \"https://example.test/dup.json\" is already declared by bom-crlf.schema.json",
      expect.stringMatching(/^unknown\.schema\.json:2:14 unknown \$schema dialect "https:\/\/example\.test\/my-dialect"/),
    ]);
    const dup = runSchemaRule(invalid, { schemas: loadSchemas(join(fixtures, "schemas-bad")) }).find((r) => r.message.includes("already declared"))!;
    expect(dup.related).toEqual([{ file: "bom-crlf.schema.json", line: 3, column: 10, message: "first declared here" }]);
  });
});

describe("schema/unresolved-ref", () => {
  test("reports remote, missing-file and missing-pointer refs at the $ref; cycles are fine", () => {
    const out = runSchemaRule(unresolvedRef, { schemas: loadSchemas(join(fixtures, "schemas-bad")) });
    expect(out.map((r) => `${r.line}:${r.column}`)).toEqual(["5:25", "6:26", "7:26"]);
    expect(out[0].message).toContain("https://remote.example/common.json");
    expect(out[1].message).toContain("missing.schema.json");
    expect(out[2].message).toContain("/$defs/nope");
    expect(runSchemaRule(unresolvedRef, { schemas: loadSchemas(join(fixtures, "schemas-good")) })).toEqual([]);
  });
});

describe("schema/invalid-instance", () => {
  const dir = join(fixtures, "schemas-instances");
  const schemas = loadSchemas(dir);
  const instances = globSync(["examples/*.json"], { cwd: dir })
    .sort()
    .map((f) => readInstance(f, "manifest.schema.json", readFileSync(join(dir, f), "utf8")));

  test("every violation lands on the offending value with Ajv's message and pointer", () => {
    const out = runSchemaRule(invalidInstance, { schemas, instances }).map(short);
    expect(out).toEqual([
      'examples/bad.json:1:1 / must have required property \'version\' (manifest.schema.json)',
      'examples/bad.json:2:11 /name must match pattern "^[a-z]+$" (manifest.schema.json)',
      'examples/bad.json:3:12 /layer must be one of "knowledge", "tasks" (manifest.schema.json)',
      "examples/bad.json:4:17 /tags/1 must be string (manifest.schema.json)",
      "examples/bad.json:5:3 /extra must NOT have additional property \"extra\" (manifest.schema.json)",
      expect.stringMatching(/^examples\/broken\.json:1:16 invalid JSON: unexpected end of input/),
    ]);
  });

  test("an instance whose schema is not loaded is reported", () => {
    const inst = readInstance("x.json", "nope.schema.json", "{}");
    expect(runSchemaRule(invalidInstance, { schemas, instances: [inst] }).map(short)).toEqual([
      "x.json:1:1 schema nope.schema.json (config `instances`) is not a loaded schema; add it to `schemas`",
    ]);
  });

  test("formats are checked", () => {
    const s = readSchema("f.schema.json", '{"properties": {"when": {"type": "string", "format": "date-time"}}}');
    const inst = readInstance("i.json", "f.schema.json", '{"when": "yesterday"}');
    expect(runSchemaRule(invalidInstance, { schemas: [s], instances: [inst] }).map(short)).toEqual(['i.json:1:10 /when must match format "date-time" (f.schema.json)']);
  });
});
