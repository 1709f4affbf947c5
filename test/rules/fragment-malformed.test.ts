import rule from "../../compiler/rules/fragment/malformed.js";
import { tester } from "../helpers/rule-tester.js";

const doc = (text: string) => ({ "docs/a.md": text });
const FRESH = "<!-- docpact:begin delegations -->\n_No delegation notes._\n<!-- docpact:end sha=3d4e2fe6 -->\n";

tester.run(rule, {
  valid: [
    { name: "a well-formed region", files: doc(FRESH) },
    { name: "markers shown in code are not markers", files: doc("```md\n<!-- docpact:begin nope -->\n```\n\n`<!-- docpact:end -->`\n") },
  ],
  invalid: [
    {
      name: "a begin without an end",
      files: doc("<!-- docpact:begin rules -->\ntext\n"),
      errors: [{ messageId: "markers", message: "docpact:begin rules without a matching docpact:end", line: 1, column: 1 }],
    },
    {
      name: "an end without a begin",
      files: doc("text\n\n<!-- docpact:end -->\n"),
      errors: [{ messageId: "markers", message: "docpact:end without a matching docpact:begin", line: 3, column: 1 }],
    },
    {
      name: "nested markers",
      files: doc("<!-- docpact:begin rules -->\n<!-- docpact:begin commands -->\n<!-- docpact:end -->\n<!-- docpact:end -->\n"),
      errors: [{ messageId: "markers", message: "nested docpact:begin: the region opened at line 1 is not closed yet", line: 2 }],
    },
    {
      name: "an unknown template",
      files: doc("<!-- docpact:begin nope -->\n<!-- docpact:end -->\n"),
      errors: [
        {
          messageId: "cannotGenerate",
          data: { reason: "unknown template 'nope' (known: commands, delegations, rules, schema-table, sites, vocabulary)" },
          line: 1,
        },
      ],
    },
    {
      name: "an argument the template does not take",
      files: doc("<!-- docpact:begin rules colour=red -->\n<!-- docpact:end -->\n"),
      errors: [{ messageId: "cannotGenerate", message: "template rules has no argument 'colour' (its arguments: prefix)" }],
    },
    {
      name: "a source that is not one of the project's schemas",
      files: doc('<!-- docpact:begin vocabulary source="../x.schema.json#/a" -->\n<!-- docpact:end -->\n'),
      errors: [{ messageId: "cannotGenerate", message: "source '../x.schema.json#/a': x.schema.json is not one of the project's schemas (config `schemas`)" }],
    },
    {
      name: "an unterminated quoted argument",
      files: doc('<!-- docpact:begin rules prefix="a -->\n<!-- docpact:end -->\n'),
      errors: [{ messageId: "markers", message: "docpact:begin: unterminated quoted value for 'prefix'" }],
    },
  ],
});
