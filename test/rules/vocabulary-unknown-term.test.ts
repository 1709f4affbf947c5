import rule from "../../compiler/rules/vocabulary/unknown-term.js";
import { tester, type ValidCase } from "../helpers/rule-tester.js";
import { asConst, renameFixture, vocabProject, type Sources } from "./vocabulary-project.js";

const SCHEMA = "schemas/events.schema.json";
const VOCAB = `${SCHEMA}#/$defs/eventType`;
const schemas = { [SCHEMA]: renameFixture(SCHEMA) };
/** A schema's open `error` field whose description lists example codes. */
const errorList = JSON.stringify({
  properties: {
    error: {
      type: "string",
      description: "Error code (e.g., `unauthenticated`, `validation_error`, `not_found`, `run_already_active`, `unsupported_stream_mode`).",
    },
  },
});
const project = (md: string, extra: Sources = {}) => vocabProject({ docs: { "a.md": md }, ...extra, schemas: { ...schemas, ...extra.schemas } });

const plainValid: [string, string][] = [
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
];

/** What else a token may name: a command, a schema property path, a heading, a code identifier, a file. */
const explained = vocabProject({
  docs: {
    "a.md":
      "# run.resumed\n\nAfter `run.started`: `run.paused`, `run.restarted`, `run.resumed`, `run.attempted`, `run.started.at`, `run.stoped`, `run.retried`.\n",
    "docs/run.retried.md": "# Retried\n",
  },
  schemas: { ...schemas, "x.schema.json": '{"properties": {"run": {"properties": {"attempted": {"type": "integer"}}}}}' },
  code: {
    "src/cli.ts":
      'import { Command } from "commander";\nconst program = new Command("aw");\nprogram.command("run.paused");\nexport const limits = { "run.stoped": 1 };\nprogram.parse();\n',
  },
});

tester.run(rule, {
  valid: [
    {
      name: "the fixture project (members, deprecated aliases, paths, flags, placeholders, plain words)",
      files: vocabProject({ docs: { "docs/events.md": renameFixture("docs/events.md") }, schemas }),
    },
    ...plainValid.map(([name, md]): ValidCase => ({ name, files: project(md) })),
    {
      name: "a name in a namespace and shape, but in a paragraph naming no member, is not judged",
      files: project("The `run.paused` tool.\n\nEvents: `run.started`.\n"),
      notJudged: [{ reason: "no member of the vocabulary is named in the same paragraph" }],
    },
    {
      name: "a sentence that places the name outside the vocabulary is not judged",
      files: project("Besides `run.started`, hosts emit the non-normative `run.titled` host event.\n"),
      notJudged: [{ reason: "the sentence places the name outside the vocabulary" }],
    },
    {
      name: "a schema's example list tied only by overlap to a code union (one implementation's set) is not judged",
      files: vocabProject({
        schemas: { "err.schema.json": errorList },
        code: { "src/errors.ts": asConst("ERROR_CODES", ["unauthenticated", "validation_error", "not_found", "unsupported_stream_mode"]) },
      }),
      notJudged: [{ reason: "tied only by its list to code:src/errors.ts#ERROR_CODES, a code list this schema does not refer to" }],
    },
  ],
  invalid: [
    {
      name: "typos by edit distance, with the closest member as the suggestion (a plain one-segment word is never judged)",
      files: project("Starts with `run.strated`, ends with `envelope.retry-exhasted` or `envelope.delivary-failes`; `archivd` drafts.\n"),
      errors: [
        {
          messageId: "notMember",
          message: `\`run.strated\` is not a member of ${VOCAB}; did you mean \`run.started\`?`,
          column: 13,
          severity: "error",
          suggestion: "run.started",
          related: [{ file: SCHEMA, line: 19, column: 7, message: `vocabulary ${VOCAB}` }],
        },
        { messageId: "notMember", column: 38, suggestion: "envelope.retry-exhausted" },
        { messageId: "notMember", column: 67, suggestion: "envelope.delivery-failed" },
      ],
    },
    {
      name: "separators folded, within the member's namespace; the same name in another namespace is not judged",
      files: project("The kernel emits `envelope.retry_exhausted`, `envelope_retry_exhausted` and `run-finished`.\n"),
      errors: [
        {
          messageId: "folded",
          message: `\`envelope.retry_exhausted\` is not a member of ${VOCAB}; it differs from \`envelope.retry-exhausted\` only in separators`,
          suggestion: "envelope.retry-exhausted",
        },
      ],
    },
    {
      name: "silent when anything else explains the term: a command, a heading, a property path, a code name, a file",
      files: explained,
      errors: [{ messageId: "notMember", data: { term: "run.restarted", vocabulary: VOCAB, hint: "; did you mean `run.started`?" } }],
      notJudged: [
        { reason: "also names a command" },
        { reason: "also names a heading" },
        { reason: "also names a property path" },
        { reason: "also names a code identifier" },
        { reason: "also names a file" },
      ],
    },
    {
      name: "namespace and shape: a name that never existed; a suggestion only when a quarter or less differs",
      files: project("After `run.started` and `envelope.sent`: `run.paused`, `envelope.bounced` and `envelope.delivery-delayed`.\n"),
      errors: [
        {
          messageId: "namespace",
          data: { term: "run.paused", namespace: "run.", vocabulary: VOCAB, hint: "; did you mean `run.failed`?" },
          suggestion: "run.failed",
        },
        { messageId: "namespace", data: { term: "envelope.bounced", namespace: "envelope.", vocabulary: VOCAB, hint: "" }, suggestion: undefined },
        {
          messageId: "namespace",
          data: { term: "envelope.delivery-delayed", namespace: "envelope.", vocabulary: VOCAB, hint: "; did you mean `envelope.delivery-failed`?" },
          suggestion: "envelope.delivery-failed",
        },
      ],
    },
    {
      name: "a name listed beside a code set's members that a validator's closed set of the code declares is that set's: silent (issue 31)",
      files: vocabProject({
        docs: { "a.md": "Set `variant` to one of `note`, `tip`, `danger`, `caution` or `success`.\n" },
        code: {
          "src/asides.ts": asConst("asideVariants", ["note", "tip", "caution", "danger"]),
          "src/badge.ts": 'import { z } from "zod";\nexport const Badge = z.object({ variant: z.enum(["note", "danger", "success", "caution", "tip"]) });\n',
        },
      }),
      errors: [],
    },
    {
      name: "invalid: the same list without the validator's set is a stale member of the code set",
      files: vocabProject({
        docs: { "a.md": "Set `variant` to one of `note`, `tip`, `danger`, `caution` or `success`.\n" },
        code: { "src/asides.ts": asConst("asideVariants", ["note", "tip", "caution", "danger"]) },
      }),
      errors: [{ messageId: "listed", line: 1 }],
    },
    {
      name: "invalid: the same example list when the code union declares it mirrors the schema",
      files: vocabProject({
        schemas: { "err.schema.json": errorList },
        code: {
          "src/errors.ts": asConst("ERROR_CODES", ["unauthenticated", "validation_error", "not_found", "unsupported_stream_mode"], {
            mirror: "../err.schema.json",
          }),
        },
      }),
      errors: [{ messageId: "listed", file: "err.schema.json", data: { term: "run_already_active", vocabulary: "code:src/errors.ts#ERROR_CODES", hint: "" } }],
    },
    {
      name: "invalid: the same list in Markdown prose is the code union's",
      files: vocabProject({
        docs: { "a.md": "Errors: `unauthenticated`, `validation_error`, `not_found`, `run_already_active`, `unsupported_stream_mode`.\n" },
        code: { "src/errors.ts": asConst("ERROR_CODES", ["unauthenticated", "validation_error", "not_found", "unsupported_stream_mode"]) },
      }),
      errors: [{ messageId: "listed", file: "a.md" }],
    },
    {
      name: "terms in schema descriptions, against a code vocabulary (near misses only: a code list claims no namespace)",
      files: vocabProject({
        schemas: { "x.schema.json": '{"description": "Emits `agent.joind` and `agent.kicked`, never `agent.left`."}' },
        code: { "src/agents.ts": asConst("AGENT_EVENTS", ["agent.joined", "agent.left", "agent.renamed"]) },
      }),
      errors: [{ messageId: "notMember", file: "x.schema.json", line: 1, column: 25, suggestion: "agent.joined" }],
    },
  ],
});
