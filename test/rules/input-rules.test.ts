import { describe, expect, it } from "vitest";
import codeSyntax from "../../compiler/rules/input/code-syntax.js";
import unreadable from "../../compiler/rules/input/unreadable.js";
import { makeModel } from "../helpers/model.js";
import { runRule } from "../helpers/run-rule.js";

const span = (file: string, line = 1, column = 1) => ({ file, line, column, endLine: line, endColumn: column + 1 });

describe("input/unreadable", () => {
  it("valid: nothing unreadable, nothing reported", () => {
    expect(runRule(unreadable, makeModel())).toEqual([]);
  });
  it("invalid: each unreadable file is an error at the file", () => {
    const d = runRule(unreadable, makeModel({ readProblems: [{ message: "c.md is not UTF-8 text", span: span("c.md") }] }));
    expect(d).toEqual([{ rule: "input/unreadable", severity: "error", message: "c.md is not UTF-8 text", ...span("c.md") }]);
  });
});

describe("input/code-syntax", () => {
  it("valid: no syntax problems", () => {
    expect(runRule(codeSyntax, makeModel())).toEqual([]);
  });
  it("invalid: a syntax error is a warning at its position", () => {
    const d = runRule(codeSyntax, makeModel({ codeProblems: [{ message: "syntax error: ',' expected.", span: span("src/a.ts", 1, 36) }] }));
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ rule: "input/code-syntax", severity: "warning", file: "src/a.ts", line: 1, column: 36 });
  });
});
