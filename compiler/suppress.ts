/**
 * Suppressions: `<!-- docpact-disable-next-line RULE -->`, `<!-- docpact-disable-line RULE -->`,
 * `<!-- docpact-disable RULE -->` … `<!-- docpact-enable RULE -->` in Markdown (no rule = every
 * rule; `-- reason` after the rules is a reason, as in ESLint). Applied
 * after the rules ran, to the diagnostics of the same document; a suppression
 * that suppresses nothing becomes a `suppression/unused` warning so they do
 * not rot.
 *
 * Decisions:
 * - `next-line` covers diagnostics that start on the line after the comment ends; `disable-line`
 *   those that start on a line the comment is on.
 * - `disable` lasts until an `enable` naming the rule (or naming none) or the end
 *   of the document; `enable RULE` inside a blanket `disable` re-enables RULE only.
 * - A suppression naming a rule that is `off` in the config, or that this run
 *   skipped (build skips the staleness rules it resolves), is never reported
 *   unused: it may be needed the day the rule is turned back on. A blanket
 *   suppression is not reported when the run skipped rules, for the same reason.
 * - A suppression naming a rule docpact does not have is reported (a typo
 *   would otherwise silently suppress nothing).
 * - `suppression/unused` findings cannot themselves be suppressed.
 */
import { cmp, compareDiagnostics, type Diagnostic, type SeveritySetting } from "./model/diagnostic.js";
import type { MarkdownDoc, Suppression } from "./model/types.js";
import { rules as allRules } from "./rules/index.js";
import unusedSuppression, { UNUSED_SUPPRESSION } from "./rules/suppression/unused.js";
import { toDiagnostic } from "./rules/message.js";
import { closest } from "./util/edit-distance.js";

export interface SuppressOptions {
  /** Config `rules` (rule id → severity or off). */
  settings: Partial<Record<string, SeveritySetting>>;
  /** Rules this run did not run. */
  skip: readonly string[];
  /** Every known rule id; default the catalogue. */
  known?: string[];
}

/** Returns the diagnostics that survive, plus one `suppression/unused` per unused suppression, sorted. */
export function applySuppressions(diagnostics: Diagnostic[], docs: MarkdownDoc[], opts: SuppressOptions): Diagnostic[] {
  const byFile = new Map<string, Suppression[]>();
  for (const doc of docs) if (doc.suppressions.length > 0) byFile.set(doc.file, sortByPosition(doc.suppressions));
  if (byFile.size === 0) return diagnostics;

  /** Per suppression: the rules (or "*") it actually suppressed. */
  const used = new Map<Suppression, Set<string>>();
  const kept: Diagnostic[] = [];
  for (const d of diagnostics) {
    const list = d.rule === UNUSED_SUPPRESSION ? undefined : byFile.get(d.file);
    const by = list ? suppressor(list, d) : null;
    if (!by) {
      kept.push(d);
      continue;
    }
    const set = used.get(by) ?? new Set<string>();
    set.add(by.rules.length === 0 ? "*" : d.rule);
    used.set(by, set);
  }

  const severity = opts.settings[UNUSED_SUPPRESSION] ?? "warning";
  if (severity !== "off") {
    const known = opts.known ?? allRules.map((r) => r.meta.id);
    const inactive = (rule: string) => opts.settings[rule] === "off" || opts.skip.includes(rule);
    for (const [, list] of [...byFile].sort((a, b) => cmp(a[0], b[0]))) {
      for (const s of list) {
        if (s.kind === "enable") continue;
        const hit = used.get(s);
        const what = s.kind === "next-line" ? "disable-next-line" : s.kind === "line" ? "disable-line" : "disable";
        if (s.rules.length === 0) {
          if (hit || opts.skip.length > 0) continue;
          kept.push(toDiagnostic(unusedSuppression.meta, severity, { messageId: "blanket", data: { what }, span: s.span }));
          continue;
        }
        for (const rule of s.rules) {
          if (hit?.has(rule)) continue;
          if (!known.includes(rule)) {
            const near = closest(rule, known);
            const hint = near ? { suggestions: [near], note: `did you mean "${near}"?` } : {};
            kept.push(toDiagnostic(unusedSuppression.meta, severity, { messageId: "unknownRule", data: { what, rule }, span: s.span, ...hint }));
            continue;
          }
          if (inactive(rule)) continue;
          kept.push(toDiagnostic(unusedSuppression.meta, severity, { messageId: "rule", data: { what, rule }, span: s.span }));
        }
      }
    }
  }
  return kept.sort(compareDiagnostics);
}

function sortByPosition(list: Suppression[]): Suppression[] {
  return [...list].sort((a, b) => a.span.line - b.span.line || a.span.column - b.span.column);
}

const before = (s: Suppression, d: Diagnostic) => s.span.endLine < d.line || (s.span.endLine === d.line && s.span.endColumn <= d.column);

/** The suppression that silences `d`, if any: a next-line comment first, then the disable state at `d`. */
function suppressor(list: Suppression[], d: Diagnostic): Suppression | null {
  const names = (s: Suppression) => s.rules.length === 0 || s.rules.includes(d.rule);
  for (const s of list) {
    if (s.kind === "next-line" && s.span.endLine + 1 === d.line && names(s)) return s;
    if (s.kind === "line" && s.span.line <= d.line && d.line <= s.span.endLine && names(s)) return s;
  }
  let all: Suppression | null = null;
  const byRule = new Map<string, Suppression>();
  const reEnabled = new Set<string>();
  for (const s of list) {
    if (!before(s, d)) break;
    if (s.kind === "disable") {
      if (s.rules.length === 0) {
        all = s;
        reEnabled.clear();
      } else {
        for (const r of s.rules) {
          byRule.set(r, s);
          reEnabled.delete(r);
        }
      }
    } else if (s.kind === "enable") {
      if (s.rules.length === 0) {
        all = null;
        byRule.clear();
        reEnabled.clear();
      } else {
        for (const r of s.rules) {
          byRule.delete(r);
          if (all) reEnabled.add(r);
        }
      }
    }
  }
  return byRule.get(d.rule) ?? (all && !reEnabled.has(d.rule) ? all : null);
}
