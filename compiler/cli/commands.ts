/** The commands behind the CLI: each turns parsed arguments into output and an exit code. */
import { existsSync } from "../util/input-fs.js";
import { basename, dirname, isAbsolute, relative, resolve, sep } from "node:path";
import { writeAtomic } from "../util/write.js";
import { exitCode } from "../report/report.js";
import type { RunOutput } from "../run.js";
import { rootOf, runFull, settingsFrom, useColor, type RunSettings } from "./run-settings.js";
import { startProgress } from "./progress.js";
import { DocpactError } from "../util/errors.js";
import { closest } from "../util/edit-distance.js";
import type { CommandName } from "./help.js";
import { formatReport, ruleMetasFor } from "./format.js";
import { inspect, INSPECT_TARGETS } from "./inspect.js";

type Values = Record<string, string | boolean | undefined>;

export { runFull, settingsFrom, useColor, type RunSettings } from "./run-settings.js";

export async function runCommand(name: CommandName, values: Values, positionals: string[]): Promise<number> {
  switch (name) {
    case "check":
    case "build":
      return runCheckOrBuild(name, values, positionals);
    case "inspect":
      return runInspect(values, positionals);
    case "init": {
      noPositionals(name, positionals);
      const { runInit, printReadings } = await import("./init.js");
      const root = resolve(str(values.root) ?? ".");
      const code = runInit(root, process.stdout);
      await printReadings(root, process.stdout);
      return code;
    }
    case "explain":
      return runExplain(values, positionals);
    case "baseline": {
      noPositionals(name, positionals);
      const { runBaseline } = await import("./baseline.js");
      return runBaseline(
        {
          root: rootOf(values),
          configPath: str(values.config),
          prune: values.prune === true,
          allowUnmatchedPatterns: values["no-error-on-unmatched-pattern"] === true,
        },
        process.stdout,
      );
    }
  }
}

function noPositionals(name: string, positionals: string[]): void {
  if (positionals.length > 0) throw new DocpactError(`${name} takes no arguments (got "${positionals[0]}")`);
}

function str(v: string | boolean | undefined): string | undefined {
  return typeof v === "string" ? v : undefined;
}

async function runCheckOrBuild(name: "check" | "build", values: Values, positionals: string[]): Promise<number> {
  const s = settingsFrom(values);
  if (positionals.length > 0) s.files = fileArguments(s.root, positionals);
  if (values["fix-dry-run"] === true) {
    if (values.fix === true) throw new DocpactError("--fix and --fix-dry-run exclude each other (--fix-dry-run writes nothing)");
    if (values.watch) throw new DocpactError("--fix-dry-run does not run with --watch");
    return runFixDryRun(s);
  }
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
  const shown = s.quiet ? errorsOnly(out) : out;
  const toFile = s.outputFile !== undefined;
  const text = formatReport(shown.report, s.format, {
    root: s.root,
    color: toFile ? s.color === true : useColor(s.color),
    diagnostics: shown.diagnostics,
    gate: shown.gate,
    rules: await ruleMetasFor(s.format),
  });
  if (toFile) writeReportFile(s.outputFile!, text);
  else process.stdout.write(text);
  return exitCode(out.report, s.maxWarnings);
}

/**
 * `--fix-dry-run`: a check (nothing is written), then the fixes `build --fix` would apply to its
 * findings, as one unified diff on standard output (`git apply` takes it); a line on standard error
 * counts them and names the refused ones. With `-o FILE` the report is still written to FILE.
 */
async function runFixDryRun(s: RunSettings): Promise<number> {
  const progress = startProgress(process.stderr);
  let out: RunOutput;
  try {
    out = await runFull("check", s, { fix: false, force: false }, { onPhase: progress.phase });
  } finally {
    progress.stop();
  }
  const { planFixes, fixPlanDiff } = await import("../apply-fixes.js");
  const only = s.files ? new Set(s.files) : null;
  const plan = planFixes(
    out.diagnostics.filter((d) => only === null || only.has(d.file)),
    out.textOf,
  );
  process.stdout.write(fixPlanDiff(plan));
  const fixes = plan.files.reduce((n, f) => n + f.fixes.length, 0);
  const refused =
    plan.refused.length > 0
      ? `; ${plan.refused.length} refused (${plan.refused.map((r) => `${r.fix.file}: ${r.fix.description}: ${r.reason}`).join("; ")})`
      : "";
  process.stderr.write(
    `docpact: --fix-dry-run: ${fixes} fix${fixes === 1 ? "" : "es"} in ${plan.files.length} file${plan.files.length === 1 ? "" : "s"} would be applied by \`docpact build --fix\`; nothing written${refused}\n`,
  );
  if (s.outputFile !== undefined) {
    const shown = s.quiet ? errorsOnly(out) : out;
    writeReportFile(
      s.outputFile,
      formatReport(shown.report, s.format, {
        root: s.root,
        color: s.color === true,
        diagnostics: shown.diagnostics,
        gate: shown.gate,
        rules: await ruleMetasFor(s.format),
      }),
    );
  }
  return exitCode(out.report, s.maxWarnings);
}

/** `--quiet`: the report shows errors only; the summary still counts warnings (and --max-warnings still applies). */
function errorsOnly(out: RunOutput): RunOutput {
  return {
    ...out,
    report: { ...out.report, diagnostics: out.report.diagnostics.filter((d) => d.severity === "error") },
    diagnostics: out.diagnostics.filter((d) => d.severity === "error"),
  };
}

/** `-o FILE`: the report the user asked for, written whole (temp file + rename); a folder that does not exist is a one-line error. */
function writeReportFile(file: string, text: string): void {
  const abs = resolve(file);
  try {
    writeAtomic(dirname(abs), basename(abs), text);
  } catch (e) {
    if (e instanceof DocpactError) throw e;
    throw new DocpactError(`cannot write --output-file ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
}

/** File arguments (relative to the working directory) as root-relative paths; one that does not exist or lies outside the root is a usage error. */
function fileArguments(root: string, args: string[]): string[] {
  return args.map((a) => {
    const abs = resolve(a);
    const rel = relative(root, abs).split(sep).join("/");
    if (rel === "" || rel === ".." || rel.startsWith("../") || isAbsolute(rel)) throw new DocpactError(`${a} is not a file inside the root (${root})`);
    if (!existsSync(abs)) throw new DocpactError(`no such file: ${a}`);
    return rel;
  });
}

async function runInspect(values: Values, positionals: string[]): Promise<number> {
  const [what, ...extra] = positionals;
  if (!what || !(INSPECT_TARGETS as readonly string[]).includes(what)) {
    throw new DocpactError(`inspect needs one of: ${INSPECT_TARGETS.join(", ")}`);
  }
  if (extra.length) throw new DocpactError(`inspect takes one argument (got "${extra[0]}")`);
  const root = rootOf(values);
  const { runPipeline } = await import("../pipeline.js");
  const r = await runPipeline({ root, configPath: str(values.config) });
  process.stdout.write(`${JSON.stringify(inspect(what as (typeof INSPECT_TARGETS)[number], r.model), null, 2)}\n`);
  return 0;
}

async function runExplain(values: Values, positionals: string[]): Promise<number> {
  const { findRule, rules } = await import("../rules/index.js");
  const { explainText } = await import("../report/explain.js");
  if (values.list) {
    for (const r of rules) process.stdout.write(`${r.meta.id.padEnd(32)} ${r.meta.defaultSeverity.padEnd(8)} ${r.meta.description}\n`);
    return 0;
  }
  const [id, ...extra] = positionals;
  if (!id) throw new DocpactError("explain needs a rule id (see `docpact explain --list`)");
  if (extra.length) throw new DocpactError(`explain takes one rule id (got "${extra[0]}")`);
  const rule = findRule(id);
  if (!rule) {
    const near = closest(
      id,
      rules.map((r) => r.meta.id),
    );
    throw new DocpactError(`unknown rule "${id}"${near ? ` (did you mean "${near}"?)` : ""} (see \`docpact explain --list\`)`);
  }
  process.stdout.write(explainText(rule.meta));
  return 0;
}
