/** Emit: the contract model becomes the files `build` would write (computed in `check` too). */
import { by } from "../util/compare.js";
import type { ContractModel } from "../model/types.js";
import type { EmitMemo } from "./generated-schemas.js";
import type { RenderMemo } from "./regions.js";
import type { RuleSummary } from "./region-context.js";
import type { TemplateSet } from "../readers/templates.js";
import { emitDelegations } from "./delegations.js";
import { emptyPlan, type EmitPlan } from "./plan.js";

export interface PlanOptions {
  /** Overwrite regions edited by hand. */
  force: boolean;
  /** Memoizes generated schema modules across runs (the pipeline's read cache). */
  memo?: EmitMemo;
  /** Memoizes rendered regions across runs. */
  regionMemo?: RenderMemo;
  /** The rule catalogue's metadata, for the `rules` template (passed in: emit runs before, and knows nothing of, the rules). */
  catalogue?: readonly RuleSummary[];
  /** Region templates, read by the read stage; needed when a document has regions. */
  templates?: TemplateSet;
}

export async function planOutputs(model: ContractModel, opts: PlanOptions = { force: false }): Promise<EmitPlan> {
  const plan = emptyPlan();
  const gen = model.config.generate;
  if (gen) {
    plan.outDir = gen.outDir;
    // The type and validator generators (json-schema-to-typescript, Ajv standalone) load only when generation is on.
    const { buildBarrel, emitSchemaModules } = await import("./generated-schemas.js");
    const schemas = await emitSchemaModules(model.schemas, gen.outDir, opts.memo, model.index.schemas);
    const modules = [...schemas.files, emitDelegations(model, gen.outDir)];
    plan.generated.push(...modules, buildBarrel(gen.outDir, modules));
    plan.facts.push(...schemas.facts);
  }
  plan.generated.sort(by((f) => f.path));
  const withRegions = model.docs.filter((d) => d.regions.length > 0);
  if (withRegions.length === 0) return plan;
  // Handlebars, and ts-morph for `module:` sources, load only for projects that use regions.
  const { planRegions } = await import("./regions.js");
  const needsFolder = withRegions.some((d) => d.regions.some((r) => r.args.source?.startsWith("module:")));
  const fold = needsFolder ? (await import("../readers/constant-folder.js")).foldExport : undefined;
  const regions = planRegions(model, {
    force: opts.force,
    templates: opts.templates ?? { templates: new Map(), userDir: null, userDirProblem: null },
    templatesDir: model.config.templates,
    catalogue: opts.catalogue ?? [],
    ...(fold ? { fold } : {}),
    ...(opts.regionMemo ? { memo: opts.regionMemo } : {}),
  });
  plan.documents.push(...regions.documents);
  plan.facts.push(...regions.facts);
  plan.regions.push(...regions.regions);
  return plan;
}
