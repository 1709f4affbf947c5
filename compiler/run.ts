/** One check or build run turned into the report of `--format json`: shared by the CLI, watch and the API. */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { ReadCache } from "./cache/cache.js";
import { runBuild } from "./build.js";
import type { Diagnostic } from "./model/diagnostic.js";
import type { ContractModel } from "./model/types.js";
import { runPipeline } from "./pipeline.js";
import { addGateSummary, makeReport, type Report } from "./report/report.js";
import { BASELINE_FILE, readBaseline, type BaselineFile } from "./gate/baseline-file.js";
import { gate, SOURCE_EXT, type GateResult } from "./gate/gate.js";
import type { GetText } from "./gate/fingerprint.js";
import { readChangesSince } from "./git/changes.js";
import { isProblem, readInput } from "./read.js";
import { renamedFrom } from "./model/history.js";
import type { ResolvedConfig } from "./config/resolve.js";

export interface RunRequest {
  root: string;
  configPath?: string;
  /** build only: apply fixes, overwrite hand-edited regions. */
  fix?: boolean;
  force?: boolean;
  /** A baseline file (`--baseline`, relative to the working directory); default config `baseline`, else `docpact-baseline.json` when it exists. */
  baseline?: string;
  /** `--since REF`: only findings the change since REF is answerable for fail. */
  since?: string;
  /** A long-lived cache (watch). */
  cache?: ReadCache;
  /** Paths changed since the previous run with `cache` (watch's file events); see PipelineOptions. */
  changes?: readonly string[];
  onPhase?: (phase: string) => void;
}

export interface RunOutput {
  report: Report;
  /** Every finding with its fixes, for SARIF (with a baseline or --since, also the ones that do not fail). */
  diagnostics: Diagnostic[];
  /** Fingerprints and baseline states (SARIF), and what the baseline no longer matches. */
  gate: GateResult;
  /** Files build wrote or removed (build only). */
  written?: string[];
}

export async function run(mode: "check" | "build", req: RunRequest): Promise<RunOutput> {
  const started = performance.now();
  // Bad gate input fails before the (long) run: an unknown REF, a missing --baseline file.
  const since = req.since !== undefined ? readChangesSince(req.root, req.since) : null;
  const explicit = req.baseline !== undefined ? { file: req.baseline, content: readBaseline(resolve(req.baseline), req.baseline) } : null;
  const base = { root: req.root, configPath: req.configPath, cache: req.cache, onPhase: req.onPhase, ...(req.changes ? { changes: req.changes } : {}) };
  const r = mode === "check" ? await runPipeline(base) : await runBuild({ ...base, fix: req.fix, force: req.force });
  const baseline = explicit ?? defaultBaseline(req.root, r.config);
  const sources = new Set([...r.discovered.code, ...r.discovered.schemas]);
  // A deleted file is no longer discovered: then its extension decides.
  const onDisk = new Set(r.model.files);
  const isSource = (p: string) => sources.has(p) || (!onDisk.has(p) && SOURCE_EXT.test(p));
  const g = gate(r.diagnostics, textGetter(req.root, r.model), { baseline, since, renamedFrom: renamesOf(r.model), isSource });
  const report = makeReport(g.failing, r.model.counts, performance.now() - started, r.notJudged);
  addGateSummary(report, {
    baseline: baseline ? { baselined: g.baselined, prunable: g.absent } : null,
    since: since ? { ref: since.ref, commit: since.commit, outside: g.outsideSince } : null,
  });
  const written = "written" in r ? (r.written as string[]) : undefined;
  if (written) report.written = written;
  return { report, diagnostics: r.diagnostics, gate: g, ...(written ? { written } : {}) };
}

/** Config `baseline`, else `docpact-baseline.json` at the root when it exists. */
export function defaultBaseline(root: string, config: ResolvedConfig): { file: string; content: BaselineFile } | null {
  if (config.baseline) return { file: config.baseline, content: readBaseline(resolve(root, config.baseline), config.baseline) };
  const abs = resolve(root, BASELINE_FILE);
  return existsSync(abs) ? { file: BASELINE_FILE, content: readBaseline(abs, BASELINE_FILE) } : null;
}

/** Current path → the paths git shows it was renamed from, so baseline entries follow moved files. */
export function renamesOf(model: ContractModel): Map<string, string[]> {
  const files = new Set(model.files);
  return renamedFrom(model.history, (p) => files.has(p));
}

/** Texts for fingerprints: the model's (documents, schemas), else the file on disk (code). */
export function textGetter(root: string, model: ContractModel): GetText {
  return (file) => {
    const t = model.texts.get(file);
    if (t !== undefined) return t;
    const src = readInput(root, file);
    return isProblem(src) ? undefined : src.text;
  };
}
