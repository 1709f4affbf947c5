/**
 * The programmatic API: `import { check, build } from "docpact"`. Both return
 * the report of `--format json`.
 */
import { resolve } from "node:path";
import { runBuild } from "./build.js";
import { runPipeline } from "./pipeline.js";
import { makeReport, type Report } from "./report/report.js";

export type { Report, ReportDiagnostic } from "./report/report.js";
export type { Severity, RelatedLocation } from "./model/diagnostic.js";

export interface CheckOptions {
  /** Project root; default `process.cwd()`. */
  root?: string;
  /** Config file; default `<root>/docpact.config.json`. */
  config?: string;
}

export interface BuildOptions extends CheckOptions {
  /** Apply the fixes diagnostics carry. */
  fix?: boolean;
  /** Overwrite regions edited by hand. */
  force?: boolean;
}

export interface BuildReport extends Report {
  /** Files build wrote or removed, relative to the root. */
  written: string[];
}

/** Checks the project; writes nothing. Rejects with a `DocpactError` on a usage or config failure. */
export async function check(options: CheckOptions = {}): Promise<Report> {
  const started = performance.now();
  const r = await runPipeline({ root: resolve(options.root ?? "."), configPath: options.config });
  return makeReport(r.diagnostics, r.model.counts, performance.now() - started);
}

/** Writes generated code and regions, then reports what remains. */
export async function build(options: BuildOptions = {}): Promise<BuildReport> {
  const started = performance.now();
  const r = await runBuild({ root: resolve(options.root ?? "."), configPath: options.config, fix: options.fix, force: options.force });
  return { ...makeReport(r.diagnostics, r.model.counts, performance.now() - started), written: r.written };
}

export { DocpactError } from "./util/errors.js";
