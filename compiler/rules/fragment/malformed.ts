import { defineRule } from "../types.js";

/** A region that cannot be generated: bad markers, unknown template, bad arguments, unresolvable source, template error. */
export default defineRule({
  meta: {
    id: "fragment/malformed",
    defaultSeverity: "error",
    description: "A region's markers, template, arguments or source are broken, so it cannot be generated.",
    explanation:
      "Build regenerates regions between `<!-- docpact:begin TEMPLATE key=value -->` and `<!-- docpact:end -->`. It cannot when the markers " +
      "are unbalanced or nested, the template is unknown, an argument is missing or not accepted, the `source=` does not resolve (a schema " +
      "pointer that leads nowhere, a code vocabulary that does not exist, a constant that cannot be folded), or the template fails — " +
      "templates run in strict mode, so a misspelt field is an error rather than silently empty text. Such a region is left as it is and reported here.",
    messages: {
      markers: "{{reason}}",
      cannotGenerate: "{{reason}}",
    },
    examples: {
      bad: { "doc.md": "# Doc\n\n<!-- docpact:begin nope -->\n<!-- docpact:end -->\n" },
      good: { "doc.md": "# Doc\n\n<!-- docpact:begin delegations -->\n_No delegation notes._\n<!-- docpact:end sha=3d4e2fe6 -->\n" },
    },
    example: {
      bad: '<!-- docpact:begin vocabulary source="../schemas/event.schema.json#/$defs/nope" -->\n<!-- docpact:end -->',
      fix: "Point `source=` at an existing enum (`#/$defs/eventType`), or fix the template named in the message.",
    },
  },
  check(ctx) {
    for (const doc of ctx.model.docs) {
      for (const p of doc.regionProblems) ctx.report({ span: p.span, messageId: "markers", data: { reason: p.message } });
    }
    for (const f of ctx.plan.facts) {
      if (f.kind === "region-malformed") ctx.report({ span: f.span, messageId: "cannotGenerate", data: { reason: f.detail } });
    }
  },
});
