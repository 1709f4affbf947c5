import { describe, expect, it } from "vitest";
import codeSyntax from "../../compiler/rules/input/code-syntax.js";
import unreadable from "../../compiler/rules/input/unreadable.js";
import { tester } from "../helpers/rule-tester.js";
import outsideRoot from "../../compiler/rules/input/outside-root.js";
import specialFile from "../../compiler/rules/input/special-file.js";
import tooLarge from "../../compiler/rules/input/too-large.js";
import { makeModel } from "../helpers/model.js";
import { runRule } from "../helpers/run-rule.js";

const code = { "package.json": { name: "x", bin: { aw: "x.js" } }, "tsconfig.json": { include: ["src"] } };

tester.run(unreadable, {
  valid: [{ name: "readable Markdown, schemas and code", files: { ...code, "a.md": "# A\n", "src/a.ts": "export const x = 1;\n", "s.schema.json": "{}" } }],
  invalid: [
    {
      name: "a document and a code file that are not UTF-8, each at its first line",
      files: { ...code, "c.md": new Uint8Array([0xff, 0xfe, 0x20, 0x62]), "src/b.ts": new Uint8Array([0x65, 0xff, 0x0a]) },
      errors: [
        { messageId: "unreadable", data: { reason: "c.md is not UTF-8 text" }, file: "c.md", line: 1, column: 1, severity: "error" },
        { messageId: "unreadable", data: { reason: "src/b.ts is not UTF-8 text" }, file: "src/b.ts", line: 1, column: 1 },
      ],
    },
  ],
});

tester.run(codeSyntax, {
  valid: [{ name: "code that parses", files: { ...code, "src/a.ts": "export const flow = { name: \"flow\" };\n" } }],
  invalid: [
    {
      name: "a syntax error is a warning at its position",
      files: { ...code, "src/a.ts": 'export const flow = { name: "flow" ;\n' },
      errors: [{ messageId: "syntax", data: { reason: "syntax error: ',' expected." }, file: "src/a.ts", line: 1, column: 36, severity: "warning" }],
    },
  ],
});

const span = (file: string, line = 1, column = 1) => ({ file, line, column, endLine: line, endColumn: column + 1 });

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
