/** One check or build run turned into the report of `--format json`: shared by the CLI, watch and the API. */
import type { ReadCache } from "./cache/cache.js";
import { runBuild } from "./build.js";
import type { Diagnostic } from "./model/diagnostic.js";
import { runPipeline } from "./pipeline.js";
import { makeReport, type Report } from "./report/report.js";

export interface RunRequest {
  root: string;
  configPath?: string;
  /** build only: apply fixes, overwrite hand-edited regions. */
  fix?: boolean;
  force?: boolean;
  /** A long-lived cache (watch). */
  cache?: ReadCache;
  onPhase?: (phase: string) => void;
}

export interface RunOutput {
  report: Report;
  /** The same diagnostics with their fixes, for SARIF. */
  diagnostics: Diagnostic[];
  /** Files build wrote or removed (build only). */
  written?: string[];
}

export async function run(mode: "check" | "build", req: RunRequest): Promise<RunOutput> {
  const started = performance.now();
  const base = { root: req.root, configPath: req.configPath, cache: req.cache, onPhase: req.onPhase };
  if (mode === "check") {
    const r = await runPipeline(base);
    return { report: makeReport(r.diagnostics, r.model.counts, performance.now() - started, r.notJudged), diagnostics: r.diagnostics };
  }
  const r = await runBuild({ ...base, fix: req.fix, force: req.force });
  const report = makeReport(r.diagnostics, r.model.counts, performance.now() - started, r.notJudged);
  report.written = r.written;
  return { report, diagnostics: r.diagnostics, written: r.written };
}
