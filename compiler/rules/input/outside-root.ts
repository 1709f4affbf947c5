import { defineRule } from "../types.js";

/** An input whose real path (symlinks resolved) leaves the root: refused, by name. */
export default defineRule({
  meta: {
    id: "input/outside-root",
    defaultSeverity: "error",
    description: "An input is a symbolic link (or under one) that leads outside the root; it is not read.",
    explanation:
      "docpact reads and writes only inside the root, with symbolic links resolved, so a link in the project can never make it read " +
      "(or publish into generated docs) a file from elsewhere on the machine. A document, schema, source file or `module:` region source " +
      "whose real path is outside the root is reported and not read. Copy the file into the project, or run docpact with `--root` at a folder that holds both.",
    messages: {
      refused: "{{reason}}",
    },
    examples: {
      // `../` lies outside the example's root.
      bad: { "../secret.md": "# Secret\n", "docs/secret.md": { symlink: "../../secret.md" } },
      good: { "docs/guide.md": "# Guide\n", "docs/alias.md": { symlink: "guide.md" } },
    },
  },
  check(ctx) {
    for (const p of ctx.model.readProblems) if (p.kind === "outside-root") ctx.report({ span: p.span, messageId: "refused", data: { reason: p.message } });
  },
});
