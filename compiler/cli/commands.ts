/** The commands behind the CLI: each turns parsed arguments into output and an exit code. */
import { resolve } from "node:path";
import { runPipeline } from "../pipeline.js";
import { exitCode } from "../report/report.js";
import { run, type RunOutput } from "../run.js";
import { explainText } from "../report/explain.js";
import type { ReadCache } from "../cache/cache.js";
import { startProgress } from "./progress.js";
import { findRule, rules } from "../rules/index.js";
import { DocpactError } from "../util/errors.js";
import { closest } from "../util/edit-distance.js";
import type { CommandName } from "./help.js";
import { formatReport, FORMATS, type Format } from "./format.js";
import { inspect, INSPECT_TARGETS } from "./inspect.js";

type Values = Record<string, string | boolean | undefined>;

export async function runCommand(name: CommandName, values: Values, positionals: string[]): Promise<number> {
  switch (name) {
    case "check":
    case "build":
      noPositionals(name, positionals);
      return runCheckOrBuild(name, values);
    case "inspect":
      return runInspect(values, positionals);
    case "init": {
      noPositionals(name, positionals);
      const { runInit } = await import("./init.js");
      return runInit(resolve(str(values.root) ?? "."), process.stdout);
    }
    case "explain":
      return runExplain(values, positionals);
    case "baseline": {
      noPositionals(name, positionals);
      const { runBaseline } = await import("./baseline.js");
      return runBaseline({ root: resolve(str(values.root) ?? "."), configPath: str(values.config), prune: values.prune === true }, process.stdout);
    }
  }
}

function noPositionals(name: string, positionals: string[]): void {
  if (positionals.length > 0) throw new DocpactError(`${name} takes no arguments (got "${positionals[0]}")`);
}

function str(v: string | boolean | undefined): string | undefined {
  return typeof v === "string" ? v : undefined;
}

export interface RunSettings {
  root: string;
  configPath: string | undefined;
  format: Format;
  maxWarnings: number | undefined;
  /** `--baseline FILE` as given (relative to the working directory). */
  baseline: string | undefined;
  /** `--since REF`. */
  since: string | undefined;
}

export function settingsFrom(values: Values): RunSettings {
  const format = (str(values.format) ?? "pretty") as Format;
  if (!FORMATS.includes(format)) throw new DocpactError(`unknown format "${format}" (expected one of: ${FORMATS.join(", ")})`);
  const mw = str(values["max-warnings"]);
  let maxWarnings: number | undefined;
  if (mw !== undefined) {
    if (!/^\d+$/.test(mw)) throw new DocpactError(`--max-warnings takes a whole number ≥ 0 (got "${mw}")`);
    maxWarnings = Number(mw);
  }
  return { root: resolve(str(values.root) ?? "."), configPath: str(values.config), format, maxWarnings, baseline: str(values.baseline), since: str(values.since) };
}

async function runCheckOrBuild(name: "check" | "build", values: Values): Promise<number> {
  const s = settingsFrom(values);
  if (values.watch) {
    const { watch } = await import("./watch.js");
    return watch(name, s, { fix: values.fix === true, force: values.force === true });
  }
  const progress = startProgress(process.stderr);
  let out: RunOutput;
  try {
    out = await runFull(name, s, { fix: values.fix === true, force: values.force === true }, { onPhase: progress.phase });
  } finally {
    progress.stop();
  }
  process.stdout.write(formatReport(out.report, s.format, { root: s.root, color: useColor(), diagnostics: out.diagnostics, gate: out.gate }));
  return exitCode(out.report, s.maxWarnings);
}

export type { RunOutput };

/** One check or build run; `extra` carries watch's long-lived cache and progress reporting. */
export function runFull(
  name: "check" | "build",
  s: RunSettings,
  b: { fix: boolean; force: boolean },
  extra: { cache?: ReadCache; onPhase?: (phase: string) => void } = {},
): Promise<RunOutput> {
  return run(name, { root: s.root, configPath: s.configPath, fix: b.fix, force: b.force, baseline: s.baseline, since: s.since, ...extra });
}

export function useColor(): boolean {
  return process.stdout.isTTY === true && !("NO_COLOR" in process.env && process.env.NO_COLOR !== "");
}

async function runInspect(values: Values, positionals: string[]): Promise<number> {
  const [what, ...extra] = positionals;
  if (!what || !(INSPECT_TARGETS as readonly string[]).includes(what)) {
    throw new DocpactError(`inspect needs one of: ${INSPECT_TARGETS.join(", ")}`);
  }
  if (extra.length) throw new DocpactError(`inspect takes one argument (got "${extra[0]}")`);
  const root = resolve(str(values.root) ?? ".");
  const r = await runPipeline({ root, configPath: str(values.config) });
  process.stdout.write(`${JSON.stringify(inspect(what as (typeof INSPECT_TARGETS)[number], r.model), null, 2)}\n`);
  return 0;
}

function runExplain(values: Values, positionals: string[]): number {
  if (values.list) {
    for (const r of rules) process.stdout.write(`${r.meta.id.padEnd(32)} ${r.meta.defaultSeverity.padEnd(8)} ${r.meta.description}\n`);
    return 0;
  }
  const [id, ...extra] = positionals;
  if (!id) throw new DocpactError("explain needs a rule id (see `docpact explain --list`)");
  if (extra.length) throw new DocpactError(`explain takes one rule id (got "${extra[0]}")`);
  const rule = findRule(id);
  if (!rule) {
    const near = closest(id, rules.map((r) => r.meta.id));
    throw new DocpactError(`unknown rule "${id}"${near ? ` (did you mean "${near}"?)` : ""} (see \`docpact explain --list\`)`);
  }
  process.stdout.write(explainText(rule.meta));
  return 0;
}

