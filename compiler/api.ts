/**
 * The programmatic API: `import { check, build } from "docpact"`. Both return
 * the report of `--format json`.
 */
import { resolve } from "node:path";
import type { Report } from "./report/report.js";
import { run } from "./run.js";

export type { Report, ReportDiagnostic, PrunableEntry } from "./report/report.js";
export type { Severity, RelatedLocation } from "./model/diagnostic.js";

export interface CheckOptions {
  /** Project root; default `process.cwd()`. */
  root?: string;
  /** Config file; default `<root>/docpact.config.json`. */
  config?: string;
  /** Baseline file: findings it records do not fail (`summary.baselined`); default config `baseline`, else `<root>/docpact-baseline.json` when it exists. */
  baseline?: string;
  /** A git revision: only findings on lines changed since it, or caused by code changed since it, fail (`summary.since`). */
  since?: string;
  /** `false` (`--no-error-on-unmatched-pattern`): a config glob that matches no file is not an error. Default true. */
  errorOnUnmatchedPattern?: boolean;
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
  return (
    await run("check", {
      root: resolve(options.root ?? "."),
      configPath: options.config,
      baseline: options.baseline,
      since: options.since,
      allowUnmatchedPatterns: options.errorOnUnmatchedPattern === false,
    })
  ).report;
}

/** Writes generated code and regions, then reports what remains. */
export async function build(options: BuildOptions = {}): Promise<BuildReport> {
  const r = await run("build", {
    root: resolve(options.root ?? "."),
    configPath: options.config,
    fix: options.fix,
    force: options.force,
    baseline: options.baseline,
    since: options.since,
    allowUnmatchedPatterns: options.errorOnUnmatchedPattern === false,
  });
  return { ...r.report, written: r.written ?? [] };
}

export { DocpactError } from "./util/errors.js";
