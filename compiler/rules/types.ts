/**
 * A rule is one module: its metadata (id, default severity, explanation for
 * `docpact explain` and the rule docs) and a function from the model to
 * diagnostics. Rules never read files.
 */
import type { Fix, RelatedLocation, Severity, Span } from "../model/diagnostic.js";
import type { ContractModel } from "../model/types.js";
import type { EmitPlan } from "../emit/plan.js";

export interface RuleExample {
  /** A Markdown/JSON/TS snippet that fails the rule. */
  bad: string;
  /** What to do about it. */
  fix: string;
}

export interface RuleMeta {
  id: string;
  defaultSeverity: Severity;
  /** One line: what the rule finds. */
  description: string;
  /** One paragraph: why it matters and how it decides. Used by `docpact explain`. */
  explanation: string;
  /** True when diagnostics may carry a fix applied by `build --fix`. */
  fixable?: boolean;
  example?: RuleExample;
}

export interface RuleReport {
  span: Span;
  message: string;
  suggestion?: string;
  related?: RelatedLocation[];
  fix?: Fix;
  /** `warning` lowers this finding below the rule's severity (e.g. a link the rule only inferred). */
  severity?: "warning";
}

export interface RuleContext {
  model: ContractModel;
  /** What `build` would write; computed in `check` too, never written there. */
  plan: EmitPlan;
  report(r: RuleReport): void;
  /**
   * Records a place the rule did not judge because its knowledge there is
   * partial (confident or silent); counted in `summary.notJudged`.
   */
  notJudged(span: Span, reason: string): void;
}

export interface Rule {
  meta: RuleMeta;
  check(ctx: RuleContext): void;
}

export function defineRule(rule: Rule): Rule {
  return rule;
}
