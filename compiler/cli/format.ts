/** Chooses the reporter for `--format`. */
import { formatJson } from "../report/json.js";
import { formatGithub } from "../report/github.js";
import { formatPretty } from "../report/pretty.js";
import { formatSarif } from "../report/sarif.js";
import type { Diagnostic } from "../model/diagnostic.js";
import type { RuleMeta } from "../rules/types.js";
import { docpactVersion } from "../util/package-root.js";
import type { Report } from "../report/report.js";
import { isProblem, readInput } from "../read-input.js";
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
  /** The rule catalogue, for SARIF (see ruleMetasFor); the other formats do not need it. */
  rules?: readonly RuleMeta[];
}

/** The catalogue a format needs, loaded only for SARIF: loading every rule costs a replayed check most of its time. */
export async function ruleMetasFor(format: Format): Promise<RuleMeta[] | undefined> {
  return format === "sarif" ? (await import("../rules/index.js")).rules.map((r) => r.meta) : undefined;
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
        diagnostics: ctx.diagnostics ?? report.diagnostics.map(({ fix: _reportFix, ...d }) => d),
        gate: ctx.gate,
        rules: [...(ctx.rules ?? missingCatalogue())],
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

function missingCatalogue(): never {
  throw new Error("SARIF output needs the rule catalogue (ruleMetasFor)");
}
