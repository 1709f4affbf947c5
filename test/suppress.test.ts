/** Suppression comments in Markdown, and `suppression/unused`. */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../compiler/model/diagnostic.js";
import type { MarkdownDoc, Suppression } from "../compiler/model/types.js";
import { runPipeline } from "../compiler/pipeline.js";
import { readMarkdown } from "../compiler/readers/markdown.js";
import { applySuppressions } from "../compiler/suppress.js";

const KNOWN = ["a/x", "a/y", "b/z", "suppression/unused"];

function sup(kind: Suppression["kind"], rules: string[], line: number): Suppression {
  return { kind, rules, span: { file: "d.md", line, column: 1, endLine: line, endColumn: 30 } };
}

function doc(suppressions: Suppression[]): MarkdownDoc {
  return { file: "d.md", suppressions } as unknown as MarkdownDoc;
}

function diag(rule: string, line: number, file = "d.md"): Diagnostic {
  return { rule, severity: "error", message: `${rule} at ${line}`, file, line, column: 3, endLine: line, endColumn: 9 };
}

const run = (diags: Diagnostic[], sups: Suppression[], settings: Record<string, "error" | "warning" | "off"> = {}, skip: string[] = []) =>
  applySuppressions(diags, [doc(sups)], { settings, skip, known: KNOWN }).map(
    (d) => `${d.rule}@${d.line}${d.rule === "suppression/unused" ? `:${d.message}` : ""}`,
  );

describe("applySuppressions", () => {
  it("next-line suppresses the named rule on the following line only", () => {
    expect(run([diag("a/x", 5), diag("a/y", 5), diag("a/x", 6)], [sup("next-line", ["a/x"], 4)])).toEqual(["a/y@5", "a/x@6"]);
  });

  it("next-line without rules suppresses every rule on that line", () => {
    expect(run([diag("a/x", 5), diag("a/y", 5)], [sup("next-line", [], 4)])).toEqual([]);
  });

  it("disable … enable covers the range, per rule", () => {
    const sups = [sup("disable", ["a/x"], 2), sup("enable", ["a/x"], 10)];
    expect(run([diag("a/x", 1), diag("a/x", 5), diag("a/y", 5), diag("a/x", 11)], sups)).toEqual(["a/x@1", "a/y@5", "a/x@11"]);
  });

  it("disable without enable lasts to the end; blanket disable with a per-rule enable", () => {
    expect(run([diag("a/x", 50)], [sup("disable", [], 2)])).toEqual([]);
    const sups = [sup("disable", [], 2), sup("enable", ["a/y"], 4)];
    expect(run([diag("a/x", 5), diag("a/y", 5)], sups)).toEqual(["a/y@5"]);
  });

  it("only diagnostics of the same file are suppressed", () => {
    expect(run([diag("a/x", 5, "other.md")], [sup("next-line", ["a/x"], 4)])).toEqual([
      "suppression/unused@4:docpact-disable-next-line a/x suppresses nothing",
      "a/x@5",
    ]);
  });

  it("reports unused suppressions per rule, and unknown rule names with a suggestion", () => {
    const out = applySuppressions([diag("a/x", 5)], [doc([sup("next-line", ["a/x", "a/y", "a/xx"], 4)])], { settings: {}, skip: [], known: KNOWN });
    expect(out.map((d) => d.message)).toEqual(["docpact-disable-next-line a/y suppresses nothing", 'docpact-disable-next-line names unknown rule "a/xx"']);
    expect(out[0].severity).toBe("warning");
    expect(out[1].suggestion).toBe('did you mean "a/x"?');
  });

  it("does not report suppressions of rules that are off or skipped", () => {
    expect(run([], [sup("next-line", ["a/x"], 4)], { "a/x": "off" })).toEqual([]);
    expect(run([], [sup("disable", ["b/z"], 4)], {}, ["b/z"])).toEqual([]);
    expect(run([], [sup("disable", [], 4)], {}, ["b/z"])).toEqual([]);
    expect(run([], [sup("disable", [], 4)])).toEqual(["suppression/unused@4:docpact-disable suppresses nothing"]);
  });

  it("suppression/unused follows its configured severity, and can be turned off", () => {
    const s = [sup("next-line", ["a/x"], 4)];
    expect(applySuppressions([], [doc(s)], { settings: { "suppression/unused": "error" }, skip: [], known: KNOWN })[0].severity).toBe("error");
    expect(run([], s, { "suppression/unused": "off" })).toEqual([]);
  });

  it("uses the suppressions the Markdown reader finds, CRLF or LF alike", () => {
    const text = "# T\n\n<!-- docpact-disable-next-line a/x -->\nline four\n\n<!-- docpact-disable a/y -->\n\ntext\n";
    for (const t of [text, text.replace(/\n/g, "\r\n")]) {
      const md = readMarkdown("d.md", t, { binaries: [], markers: [] });
      expect(md.suppressions.map((s) => s.kind)).toEqual(["next-line", "disable"]);
      const out = applySuppressions([diag("a/x", 4), diag("a/y", 8), diag("a/x", 8)], [md], { settings: {}, skip: [], known: KNOWN });
      expect(out.map((d) => `${d.rule}@${d.line}`)).toEqual(["a/x@8"]);
    }
  });
});

describe("suppressions through the pipeline", () => {
  it("filters delegation/no-owner findings and reports the unused and unknown ones", async () => {
    const root = fileURLToPath(new URL("fixtures/suppress-notes/", import.meta.url));
    const before = readFileSync(`${root}docs/guide.md`, "utf8");
    const r = await runPipeline({ root });
    const got = r.diagnostics.map((d) => `${d.line} ${d.rule} ${d.severity}`);
    expect(got).toEqual(["6 delegation/no-owner error", "14 delegation/no-owner error", "16 suppression/unused warning", "22 suppression/unused warning"]);
    expect(r.diagnostics[3].suggestion).toBe('did you mean "delegation/no-owner"?');
    expect(readFileSync(`${root}docs/guide.md`, "utf8")).toBe(before);
  });
});

describe("disable-line and `-- reason` (issue 27)", () => {
  const opts = { binaries: ["aw"], markers: ["not this document's call"] };
  it("disable-line suppresses the named rule on the comment's own line; `-- reason` is not rule names", () => {
    const d = readMarkdown(
      "d.md",
      "# D\n\nSee [x](nope.md). <!-- docpact-disable-line a/x -- the page comes later -->\n\n<!-- docpact-disable-next-line a/y -- generated elsewhere -->\nNext.\n",
      opts,
    );
    expect(d.suppressions.map((s) => [s.kind, s.rules, s.span.line])).toEqual([
      ["line", ["a/x"], 3],
      ["next-line", ["a/y"], 5],
    ]);
    const out = applySuppressions([diag("a/x", 3), diag("a/y", 3), diag("a/y", 6)], [d], { settings: {}, skip: [], known: KNOWN });
    expect(out.map((x) => `${x.rule}@${x.line}`)).toEqual(["a/y@3"]);
  });

  it("an unused disable-line says so by its name", () => {
    expect(run([], [sup("line", ["a/x"], 4)])).toEqual(["suppression/unused@4:docpact-disable-line a/x suppresses nothing"]);
  });
});
