import { describe, expect, it } from "vitest";
import { emptyPlan } from "../../compiler/emit/plan.js";
import type { NotJudged } from "../../compiler/model/diagnostic.js";
import { runRules } from "../../compiler/pipeline.js";
import { formatPretty } from "../../compiler/report/pretty.js";
import { makeReport } from "../../compiler/report/report.js";
import type { Rule } from "../../compiler/rules/types.js";
import { makeModel } from "../helpers/model.js";

const span = (file: string, line: number) => ({ file, line, column: 3, endLine: line, endColumn: 9 });
const rule = (id: string, places: [string, number, string][]): Rule => ({
  meta: { id, defaultSeverity: "error", description: "d", explanation: "e" },
  check(ctx) {
    for (const [file, line, reason] of places) ctx.notJudged(span(file, line), reason);
  },
});

describe("not judged", () => {
  it("is collected from rules, sorted, and counted per rule and reason in the summary", () => {
    const sink: NotJudged[] = [];
    const rules = [
      rule("cli/unknown-flag", [
        ["b.md", 2, "open flag set of `aw x`"],
        ["a.md", 9, "open flag set of `aw x`"],
      ]),
      rule("reference/broken-link", [["a.md", 1, "route not resolvable"]]),
    ];
    const diags = runRules(makeModel(), emptyPlan(), rules, [], sink);
    expect(diags).toEqual([]);
    expect(sink.map((n) => `${n.file}:${n.line} ${n.rule}`)).toEqual(["a.md:1 reference/broken-link", "a.md:9 cli/unknown-flag", "b.md:2 cli/unknown-flag"]);
    const report = makeReport(diags, { docs: 2, schemas: 0, code: 0 }, 1, sink);
    expect(report.summary.notJudged).toEqual({
      total: 3,
      byRule: {
        "cli/unknown-flag": { total: 2, reasons: { "open flag set of `aw x`": 2 } },
        "reference/broken-link": { total: 1, reasons: { "route not resolvable": 1 } },
      },
    });
    const pretty = formatPretty(report, { color: false, getText: () => undefined });
    expect(pretty).toContain("3 places not judged (partial knowledge: 2 by cli/unknown-flag, 1 by reference/broken-link)");
  });

  it("leaves the summary as it was when everything was judged", () => {
    const report = makeReport([], { docs: 0, schemas: 0, code: 0 }, 0, []);
    expect("notJudged" in report.summary).toBe(false);
    expect(formatPretty(report, { color: false, getText: () => undefined })).not.toContain("not judged");
  });
});
