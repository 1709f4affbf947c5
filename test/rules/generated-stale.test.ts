import { describe, expect, test } from "vitest";
import stale from "../../compiler/rules/generated/stale.js";
import { unifiedDiff } from "../../compiler/util/diff.js";
import { emptyPlan } from "../../compiler/emit/plan.js";
import { runSchemaRule } from "./schema-helpers.js";

describe("generated/stale", () => {
  const plan = { ...emptyPlan(), outDir: "gen", generated: [{ path: "gen/a.ts", content: "a\nb\nc\n" }, { path: "gen/b.ts", content: "x\n" }] };

  test("fresh output gives nothing; generation off gives nothing", () => {
    expect(runSchemaRule(stale, { plan, generatedOnDisk: { "gen/a.ts": "a\nb\nc\n", "gen/b.ts": "x\n" } })).toEqual([]);
    expect(runSchemaRule(stale, { plan: emptyPlan(), generatedOnDisk: { "gen/z.ts": "" } })).toEqual([]);
  });

  test("missing, different (with a diff) and extra files", () => {
    const out = runSchemaRule(stale, { plan, generatedOnDisk: { "gen/a.ts": "a\nB\nc\n", "gen/old.ts": "" } });
    expect(out.map((r) => r.message)).toEqual([
      "gen/a.ts differs from what `docpact build` would write:\n--- a/gen/a.ts\n+++ b/gen/a.ts\n@@ -1,4 +1,4 @@\n a\n-B\n+b\n c\n ",
      "gen/b.ts is missing; run `docpact build`",
      "gen/old.ts is in gen/ but docpact does not generate it; remove it (the folder belongs to docpact)",
    ]);
  });
});

describe("unifiedDiff", () => {
  test("hunks with context, and a cut after maxLines", () => {
    expect(unifiedDiff("same", "same", "f")).toBe("");
    const before = Array.from({ length: 50 }, (_, i) => `line ${i}`).join("\n");
    const after = before.replace("line 3\n", "").replace("line 40", "line forty");
    expect(unifiedDiff(before, after, "f", 100)).toBe(
      ["--- a/f", "+++ b/f", "@@ -2,5 +2,4 @@", " line 1", " line 2", "-line 3", " line 4", " line 5", "@@ -39,5 +38,5 @@", " line 38", " line 39", "-line 40", "+line forty", " line 41", " line 42"].join("\n"),
    );
    const cut = unifiedDiff(before, after, "f", 5).split("\n");
    expect(cut).toHaveLength(6);
    expect(cut[5]).toBe("… 10 more diff lines");
  });
});
