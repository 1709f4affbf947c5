import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { foldArrayRows, foldExport } from "../../compiler/readers/constant-folder.js";

const root = fileURLToPath(new URL("../fixtures/code-fold/", import.meta.url));
const span = (line: number, column: number, endLine: number, endColumn: number, file = "src/contract.ts") => ({ file, line, column, endLine, endColumn });

describe("foldExport", () => {
  test("literals, spreads, imports, re-exports, namespaces, templates, access, unary minus and +", () => {
    expect(foldExport(root, "src/contract.ts", "CONTRACT")).toEqual({
      ok: true,
      value: {
        owner: "cli",
        tags: ["a", "b"],
        binary: "aw",
        command: "aw flow advance",
        doc: "docs/flow.md",
        retries: 3,
        backoff: -1.5,
        negative: -3,
        first: "a",
        count: 2,
        ns: "aw",
        flags: ["a", "b", "c"],
        ok: true,
        none: null,
      },
      span: span(6, 14, 20, 36),
    });
  });

  test("local export lists, default exports and re-exported names", () => {
    const contract = foldExport(root, "src/contract.ts", "CONTRACT");
    expect(foldExport(root, "src/contract.ts", "ALIASED")).toEqual(contract);
    expect(foldExport(root, "src/contract.ts", "default")).toEqual({ ok: true, value: { name: "default-export" }, span: span(39, 1, 39, 43) });
    expect(foldExport(root, "src/lib/index.ts", "BINARY")).toEqual({ ok: true, value: "aw", span: span(1, 14, 1, 27, "src/lib/ids.ts") });
    expect(foldExport(root, "src/lib/index.ts", "LIMITS")).toMatchObject({ ok: true, value: { retries: 3, backoff: -1.5 } });
  });

  test("what cannot be folded is reported with the expression and its span, never guessed", () => {
    expect(foldExport(root, "src/contract.ts", "BAD")).toEqual({
      ok: false,
      message: "cannot fold `Date`: `Date` reads the clock",
      span: span(22, 28, 22, 32),
    });
    expect(foldExport(root, "src/contract.ts", "MUTABLE")).toEqual({
      ok: false,
      message: "`MUTABLE` is not a const, so its value is not static",
      span: span(24, 12, 24, 26),
    });
    expect(foldExport(root, "src/contract.ts", "CYCLE_A")).toMatchObject({ ok: false, message: "circular reference in `CYCLE_A = CYCLE_B`" });
    expect(foldExport(root, "src/contract.ts", "NOPE")).toMatchObject({ ok: false, message: "src/contract.ts has no export `NOPE`" });
    expect(foldExport(root, "src/missing.ts", "X")).toMatchObject({ ok: false, message: "cannot read src/missing.ts" });
  });
});

describe("foldArrayRows", () => {
  test("one bad row does not sink the others; spreads of local arrays give their rows", () => {
    expect(foldArrayRows(root, "src/contract.ts", "DECISIONS")).toEqual({
      rows: [
        { span: span(27, 3, 27, 93), value: { id: "flow.advance", document: "docs/flow.md", attribution: "decided by the CLI" } },
        { span: span(28, 3, 28, 65), value: { id: "flow.reset", document: "docs/reset.md", attribution: "x" } },
        { span: span(33, 16, 33, 72), value: { id: "extra", document: "docs/x.md", attribution: "y" } },
        { span: span(30, 3, 30, 18), error: 'row `"not an object"` is not an object' },
      ],
    });
  });

  test("an export that is not an array literal is one error", () => {
    expect(foldArrayRows(root, "src/contract.ts", "CONTRACT")).toMatchObject({ error: "`CONTRACT` in src/contract.ts is not an array" });
    expect(foldArrayRows(root, "src/contract.ts", "NOPE")).toMatchObject({ error: "src/contract.ts has no export `NOPE`" });
  });
});
