/** The report shape of `--format json` and of the programmatic API (fixed: see the README and docs/usage.md). */
import { summarizeNotJudged, type Diagnostic, type NotJudged, type NotJudgedSummary, type RelatedLocation, type Severity } from "../model/diagnostic.js";
import type { FileCounts } from "../model/types.js";
import type { CoverageSummary } from "../model/mentions.js";
import type { Fix } from "../model/diagnostic.js";
import { LineIndex } from "../util/text.js";

export interface ReportDiagnostic {
  rule: string;
  severity: Severity;
  message: string;
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  suggestion?: string;
  /** Additive: values the user can apply. */
  suggestions?: string[];
  /** Additive: prose on how to fix it. */
  note?: string;
  /** Additive: the rule's documentation. */
  url?: string;
  related?: RelatedLocation[];
  /**
   * Additive: the edit `docpact build --fix` makes for this finding (present only for a
   * fix backed by evidence: a rename git recorded, a declared deprecation). Each edit
   * replaces `range` (UTF-16 offsets into the file's text, BOM removed), also given as
   * 1-based `line`/`column` … `endLine`/`endColumn`, by `text`.
   */
  fix?: ReportFix;
}

export interface ReportFix {
  description: string;
  file: string;
  edits: { range: [number, number]; line: number; column: number; endLine: number; endColumn: number; text: string }[];
}

/** A fix as the report writes it: positions from the file's text (the one the rules saw); null when that text is unknown. */
export function reportFix(fix: Fix, text: string | undefined): ReportFix | null {
  if (text === undefined) return null;
  const lines = new LineIndex(text);
  return {
    description: fix.description,
    file: fix.file,
    edits: fix.edits.map((e) => {
      const a = lines.position(e.start);
      const b = lines.position(e.end);
      return { range: [e.start, e.end], line: a.line, column: a.column, endLine: b.line, endColumn: b.column, text: e.text };
    }),
  };
}

export interface Report {
  version: 1;
  diagnostics: ReportDiagnostic[];
  summary: {
    errors: number;
    warnings: number;
    files: FileCounts;
    durationMs: number;
    /** Additive: places rules did not judge (partial knowledge), present only when there are any. */
    notJudged?: NotJudgedSummary;
    /**
     * Additive: documented mentions per kind (`commands`, `flags`, `links`, `anchors`, …) — found, judged, and counted
     * as not judged (also in `notJudged`); present when the docs mention any. found − judged −
     * notJudged is what no rule looked at (0 when every mention is judged or counted).
     */
    coverage?: CoverageSummary;
    /** Additive: findings a baseline matched (not failing); present when a baseline is in use. */
    baselined?: number;
    /** Additive: baseline entries no finding matches any more (the drift was fixed); present when a baseline is in use. */
    prunable?: PrunableEntry[];
    /** Additive: with `--since`, the revision and how many findings lay outside the change (not failing). */
    since?: { ref: string; commit: string; outside: number };
    /** Additive: present (true) when the root's git repository is a shallow clone: history evidence may be missing; findings are the same. */
    shallowHistory?: true;
    /**
     * Additive: present when git's history runs past what docpact reads: `pathCommits` (the path log read the
     * newest that many commits), `contentCommits` (the heading and name log read the newest that many that
     * touched the inputs). Removals older than that carry no evidence; findings are the same.
     */
    historyCapped?: { pathCommits?: number; contentCommits?: number };
  };
  /** Additive, build only: files build wrote or removed, relative to the root, sorted (empty when nothing changed). */
  written?: string[];
}

/** A baseline entry that matched nothing: `docpact baseline --prune` removes it. */
export interface PrunableEntry {
  rule: string;
  file: string;
  fingerprint: string;
  token: string;
  message: string;
}

/** What the gate (compiler/gate/gate.ts) adds to the summary. */
export interface GateSummary {
  baseline: { baselined: number; prunable: PrunableEntry[] } | null;
  since: { ref: string; commit: string; outside: number } | null;
}

export function addGateSummary(report: Report, g: GateSummary): Report {
  if (g.baseline) {
    report.summary.baselined = g.baseline.baselined;
    report.summary.prunable = g.baseline.prunable;
  }
  if (g.since) report.summary.since = g.since;
  return report;
}

export function makeReport(
  diagnostics: Diagnostic[],
  files: FileCounts,
  durationMs: number,
  notJudged: readonly NotJudged[] = [],
  coverage?: CoverageSummary,
  /** A file's text as the rules saw it, for the positions of `fix`; without it no diagnostic carries `fix`. */
  textOf?: (file: string) => string | undefined,
): Report {
  let errors = 0;
  let warnings = 0;
  const out: ReportDiagnostic[] = diagnostics.map((d) => {
    if (d.severity === "error") errors++;
    else warnings++;
    const r: ReportDiagnostic = {
      rule: d.rule,
      severity: d.severity,
      message: d.message,
      file: d.file,
      line: d.line,
      column: d.column,
      endLine: d.endLine,
      endColumn: d.endColumn,
    };
    if (d.suggestion !== undefined) r.suggestion = d.suggestion;
    if (d.suggestions?.length) r.suggestions = d.suggestions;
    if (d.note !== undefined) r.note = d.note;
    if (d.url !== undefined) r.url = d.url;
    if (d.related && d.related.length > 0) r.related = d.related;
    const fix = d.fix && textOf ? reportFix(d.fix, textOf(d.fix.file)) : null;
    if (fix) r.fix = fix;
    return r;
  });
  const report: Report = { version: 1, diagnostics: out, summary: { errors, warnings, files, durationMs: Math.round(durationMs) } };
  const nj = summarizeNotJudged(notJudged);
  if (nj) report.summary.notJudged = nj;
  if (coverage && Object.values(coverage).some((c) => c.found > 0)) report.summary.coverage = coverage;
  return report;
}

/** Exit status (fixed, see the README): 1 on any error, or on more warnings than allowed. */
export function exitCode(report: Report, maxWarnings: number | undefined): 0 | 1 {
  if (report.summary.errors > 0) return 1;
  if (maxWarnings !== undefined && report.summary.warnings > maxWarnings) return 1;
  return 0;
}
