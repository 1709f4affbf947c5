import { defineRule } from "../types.js";

/** A symbolic link inside the root, a FIFO, socket or device matched by an input glob: said, not skipped silently. */
export default defineRule({
  meta: {
    id: "input/special-file",
    defaultSeverity: "warning",
    description: "An input glob matched something that is not a regular file (a symbolic link, FIFO, socket or device); it is not read.",
    explanation:
      "docpact reads regular files only: it never follows a symbolic link (the file a link points at is read under its own path when a glob matches it) " +
      "and never opens a FIFO or device, which could block the run forever. Whatever a glob matched and docpact did not read is reported, " +
      "so a check never passes by quietly checking less than it was asked to.",
    messages: {
      refused: "{{reason}}",
    },
    examples: {
      bad: { "docs/guide.md": "# Guide\n", "docs/pipe.md": { fifo: true } },
      good: { "docs/guide.md": "# Guide\n" },
    },
  },
  check(ctx) {
    for (const p of ctx.model.readProblems) if (p.kind === "special-file") ctx.report({ span: p.span, messageId: "refused", data: { reason: p.message } });
  },
});
