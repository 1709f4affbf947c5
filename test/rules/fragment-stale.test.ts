import { describe, expect, it } from "vitest";
import { contentHash } from "../../compiler/emit/region-content.js";
import rule from "../../compiler/rules/fragment/stale.js";
import { lint } from "./fragment-helpers.js";

const TABLE = "| Rule | Default | Description |\n| - | - | - |\n| `a/one` | error | First. |\n| `b/two` | warning | Second. |\n";
const region = (content: string, end = `<!-- docpact:end sha=${contentHash(content)} -->`) => `# Rules\n\n<!-- docpact:begin rules -->\n${content}${end}\n`;

describe("fragment/stale", () => {
  describe("valid", () => {
    for (const [name, text] of [
      ["a fresh region", region(TABLE)],
      ["a fresh region in a CRLF document", region(TABLE).replace(/\n/g, "\r\n")],
      ["no regions", "# Rules\n"],
    ]) {
      it(name, () => expect(lint(rule, { docs: { "README.md": text } })).toEqual([]));
    }
  });

  describe("invalid", () => {
    it("content that differs from the rendered template, with a short diff", () => {
      const old = TABLE.replace("| `b/two` | warning | Second. |\n", "");
      expect(lint(rule, { docs: { "README.md": region(old) } })).toEqual([
        {
          rule: "fragment/stale",
          at: "README.md:3:1",
          message: "region rules is stale: 1 line differ from what build writes",
          suggestion: "run `docpact build` to regenerate it; the change:\n     | `a/one` | error | First. |\n    +| `b/two` | warning | Second. |",
        },
      ]);
    });

    it("up-to-date content whose end marker lacks the hash", () => {
      expect(lint(rule, { docs: { "README.md": region(TABLE, "<!-- docpact:end -->") } })).toEqual([
        {
          rule: "fragment/stale",
          at: "README.md:3:1",
          message: "region rules is up to date but its end marker has no sha=",
          suggestion: "run `docpact build` to record the hash",
        },
      ]);
    });

    it("a hand-edited region is not also reported stale", () => {
      const edited = region(TABLE).replace("First.", "First, edited.");
      expect(lint(rule, { docs: { "README.md": edited } })).toEqual([]);
    });
  });
});
