/**
 * Replaying "nothing changed" (as tsc --incremental and make do): `build`,
 * after writing, checks the tree it left and records that run's input
 * manifest (every observation the pipeline made through util/input-fs.ts:
 * files read → content hash, stats, folder listings, probes that found
 * nothing, globs, link targets) beside its result. A later `check` whose
 * key (docpact's build, the config argument, environment switches, git
 * state) and manifest are unchanged formats that result without reading,
 * linking or judging anything. Any difference means the normal pipeline.
 *
 * This module is on the replay path of a new process: it imports no parser.
 * `check` only reads the record; `build` writes it (check writes nothing).
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { diskCacheDir } from "../cache/cache.js";
import type { Diagnostic, NotJudged } from "../model/diagnostic.js";
import type { FileCounts } from "../model/types.js";
import type { CoverageSummary } from "../model/mentions.js";
import type { HistoryCap } from "../model/history.js";
import { repositoryState } from "../git/state.js";
import { observationComparer, type Observations } from "../util/input-fs.js";
import { unoptimized } from "../util/optimizations.js";
import { buildFingerprint } from "./docpact-key.js";

/** Bumped when the record's shape or the meaning of an observation changes. */
const FORMAT = 3;
export const REPLAY_FILE = "replay.json";

/** What `run()` needs of a pipeline run to gate and report it (no model). */
export interface StoredRun {
  diagnostics: Diagnostic[];
  notJudged: NotJudged[];
  /** The run's summary.coverage (absent in a record of a run without it). */
  coverage?: CoverageSummary;
  counts: FileCounts;
  /** The model's files (existing inputs): `--since` tells deleted files by them. */
  files: string[];
  /** Code and schema files, for `--since`. */
  sources: string[];
  /** Files whose text the model held (read within `maxFileBytes`); others are read with the default limits, as textGetter does. */
  textFiles: string[];
  maxFileBytes: number;
  /** Current path → paths git shows it was renamed from (baseline entries follow moves). */
  renames: [string, string[]][];
  /** The config's `baseline` key. */
  baseline: string | null;
  /** The caps git's logs reached (summary.historyCapped); absent when none was. */
  historyCap?: HistoryCap;
}

/** Everything besides the manifest that a result depends on. */
interface RecordKey {
  fingerprint: string;
  root: string;
  config: string | null;
  node: string;
  /** ICU's default locale: the evaluator folds `localeCompare` calls of the code it reads. */
  locale: string;
  env: Record<string, string | null>;
  git: string;
}

interface RecordFile {
  format: number;
  key: RecordKey;
  /** Observation keys and observations, flat (`key, seen, key, seen, …`), sorted by key; paths under the root are relative to it. */
  inputs: string[];
  /** The result, its not-judged places as `[rule, file, line, column, reason]` (the largest part, kept small). */
  result: Omit<StoredRun, "notJudged"> & { notJudged: [string, string, number, number, string][] };
  /**
   * sha256 of the record without this field: an edited record (a finding removed by hand, a
   * count changed) is a miss, never replayed. It is no signature — whoever can write the cache
   * folder can recompute it — but a record changed by anything other than build is not trusted.
   */
  seal?: string;
}

const sealOf = (body: RecordFile): string =>
  createHash("sha256")
    .update(JSON.stringify({ ...body, seal: undefined }))
    .digest("hex");

/** Environment switches that change what a run finds (DOCPACT_UNOPTIMIZED and DOCPACT_NO_CACHE bypass replay instead). */
const ENV_SWITCHES = ["DOCPACT_NO_GIT"] as const;

/** Computed when a run starts, so a record is keyed by the docpact that made its result. */
export function fixKeyOfThisProcess(): void {
  buildFingerprint();
}

function recordKey(root: string, configPath: string | undefined): RecordKey {
  return {
    fingerprint: buildFingerprint(),
    root: resolve(root),
    config: configPath === undefined ? null : resolve(configPath),
    node: process.version,
    locale: new Intl.Collator().resolvedOptions().locale,
    env: Object.fromEntries(ENV_SWITCHES.map((k) => [k, process.env[k] ?? null])),
    git: gitState(root),
  };
}

/**
 * What the history reads depend on: whether the root is in a work tree, where
 * in it, whether the clone is shallow, and the commit HEAD names (`git log`
 * reads commits, which never change; it does not read the work tree or the
 * index). The run's one repository-state call (git/state.ts).
 */
function gitState(root: string): string {
  const s = repositoryState(root);
  return s.ok ? `ok ${s.inside} ${s.shallow} ${JSON.stringify(s.prefix)} ${s.head ?? "no HEAD"}` : `failed ${s.why}`;
}

function recordPath(root: string): string | null {
  const dir = diskCacheDir(root);
  return dir === null ? null : join(dir, REPLAY_FILE);
}

/** Whether runs may record and replay: not on the reference path, not without a disk cache. */
export function replayEnabled(root: string): boolean {
  return !unoptimized() && recordPath(root) !== null;
}

/** Writes the record of a check run (build only); a record that cannot be written is not an error. */
export function writeRecord(root: string, configPath: string | undefined, observations: Observations, result: StoredRun): void {
  const file = recordPath(root);
  if (file === null || unoptimized()) return;
  const inside = `${resolve(root)}/`;
  const inputs: string[] = [];
  for (const [key, seen] of [...observations].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    const space = key.indexOf(" ");
    const path = key.slice(space + 1);
    inputs.push(path.startsWith(inside) ? `${key.slice(0, space)} ${path.slice(inside.length)}` : key, seen);
  }
  const notJudged = result.notJudged.map((n): [string, string, number, number, string] => [n.rule, n.file, n.line, n.column, n.reason]);
  const body: RecordFile = { format: FORMAT, key: recordKey(root, configPath), inputs, result: { ...result, notJudged } };
  body.seal = sealOf(body);
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(tmp, JSON.stringify(body));
    renameSync(tmp, file);
  } catch {
    rmSync(tmp, { force: true });
  }
}

/** Removes the record (a build that could not record its check must not leave an older one behind). */
export function dropRecord(root: string): void {
  const file = recordPath(root);
  if (file !== null) rmSync(file, { force: true });
}

export type ReplayMiss = "disabled" | "no record" | "bad record" | "key" | "input";

let lastOutcome: "hit" | ReplayMiss | null = null;

/** What the last replay attempt of this process gave (tests; DOCPACT_TIMING prints it too). */
export function lastReplayOutcome(): "hit" | ReplayMiss | null {
  return lastOutcome;
}

/**
 * The recorded result when the key and every observation of the manifest are
 * the same now; else why not. Each observation is made again (files are
 * hashed unless their size, mtime, ctime and inode are the same and were
 * not racy when recorded; see observationComparer).
 */
export function loadReplay(root: string, configPath: string | undefined): { result: StoredRun; inputs: number } | { miss: ReplayMiss; detail?: string } {
  const r = compareRecord(root, configPath);
  lastOutcome = "result" in r ? "hit" : r.miss;
  return r;
}

const isStr = (x: unknown): x is string => typeof x === "string";
const isNum = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x);
const strings = (x: unknown): boolean => Array.isArray(x) && x.every(isStr);

/**
 * Whether a record has the shape this docpact writes, down to every field the
 * replay uses: a record of the right format but the wrong shape (edited, cut,
 * written by a bug) is a miss, and the run reads everything, never a trace.
 */
function wellFormed(body: unknown): body is RecordFile {
  if (body === null || typeof body !== "object") return false;
  const b = body as Partial<Record<keyof RecordFile, unknown>>;
  if (b.format !== FORMAT || !strings(b.inputs) || (b.inputs as string[]).length % 2 !== 0) return false;
  const r = b.result as Record<string, unknown> | null;
  if (r === null || typeof r !== "object" || Array.isArray(r)) return false;
  const diagnostic = (d: unknown) => {
    const x = d as Record<string, unknown> | null;
    return (
      x !== null &&
      typeof x === "object" &&
      isStr(x.rule) &&
      isStr(x.message) &&
      isStr(x.file) &&
      (x.severity === "error" || x.severity === "warning") &&
      isNum(x.line) &&
      isNum(x.column) &&
      isNum(x.endLine) &&
      isNum(x.endColumn)
    );
  };
  const notJudged = (n: unknown) => Array.isArray(n) && n.length === 5 && isStr(n[0]) && isStr(n[1]) && isNum(n[2]) && isNum(n[3]) && isStr(n[4]);
  const rename = (n: unknown) => Array.isArray(n) && n.length === 2 && isStr(n[0]) && strings(n[1]);
  const counts = r.counts as Record<string, unknown> | null;
  return (
    Array.isArray(r.diagnostics) &&
    r.diagnostics.every(diagnostic) &&
    Array.isArray(r.notJudged) &&
    r.notJudged.every(notJudged) &&
    counts !== null &&
    typeof counts === "object" &&
    Object.values(counts).every(isNum) &&
    strings(r.files) &&
    strings(r.sources) &&
    strings(r.textFiles) &&
    isNum(r.maxFileBytes) &&
    Array.isArray(r.renames) &&
    r.renames.every(rename) &&
    (r.baseline === null || isStr(r.baseline)) &&
    (r.historyCap === undefined || (typeof r.historyCap === "object" && r.historyCap !== null && Object.values(r.historyCap).every(isNum)))
  );
}

function compareRecord(root: string, configPath: string | undefined): ReturnType<typeof loadReplay> {
  const file = recordPath(root);
  if (file === null || unoptimized()) return { miss: "disabled" };
  let body: RecordFile;
  try {
    body = JSON.parse(readFileSync(file, "utf8")) as RecordFile;
  } catch {
    return { miss: "no record" };
  }
  if (!wellFormed(body) || body.seal !== sealOf(body)) return { miss: "bad record" };
  if (JSON.stringify(body.key) !== JSON.stringify(recordKey(root, configPath))) return { miss: "key" };
  const same = observationComparer();
  const inside = `${resolve(root)}/`;
  const inputs = body.inputs;
  for (let i = 0; i + 1 < inputs.length; i += 2) {
    const key = inputs[i];
    const space = key.indexOf(" ");
    // Recorded paths are absolute, or relative to the root.
    const abs = isAbsolute(key.slice(space + 1)) ? key : `${key.slice(0, space)} ${inside}${key.slice(space + 1)}`;
    if (!same(abs, inputs[i + 1])) return { miss: "input", detail: abs };
  }
  const r = body.result;
  const notJudged = r.notJudged.map(([rule, file, line, column, reason]) => ({ rule, file, line, column, reason }));
  return { result: { ...r, notJudged }, inputs: inputs.length / 2 };
}
