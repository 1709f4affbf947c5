import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
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
    expect(d.map((x) => [x.column, x.suggestion])).toEqual([
      [13, "run.started"],
      [38, "envelope.retry-exhausted"],
      [67, "envelope.delivery-failed"],
      [95, "archived"],
    ]);
    expect(d[0].message).toBe("`run.strated` is not a member of schemas/events.schema.json#/$defs/eventType; did you mean `run.started`?");
    expect(d[0].severity).toBe("error");
    expect(d[0].related?.[0]).toMatchObject({ file: SCHEMA, line: 19 });
  });

  it("separators folded: a dotted name after the hyphenated rename that is not a registered alias", () => {
    const d = check("The kernel emits `envelope_retry_exhausted` and `run-finished`.\n");
    expect(d.map((x) => [x.message, x.suggestion])).toEqual([
      ["`envelope_retry_exhausted` is not a member of schemas/events.schema.json#/$defs/eventType; it differs from `envelope.retry-exhausted` only in separators", "envelope.retry-exhausted"],
      ["`run-finished` is not a member of schemas/events.schema.json#/$defs/eventType; it differs from `run.finished` only in separators", "run.finished"],
    ]);
  });

  it("namespace and shape: a name that never existed; a suggestion only when a quarter or less differs", () => {
    const d = check("Then `run.paused`, `envelope.bounced` and `envelope.delivery-delayed`.\n");
    expect(d.map((x) => [x.message.replace(/ but .*/, ""), x.suggestion ?? null])).toEqual([
      ["`run.paused` has the namespace `run.` and shape of schemas/events.schema.json#/$defs/eventType", "run.failed"],
      ["`envelope.bounced` has the namespace `envelope.` and shape of schemas/events.schema.json#/$defs/eventType", null],
      ["`envelope.delivery-delayed` has the namespace `envelope.` and shape of schemas/events.schema.json#/$defs/eventType", "envelope.delivery-failed"],
    ]);
  });

  it("terms in schema descriptions and against code vocabularies", () => {
    const d = run(
      rule,
      modelOf({
        schemas: { "x.schema.json": '{"description": "Emits `agent.joind` and `agent.kicked`."}' },
        code: [codeVocab("src/agents.ts", "AGENT_EVENTS", ["agent.joined", "agent.left", "agent.renamed"])],
      }),
    );
    expect(d.map((x) => [x.file, x.line, x.column, x.suggestion ?? null])).toEqual([
      ["x.schema.json", 1, 25, "agent.joined"],
      ["x.schema.json", 1, 43, null],
    ]);
    expect(d[0].message).toContain("did you mean `agent.joined`?");
    expect(d[1].message).toContain("has the namespace `agent.` and shape of code:src/agents.ts#AGENT_EVENTS");
  });
});
