/** Emit: the contract model becomes the files `build` would write (computed in `check` too). */
import type { ContractModel } from "../model/types.js";
import { emitDelegations } from "./delegations.js";
import { emptyPlan, type EmitPlan } from "./plan.js";

export interface PlanOptions {
  /** Overwrite regions edited by hand. */
  force: boolean;
}

export function planOutputs(model: ContractModel, _opts: PlanOptions = { force: false }): EmitPlan {
  const plan = emptyPlan();
  const gen = model.config.generate;
  if (gen) {
    plan.outDir = gen.outDir;
    plan.generated.push(emitDelegations(model, gen.outDir));
  }
  plan.generated.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return plan;
}
