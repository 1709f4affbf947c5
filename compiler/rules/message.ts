/**
 * The one route from a rule's report to a diagnostic: the message comes from
 * the rule's `meta.messages` with its placeholders filled, the fixed field
 * `suggestion` keeps its meaning (one string: a replacement value or a hint),
 * and the additive `suggestions`, `note` and `url` are set beside it.
 */
import type { Diagnostic, Severity } from "../model/diagnostic.js";
import type { MessageData, RuleMeta, RuleReport } from "./types.js";

/** `{{name}}` → `data.name`. A placeholder without data is a bug in the rule, so it throws. */
export function formatMessage(template: string, data: MessageData = {}, where = "message"): string {
  return template.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (_m, name: string) => {
    if (!(name in data)) throw new Error(`${where}: no data for {{${name}}}`);
    return String(data[name]);
  });
}

export function toDiagnostic(meta: RuleMeta, severity: Severity, r: RuleReport): Diagnostic {
  // A report may lower its severity to a warning, never raise it.
  const d: Diagnostic = { rule: meta.id, severity: r.severity === "warning" ? "warning" : severity, message: "", ...r.span };
  const template = meta.messages?.[r.messageId];
  if (template === undefined) throw new Error(`rule ${meta.id} reported unknown message id "${r.messageId}"`);
  d.message = formatMessage(template, r.data, `rule ${meta.id}, message ${r.messageId}`);
  if (r.evidence) d.message += `; ${r.evidence}`;
  d.messageId = r.messageId;
  if (r.data !== undefined) d.data = r.data;
  // `suggestion` (the JSON report's first field for it): the note, else the first suggestion.
  const first = r.note ?? r.suggestions?.[0];
  if (first !== undefined) d.suggestion = first;
  if (r.suggestions?.length) d.suggestions = r.suggestions;
  if (r.note !== undefined) d.note = r.note;
  if (meta.url !== undefined) d.url = meta.url;
  if (r.related?.length) d.related = r.related;
  if (r.fix) d.fix = r.fix;
  return d;
}
