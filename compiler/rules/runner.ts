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
  askedIn?: ReadonlyMap<string, ReadonlySet<string>>,
): Promise<Diagnostic[]> {
  const history = model.history!;
  const content = await read(askedPaths(history, [...asks.values()].flat(), new Set(model.files)));
  if (!content) return found;
  const full: GitHistory = { ...history, headings: content.headings, literals: content.literals };
  // A view, not an edit: digests and indexes keyed by the model object stay those of the first run.
  const view = Object.create(model, { history: { value: full, enumerable: true } }) as ContractModel;
  let diagnostics: Diagnostic[] = [...found];
  for (const rule of again) {
    const id = rule.meta.id;
    // Without a memo (a cold run), a per-document rule that asked only for itself runs again on the
    // documents whose findings asked: elsewhere it consulted no content history (it attaches an ask
    // wherever it would), so the first run's results there stand. Anything raised outside those
    // documents (not what the rule declared) makes it run again on the whole model.
    const only = !memo && rule.meta.perDocument && !rule.meta.historyWith ? askedIn?.get(id) : undefined;
    let redo = rerun(only ? restricted(view, only, rule.meta.perDocument?.schemas === true) : view, plan, rule, memo, only);
    if (only && !redo) redo = rerun(view, plan, rule, memo, undefined)!;
    const mine = (x: { rule: string; file: string }) => x.rule === id && (!only || only.has(x.file));
    diagnostics = [...diagnostics.filter((d) => !mine(d)), ...redo!.diagnostics];
    notJudged.splice(0, notJudged.length, ...notJudged.filter((n) => !mine(n)), ...redo!.notJudged);
    judged.splice(0, judged.length, ...judged.filter((j) => !mine(j)), ...redo!.judged);
  }
  sortNotJudged(notJudged);
  return diagnostics.sort(compareDiagnostics);
}

/** One rule run on a view; with `only`, null when it raised anything outside those files. */
function rerun(
  view: ContractModel,
  plan: EmitPlan,
  rule: Rule,
  memo: RuleMemo | undefined,
  only: ReadonlySet<string> | undefined,
): { diagnostics: Diagnostic[]; notJudged: NotJudged[]; judged: JudgedMention[] } | null {
  const notJudged: NotJudged[] = [];
  const judged: JudgedMention[] = [];
  const diagnostics = runRules(view, plan, [rule], [], notJudged, memo, undefined, judged);
  if (only && [...diagnostics, ...notJudged, ...judged].some((x) => !only.has(x.file))) return null;
  return { diagnostics, notJudged, judged };
}

/** The model with only the documents (and, for a rule that checks schemas, the schemas) in `files`. */
function restricted(model: ContractModel, files: ReadonlySet<string>, withSchemas: boolean): ContractModel {
  const parts: PropertyDescriptorMap = { docs: { value: model.docs.filter((d) => files.has(d.file)), enumerable: true } };
  if (withSchemas) parts.schemas = { value: model.schemas.filter((s) => files.has(s.file)), enumerable: true };
  return Object.create(model, parts) as ContractModel;
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
  askedIn?: Map<string, Set<string>>,
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
    const noteAskOf = (ask: HistoryAsk | undefined, file: string) => {
      if (!asks || !ask) return;
      const list = asks.get(id);
      if (list) list.push(ask);
      else asks.set(id, [ask]);
      if (askedIn) {
        const files = askedIn.get(id);
        if (files) files.add(file);
        else askedIn.set(id, new Set([file]));
      }
    };
    const noteAsk = (r: RuleReport) => noteAskOf("historyAsk" in r ? r.historyAsk : undefined, r.span.file);
    const report = (r: RuleReport) => {
      noteAsk(r);
      out.push(toDiagnostic(rule.meta, setting, r));
    };
    const skipped = (span: Span, reason: string, mention?: MentionMark, ask?: HistoryAsk) => {
      noteAskOf(ask, span.file);
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
