import { loadTemplates } from "../../compiler/readers/templates.js";
import { packagePath } from "../../compiler/util/package-root.js";
/** Runs one fragment rule over in-memory documents, the way the pipeline does (plan, then rules). */
import { emptyPlan } from "../../compiler/emit/plan.js";
import { planRegions } from "../../compiler/emit/regions.js";
import { runRules } from "../../compiler/pipeline.js";
import type { Rule } from "../../compiler/rules/types.js";
import { makeModel, type ModelInput } from "../emit/regions-helpers.js";

export const CATALOGUE = [
  { id: "a/one", defaultSeverity: "error" as const, description: "First." },
  { id: "b/two", defaultSeverity: "warning" as const, description: "Second." },
];

export function lint(rule: Rule, input: ModelInput, force = false) {
  const model = makeModel(input);
  const plan = emptyPlan();
  const r = planRegions(model, { templates: loadTemplates(packagePath("templates"), model.root, null), force, templatesDir: null, catalogue: CATALOGUE });
  plan.documents.push(...r.documents);
  plan.facts.push(...r.facts);
  plan.regions.push(...r.regions);
  return runRules(model, plan, [rule], []).map((d) => ({
    rule: d.rule,
    at: `${d.file}:${d.line}:${d.column}`,
    message: d.message,
    ...(d.suggestion !== undefined ? { suggestion: d.suggestion } : {}),
  }));
}
