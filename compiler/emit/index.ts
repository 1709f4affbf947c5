/** Emit: the contract model becomes the files `build` would write (computed in `check` too). */
import type { ContractModel } from "../model/types.js";
import { emitDelegations } from "./delegations.js";
import { buildBarrel, emitSchemaModules } from "./generated-schemas.js";
import { emptyPlan, type EmitPlan } from "./plan.js";
import { planRegions } from "./regions.js";
import { rules as ruleCatalogue } from "../rules/index.js";

export interface PlanOptions {
  /** Overwrite regions edited by hand. */
  force: boolean;
}

export async function planOutputs(model: ContractModel, opts: PlanOptions = { force: false }): Promise<EmitPlan> {
  const plan = emptyPlan();
  const gen = model.config.generate;
  if (gen) {
    plan.outDir = gen.outDir;
    const schemas = await emitSchemaModules(model.schemas, gen.outDir);
    const modules = [...schemas.files, emitDelegations(model, gen.outDir)];
    plan.generated.push(...modules, buildBarrel(gen.outDir, modules));
    plan.problems.push(...schemas.problems);
  }
  plan.generated.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const regions = planRegions(model, {
    force: opts.force,
    templatesDir: model.config.templates,
    catalogue: ruleCatalogue.map((r) => r.meta),
  });
  plan.documents.push(...regions.documents);
  plan.problems.push(...regions.problems);
  plan.regions.push(...regions.regions);
  return plan;
}
