import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { applyEdits, applyFixes } from "../../compiler/apply-fixes.js";
import type { Diagnostic } from "../../compiler/model/diagnostic.js";

describe("applyEdits", () => {
  it("applies non-overlapping edits and keeps the rest", () => {
    expect(applyEdits("abc def ghi", [{ start: 8, end: 11, text: "X" }, { start: 0, end: 3, text: "Y" }])).toBe("Y def X");
  });
  it("drops an edit that overlaps an earlier one", () => {
    expect(applyEdits("abcdef", [{ start: 0, end: 3, text: "1" }, { start: 2, end: 4, text: "2" }])).toBe("1def");
  });
});

describe("applyFixes", () => {
  it("rewrites files keeping the BOM and CRLF", () => {
    const root = mkdtempSync(join(tmpdir(), "docpact-fix-"));
    writeFileSync(join(root, "a.md"), "\uFEFFsee `old.name`\r\nend  \r\n");
    const d: Diagnostic = {
      rule: "vocabulary/deprecated-term", severity: "warning", message: "m", file: "a.md", line: 1, column: 6, endLine: 1, endColumn: 14,
      fix: { description: "replace", file: "a.md", edits: [{ start: 5, end: 13, text: "new-name" }] },
    };
    expect(applyFixes(root, [d])).toEqual(["a.md"]);
    expect(readFileSync(join(root, "a.md"), "utf8")).toBe("\uFEFFsee `new-name`\r\nend  \r\n");
  });
});
