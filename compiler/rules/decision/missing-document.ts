import { defineRule } from "../types.js";

/** A registry row whose document does not exist under `documentRoot`. */
export default defineRule({
  meta: {
    id: "decision/missing-document",
    defaultSeverity: "error",
    description: "A decision registry row names a document that does not exist.",
    explanation:
      "The decision registry (config `decisions`) lists decisions the CLI owns, each with the document that states it. When that document is moved, renamed " +
      "or deleted, the registry points at nothing and the attribution can no longer be verified. The row's document is resolved under `documentRoot`; " +
      "a path that does not exist (or leaves the root) is reported at the row. Rows without a document field are not checked.",
    messages: {
      outsideRoot: 'decision "{{decision}}": document {{document}} leaves the project root',
      missing: 'decision "{{decision}}": document {{document}} does not exist ({{path}})',
    },
    examples: {
      bad: {
        "docpact.config.json": JSON.stringify({
          code: { include: [] },
          cli: { binaries: ["aw"] },
          decisions: { module: "src/decisions.ts", export: "DECISIONS" },
        }),
        "src/decisions.ts":
          'export const DECISIONS = [\n  { id: "plan.adopt", document: "docs/gone.md", attribution: "decided by the CLI (`aw flow advance`)" },\n] as const;\n',
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
      bad: '{ id: "plan.adopt", document: "skills/w/modules/PLAN-INTAKE.md", … } after the file moved',
      fix: "Update the row's document to the file's new path.",
    },
  },
  check(ctx) {
    const reg = ctx.model.decisions;
    if (!reg) return;
    for (const row of reg.rows) {
      if (row.document === null) continue;
      if (row.documentPath !== null && row.documentPath in reg.documents) continue;
      if (row.documentPath === null) ctx.report({ span: row.span, messageId: "outsideRoot", data: { decision: row.id, document: row.document } });
      else ctx.report({ span: row.span, messageId: "missing", data: { decision: row.id, document: row.document, path: row.documentPath } });
    }
  },
});
