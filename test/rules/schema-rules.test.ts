import { expect } from "vitest";
import invalid from "../../compiler/rules/schema/invalid.js";
import unresolvedRef from "../../compiler/rules/schema/unresolved-ref.js";
import invalidInstance from "../../compiler/rules/schema/invalid-instance.js";
import { fixtureFiles, tester } from "../helpers/rule-tester.js";

const good = fixtureFiles("test/fixtures/schemas-good");
const bad = fixtureFiles("test/fixtures/schemas-bad");
const like = (re: RegExp) => expect.stringMatching(re) as unknown as string;
const draft07 = (body: object) => JSON.stringify({ $schema: "http://json-schema.org/draft-07/schema#", ...body }, null, 2);

tester.run(invalid, {
  valid: [
    { name: "draft-07 next to 2020-12", files: good },
    { name: "every dialect, draft-04 (`id`, boolean exclusive bounds) included", files: fixtureFiles("test/fixtures/schemas-dialects") },
    { name: "a schema written in YAML", files: fixtureFiles("test/fixtures/schemas-yaml") },
    {
      name: "a $schema written with https or without its `#`",
      files: {
        "a.schema.json": '{ "$schema": "https://json-schema.org/draft-07/schema#" }',
        "b.schema.json": '{ "$schema": "https://json-schema.org/draft-04/schema" }',
      },
    },
  ],
  invalid: [
    {
      name: "a draft-04 schema against the draft-04 meta-schema",
      files: { "d.schema.json": '{\n  "$schema": "http://json-schema.org/draft-04/schema#",\n  "exclusiveMaximum": 5\n}' },
      errors: [
        {
          messageId: "metaSchema",
          line: 1,
          column: 1,
          data: {
            where: "schema root",
            reason: "must have property maximum when property exclusiveMaximum is present",
            dialect: "draft-04",
            keyword: "dependencies",
          },
        },
        { messageId: "metaSchema", line: 3, column: 23, data: { where: "/exclusiveMaximum", reason: "must be boolean", dialect: "draft-04", keyword: "type" } },
      ],
    },
    {
      name: "JSON errors, unsupported dialects, meta-schema errors at the keyword, duplicate $ids",
      files: bad,
      errors: [
        { messageId: "metaSchema", file: "bom-crlf.schema.json", line: 4, column: 11, message: '/type must be array (2020-12 meta-schema, keyword "type")' },
        {
          messageId: "metaSchema",
          line: 4,
          column: 11,
          message: '/type must be one of "array", "boolean", "integer", "null", "number", "object", "string" (2020-12 meta-schema, keyword "enum")',
        },
        { messageId: "metaSchema", line: 5, column: 16, data: { where: "/minLength", reason: "must be >= 0", dialect: "2020-12", keyword: "minimum" } },
        { messageId: "unreadable", file: "broken.schema.json", line: 3, column: 43, message: 'invalid JSON: trailing comma before "}"' },
        {
          messageId: "duplicateId",
          file: "dup.schema.json",
          line: 3,
          column: 10,
          data: { id: "https://example.test/dup.json", first: "bom-crlf.schema.json" },
        },
        {
          messageId: "dialect",
          file: "unknown.schema.json",
          line: 2,
          column: 14,
          message: like(/^unknown \$schema dialect "https:\/\/example\.test\/my-dialect"/),
        },
      ],
    },
    {
      name: "an x-replaced-by naming no canonical member",
      files: { "e.schema.json": draft07({ enum: ["a.b", "a.c"], "x-deprecated": ["a.c"], "x-replaced-by": { "a.c": "a.d" } }) },
      errors: [{ messageId: "replacedByUnknown", data: { member: "a.c", replacedBy: "a.d", vocabulary: "e.schema.json#" } }],
    },
  ],
});

tester.run(unresolvedRef, {
  valid: [
    { name: "the good fixtures (cycles are fine)", files: good },
    {
      name: "a remote $ref outside every namespace the loaded schemas declare: someone else's schema, not judged",
      files: { "a.schema.json": draft07({ $id: "https://example.test/schemas/a.json", allOf: [{ $ref: "https://unpkg.com/other@6/schema.json" }] }) },
      notJudged: [
        { file: "a.schema.json", line: 6, reason: "names a remote schema outside the loaded schemas' $id namespaces; docpact never fetches remote schemas" },
      ],
    },
  ],
  invalid: [
    {
      name: "missing-file and missing-pointer refs, at the $ref; another publisher's remote schema is not judged",
      files: bad,
      errors: [
        { messageId: "unresolved", line: 6, column: 26, message: like(/missing\.schema\.json/) },
        { messageId: "unresolved", line: 7, column: 26, message: like(/\/\$defs\/nope/) },
      ],
      notJudged: [{ line: 5, reason: "names a remote schema outside the loaded schemas' $id namespaces; docpact never fetches remote schemas" }],
    },
    {
      name: "a remote ref in the folder of a loaded schema's own $id that no schema declares is reported",
      files: {
        "a.schema.json": '{\n  "$id": "https://example.test/schemas/a.json",\n  "properties": { "b": { "$ref": "https://example.test/schemas/b.json" } }\n}\n',
      },
      errors: [{ messageId: "unresolved", line: 3, message: like(/https:\/\/example\.test\/schemas\/b\.json/) }],
    },
  ],
});

const instances = {
  ...fixtureFiles("test/fixtures/schemas-instances"),
  "docpact.config.json": { instances: [{ files: ["examples/*.json"], schema: "manifest.schema.json" }] },
};

tester.run(invalidInstance, {
  valid: [
    { name: "no instances configured", files: fixtureFiles("test/fixtures/schemas-instances") },
    {
      name: "a valid instance",
      files: { ...instances, "docpact.config.json": { instances: [{ files: ["examples/good.json"], schema: "manifest.schema.json" }] } },
    },
  ],
  invalid: [
    {
      name: "every violation lands on the offending value with Ajv's message and pointer",
      files: instances,
      errors: [
        { messageId: "violation", file: "examples/bad.json", line: 1, column: 1, message: "/ must have required property 'version' (manifest.schema.json)" },
        { messageId: "violation", line: 2, column: 11, message: '/name must match pattern "^[a-z]+$" (manifest.schema.json)' },
        { messageId: "violation", line: 3, column: 12, message: '/layer must be one of "knowledge", "tasks" (manifest.schema.json)' },
        { messageId: "violation", line: 4, column: 17, data: { pointer: "/tags/1", reason: "must be string", schema: "manifest.schema.json" } },
        { messageId: "violation", line: 5, column: 3, message: '/extra must NOT have additional property "extra" (manifest.schema.json)' },
        { messageId: "unreadable", file: "examples/broken.json", line: 1, column: 16, message: like(/^invalid JSON: unexpected end of input/) },
      ],
    },
    {
      name: "an instance whose schema is not loaded",
      files: { "x.json": "{}", "docpact.config.json": { instances: [{ files: ["x.json"], schema: "nope.schema.json" }] } },
      errors: [
        {
          messageId: "noSchema",
          file: "x.json",
          line: 1,
          column: 1,
          message: "schema nope.schema.json (config `instances`) is not a loaded schema; add it to `schemas`",
        },
      ],
    },
    {
      name: "against a draft-04 schema: boolean exclusiveMaximum, a `#name` anchor ref, a ref to a schema without $schema",
      files: fixtureFiles("test/fixtures/schemas-dialects"),
      errors: [
        { messageId: "violation", file: "examples/d04-bad.json", line: 2, column: 11, message: "/size must be < 10 (schemas/d04.schema.json)" },
        {
          messageId: "violation",
          file: "examples/d04-bad.json",
          line: 3,
          column: 11,
          message: '/kind must be one of "small", "large" (schemas/d04.schema.json)',
        },
        // Through a schema without `$schema` (it takes draft-04 from the schema that reaches it).
        {
          messageId: "violation",
          file: "examples/d04-bad.json",
          line: 4,
          column: 13,
          message: '/digest must match pattern "^sha256:[a-f0-9]{64}$" (schemas/d04.schema.json)',
        },
      ],
    },
    {
      name: "YAML instances (comments and all) against a YAML schema, each violation at its node",
      files: fixtureFiles("test/fixtures/schemas-yaml"),
      errors: [
        {
          messageId: "violation",
          file: "examples/bad.yaml",
          line: 3,
          column: 9,
          endColumn: 19,
          message: '/document/name must match pattern "^[a-z][a-z0-9-]*$" (schema/workflow.yaml)',
        },
        { messageId: "violation", file: "examples/bad.yaml", line: 5, column: 11, message: '/do/0/call must be one of "http", "grpc" (schema/workflow.yaml)' },
        {
          messageId: "violation",
          file: "examples/bad.yaml",
          line: 6,
          column: 5,
          message: '/do/0/retries must NOT have additional property "retries" (schema/workflow.yaml)',
        },
        { messageId: "unreadable", file: "examples/broken.yml", line: 3, column: 1, message: "invalid YAML: All mapping items must start at the same column" },
      ],
    },
    {
      name: "formats are checked",
      files: {
        "f.schema.json": '{"properties": {"when": {"type": "string", "format": "date-time"}}}',
        "i.json": '{"when": "yesterday"}',
        "docpact.config.json": { instances: [{ files: ["i.json"], schema: "f.schema.json" }] },
      },
      errors: [{ messageId: "violation", file: "i.json", line: 1, column: 10, message: '/when must match format "date-time" (f.schema.json)' }],
    },
  ],
});
