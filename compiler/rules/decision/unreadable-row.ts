import { defineRule } from "../types.js";

/**
 * `decision/unreadable-row` (warning): rows whose id, document or attribution
 * the evaluator could not know statically. A warning, not an error, because
 * the code may be right and merely dynamic; the other rows are still checked.
 */
export default defineRule({
  meta: {
    id: "decision/unreadable-row",
    defaultSeverity: "warning",
    description: "A decision registry row cannot be read statically.",
    explanation:
      'docpact reads the decision registry without running the code: constants (also imported), pure helpers (`cmd("status")`), arithmetic, spreads and built-ins ' +
      "evaluate; the clock, the environment, I/O, packages and classes do not. Only the fields docpact uses (id, document, attribution) must be known; when one is not, " +
      "the row cannot be checked, so it is reported once, named by its id (or its position), at the sub-expression the message names, and the other rows are still checked. " +
      "It is a warning because the code itself may be correct; compute the field from constants to have it verified.",
    messages: {
      unreadableRow: 'decision registry row "{{row}}" cannot be read statically: {{reason}}',
    },
    examples: {
      bad: {
        "docpact.config.json": JSON.stringify({
          code: { include: [] },
          cli: { binaries: ["aw"] },
          decisions: { module: "src/decisions.ts", export: "DECISIONS" },
        }),
        "src/decisions.ts": 'export const DECISIONS = [\n  { id: "plan.adopt", document: process.env.PLAN_DOC, attribution: "x" },\n] as const;\n',
        "docs/plan.md": "# Plan\n\n> **Which steps run is not this document's call:** they are decided by the CLI (`aw flow advance`).\n",
      },
      good: {
        "docpact.config.json": JSON.stringify({
          code: { include: [] },
          cli: { binaries: ["aw"] },
          decisions: { module: "src/decisions.ts", export: "DECISIONS" },
        }),
        "src/decisions.ts":
          'export const DECISIONS = [\n  { id: "plan.adopt", document: "docs/plan.md", attribution: "decided by the CLI (`aw flow advance`)" },\n] as const;\n',
        "docs/plan.md": "# Plan\n\n> **Which steps run is not this document's call:** they are decided by the CLI (`aw flow advance`).\n",
      },
    },
    example: {
      bad: '{ id: "plan.adopt", document: process.env.PLAN_DOC, attribution: "…" }',
      fix: "Write the document path as a string literal, a `const` or a call of a pure helper.",
    },
  },
  check(ctx) {
    const reg = ctx.model.decisions;
    if (!reg) return;
    for (const u of reg.unreadable) {
      ctx.report({ span: u.span, messageId: "unreadableRow", data: { row: u.name, reason: u.message } });
    }
  },
});
