/**
 * The rule runner: runs each rule at its configured severity over the model (per-document and
 * whole-model rules through their memo, compiler/rules/incremental.ts), words the reports as
 * diagnostics, collects what was not judged and what the findings' evidence asks of git, and
 * reruns the asking rules once that evidence is read (withEvidence). compiler/pipeline.ts wires it.
 */
import type { EmitPlan } from "../emit/plan.js";
import { cmp, compareDiagnostics, type Diagnostic, type NotJudged, type SeveritySetting, type Span } from "../model/diagnostic.js";
import type { ContractModel } from "../model/contract-model.js";
import { toDiagnostic } from "./message.js";
import type { readContentHistoryOf } from "../git/content-history.js";
import { askedPaths, type GitHistory, type HistoryAsk } from "../model/history.js";
import type { MentionMark, Rule, RuleReport } from "./types.js";
import { guardedView } from "./consult-guard.js";
import { runPerDocument, runWholeModel, type RuleMemo, type RunCheck } from "./incremental.js";
import type { JudgedMention } from "../model/mentions.js";
import { weakMemo } from "../util/memo.js";

/** Diagnostics of remembered reports, by report object and severity setting (diagnostics are never changed after the rules). */
const worded = weakMemo<RuleReport, { setting: string; rule: string; d: Diagnostic }>("rules/runner#worded");
function wordedOnce(rule: Rule, setting: Exclude<SeveritySetting, "off">, r: RuleReport): Diagnostic {
  const hit = worded.get(r);
  if (hit && hit.setting === setting && hit.rule === rule.meta.id) return hit.d;
  const d = toDiagnostic(rule.meta, setting, r);
  worded.set(r, { setting, rule: rule.meta.id, d });
  return d;
}

/**
 * The evidence step: the content history over the files the findings' asks
 * name (one names-only log, one patch log over the commits that touched
 * them), then the asking rules again on the model with it; their diagnostics
 * and places not judged replace the first run's. Without a readable log, the
 * first run's findings stand (as they would with the log failing up front).
 */
export async function withEvidence(
  model: ContractModel,
  plan: EmitPlan,
  again: readonly Rule[],
  asks: ReadonlyMap<string, HistoryAsk[]>,
  found: Diagnostic[],
  notJudged: NotJudged[],
  judged: JudgedMention[],
  memo: RuleMemo | undefined,
  read: (wanted: (path: string) => boolean) => ReturnType<typeof readContentHistoryOf>,
): Promise<Diagnostic[]> {
  const history = model.history!;
  const content = await read(askedPaths(history, [...asks.values()].flat(), new Set(model.files)));
  if (!content) return found;
  const full: GitHistory = { ...history, headings: content.headings, literals: content.literals };
  // A view, not an edit: digests and indexes keyed by the model object stay those of the first run.
  const view = Object.create(model, { history: { value: full, enumerable: true } }) as ContractModel;
  const redone: NotJudged[] = [];
  const rejudged: JudgedMention[] = [];
  const diagnostics = runRules(view, plan, again, [], redone, memo, undefined, rejudged);
  const ids = new Set(again.map((r) => r.meta.id));
  const kept = notJudged.filter((n) => !ids.has(n.rule));
  notJudged.splice(0, notJudged.length, ...kept, ...redone);
  judged.splice(0, judged.length, ...judged.filter((j) => !ids.has(j.rule)), ...rejudged);
  sortNotJudged(notJudged);
  return [...found.filter((d) => !ids.has(d.rule)), ...diagnostics].sort(compareDiagnostics);
}

function sortNotJudged(notJudged: NotJudged[]): void {
  notJudged.sort((a, b) => cmp(a.file, b.file) || a.line - b.line || a.column - b.column || cmp(a.rule, b.rule) || cmp(a.reason, b.reason));
}

/** Runs the rules; `asks` (when given) collects, per rule, what its findings' evidence would read from git's content history. */
export function runRules(
  model: ContractModel,
  plan: EmitPlan,
  rules: readonly Rule[],
  skip: readonly string[],
  notJudged: NotJudged[] = [],
  memo?: RuleMemo,
  asks?: Map<string, HistoryAsk[]>,
  judged: JudgedMention[] = [],
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const timed = process.env.DOCPACT_TIMING === "1";
  const slow: string[] = [];
  for (const rule of rules) {
    const started = timed ? performance.now() : 0;
    const id = rule.meta.id;
    if (skip.includes(id)) continue;
    const setting = (model.config.rules as Partial<Record<string, SeveritySetting>>)[id] ?? rule.meta.defaultSeverity;
    if (setting === "off") continue;
    // What a finding's evidence would read from git's content history (remembered findings ask too).
    const noteAskOf = (ask: HistoryAsk | undefined) => {
      if (!asks || !ask) return;
      const list = asks.get(id);
      if (list) list.push(ask);
      else asks.set(id, [ask]);
    };
    const noteAsk = (r: RuleReport) => noteAskOf("historyAsk" in r ? r.historyAsk : undefined);
    const report = (r: RuleReport) => {
      noteAsk(r);
      out.push(toDiagnostic(rule.meta, setting, r));
    };
    const skipped = (span: Span, reason: string, mention?: MentionMark, ask?: HistoryAsk) => {
      noteAskOf(ask);
      notJudged.push({
        rule: id,
        file: span.file,
        line: span.line,
        column: span.column,
        reason,
        ...(mention ? { mention: { kind: mention.kind, line: (mention.span ?? span).line, column: (mention.span ?? span).column } } : {}),
      });
    };
    const seen = (span: Span, kind: string) => judged.push({ rule: id, kind, file: span.file, line: span.line, column: span.column });
    const check: RunCheck = (view, rep, nj, jd) => rule.check({ model: guardedView(rule, view), plan, report: rep, notJudged: nj, judged: jd });
    if (memo && (rule.meta.perDocument || rule.meta.wholeModel)) {
      const r = rule.meta.perDocument ? runPerDocument(rule, model, memo, check) : runWholeModel(rule, model, memo, check);
      // A remembered report is the same object run after run: its diagnostic is worded once.
      for (const rep of r.reports) {
        noteAsk(rep);
        out.push(wordedOnce(rule, setting, rep));
      }
      for (const n of r.notJudged) skipped(n.span, n.reason, n.mention, n.ask);
      if (r.judged) for (const j of r.judged) seen(j.span, j.kind);
    } else check(model, report, skipped, seen);
    if (timed) slow.push(`${id} ${Math.round(performance.now() - started)} ms`);
  }
  if (timed) process.stderr.write(`docpact timing (rules): ${slow.join(", ")}\n`);
  sortNotJudged(notJudged);
  return out.sort(compareDiagnostics);
}
