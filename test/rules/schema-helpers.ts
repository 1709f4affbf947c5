import type { Diagnostic } from "../../compiler/model/diagnostic.js";
import type { InstanceDoc, SchemaDoc } from "../../compiler/model/types.js";
import type { EmitPlan } from "../../compiler/emit/plan.js";
import type { Rule } from "../../compiler/rules/types.js";
import { makeModel } from "../helpers/model.js";
import { runRule } from "../helpers/run-rule.js";

/** Runs one rule (through the one runner) over a model holding only what the schema rules read. */
export function runSchemaRule(
  rule: Rule,
  parts: { schemas?: SchemaDoc[]; instances?: InstanceDoc[]; generatedOnDisk?: Record<string, string>; plan?: EmitPlan },
): Diagnostic[] {
  const model = makeModel({ schemas: parts.schemas ?? [], instances: parts.instances ?? [], generatedOnDisk: parts.generatedOnDisk ?? {} });
  return runRule(rule, model, parts.plan);
}

export type { Diagnostic };
