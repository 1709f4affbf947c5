/** Emit: the contract model becomes the files `build` would write (computed in `check` too). */
import { by } from "../util/compare.js";
import type { ContractModel } from "../model/contract-model.js";
import type { SourceHost } from "../model/decisions.js";
import type { EmitMemo } from "./generated-schemas.js";
import type { RenderMemo } from "./regions.js";
import type { RuleSummary } from "./region-context.js";
import type { TemplateSet } from "../readers/templates.js";
import type { ExportFolder } from "./region-sources.js";
import { emitDelegations } from "./delegations.js";
import { emptyPlan, type EmitPlan } from "./plan.js";
import { headerSource } from "./generated-files.js";
import type { PlannedFile } from "./plan.js";

/**
 * Generated files on disk made from a schema that is still an input but gave
 * no module this run (unreadable, half-typed, not compilable): they are kept.
 */
function keptModules(model: ContractModel, produced: PlannedFile[]): PlannedFile[] {
  const onDisk = model.generatedOnDisk ?? {};
  const made = new Set(produced.map((f) => f.path));
  // Sorted by path (not by [path, content] entries, whose default sort makes a string of every file).
  const left = Object.keys(onDisk).filter((path) => !made.has(path));
  if (left.length === 0) return [];
  const sources = new Set(produced.map((f) => headerSource(f.content)));
  const failed = new Set([...model.schemas.map((s) => s.file), ...model.readProblems.map((p) => p.span.file)].filter((f) => !sources.has(f)));
  const out: PlannedFile[] = [];
  for (const path of left.sort()) {
    const src = headerSource(onDisk[path]);
    if (src !== null && failed.has(src)) out.push({ path, content: onDisk[path] });
  }
  return out;
}

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
  /** File texts for `module:` sources (the read stage's file access); without it `module:` sources cannot be read. */
  sources?: SourceHost;
}

export async function planOutputs(model: ContractModel, opts: PlanOptions = { force: false }): Promise<EmitPlan> {
  const plan = emptyPlan();
  const gen = model.config.generate;
  if (gen) {
    plan.outDir = gen.outDir;
    // The type and validator generators (json-schema-to-typescript, Ajv standalone) load only when generation is on.
    const { buildBarrel, emitSchemaModules } = await import("./generated-schemas.js");
    const schemas = await emitSchemaModules(
      model.schemas,
      gen.outDir,
      opts.memo,
      model.index.schemas,
      (d) => model.index.schemaDigest(d),
      model.generatedOnDisk,
      model.vocabularies,
    );
    const modules = [...schemas.files, emitDelegations(model, gen.outDir)];
    const kept = keptModules(model, modules);
    plan.kept.push(...kept.map((f) => f.path));
    // Registries import the project's own code, so the barrel (the contract's public face) leaves them out.
    const { emitRegistries } = await import("./registries.js");
    const taken = new Set(modules.map((f) => f.path));
    const registries = emitRegistries(gen.registries, gen.outDir, model.defaultExports).filter((f) => !taken.has(f.path));
    for (const f of emitRegistries(gen.registries, gen.outDir, []).filter((r) => taken.has(r.path))) {
      plan.facts.push({
        kind: "registry-clash",
        path: f.path,
        span: { file: model.config.file ?? "docpact.config.json", line: 1, column: 1, endLine: 1, endColumn: 1 },
      });
    }
    // Kept modules stay in the barrel, so what imports them keeps compiling until the schema reads again.
    plan.generated.push(...modules, ...registries, buildBarrel(gen.outDir, [...modules, ...kept]));
    plan.facts.push(...schemas.facts);
  }
  plan.generated.sort(by((f) => f.path));
  const withRegions = model.docs.filter((d) => d.regions.length > 0);
  if (withRegions.length === 0) return plan;
  // Handlebars, and ts-morph for `module:` sources, load only for projects that use regions.
  const { planRegions } = await import("./regions.js");
  const needsFolder = withRegions.some((d) => d.regions.some((r) => r.args.source?.startsWith("module:")));
  let fold: ExportFolder | undefined;
  if (needsFolder && opts.sources) {
    const { Evaluator } = await import("../readers/evaluate/index.js");
    const { foldExportWith } = await import("../readers/constant-folder.js");
    const { isOutsideRoot } = await import("../readers/source-host.js");
    // One evaluator for every `module:` source of the run: each module is parsed and each constant evaluated once.
    const evaluator = new Evaluator(model.root, opts.sources);
    fold = (root, file, name) => (isOutsideRoot(root, file) ? { ok: false, outsideRoot: true } : foldExportWith(evaluator, file, name));
  }
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
