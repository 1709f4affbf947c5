/** The per-document runner: reuse by document and consulted digests, document order, and the fallback when a rule reports outside its documents. */
import { describe, expect, it } from "vitest";
import { readMarkdown } from "../../compiler/readers/markdown.js";
import { ruleMemo, runPerDocument, runWholeModel, type DocumentResult } from "../../compiler/rules/incremental.js";
import { defineRule, type Rule, type RuleReport } from "../../compiler/rules/types.js";
import type { ContractModel } from "../../compiler/model/contract-model.js";
import type { Span } from "../../compiler/model/diagnostic.js";
import { makeModel } from "../helpers/model.js";

function modelOf(texts: Record<string, string>): ContractModel {
  const docs = Object.entries(texts).map(([file, text]) => readMarkdown(file, text, { binaries: ["aw"], markers: ["not this document's call"] }));
  return makeModel({ docs, texts: new Map(Object.entries(texts)), files: Object.keys(texts) });
}

function store() {
  const m = new Map<string, unknown>();
  return { m, memo: ruleMemo({ peek: (k) => m.get(k), put: (k, v) => void m.set(k, v) }) };
}

/** Reports every heading; counts the documents it was given. */
function headingRule(seen: string[], elsewhere = false): Rule {
  return defineRule({
    meta: {
      id: "test/headings",
      perDocument: { consults: ["surface"] },
      defaultSeverity: "error",
      description: "d",
      explanation: "e",
      messages: { h: "{{t}}" },
    },
    check(ctx) {
      for (const doc of ctx.model.docs) {
        seen.push(doc.file);
        for (const h of doc.headings) ctx.report({ span: elsewhere ? { ...h.span, file: "other.md" } : h.span, messageId: "h", data: { t: h.text } });
      }
    },
  });
}

function runWith(rule: Rule, model: ContractModel, memo: ReturnType<typeof store>["memo"]): DocumentResult {
  return runPerDocument(rule, model, memo, (view, report: (r: RuleReport) => void, nj: (s: Span, r: string) => void, jd) =>
    rule.check({ model: view, plan: undefined as never, report, notJudged: nj, judged: jd }),
  );
}

describe("runPerDocument", () => {
  it("re-runs the rule only on documents whose key it has not seen, and keeps document order", () => {
    const seen: string[] = [];
    const rule = headingRule(seen);
    const { memo, m } = store();
    const first = runWith(rule, modelOf({ "a.md": "# A\n", "b.md": "# B\n", "c.md": "no heading\n" }), memo);
    expect(seen).toEqual(["a.md", "b.md", "c.md"]);
    const [table] = [...m.values()] as Record<string, unknown>[];
    expect(Object.values(table).filter((v) => v === 0)).toHaveLength(1); // c.md: nothing to say, stored as 0
    seen.length = 0;
    const second = runWith(rule, modelOf({ "a.md": "# A\n", "b.md": "# B2\n", "c.md": "no heading\n" }), memo);
    expect(seen).toEqual(["b.md"]);
    expect(second.reports.map((r) => ("data" in r ? r.data?.t : null))).toEqual(["A", "B2"]);
    expect(first.reports).toHaveLength(2);
  });

  it("runs everything again when a consulted part changes", () => {
    const seen: string[] = [];
    const rule = headingRule(seen);
    const { memo } = store();
    const model = modelOf({ "a.md": "# A\n" });
    runWith(rule, model, memo);
    seen.length = 0;
    const other = modelOf({ "a.md": "# A\n" });
    runWith(rule, { ...other, surface: { ...other.surface, globalFlags: ["--x"] } }, memo);
    expect(seen).toEqual(["a.md"]);
  });

  it("falls back to a full run, remembering nothing, when a report lands outside the documents it was given", () => {
    const seen: string[] = [];
    const rule = headingRule(seen, true);
    const { memo, m } = store();
    const r = runWith(rule, modelOf({ "a.md": "# A\n", "b.md": "# B\n" }), memo);
    expect(r.reports).toHaveLength(2);
    expect(m.size).toBe(0);
  });

  it("judges schemas one by one for a rule that declares them, documents first", () => {
    const seen: string[] = [];
    const rule = defineRule({
      meta: {
        id: "test/units",
        perDocument: { consults: ["vocabularies"], schemas: true },
        defaultSeverity: "error",
        description: "d",
        explanation: "e",
        messages: { u: "{{f}}" },
      },
      check(ctx) {
        for (const d of ctx.model.docs) seen.push(d.file);
        for (const sc of ctx.model.schemas) {
          seen.push(sc.file);
          ctx.report({ span: { file: sc.file, line: 1, column: 1, endLine: 1, endColumn: 1 }, messageId: "u", data: { f: sc.file } });
        }
      },
    });
    const schema = (file: string) => ({
      file,
      locations: {},
      problems: [],
      schemaUri: null,
      dialect: null,
      id: null,
      refs: [],
      nestedIds: [],
      anchors: [],
      vocabularies: [],
      terms: [],
    });
    const withSchemas = (text: string) => ({
      ...modelOf({ "a.md": "# A\n" }),
      schemas: [schema("s.schema.json"), schema("t.schema.json")],
      texts: new Map([
        ["a.md", "# A\n"],
        ["s.schema.json", text],
        ["t.schema.json", "{}"],
      ]),
    });
    const { memo } = store();
    expect(runWith(rule, withSchemas("{}"), memo).reports).toHaveLength(2);
    expect(seen).toEqual(["a.md", "s.schema.json", "t.schema.json"]);
    seen.length = 0;
    const again = runWith(rule, withSchemas('{"x":1}'), memo);
    expect(seen).toEqual(["s.schema.json"]);
    expect(again.reports.map((r) => r.span.file)).toEqual(["s.schema.json", "t.schema.json"]);
  });
});

describe("runWholeModel", () => {
  it("reuses the whole result while the consulted parts hold, and runs again when one changes", () => {
    let runs = 0;
    const rule = defineRule({
      meta: { id: "test/whole", wholeModel: { consults: ["surface"] }, defaultSeverity: "error", description: "d", explanation: "e", messages: { w: "w" } },
      check(ctx) {
        runs++;
        ctx.report({ span: { file: "x", line: 1, column: 1, endLine: 1, endColumn: 1 }, messageId: "w" });
      },
    });
    const run = (model: ContractModel, memo: ReturnType<typeof store>["memo"]) =>
      runWholeModel(rule, model, memo, (view, report, nj, jd) => rule.check({ model: view, plan: undefined as never, report, notJudged: nj, judged: jd }));
    const { memo } = store();
    const model = modelOf({ "a.md": "# A\n" });
    run(model, memo);
    expect(run(modelOf({ "a.md": "# changed, not consulted\n" }), memo).reports).toHaveLength(1);
    expect(runs).toBe(1);
    run({ ...model, surface: { ...model.surface, globalFlags: ["--x"] } }, memo);
    expect(runs).toBe(2);
  });
});
