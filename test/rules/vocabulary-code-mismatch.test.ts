import { describe, expect, it } from "vitest";
import rule from "../../compiler/rules/vocabulary/code-mismatch.js";
import { codeVocab, modelOf, run } from "./vocabulary-model.js";

const SCHEMA = "schemas/events.schema.json";
const schemaText = JSON.stringify(
  {
    $defs: {
      eventType: {
        enum: ["run.started", "run.finished", "run.failed", "envelope.sent", "envelope.retry-exhausted", "envelope.retry.exhausted"],
        "x-replaced-by": { "envelope.retry.exhausted": "envelope.retry-exhausted" },
      },
      other: { enum: ["alpha", "beta", "gamma", "delta"] },
    },
  },
  null,
  2,
);
const schemas = { [SCHEMA]: schemaText };
const VOCAB = `${SCHEMA}#/$defs/eventType`;

describe("vocabulary/code-mismatch — valid", () => {
  it("a code list equal to the canonical members (deprecated aliases optional, allowed)", () => {
    const canon = ["run.started", "run.finished", "run.failed", "envelope.sent", "envelope.retry-exhausted"];
    expect(run(rule, modelOf({ schemas, code: [codeVocab("src/events.ts", "EVENTS", canon)] }))).toEqual([]);
    expect(run(rule, modelOf({ schemas, code: [codeVocab("src/events.ts", "EVENTS", [...canon, "envelope.retry.exhausted"])] }))).toEqual([]);
  });

  it("inferred mirrors: a superset, or a two-way difference without a rename, is not judged", () => {
    const superset = codeVocab("src/a.ts", "WIDE", ["run.started", "run.finished", "run.failed", "envelope.sent", "envelope.retry-exhausted", "run.paused", "run.resumed"]);
    const twoWay = codeVocab("src/b.ts", "ODD", ["run.started", "run.finished", "envelope.sent", "envelope.retry-exhausted", "job.queued"]);
    const notJudged: { reason: string }[] = [];
    expect(run(rule, modelOf({ schemas, code: [superset, twoWay] }), notJudged)).toEqual([]);
    expect(notJudged.map((n) => n.reason)).toEqual([
      "the code list is a superset of the schema vocabulary it overlaps",
      "the code list and the schema vocabulary it overlaps differ both ways",
    ]);
  });

  it("aliases from config: a code list of the new names only is no mismatch", () => {
    const seed = { "c.schema.json": '{"$defs": {"e": {"enum": ["envelope.refusal", "envelope.retry.exhausted", "envelope.retry.attempted", "envelope.retry-exhausted", "envelope.retry-attempted"]}}}' };
    const newNames = codeVocab("src/a.ts", "RELIABILITY", ["envelope.refusal", "envelope.retry-exhausted", "envelope.retry-attempted"]);
    const span = { file: "docpact.config.json", line: 1, column: 1, endLine: 1, endColumn: 1 };
    const declarations = [
      { schema: "c.schema.json#/$defs/e", retired: [], aliases: [
        { from: "envelope.retry.exhausted", to: "envelope.retry-exhausted", span },
        { from: "envelope.retry.attempted", to: "envelope.retry-attempted", span },
      ] },
    ];
    const notJudged: { reason: string }[] = [];
    expect(run(rule, modelOf({ schemas: seed, code: [newNames] }), notJudged).map((x) => x.message)).toEqual([
      "RELIABILITY lacks `envelope.retry.attempted`, a member of c.schema.json#/$defs/e",
      "RELIABILITY lacks `envelope.retry.exhausted`, a member of c.schema.json#/$defs/e",
    ]);
    expect(run(rule, modelOf({ schemas: seed, code: [newNames], declarations }))).toEqual([]);
  });

  it("inline unions mirror only the schema vocabulary in their property's position", () => {
    const status = { ...codeVocab("src/a.ts", "Doc.status", ["draft", "ready", "archived", "deleted"]), property: "status" };
    const elsewhere = { ...codeVocab("src/a.ts", "Doc.state", ["draft", "ready", "archived", "deleted"]), property: "state" };
    const s2 = { "s.schema.json": '{"properties": {"status": {"enum": ["draft", "ready", "archived"]}, "state": {"type": "string"}}, "$defs": {"x": {"enum": ["draft", "ready", "archived", "deleted", "gone"]}}}' };
    const notJudged: { reason: string }[] = [];
    // `Doc.status` is a superset of /properties/status (silent); `Doc.state` meets only $defs/x, which is not its position.
    expect(run(rule, modelOf({ schemas: s2, code: [status, elsewhere] }), notJudged)).toEqual([]);
    expect(notJudged.map((n) => n.reason)).toEqual(["the code list is a superset of the schema vocabulary it overlaps"]);
  });

  it("code lists that do not overlap enough are not mirrors", () => {
    // 2 shared members only; and 3 shared of a 7-member union (43%).
    const few = codeVocab("src/a.ts", "A", ["run.started", "run.finished"]);
    const loose = codeVocab("src/b.ts", "B", ["run.started", "run.finished", "run.failed", "job.queued", "job.done"]);
    expect(run(rule, modelOf({ schemas, code: [few, loose] }))).toEqual([]);
  });
});

describe("vocabulary/code-mismatch — invalid", () => {
  it("an inferred mirror that lacks members: warnings", () => {
    const code = codeVocab("src/events.ts", "RUN_EVENTS", ["run.started", "run.finished", "run.failed", "envelope.sent", "envelope.retry.exhausted"], 7);
    const d = run(rule, modelOf({ schemas, code: [code] }));
    expect(d.map((x) => [x.file, x.line, x.severity, x.message, x.suggestion ?? null])).toEqual([
      ["src/events.ts", 7, "warning", `RUN_EVENTS lacks \`envelope.retry-exhausted\`, a member of ${VOCAB} (it still has the deprecated alias \`envelope.retry.exhausted\`)`, null],
    ]);
    expect(d[0].related).toEqual([
      { file: SCHEMA, line: 4, column: 7, message: `schema vocabulary ${VOCAB}` },
      { file: SCHEMA, line: 9, column: 9, message: "`envelope.retry-exhausted` declared here" },
    ]);
  });

  it("a renamed member suggests the schema's name", () => {
    const code = codeVocab("src/events.ts", "EVENTS", ["run.started", "run.finished", "run.failed", "envelope.sent", "envelope.retry-exhausted-x"]);
    const d = run(rule, modelOf({ schemas, code: [code] }));
    expect(d.map((x) => [x.message, x.suggestion ?? null])).toEqual([
      [`EVENTS lacks \`envelope.retry-exhausted\`, a member of ${VOCAB}`, null],
      [`EVENTS has \`envelope.retry-exhausted-x\`, which ${VOCAB} does not (renamed to \`envelope.retry-exhausted\`?)`, "envelope.retry-exhausted"],
    ]);
  });

  it("explicit links (config `vocabularies` and @docpact-mirror) apply whatever the overlap", () => {
    const viaConfig = codeVocab("src/a.ts", "GREEK", ["alpha", "omega"]);
    const d = run(rule, modelOf({ schemas, code: [viaConfig], vocabLinks: [{ code: "./src/a.ts#GREEK", schema: `${SCHEMA}#/$defs/other` }] }));
    expect(d.map((x) => x.message)).toEqual([
      `GREEK lacks \`beta\`, a member of ${SCHEMA}#/$defs/other`,
      `GREEK lacks \`delta\`, a member of ${SCHEMA}#/$defs/other`,
      `GREEK lacks \`gamma\`, a member of ${SCHEMA}#/$defs/other`,
      `GREEK has \`omega\`, which ${SCHEMA}#/$defs/other does not`,
    ]);
    const viaTag = codeVocab("src/b.ts", "TAGGED", ["alpha", "beta", "gamma", "delta"], 3, `${SCHEMA}#/$defs/eventType`);
    expect(run(rule, modelOf({ schemas, code: [viaTag] })).length).toBe(9);
    const dangling = codeVocab("src/c.ts", "DANGLING", ["x"], 2, "schemas/none.schema.json#/x");
    expect(run(rule, modelOf({ schemas, code: [dangling] })).map((x) => [x.line, x.message])).toEqual([
      [2, "DANGLING is declared to mirror schemas/none.schema.json#/x, but no schema vocabulary has that id"],
    ]);
  });
});
