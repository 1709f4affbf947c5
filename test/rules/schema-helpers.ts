import type { Diagnostic } from "../../compiler/model/diagnostic.js";
import type { ContractModel, InstanceDoc, SchemaDoc } from "../../compiler/model/types.js";
import { emptyPlan, type EmitPlan } from "../../compiler/emit/plan.js";
import type { Rule, RuleReport } from "../../compiler/rules/types.js";

/** Runs one rule over a model holding only what the schema rules read. */
export function runSchemaRule(
  rule: Rule,
  parts: { schemas?: SchemaDoc[]; instances?: InstanceDoc[]; generatedOnDisk?: Record<string, string>; plan?: EmitPlan },
): (RuleReport & { line: number; column: number; file: string })[] {
  const model = { schemas: parts.schemas ?? [], instances: parts.instances ?? [], generatedOnDisk: parts.generatedOnDisk ?? {} } as unknown as ContractModel;
  const out: (RuleReport & { line: number; column: number; file: string })[] = [];
  rule.check({ model, plan: parts.plan ?? emptyPlan(), report: (r) => out.push({ ...r, file: r.span.file, line: r.span.line, column: r.span.column }) });
  return out;
}

export type { Diagnostic };
