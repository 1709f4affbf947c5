import { describe, expect, it } from "vitest";
import rule from "../../compiler/rules/vocabulary/retired-term.js";
import type { VocabularyDeclaration } from "../../compiler/model/types.js";
import { modelOf, run } from "./vocabulary-model.js";

const SCHEMA = "schemas/error.schema.json";
const schemas = { [SCHEMA]: '{"properties": {"error": {"enum": ["not_found", "capability_not_provided", "validation_error"]}}}' };
const span = { file: "spec/error-codes.yaml", line: 3, column: 3, endLine: 3, endColumn: 23 };
const declarations: VocabularyDeclaration[] = [{ schema: `${SCHEMA}#/properties/error`, aliases: [], retired: [{ value: "unsupported_modality", span }] }];
const check = (md: string, extra: { schemas?: Record<string, string> } = {}) =>
  run(rule, modelOf({ docs: { "a.md": md }, schemas: { ...schemas, ...extra.schemas }, declarations }));

describe("vocabulary/retired-term — valid", () => {
  it.each([
    ["members and other names", "Answer `capability_not_provided` or `not_found`; `unsupported` is a word."],
    ["a sentence about the removal", "`unsupported_modality` was removed in 2.44.6; hosts answer `capability_not_provided`."],
    ["a note that it is no longer used", "Hosts no longer send `unsupported_modality`."],
    ["fenced code is not prose", "```\nunsupported_modality\n```\n"],
  ])("%s", (_name, md) => {
    expect(check(md)).toEqual([]);
  });

  it("a retired name that is still a member of another vocabulary is not reported", () => {
    const other = { "schemas/legacy.schema.json": '{"enum": ["unsupported_modality", "other_code", "third_code"]}' };
    expect(check("Rejected with `unsupported_modality`.", { schemas: other })).toEqual([]);
  });
});

describe("vocabulary/retired-term — invalid", () => {
  it("a retired name in prose and in a schema description: an error without a fix, pointing at the declaration", () => {
    const described = { "schemas/caps.schema.json": '{"description": "A part of another type MUST be rejected with `unsupported_modality`."}' };
    const d = check("A part of another type MUST be rejected with `unsupported_modality`.\n", { schemas: described });
    expect(d.map((x) => [x.file, x.line, x.column, x.severity])).toEqual([
      ["a.md", 1, 46, "error"],
      ["schemas/caps.schema.json", 1, 64, "error"],
    ]);
    expect(d[0].message).toBe(`\`unsupported_modality\` was retired from ${SCHEMA}#/properties/error and has no replacement`);
    expect(d[0].related).toEqual([{ file: "spec/error-codes.yaml", line: 3, column: 3, message: `declared retired for ${SCHEMA}#/properties/error` }]);
    expect(d.every((x) => x.fix === undefined && x.suggestion === undefined)).toBe(true);
  });
});
