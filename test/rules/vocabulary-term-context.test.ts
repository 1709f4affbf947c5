/**
 * vocabulary/unknown-term by context (issue 32): a column headed by the vocabulary's name, a sentence naming it, a
 * verb of its role ("emits") and a coherent list tie a name to it even when the name is no near miss of a member; a
 * list of another set's names or a sentence naming another set ("envelope type", "suspend variants") unties it.
 */
import rule from "../../compiler/rules/vocabulary/unknown-term.js";
import { tester } from "../helpers/rule-tester.js";
import { vocabProject } from "./vocabulary-project.js";

const SCHEMA = "schemas/run-event.schema.json";
const VOCAB = `${SCHEMA}#/$defs/RunEventType`;
const ROLES = `${SCHEMA}#/$defs/Role`;
const schema = (description = "One event of a run.") =>
  JSON.stringify(
    {
      $defs: {
        RunEventType: {
          enum: [
            "run.started",
            "run.finished",
            "run.failed",
            "run.paused",
            "envelope.sent",
            "envelope.refused",
            "clarification.requested",
            "clarification.answered",
          ],
        },
        Role: { enum: ["planner", "coder", "reviewer", "tester", "writer", "architect", "designer"] },
      },
      properties: { type: { $ref: "#/$defs/RunEventType" }, host: { type: "object", description } },
    },
    null,
    2,
  );
const project = (md: string, description?: string) => vocabProject({ docs: { "a.md": md }, schemas: { [SCHEMA]: schema(description) } });

tester.run(rule, {
  valid: [
    {
      name: "a near miss listed among another set's names (envelope type strings) is not judged",
      files: project("The envelope `type` is one of `prd.create` / `theme.create` / `tasks.create` / `clarification.request`.\n"),
      notJudged: [{ reason: "its list names things of another set (`prd.create`, `theme.create`, `tasks.create`)" }],
    },
    {
      name: "a near miss in a sentence that names another set (suspend variants) is not judged",
      files: project("Suspend variants (`clarification.answerd`, `clarification.close`) end a conversation after `run.paused`.\n"),
      notJudged: [{ reason: "its sentence names another set (suspend variants)" }, { reason: "its sentence names another set (suspend variants)" }],
    },
    {
      name: "a name in the vocabulary's namespace and shape without any tie is counted, not judged, when there is no history",
      files: project("| Step | what |\n| --- | --- |\n| `run.cancel` | stops |\n"),
      notJudged: [{ reason: `has the namespace and shape of ${VOCAB} but is no member, and there is no git history to say whether it was one` }],
    },
    {
      name: "members in a column headed by the vocabulary's name, and notes beside them, are not reported",
      files: project("| RunEventType | meaning |\n| --- | --- |\n| `run.started` | begins |\n| `run.failed` (see `retries`) | ends |\n"),
    },
    {
      name: "a table column beside one headed by the vocabulary's name holds another attribute (a role's default skill, named like the roles): no list of members",
      files: project(
        "| Role | Default skill | Tier |\n|---|---|---|\n| `planner` | `planner` | must |\n| `coder` | `coder` | must |\n| `reviewer` | `reviewer` | may |\n| `designer` | `ui-spec` | may |\n",
      ),
    },
    {
      name: "a proposal's own list (a record: its folder, or an opening that says it is historical) is counted, not judged",
      files: vocabProject({
        docs: {
          "seps/0007-roles.md": "# SEP-7: Roles\n\nRoles: `planner`, `coder`, `reviewer`, `tester`, `writing`.\n",
          "docs/roles.md":
            "# Roles\n\n> This page is preserved as a historical record.\n\nRoles: `planner`, `coder`, `reviewer`, `tester`, `writing`.\n\nThe kernel emits `run.strated` first.\n",
        },
        schemas: { [SCHEMA]: schema() },
      }),
      notJudged: [
        {
          file: "docs/roles.md",
          reason: "the document is a record (it says so: \"preserved as a historical record\"): its names are its proposal's or its time's",
        },
        {
          file: "docs/roles.md",
          reason: "the document is a record (it says so: \"preserved as a historical record\"): its names are its proposal's or its time's",
        },
        {
          file: "seps/0007-roles.md",
          reason: "the document is a record (it is kept under seps/, a folder of proposals or records): its names are its proposal's or its time's",
        },
      ],
    },
    {
      name: "a list of plain words is coherent only with three members and at most half as many strangers",
      files: project("Roles: `planner`, `coder`, `writing`, `testing`.\n"),
    },
  ],
  invalid: [
    {
      name: "a name with a member's words and other separators (`agent.toolCalled` for `agent.tool-called`) names that member even in a list of another set's names",
      files: vocabProject({
        docs: {
          "a.md": "| Seam | How |\n| --- | --- |\n| audit | a read view over `appendAudit` + `agent.toolCalled` + `connectionUse` |\n",
        },
        schemas: {
          [SCHEMA]: JSON.stringify({
            $defs: { RunEventType: { enum: ["agent.tool-called", "agent.tool-returned", "agent.started", "run.started", "run.finished", "run.failed"] } },
            properties: { type: { $ref: "#/$defs/RunEventType" } },
          }),
        },
      }),
      errors: [
        { messageId: "folded", message: `\`agent.toolCalled\` is not a member of ${VOCAB}; it differs from \`agent.tool-called\` only in separators`, line: 3 },
      ],
    },
    {
      name: "an inline list inside a table cell's prose is the term's list, not the column (other rows' and the cell's other names left out)",
      files: project(
        "| Key | Description |\n| --- | --- |\n| `roles` | Who may act (see `devcontainer.json` and `/etc/profile`): `planner`, `coder`, `writing`, or `reviewer` (default). |\n| `x` | `a.b`, `c.d` |\n",
      ),
      errors: [{ messageId: "listed", message: `\`writing\` is listed beside members of ${ROLES} but is not one of them`, line: 3 }],
    },
    {
      name: "words of an outside note written as names in the list (`extension`, `custom`) do not place the list outside",
      files: project("Supported roles are: `planner`, `coder`, `extension`, `reviewer`, `writing` and `tester`.\n"),
      errors: [
        { messageId: "listed", message: `\`extension\` is listed beside members of ${ROLES} but is not one of them` },
        { messageId: "listed", message: `\`writing\` is listed beside members of ${ROLES} but is not one of them` },
      ],
    },
    {
      name: "a column headed by the vocabulary's own name lists a name the enum lacks",
      files: project("| RunEventType | meaning |\n| --- | --- |\n| `run.started` | begins |\n| `run.cancel` | stops |\n"),
      errors: [{ messageId: "column", message: `\`run.cancel\` is listed under RunEventType but is not a member of ${VOCAB}`, line: 4, severity: "error" }],
    },
    {
      name: "a schema description says a host emits a name the enum lacks (a near miss by namespace, and one that is not)",
      files: project("Nothing here.\n", "A host emits `run.resumed` after a pause and MUST emit `run.abort` when cancelled."),
      errors: [
        { messageId: "namespace", file: SCHEMA, data: { term: "run.resumed", namespace: "run.", vocabulary: VOCAB, hint: "" } },
        { messageId: "notMember", file: SCHEMA, data: { term: "run.abort", vocabulary: VOCAB, hint: "" } },
      ],
    },
    {
      name: "a sentence naming the vocabulary ties a name in its namespace and shape",
      files: project("Every RunEventType value, such as `run.abort`, is logged.\n"),
      errors: [{ messageId: "notMember", data: { term: "run.abort", vocabulary: VOCAB, hint: "" } }],
    },
    {
      name: "a coherent list of plain words: stale roles listed beside the real ones (namespace-free vocabulary)",
      files: project("Roles: `planner`, `coder`, `reviewer`, `tester`, `coding-standards`, `writing`, `architect`, `designer`.\n"),
      errors: [
        { messageId: "listed", message: `\`coding-standards\` is listed beside members of ${ROLES} but is not one of them` },
        { messageId: "listed", message: `\`writing\` is listed beside members of ${ROLES} but is not one of them` },
      ],
    },
    {
      name: "the same column with no column headed by the vocabulary's name beside it is a coherent list: the stranger is reported",
      files: project("| Step | Default skill |\n|---|---|\n| one | `planner` |\n| two | `coder` |\n| three | `reviewer` |\n| four | `ui-spec` |\n"),
      errors: [{ messageId: "listed", data: { term: "ui-spec", vocabulary: ROLES, hint: "" } }],
    },
    {
      name: "bullet items are a list: a stale role among them is reported",
      files: project("Roles:\n\n- `planner` plans\n- `coder` codes\n- `reviewer` reviews\n- `testing` tests\n"),
      errors: [{ messageId: "listed", data: { term: "testing", vocabulary: ROLES, hint: "" } }],
    },
  ],
});
