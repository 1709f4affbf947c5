import { defineRule } from "../types.js";

/** A generated region edited by hand: build will not overwrite it without --force. */
export default defineRule({
  meta: {
    id: "fragment/hand-edited",
    defaultSeverity: "error",
    description: "Generated text inside a region was edited by hand; build refuses to overwrite it without --force.",
    explanation:
      "Build records a short hash of each region's generated content in its end marker (`<!-- docpact:end sha=1a2b3c4d -->`). " +
      "When the content no longer matches that hash, someone changed generated text by hand, and regenerating would silently throw the edit away. " +
      "Build leaves such a region alone and reports it; move the change into the source (schema, code) or a template, then run " +
      "`docpact build --force`, or delete the `sha=` to let build regenerate the region. A region without a hash is simply regenerated.",
    messages: {
      handEdited: "region {{template}} was edited by hand: its content no longer matches sha={{sha}}; build keeps it (use --force to regenerate)",
    },
    examples: {
      bad: { "doc.md": "# Doc\n\n<!-- docpact:begin delegations -->\n_No delegation notes, edited._\n<!-- docpact:end sha=3d4e2fe6 -->\n" },
      good: { "doc.md": "# Doc\n\n<!-- docpact:begin delegations -->\n_No delegation notes._\n<!-- docpact:end sha=3d4e2fe6 -->\n" },
    },
    example: {
      bad: "<!-- docpact:begin commands -->\n| Command | … |\n| `aw run` (edited) | … |\n<!-- docpact:end sha=1a2b3c4d -->",
      fix: "Make the change in the code or template, then run `docpact build --force`.",
    },
  },
  check(ctx) {
    for (const f of ctx.plan.facts) {
      if (f.kind === "region-hand-edited") {
        ctx.report({
          span: f.span,
          messageId: "handEdited",
          data: { template: f.template, sha: f.sha },
          note: "move the change into the source or a template, then run `docpact build --force`",
        });
      }
    }
  },
});
