import { carriesAttribution, type DecisionRow } from "../../model/decisions.js";
import { unoptimized } from "../../util/optimizations.js";
import { defineRule } from "../types.js";
import { weakMemo } from "../../util/memo.js";

/** A registry row whose attribution text no longer appears in its document. */
export default defineRule({
  meta: {
    id: "decision/missing-attribution",
    defaultSeverity: "error",
    description: "A decision's attribution text does not appear in its document.",
    explanation:
      "Each row of the decision registry carries the words its document must say to attribute the decision to the CLI. When someone edits the document " +
      "and drops or rewrites those words, the document no longer says who decides; teams used to pin such strings in hand-written tests. The text is compared " +
      "whitespace-normalized (wrapped lines and blockquote `>` prefixes do not matter), either as written (backticks and emphasis included) or as plain text " +
      "with inline markup removed on both sides. Reported at the row, with the document as a related location.",
    messages: {
      missingAttribution: 'decision "{{decision}}": {{document}} does not carry its attribution "{{attribution}}"',
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
        "docs/plan.md": "# Plan\n\nThe steps below are ours to choose.\n",
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
      bad: 'attribution: "decided by the CLI (`aw flow advance`)" while the document now says "decided by the tool"',
      fix: "Restore the attribution in the document, or update the row when the wording changed on purpose.",
    },
  },
  check(ctx) {
    const reg = ctx.model.decisions;
    if (!reg) return;
    for (const row of reg.rows) {
      if (row.documentPath === null) continue;
      const text = reg.documents[row.documentPath];
      if (text === undefined) continue; // decision/missing-document
      for (const attribution of missingIn(row, text)) {
        ctx.report({
          span: row.span,
          messageId: "missingAttribution",
          data: { decision: row.id, document: row.documentPath, attribution: shorten(attribution) },
          related: [{ file: row.documentPath, line: 1, column: 1, message: "document that should carry the attribution" }],
        });
      }
    }
  },
});

/**
 * The row's attributions its document's text does not carry: a function of the row and the text,
 * kept per row object while the text is the same string (a watch re-check links the same rows
 * and texts: matching thousands of rows again was this rule's whole time).
 */
const verdicts = weakMemo<DecisionRow, { text: string; missing: string[] }>("rules/decision/missing-attribution#verdicts");
function missingIn(row: DecisionRow, text: string): string[] {
  const hit = unoptimized() ? undefined : verdicts.get(row);
  if (hit !== undefined && hit.text === text) return hit.missing;
  const missing = row.attributions.filter((a) => !carriesAttribution(text, a));
  verdicts.set(row, { text, missing });
  return missing;
}

function shorten(s: string): string {
  const one = s.replace(/\s+/g, " ").trim();
  return one.length > 80 ? `${one.slice(0, 77)}…` : one;
}
