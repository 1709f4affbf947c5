import { describe, expect, it } from "vitest";
import codeSyntax from "../../compiler/rules/input/code-syntax.js";
import unreadable from "../../compiler/rules/input/unreadable.js";
import outsideRoot from "../../compiler/rules/input/outside-root.js";
import specialFile from "../../compiler/rules/input/special-file.js";
import tooLarge from "../../compiler/rules/input/too-large.js";
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

describe("input/too-large, input/outside-root, input/special-file", () => {
  const problems = [
    { kind: "too-large" as const, message: "big.md is 2000000 bytes, more than limits.maxFileBytes (1048576); not read", span: span("big.md") },
    { kind: "outside-root" as const, message: "p.md is a symbolic link to a file outside the root; not read", span: span("p.md") },
    { kind: "special-file" as const, message: "f.md is not a regular file (a FIFO, socket or device); not read", span: span("f.md") },
    { message: "c.md is not UTF-8 text", span: span("c.md") },
  ];
  it("valid: nothing refused, nothing reported", () => {
    for (const rule of [tooLarge, outsideRoot, specialFile]) expect(runRule(rule, makeModel())).toEqual([]);
  });
  it("invalid: each rule reports only the problems of its kind; input/unreadable only those without one", () => {
    const model = makeModel({ readProblems: problems });
    expect(runRule(tooLarge, model).map((d) => [d.rule, d.severity, d.file])).toEqual([["input/too-large", "warning", "big.md"]]);
    expect(runRule(outsideRoot, model).map((d) => [d.rule, d.severity, d.file])).toEqual([["input/outside-root", "error", "p.md"]]);
    expect(runRule(specialFile, model).map((d) => [d.rule, d.severity, d.file])).toEqual([["input/special-file", "warning", "f.md"]]);
    expect(runRule(unreadable, model).map((d) => d.file)).toEqual(["c.md"]);
  });
});
