/**
 * The gate between a run's findings and its exit code: with a baseline,
 * findings it records are `unchanged` (counted, not failing) and its entries
 * nothing matches any more are `absent` (prunable); with `--since`, findings
 * the change is not answerable for are `unchanged` too. Everything else is
 * `new` and fails as usual. Without either, the gate passes everything.
 */
import type { Diagnostic } from "../model/diagnostic.js";
import type { ChangeSet } from "../git/changes.js";
import { fingerprint, type GetText } from "./fingerprint.js";
import { compareEntries, entryOf, type BaselineEntry, type BaselineFile } from "./baseline-file.js";
import { inScope, removedSourceLiterals } from "./since.js";

export type BaselineState = "new" | "unchanged" | "absent";

export interface GateInput {
  baseline?: { file: string; content: BaselineFile } | null;
  since?: ChangeSet | null;
  /** Current path → the paths git shows it was renamed from (newest first): baseline entries follow a moved file. */
  renamedFrom?: ReadonlyMap<string, readonly string[]>;
  /** With `since`: whether a path is (or, deleted, was) one of the project's code or schema files. Default: code and `.schema.json` extensions. */
  isSource?: (path: string) => boolean;
}

export const SOURCE_EXT = /\.(?:[cm]?[jt]sx?|schema\.json)$/;

export interface GateResult {
  /** The findings that fail the run (state `new`), in report order. */
  failing: Diagnostic[];
  /** Every finding with its fingerprint and state. */
  states: { diagnostic: Diagnostic; fingerprint: string; token: string; state: "new" | "unchanged"; baselined: boolean }[];
  /** Baseline entries no finding matches any more (the drift was fixed): prunable. */
  absent: BaselineEntry[];
  /** Findings the baseline matched. */
  baselined: number;
  /** Findings outside `--since` (not baselined). */
  outsideSince: number;
  /** Whether a baseline or `--since` took part (then reporters say so). */
  active: boolean;
  baselineFile: string | null;
  since: { ref: string; commit: string } | null;
}

export function gate(diagnostics: readonly Diagnostic[], getText: GetText, input: GateInput): GateResult {
  if (!input.baseline && !input.since) {
    // Nothing to gate: every finding is new. Fingerprints (they read every named file's lines) only when a reporter asks (SARIF).
    let states: GateResult["states"] | undefined;
    return {
      failing: [...diagnostics],
      get states() {
        return (states ??= fingerprint(diagnostics, getText).map((p) => ({
          diagnostic: p.diagnostic,
          fingerprint: p.fingerprint,
          token: p.token,
          state: "new" as const,
          baselined: false,
        })));
      },
      absent: [],
      baselined: 0,
      outsideSince: 0,
      active: false,
      baselineFile: null,
      since: null,
    };
  }
  const prints = fingerprint(diagnostics, getText);
  const known = new Map<string, BaselineEntry>();
  for (const e of input.baseline?.content.findings ?? []) known.set(key(e.rule, e.file, e.fingerprint), e);
  const matched = new Set<string>();
  const states: GateResult["states"] = [];
  const failing: Diagnostic[] = [];
  let baselined = 0;
  let outsideSince = 0;
  const isSource = input.isSource ?? ((p: string) => SOURCE_EXT.test(p));
  const literals = input.since ? removedSourceLiterals(input.since, isSource) : new Set<string>();
  for (const p of prints) {
    const d = p.diagnostic;
    let k = key(d.rule, d.file, p.fingerprint);
    for (const old of known.has(k) ? [] : (input.renamedFrom?.get(d.file) ?? [])) {
      const alt = key(d.rule, old, p.as(old));
      if (known.has(alt) && !matched.has(alt)) {
        k = alt;
        break;
      }
    }
    let state: "new" | "unchanged" = "new";
    const inBaseline = known.has(k) && !matched.has(k);
    if (inBaseline) {
      matched.add(k);
      baselined++;
      state = "unchanged";
    } else if (input.since && !inScope(d, p.token, input.since, literals)) {
      outsideSince++;
      state = "unchanged";
    }
    states.push({ diagnostic: d, fingerprint: p.fingerprint, token: p.token, state, baselined: inBaseline });
    if (state === "new") failing.push(p.diagnostic);
  }
  const absent = [...known]
    .filter(([k]) => !matched.has(k))
    .map(([, e]) => e)
    .sort(compareEntries);
  return {
    failing,
    states,
    absent,
    baselined,
    outsideSince,
    active: Boolean(input.baseline || input.since),
    baselineFile: input.baseline?.file ?? null,
    since: input.since ? { ref: input.since.ref, commit: input.since.commit } : null,
  };
}

/**
 * Baseline entries for today's findings (`docpact baseline`), or, with
 * `prune`, for the findings the old baseline still matches (none added; an
 * entry that followed a renamed file is written under its new path).
 */
export function baselineEntries(
  diagnostics: readonly Diagnostic[],
  getText: GetText,
  old: BaselineFile | null,
  prune: boolean,
  renamedFrom?: ReadonlyMap<string, readonly string[]>,
): BaselineEntry[] {
  if (!prune) return fingerprint(diagnostics, getText).map(entryOf);
  if (!old) return [];
  const g = gate(diagnostics, getText, { baseline: { file: "", content: old }, renamedFrom });
  return g.states.filter((s) => s.baselined).map((s) => entryOf(s));
}

function key(rule: string, file: string, fp: string): string {
  return `${rule}\0${file}\0${fp}`;
}
