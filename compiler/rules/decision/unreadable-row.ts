import { defineRule } from "../types.js";

/**
 * `decision/unreadable-row` (warning): rows the constant folder could not fold.
 * A warning, not an error, because the code may be right and merely dynamic
 * (a computed field); the other rows are still checked.
 */
export default defineRule({
  meta: {
    id: "decision/unreadable-row",
    defaultSeverity: "warning",
    description: "A decision registry row cannot be read statically.",
    explanation:
      "docpact reads the decision registry without running the code: literals, `as const` objects and constants (also imported from other modules) fold; a field " +
      "computed by a call or read from a `let` does not. Such a row cannot be checked, so it is reported once, named by its id (or its position), and the other rows are " +
      "still checked. It is a warning because the code itself may be correct; make the row's fields constants to have it verified.",
    messages: {
      unreadableRow: 'decision registry row "{{row}}" cannot be read statically: {{reason}}',
    },
    examples: {
      bad: { "docpact.config.json": JSON.stringify({ code: { include: [] }, cli: { binaries: ["aw"] }, decisions: { module: "src/decisions.ts", export: "DECISIONS" } }), "src/decisions.ts": "function docFor(n: string): string {\n  return `docs/${n}.md`;\n}\nexport const DECISIONS = [\n  { id: \"plan.adopt\", document: docFor(\"plan\"), attribution: \"x\" },\n] as const;\n", "docs/plan.md": "# Plan\n\n> **Which steps run is not this document's call:** they are decided by the CLI (`aw flow advance`).\n" },
      good: { "docpact.config.json": JSON.stringify({ code: { include: [] }, cli: { binaries: ["aw"] }, decisions: { module: "src/decisions.ts", export: "DECISIONS" } }), "src/decisions.ts": "export const DECISIONS = [\n  { id: \"plan.adopt\", document: \"docs/plan.md\", attribution: \"decided by the CLI (`aw flow advance`)\" },\n] as const;\n", "docs/plan.md": "# Plan\n\n> **Which steps run is not this document's call:** they are decided by the CLI (`aw flow advance`).\n" },
    },
    example: { bad: "{ id: \"plan.adopt\", document: docFor(\"plan\"), attribution: \"…\" }", fix: "Write the document path as a string literal or a `const`." },
  },
  check(ctx) {
    const reg = ctx.model.decisions;
    if (!reg) return;
    for (const u of reg.unreadable) {
      ctx.report({ span: u.span, messageId: "unreadableRow", data: { row: u.name, reason: u.message } });
    }
  },
});
