import { defineRule } from "../types.js";

/** Files that matched a glob but could not be read (permissions, not UTF-8 text). */
export default defineRule({
  meta: {
    id: "input/unreadable",
    defaultSeverity: "error",
    description: "An input file could not be read.",
    explanation:
      "A document, schema or source file matched the configuration but could not be read (a permission error, a folder where a file was expected, a broken symbolic link, or bytes that are not UTF-8 text), or a folder under the root could not be listed. " +
      "docpact reports it instead of silently checking less than it was asked to.",
  },
  check(ctx) {
    // Refused inputs (a kind set) have rules of their own.
    for (const p of ctx.model.readProblems) if (p.kind === undefined) ctx.report({ span: p.span, message: p.message });
  },
});
