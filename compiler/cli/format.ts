/** Chooses the reporter for `--format`. */
import { formatJson } from "../report/json.js";
import { formatPretty } from "../report/pretty.js";
import type { Report } from "../report/report.js";
import { isProblem, readSource } from "../read.js";

export const FORMATS = ["pretty", "json", "sarif", "github"] as const;
export type Format = (typeof FORMATS)[number];

export interface FormatContext {
  root: string;
  color: boolean;
}

export function formatReport(report: Report, format: Format, ctx: FormatContext): string {
  switch (format) {
    case "json":
      return formatJson(report);
    case "pretty":
      return formatPretty(report, {
        color: ctx.color,
        getText: (file) => {
          const src = readSource(ctx.root, file);
          return isProblem(src) ? undefined : src.text;
        },
      });
    case "sarif":
    case "github":
      throw new Error(`format ${format} is not available yet`);
  }
}
