import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CLOSED, emptySurface } from "../../compiler/model/cli.js";
import { describe, expect, it } from "vitest";
import rule from "../../compiler/rules/vocabulary/unknown-term.js";
import { codeVocab, modelOf, run } from "./vocabulary-model.js";

const fixture = (p: string) => readFileSync(fileURLToPath(new URL(`../fixtures/vocab-rename/${p}`, import.meta.url)), "utf8");
const SCHEMA = "schemas/events.schema.json";
const schemas = { [SCHEMA]: fixture(SCHEMA) };
const check = (md: string, extra: Parameters<typeof modelOf>[0] = {}) => run(rule, modelOf({ docs: { "a.md": md }, schemas, ...extra }));

describe("vocabulary/unknown-term — valid", () => {
  it("the fixture project (members, deprecated aliases, paths, flags, placeholders, plain words) is clean", () => {
    expect(run(rule, modelOf({ docs: { "docs/events.md": fixture("docs/events.md") }, schemas }))).toEqual([]);
  });

  it.each([
    ["file paths", "See `docs/run.started.md`, `run.started.json`, `events.ts` and `src/run/paused.ts`."],
    ["flags", "Pass `--run.paused`, `-r` or `--envelope.sent`."],
    ["placeholders", "Use `<run.paused>`, `{run.paused}`, `$RUN_PAUSED`, `run.*`, `NNN` and `run.<event>`."],
    ["field paths in another shape", "The payload carries `run.runId`, `run.startedAt` and `envelope.messageId`."],
    ["plain words", "A `run` is `started`, `paused` or `finished`; statuses are `drafts`, `readyy` and `archive`."],
    ["generic vocabularies", "Types: `strings`, `numbr`, `bool`, `true`, `falsey`."],
    ["snippets and invocations", "Run `aw run.paused` or `emit('run.paused')` or `\"run.paused\"` or `run.paused = 1`."],
    ["numbers, versions, URLs", "Since `1.2.3` (`v2`, `2.0.0-beta.1`), see `https://x.io/run.paused` and `example.com`."],
    ["namespace mentions and constants", "Events under `run.` or `envelope.*`; the constant `RUN_STARTED` and type `RunStarted`."],
    ["inline code only: fenced blocks are not prose", "```\nrun.paused\nrun.strated\n```\n"],
  ])("%s", (_name, md) => {
    expect(check(md)).toEqual([]);
  });
});

describe("vocabulary/unknown-term — invalid", () => {
  it("typos by edit distance, with the closest member as suggestion", () => {
    const d = check("Starts with `run.strated`, ends with `envelope.retry-exhasted` or `envelope.delivary-failes`; `archivd` drafts.\n");
    // `archivd` is a plain one-segment word: never judged.
    expect(d.map((x) => [x.column, x.suggestion])).toEqual([
      [13, "run.started"],
      [38, "envelope.retry-exhausted"],
      [67, "envelope.delivery-failed"],
    ]);
    expect(d[0].message).toBe("`run.strated` is not a member of schemas/events.schema.json#/$defs/eventType; did you mean `run.started`?");
    expect(d[0].severity).toBe("error");
    expect(d[0].related?.[0]).toMatchObject({ file: SCHEMA, line: 19 });
  });

  it("separators folded, within the member's namespace: a name after the hyphenated rename that is not a registered alias", () => {
    const d = check("The kernel emits `envelope.retry_exhausted`, `envelope_retry_exhausted` and `run-finished`.\n");
    // Only the first keeps the namespace `envelope.`; the others are written in another namespace (`envelope_`, `run-`): not judged.
    expect(d.map((x) => [x.message, x.suggestion])).toEqual([
      ["`envelope.retry_exhausted` is not a member of schemas/events.schema.json#/$defs/eventType; it differs from `envelope.retry-exhausted` only in separators", "envelope.retry-exhausted"],
    ]);
  });

  it("a name in a namespace and shape, but in a paragraph naming no member, is not judged", () => {
    const notJudged: { reason: string }[] = [];
    const d = run(rule, modelOf({ docs: { "a.md": "The `run.paused` tool.\n\nEvents: `run.started`.\n" }, schemas }), notJudged);
    expect(d).toEqual([]);
    expect(notJudged.map((n) => n.reason)).toEqual(["no member of the vocabulary is named in the same paragraph"]);
  });

  it("silent when anything else explains the term: commands, schema properties and paths, headings, files, code names", () => {
    const schema = '{"properties": {"run": {"properties": {"attempted": {"type": "integer"}}}}}';
    const model = modelOf({
      docs: { "a.md": "# run.resumed\n\nAfter `run.started`: `run.paused`, `run.restarted`, `run.resumed`, `run.attempted`, `run.started.at`, `run.stoped`, `run.retried`.\n" },
      schemas: { ...schemas, "x.schema.json": schema },
    });
    model.surface = {
      ...emptySurface(),
      commands: [
        {
          path: ["run.paused"], aliases: [], verbs: null, flags: null, options: [], positionals: [], flagScope: "declared", flagSet: CLOSED, commandSet: CLOSED,
          isDefault: false, syntax: { camelKebab: false, negateBooleans: false, dotted: false }, adapter: "registry", via: "command-type",
          span: { file: "src/cli.ts", line: 1, column: 1, endLine: 1, endColumn: 1 },
        },
      ],
    };
    model.codeIdentifiers = ["run.stoped"];
    model.files = ["docs/run.retried.md"];
    const notJudged: { reason: string }[] = [];
    const d = run(rule, model, notJudged);
    expect(d.map((x) => x.message.split(" ")[0])).toEqual(["`run.restarted`"]);
    expect(notJudged.map((n) => n.reason)).toEqual([
      "also names a command",
      "also names a heading",
      "also names a property path",
      "also names a code identifier",
      "also names a file",
    ]);
  });

  it("namespace and shape: a name that never existed; a suggestion only when a quarter or less differs", () => {
    const d = check("After `run.started` and `envelope.sent`: `run.paused`, `envelope.bounced` and `envelope.delivery-delayed`.\n");
    expect(d.map((x) => [x.message.replace(/ but .*/, ""), x.suggestion ?? null])).toEqual([
      ["`run.paused` has the namespace `run.` and shape of schemas/events.schema.json#/$defs/eventType", "run.failed"],
      ["`envelope.bounced` has the namespace `envelope.` and shape of schemas/events.schema.json#/$defs/eventType", null],
      ["`envelope.delivery-delayed` has the namespace `envelope.` and shape of schemas/events.schema.json#/$defs/eventType", "envelope.delivery-failed"],
    ]);
  });

  it("terms in schema descriptions and against code vocabularies (near misses only: a code union claims no namespace)", () => {
    const notJudged: { reason: string }[] = [];
    const d = run(
      rule,
      modelOf({
        schemas: { "x.schema.json": '{"description": "Emits `agent.joind` and `agent.kicked`, never `agent.left`."}' },
        code: [codeVocab("src/agents.ts", "AGENT_EVENTS", ["agent.joined", "agent.left", "agent.renamed"])],
      }),
      notJudged,
    );
    expect(d.map((x) => [x.file, x.line, x.column, x.suggestion ?? null])).toEqual([["x.schema.json", 1, 25, "agent.joined"]]);
    expect(d[0].message).toContain("did you mean `agent.joined`?");
  });

  it("a sentence that places the name outside the vocabulary is not judged", () => {
    const notJudged: { reason: string }[] = [];
    expect(check("Besides `run.started`, hosts emit the non-normative `run.titled` host event.\n")).toEqual([]);
    run(rule, modelOf({ docs: { "a.md": "Besides `run.started`, hosts emit the non-normative `run.titled` host event.\n" }, schemas }), notJudged);
    expect(notJudged.map((n) => n.reason)).toEqual(["the sentence places the name outside the vocabulary"]);
  });
});
