import { regionSha } from "../../compiler/emit/region-content.js";
import rule from "../../compiler/rules/fragment/hand-edited.js";
import { tester } from "../helpers/rule-tester.js";

const CONTENT = "_No delegation notes._\n";
const SHA = regionSha(CONTENT);
const doc = (content: string, sha: string | null) => ({
  "a.md": `\uFEFFintro\n\n<!-- docpact:begin delegations -->\n${content}<!-- docpact:end${sha ? ` sha=${sha}` : ""} -->`,
});

tester.run(rule, {
  valid: [
    { name: "content matching its hash", files: doc(CONTENT, SHA) },
    { name: "edited content without a hash is simply regenerated", files: doc("mine\n", null) },
    { name: "edited content under --force", files: doc("mine\n", SHA), force: true },
    { name: "content edited into exactly what build writes", files: doc(CONTENT, "00000000") },
  ],
  invalid: [
    {
      name: "content that no longer matches the recorded hash, in a BOM document",
      files: doc("_No notes, edited._\n", SHA),
      errors: [
        {
          messageId: "handEdited",
          data: { template: "delegations", sha: SHA },
          message: `region delegations was edited by hand: its content no longer matches sha=${SHA}; build keeps it (use --force to regenerate)`,
          file: "a.md",
          line: 3,
          column: 1,
          note: "move the change into the source or a template, then run `docpact build --force`",
          suggestion: "move the change into the source or a template, then run `docpact build --force`",
        },
      ],
    },
  ],
});
