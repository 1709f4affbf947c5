import { shortDiff } from "../../util/diff.js";
import { defineRule } from "../types.js";

/** A region whose text differs from what `docpact build` would write there. */
export default defineRule({
  meta: {
    id: "fragment/stale",
    defaultSeverity: "error",
    description: "A generated region differs from what its template renders from the contract now.",
    explanation:
      "A region (`<!-- docpact:begin TEMPLATE … -->` … `<!-- docpact:end -->`) is generated from the contract: a schema, a code vocabulary, " +
      "the command surface, the delegation notes. When the source changes and nobody rebuilt, the document shows the old enum values or flags. " +
      "The rule renders every region the way `docpact build` would and reports, at the begin marker, each one whose bytes differ — its content, " +
      "or only the `sha=` build records in the end marker — with a short diff. `docpact build` rewrites it.",
    messages: {
      noSha: "region {{template}} is up to date but its end marker has no sha=",
      wrongSha: "region {{template}} is up to date but its end marker records sha={{sha}}, not the content's hash",
      stale: "region {{template}} is stale: {{changed}} {{lines}} differ from what build writes",
    },
    examples: {
      bad: { "doc.md": "# Doc\n\n<!-- docpact:begin delegations -->\n<!-- docpact:end -->\n" },
      good: { "doc.md": "# Doc\n\n<!-- docpact:begin delegations -->\n_No delegation notes._\n<!-- docpact:end sha=3d4e2fe6 -->\n" },
    },
    example: {
      bad: '<!-- docpact:begin vocabulary source="../schemas/event.schema.json#/$defs/type" -->\n- `run.started`\n<!-- docpact:end sha=1a2b3c4d -->',
      fix: "Run `docpact build` to regenerate the region from the schema.",
    },
  },
  check(ctx) {
    for (const r of ctx.plan.regions) {
      if (r.status !== "stale" || r.expected === null) continue;
      if (r.current === r.expected) {
        ctx.report({
          span: r.span,
          ...(r.sha === null
            ? { messageId: "noSha" as const, data: { template: r.template } }
            : { messageId: "wrongSha" as const, data: { template: r.template, sha: r.sha } }),
          note: "run `docpact build` to record the hash",
        });
        continue;
      }
      const diff = shortDiff(r.current, r.expected);
      const changed = diff.filter((l) => l.startsWith("-") || l.startsWith("+")).length;
      ctx.report({
        span: r.span,
        messageId: "stale",
        data: { template: r.template, changed, lines: changed === 1 ? "line" : "lines" },
        note: ["run `docpact build` to regenerate it; the change:", ...diff.map((l) => `    ${l}`)].join("\n"),
      });
    }
  },
});
