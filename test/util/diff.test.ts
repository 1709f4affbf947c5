import { describe, expect, test } from "vitest";
import { lineOps, shortDiff, unifiedDiff } from "../../compiler/util/diff.js";

describe("unifiedDiff", () => {
  test("hunks with context, and a cut after maxLines", () => {
    expect(unifiedDiff("same", "same", "f")).toBe("");
    const before = Array.from({ length: 50 }, (_, i) => `line ${i}`).join("\n");
    const after = before.replace("line 3\n", "").replace("line 40", "line forty");
    expect(unifiedDiff(before, after, "f", 100)).toBe(
      [
        "--- a/f",
        "+++ b/f",
        "@@ -2,5 +2,4 @@",
        " line 1",
        " line 2",
        "-line 3",
        " line 4",
        " line 5",
        "@@ -39,5 +38,5 @@",
        " line 38",
        " line 39",
        "-line 40",
        "+line forty",
        " line 41",
        " line 42",
      ].join("\n"),
    );
    const cut = unifiedDiff(before, after, "f", 5).split("\n");
    expect(cut).toHaveLength(6);
    expect(cut[5]).toBe("… 10 more diff lines");
  });
});

describe("shortDiff", () => {
  test("changed lines with one line of context, gaps marked, capped", () => {
    expect(shortDiff("a\nb\nc\nd\ne\n", "a\nb\nC\nd\ne\n")).toEqual([" b", "-c", "+C", " d"]);
    expect(shortDiff("a\nx\nb\nc\nd\ny\n", "a\nb\nc\nd\n")).toEqual([" a", "-x", " b", "…", " d", "-y"]);
    const long = Array.from({ length: 30 }, (_, i) => `l${i}`).join("\n");
    const out = shortDiff(long, "");
    expect(out).toHaveLength(13);
    expect(out[12]).toBe("… (18 more changed lines)");
  });

  test("aligns without trimming, unlike the unified diff (ties fall differently)", () => {
    expect(lineOps(["d", "c", "b"], ["b", "c", "a", "b"], false).map((o) => o.kind + o.line)).toEqual(["-d", "+b", " c", "+a", " b"]);
  });
});
