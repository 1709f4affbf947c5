/** `--format github`: workflow commands with GitHub's escaping. */
import { describe, expect, it } from "vitest";
import { escapeData, escapeProperty, formatGithub } from "../../compiler/report/github.js";
import { makeReport } from "../../compiler/report/report.js";

describe("GitHub annotations", () => {
  it("escapes data: %, CR, LF", () => {
    expect(escapeData("100% done\r\nnext\nline")).toBe("100%25 done%0D%0Anext%0Aline");
    expect(escapeData("a:b,c")).toBe("a:b,c");
  });

  it("escapes properties: also : and ,", () => {
    expect(escapeProperty("dir,x/a:b%.md\n")).toBe("dir%2Cx/a%3Ab%25.md%0A");
  });

  it("writes one command per diagnostic and the summary line", () => {
    const report = makeReport(
      [
        {
          rule: "cli/unknown-command",
          severity: "error",
          message: "unknown command `aw fl`: 50%\nsee docs",
          file: "docs/a,b.md",
          line: 3,
          column: 5,
          endLine: 3,
          endColumn: 11,
          suggestion: 'did you mean "aw flow"?',
        },
        {
          rule: "reference/missing-path",
          severity: "warning",
          message: "missing",
          file: "c:d.md",
          line: 1,
          column: 1,
          endLine: 2,
          endColumn: 4,
          related: [{ file: "x.md", line: 2, column: 1, message: "here" }],
        },
      ],
      { docs: 2, schemas: 1, code: 0 },
      12,
    );
    const lines = formatGithub(report).split("\n");
    expect(lines[0]).toBe(
      '::error file=docs/a%2Cb.md,line=3,col=5,endLine=3,endColumn=11,title=cli/unknown-command::unknown command `aw fl`: 50%25%0Asee docs (did you mean "aw flow"?)',
    );
    expect(lines[1]).toBe("::warning file=c%3Ad.md,line=1,col=1,endLine=2,endColumn=4,title=reference/missing-path::missing%0Ax.md:2:1: here");
    expect(lines[2]).toBe("1 error, 1 warning · 2 docs, 1 schema, 0 code files · 12 ms");
    expect(lines[3]).toBe("");
    expect(lines).toHaveLength(4);
  });

  it("a clean report is just the summary", () => {
    expect(formatGithub(makeReport([], { docs: 0, schemas: 0, code: 0 }, 0))).toBe("0 errors, 0 warnings · 0 docs, 0 schemas, 0 code files · 0 ms\n");
  });
});
