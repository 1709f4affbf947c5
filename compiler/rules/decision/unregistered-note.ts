import { carriesAttribution, sliceSpan } from "../../model/decisions.js";
import { LineIndex } from "../../util/text.js";
import { defineRule } from "../types.js";

/** A delegation note that no registry row attributes. */
export default defineRule({
  meta: {
    id: "decision/unregistered-note",
    perDocument: { consults: ["decisions"] },
    defaultSeverity: "warning",
    description: "A delegation note is not backed by any row of the decision registry.",
    explanation:
      "When a project keeps a decision registry, every delegation note (\"… is not this document's call\") should correspond to a row that names the note's " +
      "document and an attribution found inside the note; otherwise the note's claim that the CLI decides is unpinned and can drift. A note counts as registered " +
      "when some row with an attribution names its document and that attribution appears within the note's text (whitespace-normalized, as written or as plain text). " +
      "Runs only when config `decisions` is set and the registry could be read.",
    messages: {
      unregistered: 'delegation note "{{subject}}" is not in the decision registry ({{registry}})',
    },
    examples: {
      bad: {
        "docpact.config.json": JSON.stringify({
          code: { include: [] },
          cli: { binaries: ["aw"] },
          decisions: { module: "src/decisions.ts", export: "DECISIONS" },
        }),
        "src/decisions.ts":
          'export const DECISIONS = [\n  { id: "plan.adopt", document: "docs/plan.md", attribution: "decided by the CLI (`aw flow advance`)" },\n] as const;\n',
        "docs/plan.md": "# Plan\n\n> **Which steps run is not this document's call:** they are decided by the CLI (`aw flow advance`).\n",
        "docs/other.md": "# Other\n\n> **Who numbers plans is not this document's call:** `aw next-number` does.\n",
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
      bad: "> **Retry policy is not this document's call:** decided by the CLI (`aw run retry`). — with no registry row for it",
      fix: "Add a registry row whose document is this file and whose attribution is the note's wording.",
    },
  },
  check(ctx) {
    const reg = ctx.model.decisions;
    if (!reg || reg.error) return;
    // Rows by document once (not a scan of every row per document: quadratic at scale), in registry order.
    const byDocument = new Map<string, typeof reg.rows>();
    for (const r of reg.rows) {
      if (r.documentPath === null || r.attributions.length === 0) continue;
      const list = byDocument.get(r.documentPath);
      if (list) list.push(r);
      else byDocument.set(r.documentPath, [r]);
    }
    for (const doc of ctx.model.docs) {
      if (doc.notes.length === 0) continue;
      const rows = byDocument.get(doc.file) ?? [];
      const text = ctx.model.texts.get(doc.file) ?? "";
      const lines = text ? new LineIndex(text) : null;
      for (const note of doc.notes) {
        const slice = lines ? sliceSpan(text, note.span, lines) : note.text;
        const hit = rows.some((r) => r.attributions.some((a) => carriesAttribution(slice, a) || carriesAttribution(note.text, a)));
        if (hit) continue;
        ctx.report({ span: note.headSpan, messageId: "unregistered", data: { subject: note.subject, registry: `${reg.module}#${reg.export}` } });
      }
    }
  },
});
