import rule from "../../compiler/rules/vocabulary/retired-term.js";
import { tester } from "../helpers/rule-tester.js";
import { vocabProject } from "./vocabulary-project.js";

const SCHEMA = "schemas/error.schema.json";
const VOCAB = `${SCHEMA}#/properties/error`;
const schemas = { [SCHEMA]: '{"properties": {"error": {"enum": ["not_found", "capability_not_provided", "validation_error"]}}}' };
const config = { vocabularies: [{ schema: VOCAB, retired: ["unsupported_modality"] }] };
const project = (md: string, more: Record<string, string> = {}) => vocabProject({ docs: { "a.md": md }, schemas: { ...schemas, ...more }, config });

tester.run(rule, {
  valid: [
    { name: "members and other names", files: project("Answer `capability_not_provided` or `not_found`; `unsupported` is a word.\n") },
    { name: "a sentence about the removal", files: project("`unsupported_modality` was removed in 2.44.6; hosts answer `capability_not_provided`.\n") },
    { name: "a note that it is no longer used", files: project("Hosts no longer send `unsupported_modality`.\n") },
    { name: "fenced code is not prose", files: project("```\nunsupported_modality\n```\n") },
    {
      name: "a retired name that is still a member of another vocabulary",
      files: project("Rejected with `unsupported_modality`.\n", {
        "schemas/legacy.schema.json": '{"enum": ["unsupported_modality", "other_code", "third_code"]}',
      }),
    },
  ],
  invalid: [
    {
      name: "a retired name in prose and in a schema description: an error without a fix, pointing at the declaration",
      files: project("A part of another type MUST be rejected with `unsupported_modality`.\n", {
        "schemas/caps.schema.json": '{"description": "A part of another type MUST be rejected with `unsupported_modality`."}',
      }),
      errors: [
        {
          messageId: "retired",
          data: { term: "unsupported_modality", vocabulary: VOCAB },
          file: "a.md",
          line: 1,
          column: 46,
          severity: "error",
          suggestion: undefined,
          related: [{ file: "docpact.config.json", line: 1, column: 1, message: `declared retired for ${VOCAB}` }],
        },
        { messageId: "retired", file: "schemas/caps.schema.json", line: 1, column: 64, suggestion: undefined },
      ],
    },
  ],
});
