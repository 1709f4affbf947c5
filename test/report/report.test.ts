import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../compiler/model/diagnostic.js";
import { formatJson } from "../../compiler/report/json.js";
import { cappedLine, formatPretty } from "../../compiler/report/pretty.js";
import { exitCode, makeReport } from "../../compiler/report/report.js";

const diag: Diagnostic = {
  rule: "cli/unknown-command",
  severity: "error",
  message: "unknown command `aw flow advanse`",
  file: "docs/a.md",
  line: 2,
  column: 7,
  endLine: 2,
  endColumn: 23,
  suggestion: "aw flow advance",
  fix: { description: "x", file: "docs/a.md", edits: [] },
};
const warn: Diagnostic = {
  ...diag,
  rule: "vocabulary/deprecated-term",
  severity: "warning",
  message: "w",
  suggestion: undefined,
  related: [{ file: "s.json", line: 1, column: 1, message: "declared here" }],
};
const counts = { docs: 3, schemas: 1, code: 2 };

describe("makeReport / json", () => {
  it("has exactly the fixed shape, without fixes", () => {
    const report = makeReport([diag, warn], counts, 12.4);
    const parsed = JSON.parse(formatJson(report));
    expect(Object.keys(parsed)).toEqual(["version", "diagnostics", "summary"]);
    expect(parsed.version).toBe(1);
    expect(parsed.diagnostics[0]).toEqual({
      rule: "cli/unknown-command",
      severity: "error",
      message: "unknown command `aw flow advanse`",
      file: "docs/a.md",
      line: 2,
      column: 7,
      endLine: 2,
      endColumn: 23,
      suggestion: "aw flow advance",
    });
    expect(parsed.diagnostics[1].related).toEqual([{ file: "s.json", line: 1, column: 1, message: "declared here" }]);
    expect("suggestion" in parsed.diagnostics[1]).toBe(false);
    expect(parsed.summary).toEqual({ errors: 1, warnings: 1, files: counts, durationMs: 12 });
  });

  it("exit code: errors, or warnings over the maximum", () => {
    expect(exitCode(makeReport([diag], counts, 0), undefined)).toBe(1);
    expect(exitCode(makeReport([warn], counts, 0), undefined)).toBe(0);
    expect(exitCode(makeReport([warn], counts, 0), 1)).toBe(0);
    expect(exitCode(makeReport([warn, warn], counts, 0), 1)).toBe(1);
    expect(exitCode(makeReport([], counts, 0), 0)).toBe(0);
  });
});

describe("pretty", () => {
  const text = "# Title\nRun `aw flow advanse` now.\n";
  it("prints location, a code frame, suggestion and summary without colour", () => {
    const out = formatPretty(makeReport([diag], counts, 5), { color: false, getText: () => text });
    expect(out).toContain("docs/a.md:2:7  error  unknown command `aw flow advanse`  cli/unknown-command");
    expect(out).toContain("  2 | Run `aw flow advanse` now.");
    expect(out).toContain("    |       ^^^^^^^^^^^^^^^^");
    expect(out).toContain("suggestion: aw flow advance");
    expect(out).toContain("1 error, 0 warnings · 3 docs, 1 schema, 2 code files · 5 ms");
    expect(out).not.toContain("\u001b[");
  });
  it("uses colour only when asked", () => {
    const out = formatPretty(makeReport([diag], counts, 5), { color: true, getText: () => text });
    expect(out).toContain("\u001b[31merror\u001b[0m");
  });
});

describe("a capped git history", () => {
  it("is said once in the pretty report when there are findings, never when clean", () => {
    const summary = (errors: number, historyCapped?: { pathCommits?: number; contentCommits?: number }) =>
      ({ summary: { errors, warnings: 0, files: 1, durationMs: 0, ...(historyCapped ? { historyCapped } : {}) } }) as never;
    expect(cappedLine(summary(1, { pathCommits: 2000, contentCommits: 1000 }))).toBe(
      "note: the git history is longer than docpact reads (the newest 2000 commits for renamed and deleted paths; the newest 1000 commits touching the inputs for removed headings and names): findings are the same, but older renames and removals carry no evidence",
    );
    expect(cappedLine(summary(1, { pathCommits: 2000 }))).toContain("(the newest 2000 commits for renamed and deleted paths)");
    expect(cappedLine(summary(0, { pathCommits: 2000 }))).toBeUndefined();
    expect(cappedLine(summary(1))).toBeUndefined();
  });
});
