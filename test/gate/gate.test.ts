import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../compiler/model/diagnostic.js";
import { fingerprint } from "../../compiler/gate/fingerprint.js";
import { entryOf, formatBaseline, readBaseline } from "../../compiler/gate/baseline-file.js";
import { baselineEntries, gate } from "../../compiler/gate/gate.js";
import { parseDiff } from "../../compiler/git/changes.js";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const diag = (line: number, column: number, length: number, over: Partial<Diagnostic> = {}): Diagnostic => ({
  rule: "cli/unknown-command",
  severity: "error",
  message: "unknown command",
  file: "docs/a.md",
  line,
  column,
  endLine: line,
  endColumn: column + length,
  ...over,
});

const V1 = "# Title\n\nRun `aw flow advnace` now.\n\nRun `aw flow advnace` now.\n";
// Two lines added above, the indentation of the findings' lines changed.
const V2 = "# Title\n\nIntro.\n\nMore.\n\n  Run   `aw flow advnace` now.\n\nRun `aw flow advnace` now.\n";

describe("fingerprints", () => {
  it("ignore line numbers and whitespace, and tell identical lines apart by occurrence", () => {
    const a = fingerprint([diag(3, 5, 17), diag(5, 5, 17)], () => V1);
    const b = fingerprint([diag(7, 9, 17), diag(9, 5, 17)], () => V2);
    expect(a.map((f) => f.token)).toEqual(["`aw flow advnace`", "`aw flow advnace`"]);
    expect(b.map((f) => f.fingerprint)).toEqual(a.map((f) => f.fingerprint));
    expect(a[0].fingerprint).not.toBe(a[1].fingerprint);
    expect(a[0].fingerprint).toMatch(/^[0-9a-f]{16}$/);
  });

  it("change with the rule, the file and the token", () => {
    const [base] = fingerprint([diag(3, 5, 17)], () => V1);
    for (const other of [diag(3, 5, 17, { rule: "cli/unknown-flag" }), diag(3, 5, 17, { file: "docs/b.md" }), diag(3, 6, 4)]) {
      expect(fingerprint([other], () => V1)[0].fingerprint).not.toBe(base.fingerprint);
    }
  });
});

describe("gate", () => {
  const getText = () => V1;
  const baselineOf = (ds: Diagnostic[]) => ({
    file: "docpact-baseline.json",
    content: { version: 1 as const, findings: fingerprint(ds, getText).map(entryOf) },
  });

  it("baselined findings are unchanged, others new, unmatched entries absent", () => {
    const bl = baselineOf([diag(3, 5, 17), diag(5, 5, 17)]);
    const fresh = diag(1, 1, 7, { rule: "reference/broken-link" });
    const g = gate([fresh, diag(3, 5, 17)], getText, { baseline: bl });
    expect(g.failing).toEqual([fresh]);
    expect(g.states.map((s) => s.state)).toEqual(["new", "unchanged"]);
    expect(g.baselined).toBe(1);
    // Fixing the first of two identical lines leaves the second as occurrence 0: the entry for occurrence 1 is prunable.
    expect(g.absent.map((e) => e.fingerprint)).toEqual([bl.content.findings[1].fingerprint]);
    expect(g.active).toBe(true);
  });

  it("follows a file git shows was renamed; prune writes the entry under the new path", () => {
    const bl = baselineOf([diag(3, 5, 17)]);
    const moved = diag(3, 5, 17, { file: "docs/b.md" });
    expect(gate([moved], getText, { baseline: bl }).failing).toEqual([moved]);
    const renamedFrom = new Map([["docs/b.md", ["docs/a.md"]]]);
    const g = gate([moved], getText, { baseline: bl, renamedFrom });
    expect(g.failing).toEqual([]);
    expect(g.absent).toEqual([]);
    const pruned = baselineEntries([moved], getText, bl.content, true, renamedFrom);
    expect(pruned.map((e) => e.file)).toEqual(["docs/b.md"]);
  });

  it("without a baseline or --since, everything fails as before", () => {
    const ds = [diag(3, 5, 17)];
    const g = gate(ds, getText, {});
    expect(g.failing).toEqual(ds);
    expect(g.active).toBe(false);
  });

  it("--since keeps findings on changed lines and findings caused by the change", () => {
    const changes = parseDiff(
      [
        "diff --git a/src/cli.ts b/src/cli.ts",
        "--- a/src/cli.ts",
        "+++ b/src/cli.ts",
        "@@ -1 +1 @@",
        '-"advnace"',
        '+"advance"',
        "diff --git a/docs/a.md b/docs/a.md",
        "--- a/docs/a.md",
        "+++ b/docs/a.md",
        "@@ -5 +5 @@",
        "-x",
        "+y",
        "",
      ].join("\n"),
      "HEAD",
      "abc",
    );
    const onChanged = diag(5, 5, 17, { rule: "reference/broken-link" });
    const caused = diag(3, 5, 17);
    const unrelated = diag(3, 5, 17, { rule: "reference/missing-anchor", message: "#x names no heading" });
    const g = gate([caused, unrelated, onChanged], getText, { since: changes });
    expect(g.failing).toEqual([caused, onChanged]);
    expect(g.outsideSince).toBe(1);
  });

  it("prune keeps only the old entries that still match; a plain baseline records today's findings", () => {
    const old = baselineOf([diag(3, 5, 17), diag(5, 5, 17)]).content;
    expect(baselineEntries([diag(3, 5, 17)], getText, old, true)).toEqual([old.findings[0]]);
    expect(baselineEntries([diag(3, 5, 17)], getText, old, false)).toHaveLength(1);
  });
});

describe("the baseline file", () => {
  it("is sorted, stable and reads back", () => {
    const entries = fingerprint([diag(5, 5, 17), diag(3, 5, 17, { file: "a.md" })], () => V1).map(entryOf);
    const text = formatBaseline(entries);
    expect(formatBaseline([...entries].reverse())).toBe(text);
    const dir = mkdtempSync(join(tmpdir(), "docpact-bl-"));
    writeFileSync(join(dir, "b.json"), text);
    const back = readBaseline(dir, join(dir, "b.json"), "b.json");
    expect(back.findings.map((f) => f.file)).toEqual(["a.md", "docs/a.md"]);
    expect(text).not.toMatch(/"line"/);
  });

  it("a missing or malformed file is a one-line error", () => {
    const dir = mkdtempSync(join(tmpdir(), "docpact-bl-"));
    expect(() => readBaseline(dir, join(dir, "none.json"), "none.json")).toThrow(/baseline file not found: none.json/);
    writeFileSync(join(dir, "bad.json"), "{");
    expect(() => readBaseline(dir, join(dir, "bad.json"), "bad.json")).toThrow(/bad.json: invalid JSON/);
    writeFileSync(join(dir, "v.json"), '{"version":2,"findings":[]}');
    expect(() => readBaseline(dir, join(dir, "v.json"), "v.json")).toThrow(/unsupported version 2/);
    writeFileSync(join(dir, "f.json"), '{"version":1,"findings":[{"rule":"x"}]}');
    expect(() => readBaseline(dir, join(dir, "f.json"), "f.json")).toThrow(/findings\[0\]\.file must be a string/);
  });
});
