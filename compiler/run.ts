/** One check or build run turned into the report of `--format json`: shared by the CLI, watch and the API. */
import { existsSync } from "./util/input-fs.js";
import { resolve } from "node:path";
import type { ReadCache } from "./cache/cache.js";
import type { Diagnostic, NotJudged } from "./model/diagnostic.js";
import type { CoverageSummary } from "./model/mentions.js";
import type { FileCounts } from "./model/types.js";
import type { ContractModel } from "./model/contract-model.js";
import type { PipelineResult } from "./pipeline.js";
import type { BuildResult } from "./build.js";
import { startRecording, type Observations } from "./util/input-fs.js";
import { addGateSummary, makeReport, type Report } from "./report/report.js";
import { BASELINE_FILE, readBaseline, type BaselineFile } from "./gate/baseline-file.js";
import { gate, SOURCE_EXT, type GateResult } from "./gate/gate.js";
import type { GetText } from "./gate/fingerprint.js";
import { readChangesSince } from "./git/changes.js";
import { isShallowHistory } from "./git/history.js";
import { beginGitRun } from "./git/run.js";
import { isProblem, readInput } from "./read-input.js";
import { DEFAULT_LIMITS } from "./config/limits.js";
import { dropRecord, fixKeyOfThisProcess, loadReplay, replayEnabled, writeRecord, type StoredRun } from "./replay/record.js";
import { renamedFrom, type HistoryCap } from "./model/history.js";

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
  /** `--no-error-on-unmatched-pattern`. */
  allowUnmatchedPatterns?: boolean;
  /** File arguments (root-relative, `/`): only findings in these files are reported and gated (lint-staged); the whole project is still read. */
  files?: readonly string[];
}

export interface RunOutput {
  report: Report;
  /** Every finding with its fixes, for SARIF (with a baseline or --since, also the ones that do not fail). */
  diagnostics: Diagnostic[];
  /** Fingerprints and baseline states (SARIF), and what the baseline no longer matches. */
  gate: GateResult;
  /** Files build wrote or removed (build only). */
  written?: string[];
  /** The text each finding's file had when the rules saw it (what `--fix-dry-run` diffs against). */
  textOf: GetText;
}

export async function run(mode: "check" | "build", req: RunRequest): Promise<RunOutput> {
  // One git configuration listing for the run's git calls (compiler/git/run.ts), read again by the next run.
  const endGitRun = beginGitRun();
  try {
    return await runOnce(mode, req);
  } finally {
    endGitRun();
  }
}

async function runOnce(mode: "check" | "build", req: RunRequest): Promise<RunOutput> {
  const started = performance.now();
  // Bad gate input fails before the (long) run: an unknown REF, a missing --baseline file.
  const since = req.since !== undefined ? readChangesSince(req.root, req.since) : null;
  const explicit = req.baseline !== undefined ? { file: req.baseline, content: readBaseline(null, resolve(req.baseline), req.baseline) } : null;
  // A one-off run (no caller-owned cache: not watch) replays or records; see compiler/replay/.
  const oneOff = req.cache === undefined;
  // A record is made only where an unmatched pattern is an error, so a replay never skips that error.
  const recording = oneOff && replayEnabled(req.root) && req.allowUnmatchedPatterns !== true;
  if (recording) fixKeyOfThisProcess();
  const facts: RunFacts & { closing?: () => Promise<void> } =
    (mode === "check" && oneOff && req.allowUnmatchedPatterns !== true ? replayed(req) : null) ?? (await pipelineRun(mode, req, recording));
  const baseline = explicit ?? defaultBaselineOf(req.root, facts.baseline);
  const sources = new Set(facts.sources);
  // A deleted file is no longer discovered: then its extension decides.
  const onDisk = new Set(facts.files);
  const isSource = (p: string) => sources.has(p) || (!onDisk.has(p) && SOURCE_EXT.test(p));
  const only = req.files ? new Set(req.files) : null;
  const diagnostics = only ? facts.diagnostics.filter((d) => only.has(d.file)) : facts.diagnostics;
  const gated = gate(diagnostics, facts.getText, { baseline, since, renamedFrom: facts.renames, isSource });
  // Baseline entries of files not asked about are not "fixed": they are left out.
  const g = only ? { ...gated, absent: gated.absent.filter((e) => only.has(e.file)) } : gated;
  const report = makeReport(g.failing, facts.counts, performance.now() - started, facts.notJudged, facts.coverage, facts.getText);
  addGateSummary(report, {
    baseline: baseline ? { baselined: g.baselined, prunable: g.absent } : null,
    since: since ? { ref: since.ref, commit: since.commit, outside: g.outsideSince } : null,
  });
  if (isShallowHistory(req.root)) report.summary.shallowHistory = true;
  if (facts.historyCap) report.summary.historyCapped = facts.historyCap;
  if (facts.written) report.written = facts.written;
  // Build's closing check runs once the build's own result is reported and can go.
  await facts.closing?.();
  return { report, diagnostics, gate: g, textOf: facts.getText, ...(facts.written ? { written: facts.written } : {}) };
}

/** What gating and reporting need of a run, from the pipeline or from a replayed record. */
interface RunFacts {
  diagnostics: Diagnostic[];
  notJudged: NotJudged[];
  coverage?: CoverageSummary;
  counts: FileCounts;
  files: readonly string[];
  sources: readonly string[];
  baseline: string | null | undefined;
  getText: GetText;
  renames: Map<string, string[]>;
  historyCap?: HistoryCap;
  written?: string[];
}

/** The recorded result of build's closing check, when nothing it depended on changed since. */
function replayed(req: RunRequest): RunFacts | null {
  const started = performance.now();
  const hit = loadReplay(req.root, req.configPath);
  if (process.env.DOCPACT_TIMING === "1") {
    const ms = Math.round(performance.now() - started);
    process.stderr.write(
      `docpact timing: replay ${"result" in hit ? `hit (${hit.inputs} inputs compared)` : `miss (${hit.miss}${hit.detail ? `: ${hit.detail}` : ""})`} in ${ms} ms\n`,
    );
  }
  if (!("result" in hit)) return null;
  const r = hit.result;
  const inTexts = new Set(r.textFiles);
  const limits = { ...DEFAULT_LIMITS, maxFileBytes: r.maxFileBytes };
  return {
    diagnostics: r.diagnostics,
    notJudged: r.notJudged,
    ...(r.coverage ? { coverage: r.coverage } : {}),
    counts: r.counts,
    files: r.files,
    sources: r.sources,
    baseline: r.baseline,
    // As textGetter: the model's text (read within the config's limits), else the file within the default ones.
    getText: (file) => {
      const src = readInput(req.root, file, inTexts.has(file) ? limits : DEFAULT_LIMITS);
      return isProblem(src) ? undefined : src.text;
    },
    renames: new Map(r.renames),
    ...(r.historyCap ? { historyCap: r.historyCap } : {}),
  };
}

async function pipelineRun(mode: "check" | "build", req: RunRequest, record: boolean): Promise<RunFacts & { closing?: () => Promise<void> }> {
  const base = {
    root: req.root,
    configPath: req.configPath,
    cache: req.cache,
    onPhase: req.onPhase,
    allowUnmatchedPatterns: req.allowUnmatchedPatterns,
    ...(req.changes ? { changes: req.changes } : {}),
  };
  if (mode === "check") {
    const { runPipeline } = await import("./pipeline.js");
    return factsOf(req.root, await runPipeline(base));
  }
  const { runBuild, closingCheck } = await import("./build.js");
  if (!record) {
    const r = await runBuild({ ...base, fix: req.fix, force: req.force, ...(req.files ? { fixFiles: req.files } : {}) });
    return { ...factsOf(req.root, r), written: r.written };
  }
  // Build records what a check would find on the tree it leaves. When it wrote nothing (and did not
  // force), its own run was that check: its observations and findings are the record.
  const recording = startRecording();
  let r: BuildResult;
  let observed: Observations;
  try {
    r = await runBuild({ ...base, fix: req.fix, force: req.force, closingCheck: true, ...(req.files ? { fixFiles: req.files } : {}) });
  } finally {
    observed = recording.stop();
  }
  const cache = r.cache;
  const own = r.written.length === 0 && req.force !== true ? storedRunOf(req.root, { ...r, diagnostics: r.unresolved }) : null;
  const closing = async () => {
    if (own) {
      cache.flush();
      writeRecord(req.root, req.configPath, observed, own);
      return;
    }
    const again = startRecording();
    const [wall, cpu] = [performance.now(), process.cpuUsage()];
    try {
      const check = await closingCheck(req.root, req.configPath, cache);
      writeRecord(req.root, req.configPath, again.stop(), storedRunOf(req.root, check));
      if (process.env.DOCPACT_TIMING === "1") {
        const used = process.cpuUsage(cpu);
        process.stderr.write(
          `docpact timing: closing check and record ${Math.round(performance.now() - wall)} ms (cpu ${Math.round((used.user + used.system) / 1000)} ms)\n`,
        );
      }
    } catch {
      // No record rather than a failed build: the next check runs the pipeline and reports what it finds.
      again.stop();
      dropRecord(req.root);
    }
  };
  return { ...factsOf(req.root, r), written: r.written, closing };
}

function factsOf(root: string, r: PipelineResult): RunFacts {
  return {
    diagnostics: r.diagnostics,
    notJudged: r.notJudged,
    coverage: r.coverage,
    counts: r.model.counts,
    files: r.model.files,
    sources: [...r.discovered.code, ...r.discovered.schemas],
    baseline: r.config.baseline,
    getText: textGetter(root, r.model),
    renames: renamesOf(r.model),
    ...(r.historyCap ? { historyCap: r.historyCap } : {}),
  };
}

/** The part of a check run a replay needs, as plain data. */
export function storedRunOf(root: string, r: PipelineResult): StoredRun {
  return {
    diagnostics: r.diagnostics,
    notJudged: r.notJudged,
    coverage: r.coverage,
    counts: r.model.counts,
    files: [...r.model.files],
    sources: [...r.discovered.code, ...r.discovered.schemas],
    textFiles: [...r.model.texts.keys()],
    maxFileBytes: r.config.limits?.maxFileBytes ?? DEFAULT_LIMITS.maxFileBytes,
    renames: [...renamesOf(r.model)],
    baseline: r.config.baseline ?? null,
    ...(r.historyCap ? { historyCap: r.historyCap } : {}),
  };
}

function defaultBaselineOf(root: string, setting: string | null | undefined): { file: string; content: BaselineFile } | null {
  if (setting) return { file: setting, content: readBaseline(root, resolve(root, setting), setting) };
  const abs = resolve(root, BASELINE_FILE);
  return existsSync(abs) ? { file: BASELINE_FILE, content: readBaseline(root, abs, BASELINE_FILE) } : null;
}

/** Current path → the paths git shows it was renamed from, so baseline entries follow moved files. */
export function renamesOf(model: ContractModel): Map<string, string[]> {
  const files = new Set(model.files);
  return renamedFrom(model.history, (p) => files.has(p));
}

/** Texts for fingerprints: the model's (documents, schemas), else the file on disk (code). */
export function textGetter(root: string, model: ContractModel): GetText {
  // Only the texts are held: the rest of the model can go once a run is reported.
  const texts = model.texts;
  return (file) => {
    const t = texts.get(file);
    if (t !== undefined) return t;
    const src = readInput(root, file);
    return isProblem(src) ? undefined : src.text;
  };
}
