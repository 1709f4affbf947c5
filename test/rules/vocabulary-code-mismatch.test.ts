import rule from "../../compiler/rules/vocabulary/code-mismatch.js";
import { tester } from "../helpers/rule-tester.js";
import { asConst, vocabProject, type Sources } from "./vocabulary-project.js";

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
const VOCAB = `${SCHEMA}#/$defs/eventType`;
const OTHER = `${SCHEMA}#/$defs/other`;
const CANON = ["run.started", "run.finished", "run.failed", "envelope.sent", "envelope.retry-exhausted"];
const withCode = (code: Record<string, string>, extra: Sources = {}) => vocabProject({ schemas: { [SCHEMA]: schemaText }, code, ...extra });

const seed = {
  "c.schema.json":
    '{"$defs": {"e": {"enum": ["envelope.refusal", "envelope.retry.exhausted", "envelope.retry.attempted", "envelope.retry-exhausted", "envelope.retry-attempted"]}}}',
};
const newNames = { "src/a.ts": asConst("RELIABILITY", ["envelope.refusal", "envelope.retry-exhausted", "envelope.retry-attempted"]) };
const aliases = {
  vocabularies: [
    {
      schema: "c.schema.json#/$defs/e",
      aliases: { "envelope.retry.exhausted": "envelope.retry-exhausted", "envelope.retry.attempted": "envelope.retry-attempted" },
    },
  ],
};

tester.run(rule, {
  valid: [
    { name: "a code list equal to the canonical members", files: withCode({ "src/events.ts": asConst("EVENTS", CANON) }) },
    {
      name: "deprecated aliases are optional in code, and allowed",
      files: withCode({ "src/events.ts": asConst("EVENTS", [...CANON, "envelope.retry.exhausted"]) }),
    },
    {
      name: "inferred mirrors: a superset, or a two-way difference without a rename, is not judged",
      files: withCode({
        "src/a.ts": asConst("WIDE", [...CANON, "run.paused", "run.resumed"]),
        "src/b.ts": asConst("ODD", ["run.started", "run.finished", "envelope.sent", "envelope.retry-exhausted", "job.queued"]),
      }),
      notJudged: [
        { file: "src/a.ts", reason: "the code list is a superset of the schema vocabulary it overlaps" },
        { file: "src/b.ts", reason: "the code list and the schema vocabulary it overlaps differ both ways" },
      ],
    },
    {
      name: "an inferred mirror that only lacks members, with no rename or alias to tie them, is a narrower type: not judged",
      // Like a SemVer `major | minor | patch` beside an upgrade-group enum that adds two more words.
      files: withCode({ "src/a.ts": asConst("RUN_ONLY", ["run.started", "run.finished", "run.failed", "envelope.sent"]) }),
      notJudged: [
        {
          file: "src/a.ts",
          reason: "the code list is a subset of the schema vocabulary it overlaps, with no rename to tie them (declare the mirror to have it checked)",
        },
      ],
    },
    {
      name: "without the config's aliases, the new names only lack the old ones: a subset with nothing to tie it, not judged",
      files: vocabProject({ schemas: seed, code: newNames }),
      notJudged: [
        {
          file: "src/a.ts",
          reason: "the code list is a subset of the schema vocabulary it overlaps, with no rename to tie them (declare the mirror to have it checked)",
        },
      ],
    },
    { name: "aliases from config: a code list of the new names only is no mismatch", files: vocabProject({ schemas: seed, code: newNames, config: aliases }) },
    {
      name: "inline unions mirror only the schema vocabulary in their property's position",
      // `Doc.status` is a superset of /properties/status (silent); `Doc.state` meets only $defs/x, which is not its position.
      files: vocabProject({
        schemas: {
          "s.schema.json":
            '{"properties": {"status": {"enum": ["draft", "ready", "archived"]}, "state": {"type": "string"}}, "$defs": {"x": {"enum": ["draft", "ready", "archived", "deleted", "gone"]}}}',
        },
        code: {
          "src/a.ts":
            'export interface Doc {\n  status: "draft" | "ready" | "archived" | "deleted";\n  state: "draft" | "ready" | "archived" | "deleted";\n}\n',
        },
      }),
      notJudged: [{ reason: "the code list is a superset of the schema vocabulary it overlaps" }],
    },
    {
      name: "code lists that do not overlap enough are not mirrors (2 shared members; 3 shared of a 7-member union)",
      files: withCode({
        "src/a.ts": asConst("A", ["run.started", "run.finished"]),
        "src/b.ts": asConst("B", ["run.started", "run.finished", "run.failed", "job.queued", "job.done"]),
      }),
    },
  ],
  invalid: [
    {
      name: "a comment that says the list is mirrored from the schema file declares the mirror: a superset is judged (an error)",
      files: withCode({
        "src/events.ts": `/** Run event types, mirrored from ../${SCHEMA} (RunEventType). */\n${asConst("EVENTS", [...CANON, "run.paused"])}`,
        "src/other.ts": `// Keep in sync with ../schemas/unrelated.schema.json\n${asConst("WIDE", [...CANON, "run.resumed"])}`,
      }),
      errors: [
        { messageId: "extra", file: "src/events.ts", severity: "error", data: { code: "EVENTS", member: "run.paused", vocabulary: VOCAB, renamed: "" } },
      ],
      notJudged: [{ file: "src/other.ts", reason: "the code list is a superset of the schema vocabulary it overlaps" }],
    },
    {
      name: "an inferred mirror that lacks members: a warning at the declaration, the schema vocabulary related",
      files: withCode({
        "src/events.ts": asConst("RUN_EVENTS", ["run.started", "run.finished", "run.failed", "envelope.sent", "envelope.retry.exhausted"], { line: 7 }),
      }),
      errors: [
        {
          messageId: "missing",
          data: {
            code: "RUN_EVENTS",
            member: "envelope.retry-exhausted",
            vocabulary: VOCAB,
            alias: " (it still has the deprecated alias `envelope.retry.exhausted`)",
          },
          file: "src/events.ts",
          line: 7,
          severity: "warning",
          related: [
            { file: SCHEMA, line: 4, column: 7, message: `schema vocabulary ${VOCAB}` },
            { file: SCHEMA, line: 9, column: 9, message: "`envelope.retry-exhausted` declared here" },
          ],
        },
      ],
    },
    {
      name: "a renamed member suggests the schema's name",
      files: withCode({ "src/events.ts": asConst("EVENTS", ["run.started", "run.finished", "run.failed", "envelope.sent", "envelope.retry-exhausted-x"]) }),
      errors: [
        {
          messageId: "extra",
          message: `EVENTS has \`envelope.retry-exhausted-x\`, which ${VOCAB} does not (renamed to \`envelope.retry-exhausted\`?)`,
          suggestion: "envelope.retry-exhausted",
        },
        { messageId: "missing", message: `EVENTS lacks \`envelope.retry-exhausted\`, a member of ${VOCAB}` },
      ],
    },
    {
      name: "an explicit link (config `vocabularies`) applies whatever the overlap, as errors",
      files: withCode({ "src/a.ts": asConst("GREEK", ["alpha", "omega"]) }, { config: { vocabularies: [{ code: "./src/a.ts#GREEK", schema: OTHER }] } }),
      errors: [
        { messageId: "extra", message: `GREEK has \`omega\`, which ${OTHER} does not`, severity: "error" },
        { messageId: "missing", message: `GREEK lacks \`beta\`, a member of ${OTHER}` },
        { messageId: "missing", message: `GREEK lacks \`delta\`, a member of ${OTHER}` },
        { messageId: "missing", message: `GREEK lacks \`gamma\`, a member of ${OTHER}` },
      ],
    },
    {
      name: "an explicit link by @docpact-mirror: every member differs",
      files: withCode({ "src/b.ts": asConst("TAGGED", ["alpha", "beta", "gamma", "delta"], { line: 3, mirror: `../${VOCAB}` }) }),
      errors: [
        ...["alpha", "beta", "delta", "gamma"].map((m) => ({ messageId: "extra", data: { code: "TAGGED", member: m, vocabulary: VOCAB, renamed: "" } })),
        ...CANON.slice()
          .sort()
          .map((m) => ({ messageId: "missing", data: { code: "TAGGED", member: m, vocabulary: VOCAB, alias: "" } })),
      ],
    },
    {
      name: "an explicit link to a schema vocabulary that does not exist",
      files: withCode({ "src/c.ts": asConst("DANGLING", ["x", "y"], { line: 2, mirror: "../schemas/none.schema.json#/x" }) }),
      errors: [{ messageId: "noSchema", message: "DANGLING is declared to mirror schemas/none.schema.json#/x, but no schema vocabulary has that id", line: 2 }],
    },
  ],
});
