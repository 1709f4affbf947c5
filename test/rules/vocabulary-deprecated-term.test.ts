import { beforeAll, describe, expect, it } from "vitest";
import { applyEdits } from "../../compiler/apply-fixes.js";
import type { Diagnostic } from "../../compiler/model/diagnostic.js";
import rule from "../../compiler/rules/vocabulary/deprecated-term.js";
import { lintFiles, tester } from "../helpers/rule-tester.js";
import { renameFixture as fixture, vocabProject, type Sources } from "./vocabulary-project.js";

/** The rule's diagnostics on a project of these documents and schemas (the rule tester's pipeline). */
const run = async (src: Sources): Promise<Diagnostic[]> => (await lintFiles(rule, vocabProject(src))).diagnostics;
const MD = "docs/events.md";
const SCHEMA = "schemas/events.schema.json";
const schemaText = fixture(SCHEMA);
const mdText = fixture(MD);

describe("vocabulary/deprecated-term", () => {
  let diags: Diagnostic[] = [];
  beforeAll(async () => {
    diags = await run({ docs: { [MD]: mdText }, schemas: { [SCHEMA]: schemaText } });
  });

  it("reports deprecated aliases in prose, tables and schema descriptions with their replacement", async () => {
    expect(diags.map((d) => [d.file, d.line, d.column, d.suggestion])).toEqual([
      [MD, 4, 42, "envelope.retry-exhausted"],
      [MD, 5, 23, "envelope.delivery-failed"],
      [MD, 11, 3, "envelope.retry-exhausted"],
      [SCHEMA, 5, 70, "envelope.retry-exhausted"],
      [SCHEMA, 11, 77, "envelope.retry-exhausted"],
      [SCHEMA, 11, 125, "envelope.delivery-failed"],
    ]);
    expect(diags[0].message).toBe(
      "`envelope.retry.exhausted` is a deprecated member of schemas/events.schema.json#/$defs/eventType; use `envelope.retry-exhausted`",
    );
    expect(diags[0].related?.[0]).toMatchObject({ file: SCHEMA, line: 26 });
    expect(diags[0].severity).toBe("warning");
  });

  it("leaves fenced code, rename notes (replacement on the same line) and canonical members alone", async () => {
    expect(diags.some((d) => d.line === 7 && d.file === MD)).toBe(false);
    expect(diags.some((d) => d.line === 18 && d.file === SCHEMA)).toBe(false);
    expect(diags.some((d) => d.file === MD && d.line > 14)).toBe(false);
  });

  it("`build --fix` edits rewrite exactly the deprecated tokens", async () => {
    const edits = (file: string) => diags.filter((d) => d.fix?.file === file).flatMap((d) => d.fix!.edits);
    const fixedMd = applyEdits(mdText, edits(MD));
    const fixedSchema = applyEdits(schemaText, edits(SCHEMA));
    const mdLines = mdText.split("\n");
    mdLines[3] = mdLines[3].replace("envelope.retry.exhausted", "envelope.retry-exhausted");
    mdLines[4] = mdLines[4].replace("envelope.delivery.failed", "envelope.delivery-failed");
    mdLines[10] = mdLines[10].replace("envelope.retry.exhausted", "envelope.retry-exhausted");
    expect(fixedMd).toBe(mdLines.join("\n"));
    const sLines = schemaText.split("\n");
    sLines[4] = sLines[4].replace("envelope.retry.exhausted", "envelope.retry-exhausted");
    sLines[10] = sLines[10].replace("envelope.retry.exhausted", "envelope.retry-exhausted").replace("envelope.delivery.failed", "envelope.delivery-failed");
    expect(fixedSchema).toBe(sLines.join("\n"));
    // The schema is still valid JSON, and the fenced block and the rename note are untouched.
    expect(() => JSON.parse(fixedSchema)).not.toThrow();
    expect(fixedMd).toContain('{ "type": "envelope.retry.exhausted" }');
    expect(fixedMd).toContain("> Note: `envelope.retry.exhausted` was renamed");
    // Fixing is idempotent: nothing left to fix afterwards.
    const again = await run({ docs: { [MD]: fixedMd }, schemas: { [SCHEMA]: fixedSchema } });
    expect(again.filter((d) => d.fix)).toEqual([]);
  });

  it("CRLF documents get the same positions and fix", async () => {
    const crlf = mdText.replace(/\n/g, "\r\n");
    const d = (await run({ docs: { [MD]: crlf }, schemas: { [SCHEMA]: schemaText } })).filter((x) => x.file === MD);
    expect(d.map((x) => [x.line, x.column])).toEqual([
      [4, 42],
      [5, 23],
      [11, 3],
    ]);
    const fixed = applyEdits(
      crlf,
      d.flatMap((x) => x.fix!.edits),
    );
    expect(fixed).toBe(
      crlf
        .replace("emits `envelope.retry.exhausted`", "emits `envelope.retry-exhausted`")
        .replace("is `envelope.delivery.failed`", "is `envelope.delivery-failed`")
        .replace("| `envelope.retry.exhausted` |", "| `envelope.retry-exhausted` |"),
    );
  });

  it("skips a value that is canonical in another vocabulary, and has no fix without a replacement", async () => {
    const schemas = {
      "a.schema.json": '{"enum": ["x.one", "x.two", "x.old"], "x-deprecated": ["x.old"], "description": "`x.old` and `y.old`"}',
      "b.schema.json": '{"enum": ["y.one", "y.old-name"], "x-replaced-by": {"y.old": "y.one"}}',
      "c.schema.json": '{"enum": ["x.old"]}',
    };
    const d = await run({ schemas: { ...schemas, "c.schema.json": '{"enum": ["z"]}' } });
    expect(d.map((x) => [x.message, x.suggestion, !!x.fix])).toEqual([["`x.old` is a deprecated member of a.schema.json#", undefined, false]]);
    expect((await run({ schemas })).map((x) => x.message)).toEqual([]);
  });

  it("a sentence about the old names is skipped; another sentence on the same line is not", async () => {
    const desc =
      "Runs are attributed via the `roster.run.initiated` event. The host MUST emit one `roster.run-initiated` after `run.started`. " +
      "The v1 dotted names (`roster.run.initiated`) are deprecated aliases.";
    const text = JSON.stringify({
      description: desc,
      enum: ["roster.run-initiated", "run.started", "roster.run.initiated"],
      "x-replaced-by": { "roster.run.initiated": "roster.run-initiated" },
    });
    const d = await run({ schemas: { "s.schema.json": text } });
    expect(d.map((x) => [x.line, x.column])).toEqual([[1, 46]]);
    expect(text.slice(45, 45 + "roster.run.initiated".length)).toBe("roster.run.initiated");
  });

  it("escapes the replacement inside a JSON string", async () => {
    const text = '{"description": "use `a.old`", "enum": ["a.new\\"q", "a.old"], "x-replaced-by": {"a.old": "a.new\\"q"}}';
    const d = await run({ schemas: { "s.schema.json": text } });
    const fixed = applyEdits(text, d[0].fix!.edits);
    expect(JSON.parse(fixed).description).toBe('use `a.new"q`');
  });
});

const events = JSON.stringify({
  $defs: {
    eventType: { enum: ["run.started", "run.begun", "run.ended"], "x-deprecated": ["run.begun", "run.ended"], "x-replaced-by": { "run.begun": "run.started" } },
  },
});
tester.run(rule, {
  valid: [
    { name: "canonical members", files: vocabProject({ docs: { "a.md": "The kernel emits `run.started` first.\n" }, schemas: { "e.schema.json": events } }) },
    {
      name: "a rename note names the replacement on the same line",
      files: vocabProject({ docs: { "a.md": "> `run.begun` was renamed to `run.started`.\n" }, schemas: { "e.schema.json": events } }),
    },
  ],
  invalid: [
    {
      name: "a deprecated member with a replacement, and one without",
      files: vocabProject({ docs: { "a.md": "The kernel emits `run.begun` first and `run.ended` last.\n" }, schemas: { "e.schema.json": events } }),
      errors: [
        {
          messageId: "useReplacement",
          data: { term: "run.begun", vocabulary: "e.schema.json#/$defs/eventType", replacement: "run.started" },
          line: 1,
          column: 18,
          severity: "warning",
          suggestion: "run.started",
        },
        { messageId: "deprecated", data: { term: "run.ended", vocabulary: "e.schema.json#/$defs/eventType" }, line: 1, column: 40, suggestion: undefined },
      ],
    },
  ],
});
