/** The harness's independent review: the blind sheet carries no verdict; the review is compared with labels and expectations. */
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the harness, no types
import { blindSheet, compareReview, listedVerdict } from "../../scripts/eval/review.mjs";

const finding = (line: number, verdict?: "real" | "false") => ({
  rule: "cli/unknown-flag",
  severity: "error",
  file: "README.md",
  line,
  token: "--x",
  message: "unknown flag --x",
  text: "run `tool --x`",
  label: verdict ? { rule: "cli/unknown-flag", file: "README.md", line, token: "--x", verdict, why: "checked" } : undefined,
});

const mutation = {
  id: "m",
  why: "rename",
  edits: [{ file: "src/cli.ts", find: "a", replace: "b" }],
  expect: [{ rule: "cli/unknown-flag", file: "docs/a.md", line: 3 }],
  ignore: [{ file: "docs/a.md", line: 9, why: "prose" }],
  extra: [{ rule: "cli/unknown-flag", file: "docs/b.md", line: 1, token: "--y", verdict: "real", why: "also gone" }],
};
const result = {
  id: "m",
  extra: [{ rule: "cli/unknown-flag", severity: "error", file: "docs/b.md", line: 1, token: "--y", label: "real", message: "m", text: "t" }],
  placeList: [
    { file: "docs/a.md", line: 3, text: "`tool --a`" },
    { file: "docs/a.md", line: 9, text: "a word" },
    { file: "docs/c.md", line: 2, text: "unlisted" },
  ],
};

describe("eval review", () => {
  it("a blind sheet lists every finding, extra and place, with no verdict, label or expectation in it", () => {
    const sheet = blindSheet("p", "/tmp/p", [finding(1, "real")], [mutation], [result]);
    expect(sheet.findings).toHaveLength(2);
    expect(sheet.findings[1].mutation).toBe("m");
    expect(sheet.mutations[0].places).toHaveLength(3);
    const text = JSON.stringify(sheet);
    for (const secret of ["verdict", "label", "checked", "expect", "ignore", "prose", "also gone"]) expect(text).not.toContain(secret);
  });

  it("an expectation (open or not) breaks a place, an ignore does not, anything else is unlisted", () => {
    expect(listedVerdict(result.placeList[0], mutation)).toBe("breaks");
    expect(listedVerdict(result.placeList[1], mutation)).toBe("not-a-mention");
    expect(listedVerdict(result.placeList[2], mutation)).toBeNull();
  });

  it("counts agreement, lists each disagreement with both reasons, and counts what the review has not seen", () => {
    const review = {
      reviewer: "r",
      findings: [
        { rule: "cli/unknown-flag", file: "README.md", line: 1, token: "--x", verdict: "real", why: "no such flag" },
        { rule: "cli/unknown-flag", file: "README.md", line: 2, token: "--x", verdict: "real", why: "no such flag either" },
        { rule: "cli/unknown-flag", file: "docs/b.md", line: 1, token: "--y", mutation: "m", verdict: "false", why: "still there" },
      ],
      places: [
        { mutation: "m", file: "docs/a.md", line: 3, verdict: "breaks", why: "old flag" },
        { mutation: "m", file: "docs/a.md", line: 9, verdict: "breaks", why: "it is the flag" },
      ],
    };
    const c = compareReview(review, [finding(1, "real"), finding(2, "false"), finding(3)], [mutation], [result]);
    expect(c.findings).toMatchObject({ reviewed: 3, agree: 1, unreviewed: 1 });
    expect(c.findings.disagree.map((d: { line: number; label: string; review: string }) => [d.line, d.label, d.review])).toEqual([
      [2, "false", "real"],
      [1, "real", "false"],
    ]);
    expect(c.findings.disagree[0]).toMatchObject({ labelWhy: "checked", reviewWhy: "no such flag either" });
    expect(c.precision).toEqual({
      labels: { errors: { count: 2, real: 1 }, warnings: { count: 0, real: 0 } },
      review: { errors: { count: 2, real: 2 }, warnings: { count: 0, real: 0 } },
    });
    expect(c.places).toMatchObject({ reviewed: 2, agree: 1, unreviewed: 1 });
    expect(c.places.disagree[0]).toMatchObject({ line: 9, listed: "not-a-mention", review: "breaks" });
  });
});
