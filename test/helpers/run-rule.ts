/** Runs one rule over a model and returns its diagnostics, as the pipeline would. */
import { emptyPlan, type EmitPlan } from "../../compiler/emit/plan.js";
import type { Diagnostic } from "../../compiler/model/diagnostic.js";
import type { ContractModel } from "../../compiler/model/contract-model.js";
import { runRules } from "../../compiler/pipeline.js";
import type { Rule } from "../../compiler/rules/types.js";

export function runRule(rule: Rule, model: ContractModel, plan: EmitPlan = emptyPlan()): Diagnostic[] {
  return runRules(model, plan, [rule], []);
}
