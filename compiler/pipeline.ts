/**
 * The pipeline of DESIGN.md: discover → read → link → (emit plan) → check → report.
 * Each stage is a plain function; this module only wires them and applies
 * severities. Writing belongs to build.ts.
 */
import { loadConfig, type ResolvedConfig } from "./config/resolve.js";
import { discover, type Discovered } from "./discover.js";
import { planOutputs } from "./emit/index.js";
import type { EmitPlan } from "./emit/plan.js";
import { link } from "./link.js";
import { compareDiagnostics, type Diagnostic } from "./model/diagnostic.js";
import type { ContractModel } from "./model/types.js";
import { readDocs } from "./read.js";
import type { CodeFacts } from "./readers/code.js";
import { rules as allRules } from "./rules/index.js";
import type { Rule } from "./rules/types.js";

export interface PipelineOptions {
  root: string;
  configPath?: string;
  /** Rules to leave out (build skips the staleness rules it is about to make true). */
  skipRules?: string[];
  /** Regions edited by hand are overwritten (build --force). */
  force?: boolean;
}

export interface PipelineResult {
  config: ResolvedConfig;
  discovered: Discovered;
  model: ContractModel;
  plan: EmitPlan;
  diagnostics: Diagnostic[];
}

export async function runPipeline(opts: PipelineOptions): Promise<PipelineResult> {
  const config = loadConfig(opts.root, opts.configPath);
  const discovered = discover(opts.root, config);
  const read = readDocs(opts.root, discovered.docs, config);
  const code = await readCodeLazily(opts.root, discovered.code, config);
  const model = link({ root: opts.root, config, discovered, read, code });
  const plan = planOutputs(model, { force: opts.force ?? false });
  const diagnostics = runRules(model, plan, allRules, opts.skipRules ?? []);
  return { config, discovered, model, plan, diagnostics };
}

async function readCodeLazily(root: string, files: string[], config: ResolvedConfig): Promise<CodeFacts> {
  if (files.length === 0) return { surface: { commands: [], globalFlags: [] }, problems: [], vocabularies: [] };
  // ts-morph is the heaviest module docpact loads; only projects with code pay for it.
  const { readCode } = await import("./readers/code.js");
  return readCode(root, files, config.cli);
}

export function runRules(model: ContractModel, plan: EmitPlan, rules: Rule[], skip: string[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const rule of rules) {
    const id = rule.meta.id;
    if (skip.includes(id)) continue;
    const setting = model.config.rules[id] ?? rule.meta.defaultSeverity;
    if (setting === "off") continue;
    rule.check({
      model,
      plan,
      report(r) {
        const d: Diagnostic = { rule: id, severity: setting, message: r.message, ...r.span };
        if (r.suggestion !== undefined) d.suggestion = r.suggestion;
        if (r.related?.length) d.related = r.related;
        if (r.fix) d.fix = r.fix;
        out.push(d);
      },
    });
  }
  return out.sort(compareDiagnostics);
}
