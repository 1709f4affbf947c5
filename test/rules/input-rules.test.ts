import { describe, expect, it } from "vitest";
import codeSyntax from "../../compiler/rules/input/code-syntax.js";
import unreadable from "../../compiler/rules/input/unreadable.js";
import { lintFiles, tester } from "../helpers/rule-tester.js";
import outsideRoot from "../../compiler/rules/input/outside-root.js";
import specialFile from "../../compiler/rules/input/special-file.js";
import tooLarge from "../../compiler/rules/input/too-large.js";

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
  valid: [
    { name: "code that parses", files: { ...code, "src/a.ts": 'export const flow = { name: "flow" };\n' } },
    // A fixture broken on purpose (an error-reporting test's input): what test code declares is not the project's surface.
    {
      name: "a syntax error in test code is not a warning",
      files: { ...code, "src/__tests__/fixtures/errors/syntax-error.ts": "invalid code\n", "src/a.test.ts": "it(\n" },
    },
  ],
  invalid: [
    {
      name: "a syntax error is a warning at its position",
      files: { ...code, "src/a.ts": 'export const flow = { name: "flow" ;\n' },
      errors: [{ messageId: "syntax", data: { reason: "syntax error: ',' expected." }, file: "src/a.ts", line: 1, column: 36, severity: "warning" }],
    },
    {
      name: "a broken file among test fixtures is still reported when it is not test code by path",
      files: { ...code, "src/broken.ts": "invalid code\n", "src/__tests__/fixtures/errors/syntax-error.ts": "invalid code\n" },
      errors: [{ messageId: "syntax", file: "src/broken.ts", severity: "warning" }],
    },
  ],
});

tester.run(tooLarge, {
  valid: [{ name: "a document within limits.maxFileBytes", files: { "docpact.config.json": { limits: { maxFileBytes: 64 } }, "a.md": "# A\n" } }],
  invalid: [
    {
      name: "a document past limits.maxFileBytes is a warning and is not read",
      files: { "docpact.config.json": { limits: { maxFileBytes: 64 } }, "big.md": `# Big\n\n${"x".repeat(100)}\n` },
      errors: [{ messageId: "refused", file: "big.md", line: 1, column: 1, severity: "warning" }],
    },
  ],
});

tester.run(outsideRoot, {
  valid: [{ name: "a link that stays inside the root", files: { "docs/guide.md": "# Guide\n", "docs/alias.md": { symlink: "guide.md" } } }],
  invalid: [
    {
      name: "a document that is a link leaving the root (`../` is outside it), by name",
      files: { "../secret.md": "# Secret\n", "docs/secret.md": { symlink: "../../secret.md" } },
      errors: [{ messageId: "refused", file: "docs/secret.md", line: 1, column: 1, severity: "error" }],
    },
  ],
});

tester.run(specialFile, {
  valid: [
    { name: "regular files only", files: { "docs/guide.md": "# Guide\n" } },
    {
      name: "a link to a folder inside the root whose files a glob reads under their own path (a fixture's `linked -> shared`)",
      files: { "docs/shared/a.md": "# A\n", "docs/linked": { symlink: "shared" } },
    },
  ],
  invalid: [
    {
      name: "a link to a folder inside the root that no glob reads there: what the link would have given is lost",
      files: {
        "docpact.config.json": { docs: ["docs/**/*.md"], schemas: [], code: { include: [] } },
        "docs/guide.md": "# Guide\n",
        "other/b.md": "# B\n",
        "docs/ext": { symlink: "../other" },
      },
      errors: [{ messageId: "refused", file: "docs/ext", severity: "warning" }],
    },
    {
      name: "a FIFO matched by the docs glob is never opened",
      files: { "docs/guide.md": "# Guide\n", "docs/pipe.md": { fifo: true } },
      errors: [
        {
          messageId: "refused",
          data: { reason: "docs/pipe.md is not a regular file (a FIFO, socket or device); not read" },
          file: "docs/pipe.md",
          severity: "warning",
        },
      ],
    },
  ],
});

describe("input/unreadable", () => {
  it("reports only unreadable inputs, never the refused kinds (each has its own rule)", async () => {
    const files = {
      "docpact.config.json": { limits: { maxFileBytes: 64 } },
      "big.md": "x".repeat(100),
      "c.md": new Uint8Array([0xff, 0xfe, 0x20, 0x62]),
      "pipe.md": { fifo: true as const },
    };
    const { diagnostics } = await lintFiles(unreadable, files);
    expect(diagnostics.map((d) => d.file)).toEqual(["c.md"]);
  });
});
