/** Chooses the reporter for `--format`. */
import { formatJson } from "../report/json.js";
import { formatGithub } from "../report/github.js";
import { formatPretty } from "../report/pretty.js";
import { formatSarif } from "../report/sarif.js";
import type { Diagnostic } from "../model/diagnostic.js";
import { rules } from "../rules/index.js";
import { docpactVersion } from "../util/package-root.js";
import type { Report } from "../report/report.js";
import { isProblem, readInput } from "../read.js";
import type { GateResult } from "../gate/gate.js";

export const FORMATS = ["pretty", "json", "sarif", "github"] as const;
export type Format = (typeof FORMATS)[number];

export interface FormatContext {
  root: string;
  color: boolean;
  /** The run's diagnostics with their fixes (SARIF shows fixes; the report drops them). Default: the report's. */
  diagnostics?: Diagnostic[];
  /** Fingerprints and baseline states for SARIF; absent in callers that have none (then SARIF computes fingerprints). */
  gate?: GateResult;
}

export function formatReport(report: Report, format: Format, ctx: FormatContext): string {
  switch (format) {
    case "json":
      return formatJson(report);
    case "pretty":
      return formatPretty(report, {
        color: ctx.color,
        getText: (file) => {
          // Code frames come only from regular files inside the root, within the size limit.
          const src = readInput(ctx.root, file);
          return isProblem(src) ? undefined : src.text;
        },
      });
    case "sarif":
      return formatSarif({
        diagnostics: ctx.diagnostics ?? report.diagnostics,
        gate: ctx.gate,
        rules: rules.map((r) => r.meta),
        version: docpactVersion(),
        getText: (file) => {
          const src = readInput(ctx.root, file);
          return isProblem(src) ? undefined : src.text;
        },
      });
    case "github":
      return formatGithub(report);
  }
}
