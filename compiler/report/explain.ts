/** The text of `docpact explain RULE`, shared with the SARIF reporter's rule help. */
import type { RuleMeta } from "../rules/types.js";

export function explainText(m: RuleMeta): string {
  let out = `${m.id} (default: ${m.defaultSeverity}${m.fixable ? ", fixable with build --fix" : ""})\n\n${m.description}\n\n${m.explanation}\n`;
  if (m.example) out += `\nExample:\n${indent(m.example.bad)}\nFix: ${m.example.fix}\n`;
  return out;
}

function indent(s: string): string {
  return s
    .split("\n")
    .map((l) => `    ${l}`)
    .join("\n");
}
