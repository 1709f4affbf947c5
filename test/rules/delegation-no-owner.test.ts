import rule from "../../compiler/rules/delegation/no-owner.js";
import { tester } from "../helpers/rule-tester.js";

const pkg = { name: "x", bin: { aw: "x.js" } };

tester.run(rule, {
  valid: [
    {
      name: "a note naming its owner",
      files: { "package.json": pkg, "doc.md": "> **Which facts count is not this document's call:** decided by the CLI (`aw flow advance`).\n" },
    },
    {
      name: "a note naming two",
      files: { "package.json": pkg, "doc.md": "> **Which line is not this document's call:** `aw session-create` opens, `aw resume` continues.\n" },
    },
    { name: "prose that is no note", files: { "package.json": pkg, "doc.md": "This is not this document's call, says nobody in strong text.\n" } },
    {
      name: "off in the config",
      files: {
        "package.json": pkg,
        "docpact.config.json": { rules: { "delegation/no-owner": "off" } },
        "doc.md": "> **X is not this document's call:** judgment.\n",
      },
    },
  ],
  invalid: [
    {
      name: "a note with no invocation, at the note's opening strong text",
      files: { "package.json": pkg, "doc.md": "# T\n\n> **Whether it belongs is not this document's call:** it is judgment.\n" },
      errors: [
        {
          messageId: "noOwner",
          data: { subject: "Whether it belongs" },
          file: "doc.md",
          line: 3,
          column: 3,
          endLine: 3,
          endColumn: 3 + "**Whether it belongs is not this document's call:**".length,
          severity: "error",
        },
      ],
    },
    {
      name: "inline code that is not an invocation does not count as an owner",
      files: { "package.json": pkg, "doc.md": "> **The order is not this document's call:** see `docs/plans/x.md` and `git commit`.\n" },
      errors: [{ messageId: "noOwner", data: { subject: "The order" } }],
    },
    {
      name: "severity follows the config",
      files: {
        "package.json": pkg,
        "docpact.config.json": { rules: { "delegation/no-owner": "warning" } },
        "doc.md": "> **X is not this document's call:** judgment.\n",
      },
      errors: [{ messageId: "noOwner", severity: "warning" }],
    },
  ],
});
