import codeSyntax from "../../compiler/rules/input/code-syntax.js";
import unreadable from "../../compiler/rules/input/unreadable.js";
import { tester } from "../helpers/rule-tester.js";

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
