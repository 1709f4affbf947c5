import { defineRule } from "../types.js";

/** A delegation note that names no CLI invocation points the reader nowhere. */
export default defineRule({
  meta: {
    id: "delegation/no-owner",
    perDocument: { consults: [] },
    defaultSeverity: "error",
    description: "A delegation note names no CLI invocation that owns the decision.",
    explanation:
      'A delegation note (strong text ending in the configured marker, such as "… is not this document\'s call") says that a decision is made elsewhere. ' +
      "Unless it names the owner as a CLI invocation in inline code (`aw flow advance`), neither a reader nor docpact can tell where the decision lives, " +
      "and renaming that command breaks nothing visible. The rule reports every note whose paragraph contains no invocation of one of the CLI's binaries.",
    messages: {
      noOwner: 'delegation note "{{subject}}" names no CLI invocation that owns it',
    },
    examples: {
      bad: { "doc.md": "> **Whether it belongs is not this document's call:** it is judgment.\n" },
      good: {
        "package.json": JSON.stringify({ name: "x", bin: { aw: "cli.js" } }),
        "doc.md": "> **Whether it belongs is not this document's call:** `aw triage` decides.\n",
      },
    },
    example: {
      bad: "> **Which signals count is not this document's call:** the CLI decides.",
      fix: 'Name the owner: "… decided by the CLI (`aw flow advance`)".',
    },
  },
  check(ctx) {
    for (const doc of ctx.model.docs) {
      for (const note of doc.notes) {
        if (note.owners.length > 0) continue;
        ctx.report({
          span: note.headSpan,
          messageId: "noOwner",
          data: { subject: note.subject },
        });
      }
    }
  },
});
