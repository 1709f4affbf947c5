/**
 * `--format github`: GitHub Actions workflow commands, one annotation per
 * diagnostic (`::error file=…,line=…,col=…,endLine=…,endColumn=…,title=RULE::message`),
 * then the summary line. Escaping follows the runner's rules: in the message
 * `%`, `\r`, `\n`; in property values also `:` and `,`.
 */
import { summaryLine } from "./pretty.js";
import type { Report } from "./report.js";

export function escapeData(s: string): string {
  return s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

export function formatGithub(report: Report): string {
  const lines = report.diagnostics.map((d) => {
    const props = [
      `file=${escapeProperty(d.file)}`,
      `line=${d.line}`,
      `col=${d.column}`,
      `endLine=${d.endLine}`,
      `endColumn=${d.endColumn}`,
      `title=${escapeProperty(d.rule)}`,
    ].join(",");
    let message = d.message;
    if (d.suggestion !== undefined) message += ` (${d.suggestion})`;
    for (const r of d.related ?? []) message += `\n${r.file}:${r.line}:${r.column}: ${r.message}`;
    return `::${d.severity} ${props}::${escapeData(message)}`;
  });
  lines.push(summaryLine(report));
  return `${lines.join("\n")}\n`;
}
