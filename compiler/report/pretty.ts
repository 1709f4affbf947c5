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
  const cap = cappedLine(report);
  if (cap) lines.push(paint("dim", cap));
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

/** A history longer than the logs read, said once when there are findings (their evidence may be cut). */
export function cappedLine(report: Report): string | undefined {
  const cap = report.summary.historyCapped;
  if (!cap || report.summary.errors + report.summary.warnings === 0) return undefined;
  const parts = [
    ...(cap.pathCommits !== undefined ? [`the newest ${cap.pathCommits} commits for renamed and deleted paths`] : []),
    ...(cap.contentCommits !== undefined ? [`the newest ${cap.contentCommits} commits touching the inputs for removed headings and names`] : []),
  ];
  return `note: the git history is longer than docpact reads (${parts.join("; ")}): findings are the same, but older renames and removals carry no evidence`;
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

/** The link kinds of summary.coverage (compiler/model/mentions.ts linkMentions); every other kind is a CLI, skill or vocabulary-term mention. */
const LINK_KINDS = new Set(["links", "anchors"]);
/** Backticked paths (reference/missing-path), a part of their own. */
const PATH_KINDS = new Set(["paths"]);

/** The last line: how many documented CLI mentions (and vocabulary terms), links and anchors were judged, and how many were not (never a silent blind spot). */
export function coverageLine(report: Report): string | undefined {
  const c = report.summary.coverage;
  if (!c) return undefined;
  const sum = (keep: (k: string) => boolean) => {
    const t = { found: 0, judged: 0, notJudged: 0 };
    for (const k of Object.keys(c).filter(keep)) {
      t.found += c[k].found;
      t.judged += c[k].judged;
      t.notJudged += c[k].notJudged;
    }
    return t;
  };
  const rest = (t: { found: number; judged: number; notJudged: number }) => {
    const neither = t.found - t.judged - t.notJudged;
    return `; ${t.notJudged} not judged${neither > 0 ? `, ${neither} neither judged nor counted` : ""}`;
  };
  const parts: string[] = [];
  const cli = sum((k) => !LINK_KINDS.has(k) && !PATH_KINDS.has(k));
  // Vocabulary terms are no CLI mentions: with any found, the line says "documented mentions".
  const what = (c.terms?.found ?? 0) > 0 ? "documented mention" : "CLI mention";
  if (cli.found > 0) parts.push(`judged ${cli.judged} of ${plural(cli.found, what)}${rest(cli)}`);
  const links = sum((k) => LINK_KINDS.has(k));
  if (links.found > 0) {
    const l = c.links ?? { found: 0, judged: 0 };
    const a = c.anchors ?? { found: 0, judged: 0 };
    parts.push(`judged ${l.judged} of ${plural(l.found, "link")} and ${a.judged} of ${plural(a.found, "anchor")}${rest(links)}`);
  }
  const paths = sum((k) => PATH_KINDS.has(k));
  if (paths.found > 0) parts.push(`judged ${paths.judged} of ${plural(paths.found, "path")}${rest(paths)}`);
  if (parts.length === 0) return undefined;
  return `${parts.join(" · ")} (see --format json summary.coverage)`;
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
