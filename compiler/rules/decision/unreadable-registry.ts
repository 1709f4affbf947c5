import { defineRule } from "../types.js";

/**
 * `decision/unreadable-registry`: the configured registry itself cannot be
 * read (module or export missing, not an array literal). An error: the
 * config asks for checks that would otherwise silently not run.
 */
export default defineRule({
  meta: {
    id: "decision/unreadable-registry",
    defaultSeverity: "error",
    description: "The configured decision registry cannot be read.",
    explanation:
      "Config `decisions` names a module and an exported array. When the module does not exist, has no such export, or the export is not an array literal " +
      "that docpact can read statically, none of the decision checks can run; docpact says so instead of passing silently.",
    messages: {
      unreadable: "{{reason}}",
    },
    examples: {
      bad: {
        "docpact.config.json": JSON.stringify({
          code: { include: [] },
          cli: { binaries: ["aw"] },
          decisions: { module: "src/decisions.ts", export: "DECISIONS" },
        }),
        "src/decisions.ts": "export const OTHER = [];\n",
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
      bad: '"decisions": { "module": "src/decisions.ts", "export": "DECISIONS" } with no such export',
      fix: "Point the config at the exported array (or export it).",
    },
  },
  check(ctx) {
    const err = ctx.model.decisions?.error;
    if (err) ctx.report({ span: err.span, messageId: "unreadable", data: { reason: err.message } });
  },
});
