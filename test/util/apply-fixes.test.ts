import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { applyEdits, applyFixes, applyFixPlan, fixPlanDiff, patchOf, planFixes } from "../../compiler/apply-fixes.js";
import type { Diagnostic, Fix } from "../../compiler/model/diagnostic.js";

const diag = (fix: Fix, rule = "vocabulary/deprecated-term"): Diagnostic => ({
  rule,
  severity: "warning",
  message: "m",
  file: fix.file,
  line: 1,
  column: 1,
  endLine: 1,
  endColumn: 2,
  fix,
});
const fix = (start: number, end: number, text: string, file = "a.md"): Fix => ({ description: `${start}-${end}→${text}`, file, edits: [{ start, end, text }] });

describe("applyEdits", () => {
  it("applies non-overlapping edits and keeps the rest", () => {
    expect(
      applyEdits("abc def ghi", [
        { start: 8, end: 11, text: "X" },
        { start: 0, end: 3, text: "Y" },
      ]),
    ).toBe("Y def X");
  });
  it("drops an edit that overlaps an earlier one", () => {
    expect(
      applyEdits("abcdef", [
        { start: 0, end: 3, text: "1" },
        { start: 2, end: 4, text: "2" },
      ]),
    ).toBe("1def");
  });
});

describe("planFixes", () => {
  const text = "see `old` and `old` here";
  it("makes the same edit once, whichever findings carry it", () => {
    const plan = planFixes([diag(fix(5, 8, "new")), diag(fix(5, 8, "new"), "cli/unknown-command"), diag(fix(15, 18, "new"))], () => text);
    expect(plan.files.map((f) => f.after)).toEqual(["see `new` and `new` here"]);
    expect(plan.refused).toEqual([]);
  });
  it("refuses every fix of an overlap, in any order of findings", () => {
    const a = diag(fix(5, 8, "one"));
    const b = diag(fix(6, 9, "two"));
    const c = diag(fix(15, 18, "new"));
    for (const order of [
      [a, b, c],
      [c, b, a],
    ]) {
      const plan = planFixes(order, () => text);
      expect(plan.files.map((f) => f.after)).toEqual(["see `old` and `new` here"]);
      expect(plan.refused.map((r) => r.fix.description).sort()).toEqual(["5-8→one", "6-9→two"]);
    }
  });
  it("refuses two different insertions at one place, and an edit outside the text", () => {
    const plan = planFixes([diag(fix(4, 4, "x")), diag(fix(4, 4, "y")), diag(fix(90, 95, "z"))], () => text);
    expect(plan.files).toEqual([]);
    expect(plan.refused.map((r) => r.reason)).toEqual([
      "its edit lies outside the file",
      "it overlaps another fix in the same place",
      "it overlaps another fix in the same place",
    ]);
  });
  it("diffs as git does, with the missing final newline said", () => {
    expect(patchOf("a\nb\n", "a\nc\n", "x.md")).toBe("diff --git a/x.md b/x.md\n--- a/x.md\n+++ b/x.md\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n");
    expect(patchOf("a\nb", "a\nc", "x.md")).toBe(
      "diff --git a/x.md b/x.md\n--- a/x.md\n+++ b/x.md\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n",
    );
    expect(fixPlanDiff(planFixes([], () => text))).toBe("");
  });
});

describe("applyFixes", () => {
  it("rewrites files keeping the BOM and CRLF", () => {
    const root = mkdtempSync(join(tmpdir(), "docpact-fix-"));
    writeFileSync(join(root, "a.md"), "\uFEFFsee `old.name`\r\nend  \r\n");
    const d = diag({ description: "replace", file: "a.md", edits: [{ start: 5, end: 13, text: "new-name" }] });
    expect(applyFixes(root, [d], () => "see `old.name`\r\nend  \r\n")).toEqual({ written: ["a.md"], changed: [] });
    expect(readFileSync(join(root, "a.md"), "utf8")).toBe("\uFEFFsee `new-name`\r\nend  \r\n");
  });
  it("leaves a file that changed since the rules read it (the lost-edit guard)", () => {
    const root = mkdtempSync(join(tmpdir(), "docpact-fix-"));
    writeFileSync(join(root, "a.md"), "see `old` — edited meanwhile\n");
    const plan = planFixes([diag(fix(5, 8, "new"))], () => "see `old`\n");
    expect(applyFixPlan(root, plan)).toEqual({ written: [], changed: ["a.md"] });
    expect(readFileSync(join(root, "a.md"), "utf8")).toBe("see `old` — edited meanwhile\n");
  });
});
