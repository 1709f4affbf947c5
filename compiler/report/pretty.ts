/** Human output: `file:line:col  severity  message  rule`, a code frame, and a summary line. */
import type { Report, ReportDiagnostic } from "./report.js";

export interface PrettyOptions {
  color: boolean;
  /** Returns a file's text (BOM removed) for code frames, or undefined. */
  getText(file: string): string | undefined;
}

const codes = { red: 31, yellow: 33, dim: 2, bold: 1, cyan: 36 } as const;

export function formatPretty(report: Report, opts: PrettyOptions): string {
  const paint = (c: keyof typeof codes, s: string) => (opts.color ? `\u001b[${codes[c]}m${s}\u001b[0m` : s);
  const lines: string[] = [];
  const cache = new Map<string, string[] | undefined>();
  const fileLines = (file: string) => {
    if (!cache.has(file)) cache.set(file, opts.getText(file)?.split(/\r\n|\r|\n/));
    return cache.get(file);
  };
  for (const d of report.diagnostics) {
    const sev = d.severity === "error" ? paint("red", "error") : paint("yellow", "warning");
    lines.push(`${paint("bold", `${d.file}:${d.line}:${d.column}`)}  ${sev}  ${d.message}  ${paint("dim", d.rule)}`);
    lines.push(...frame(d, fileLines(d.file), paint));
    if (d.suggestion !== undefined) lines.push(`  ${paint("cyan", "suggestion:")} ${d.suggestion}`);
    for (const r of d.related ?? []) lines.push(`  ${paint("dim", `${r.file}:${r.line}:${r.column}`)} ${r.message}`);
    lines.push("");
  }
  if (report.written !== undefined) lines.push(...writtenLines(report.written));
  lines.push(summaryLine(report));
  const pr = prunableLine(report);
  if (pr) lines.push(pr);
  const nj = notJudgedLine(report);
  if (nj) lines.push(paint("dim", nj));
  const sh = shallowLine(report);
  if (sh) lines.push(paint("dim", sh));
  const cov = coverageLine(report);
  if (cov) lines.push(cov);
  return `${lines.join("\n")}\n`;
}

const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? "" : "s"}`;

export function summaryLine(report: Report): string {
  const s = report.summary;
  let gated = "";
  if (s.baselined !== undefined) gated += ` · ${s.baselined} baselined`;
  if (s.since) gated += ` · ${s.since.outside} outside --since ${s.since.ref}`;
  return `${plural(s.errors, "error")}, ${plural(s.warnings, "warning")}${gated} · ${plural(s.files.docs, "doc")}, ${plural(s.files.schemas, "schema")}, ${plural(s.files.code, "code file")} · ${s.durationMs} ms`;
}

/** Baseline entries whose drift was fixed: say so, and how to drop them. */
export function prunableLine(report: Report): string | undefined {
  const n = report.summary.prunable?.length ?? 0;
  if (n === 0) return undefined;
  return `${n} baseline entr${n === 1 ? "y matches" : "ies match"} nothing any more (fixed): \`docpact baseline --prune\` removes ${n === 1 ? "it" : "them"}`;
}

/** A shallow clone: said once, since its findings are a full clone's but some evidence is not. */
export function shallowLine(report: Report): string | undefined {
  if (!report.summary.shallowHistory) return undefined;
  return "note: the git history is shallow (a depth-limited clone): findings are the same, but renames and removals before it carry no evidence; clone with full history (actions/checkout: fetch-depth: 0) for it";
}

/** What build wrote: one line per file, then a count (build only). */
function writtenLines(written: string[]): string[] {
  if (written.length === 0) return ["build wrote nothing (everything was up to date)"];
  return [`build wrote ${plural(written.length, "file")}:`, ...written.map((f) => `  ${f}`), ""];
}

/** One line saying how much was left unjudged, and by which rules (most first). */
export function notJudgedLine(report: Report): string | undefined {
  const nj = report.summary.notJudged;
  if (!nj) return undefined;
  const parts = Object.entries(nj.byRule)
    .sort((a, b) => b[1].total - a[1].total || (a[0] < b[0] ? -1 : 1))
    .map(([rule, v]) => `${v.total} by ${rule}`);
  // CLI invocations left unjudged are explained per open set by `inspect commands`.
  const where = Object.keys(nj.byRule).some((r) => r.startsWith("cli/")) ? "`docpact inspect commands`" : "`docpact inspect`";
  return `${nj.total} place${nj.total === 1 ? "" : "s"} not judged (partial knowledge: ${parts.join(", ")}) — see ${where} and \`--format json\` summary.notJudged`;
}

/** The last line: how many documented CLI mentions (and vocabulary terms) were judged, and how many were not (never a silent blind spot). */
export function coverageLine(report: Report): string | undefined {
  const c = report.summary.coverage;
  if (!c) return undefined;
  let found = 0;
  let judged = 0;
  let notJudged = 0;
  for (const k of Object.keys(c)) {
    found += c[k].found;
    judged += c[k].judged;
    notJudged += c[k].notJudged;
  }
  if (found === 0) return undefined;
  const neither = found - judged - notJudged;
  // Vocabulary terms are no CLI mentions: with any found, the line says "documented mentions".
  const what = (c.terms?.found ?? 0) > 0 ? "documented mention" : "CLI mention";
  return `judged ${judged} of ${found} ${what}${found === 1 ? "" : "s"}; ${notJudged} not judged${neither > 0 ? `, ${neither} neither judged nor counted` : ""} (see --format json summary.coverage)`;
}

function frame(d: ReportDiagnostic, lines: string[] | undefined, paint: (c: keyof typeof codes, s: string) => string): string[] {
  const text = lines?.[d.line - 1];
  if (text === undefined) return [];
  const gutter = String(d.line).length;
  const width = d.endLine === d.line ? Math.max(1, d.endColumn - d.column) : Math.max(1, text.length - d.column + 1);
  const shown = text.replace(/\t/g, " ");
  return [
    `  ${paint("dim", `${d.line} |`)} ${shown}`,
    `  ${" ".repeat(gutter)} ${paint("dim", "|")} ${" ".repeat(Math.max(0, d.column - 1))}${paint("red", "^".repeat(width))}`,
  ];
}
