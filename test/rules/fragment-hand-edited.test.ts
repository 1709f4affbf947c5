import { describe, expect, it } from "vitest";
import { contentHash } from "../../compiler/emit/region-content.js";
import rule from "../../compiler/rules/fragment/hand-edited.js";
import { lint } from "./fragment-helpers.js";

const TABLE = "| Rule | Default | Description |\n| - | - | - |\n| `a/one` | error | First. |\n| `b/two` | warning | Second. |\n";
const SHA = contentHash(TABLE);
const doc = (content: string, sha: string | null) => `\uFEFFintro\n\n<!-- docpact:begin rules -->\n${content}<!-- docpact:end${sha ? ` sha=${sha}` : ""} -->`;

describe("fragment/hand-edited", () => {
  describe("valid", () => {
    it("content matching its hash", () => expect(lint(rule, { docs: { "a.md": doc(TABLE, SHA) } })).toEqual([]));
    it("edited content without a hash is simply regenerated", () => expect(lint(rule, { docs: { "a.md": doc("mine\n", null) } })).toEqual([]));
    it("edited content under --force", () => expect(lint(rule, { docs: { "a.md": doc("mine\n", SHA) } }, true)).toEqual([]));
    it("content edited into exactly what build writes", () => expect(lint(rule, { docs: { "a.md": doc(TABLE, "00000000") } })).toEqual([]));
  });

  describe("invalid", () => {
    it("content that no longer matches the recorded hash", () => {
      expect(lint(rule, { docs: { "a.md": doc(TABLE.replace("First.", "First!"), SHA) } })).toEqual([
        {
          rule: "fragment/hand-edited",
          at: "a.md:3:1",
          message: `region rules was edited by hand: its content no longer matches sha=${SHA}; build keeps it (use --force to regenerate)`,
          suggestion: "move the change into the source or a template, then run `docpact build --force`",
        },
      ]);
    });
  });
});
