/**
 * vocabulary/unknown-term and plain renames (issue 32 item 2): a member renamed in the schema without any alias,
 * docs not updated. The old name is no near miss of the new one, so only history says it was a member: a commit, or
 * the work tree's uncommitted change (a check before the commit), that took it out of the vocabulary's file.
 */
import { afterEach, describe, expect, it } from "vitest";
import { check } from "../../compiler/api.js";
import { hasGit, TestRepo } from "../helpers/git-repo.js";

const SCHEMA = "schemas/run-event.schema.json";
const schema = (members: string[]) => `${JSON.stringify({ $defs: { RunEventType: { enum: members } } }, null, 2)}\n`;
const MEMBERS = ["run.started", "run.finished", "run.failed", "envelope.sent", "envelope.refused"];
const files = {
  "docpact.config.json": JSON.stringify({ docs: ["docs/**/*.md"], schemas: ["schemas/**/*.json"] }),
  "docs/events.md": "# Events\n\nA run emits `run.started`, then `run.finished` or `run.failed`.\nA refusal is `envelope.refused`.\n",
  [SCHEMA]: schema(MEMBERS),
};
const renamed = (from: string, to: string) => schema(MEMBERS.map((m) => (m === from ? to : m)));

describe.skipIf(!hasGit)("a member renamed without an alias", () => {
  let repo: TestRepo | undefined;
  afterEach(() => repo?.dispose());

  const unknown = async (root: string) => (await check({ root })).diagnostics.filter((d) => d.rule === "vocabulary/unknown-term");

  it("uncommitted: the docs' old name is reported with the new name, the work tree as evidence", async () => {
    repo = new TestRepo();
    repo.write(files).commit("init");
    repo.write({ [SCHEMA]: renamed("run.finished", "run.completed") });
    const d = await unknown(repo.root);
    expect(d.map((x) => [x.file, x.line, x.message, x.suggestion])).toEqual([
      [
        "docs/events.md",
        3,
        "`run.finished` has the namespace `run.` and shape of schemas/run-event.schema.json#/$defs/RunEventType but is not one of its members; did you mean `run.completed`?; renamed to `run.completed` in the work tree (not committed yet)",
        "run.completed",
      ],
    ]);
  });

  it("a one-member enum (a versioned event type) bumped on its line: the old type is reported with the new one", async () => {
    repo = new TestRepo();
    const one = (v: string) => `{\n  "properties": {\n    "type": {\n      "enum": [\n        "${v}"\n      ]\n    }\n  }\n}\n`;
    repo
      .write({
        ...files,
        [SCHEMA]: one("dev.acme.build.queued.0.3.0"),
        "docs/events.md": "Queued builds: `dev.acme.build.queued.0.3.0`; see `dev.acme.build.started.0.1.0`.\n",
      })
      .commit("init");
    repo.write({ [SCHEMA]: one("dev.acme.build.queued.0.4.0") });
    const d = await unknown(repo.root);
    expect(d.map((x) => [x.line, x.suggestion, x.message.endsWith("renamed to `dev.acme.build.queued.0.4.0` in the work tree (not committed yet)")])).toEqual([
      [1, "dev.acme.build.queued.0.4.0", true],
    ]);
  });

  it("committed: the commit that renamed it is named; a name no commit removed stays unjudged", async () => {
    repo = new TestRepo();
    repo.write(files).commit("init");
    repo.write({ [SCHEMA]: renamed("envelope.refused", "envelope.declined"), "docs/more.md": "Also `envelope.bounced` and `envelope.sent`.\n" });
    const id = repo.commit("Rename envelope.refused");
    const r = await check({ root: repo.root });
    const d = r.diagnostics.filter((x) => x.rule === "vocabulary/unknown-term");
    expect(d.map((x) => [x.file, x.line, x.suggestion])).toEqual([["docs/events.md", 4, "envelope.declined"]]);
    expect(d[0].message).toContain(`renamed to \`envelope.declined\` in ${id} (Rename envelope.refused)`);
    expect(r.summary.notJudged?.byRule["vocabulary/unknown-term"]?.reasons).toEqual({
      "has the namespace and shape of schemas/run-event.schema.json#/$defs/RunEventType but is no member, and no commit removed it from the vocabulary's file": 1,
    });
  });

  it("snake_case renamed to kebab-case in one version of a versioned spec: reported there, though another version's code declares the old name", async () => {
    repo = new TestRepo();
    const status = (m: string) => `${JSON.stringify({ $defs: { TaskStatus: { enum: ["working", m, "completed", "failed"] } } }, null, 2)}\n`;
    const page = "# Tasks\n\nA task that needs the client waits in `input_required` until it answers.\n";
    repo
      .write({
        "docpact.config.json": JSON.stringify({ docs: ["docs/**/*.md"], schemas: ["schema/**/*.json"], code: { include: ["schema/**/*.ts"] } }),
        "schema/2025-01-01/schema.json": status("input_required"),
        "schema/draft/schema.json": status("input_required"),
        // The draft's own union, and an open one of another set: the name is code only in the draft's folder.
        "schema/draft/schema.ts": 'export type ResultType = "complete" | "input_required" | string;\n',
        "docs/2025-01-01/tasks.md": page,
        "docs/draft/tasks.md": page,
      })
      .commit("init");
    repo.write({ "schema/2025-01-01/schema.json": status("input-required") });
    const d = await unknown(repo.root);
    expect(d.map((x) => [x.file, x.line, x.suggestion])).toEqual([["docs/2025-01-01/tasks.md", 3, "input-required"]]);
    expect(d[0].message).toContain("renamed to `input-required` in the work tree");
  });

  it("invalid twin: the renamed version's own code still declares the old name, so it names code there (left alone)", async () => {
    repo = new TestRepo();
    const status = (m: string) => `${JSON.stringify({ $defs: { TaskStatus: { enum: ["working", m, "completed", "failed"] } } }, null, 2)}\n`;
    repo
      .write({
        "docpact.config.json": JSON.stringify({ docs: ["docs/**/*.md"], schemas: ["schema/**/*.json"], code: { include: ["schema/**/*.ts"] } }),
        "schema/2025-01-01/schema.json": status("input_required"),
        "schema/draft/schema.json": status("input_required"),
        "schema/2025-01-01/schema.ts": 'export type ResultType = "complete" | "input_required" | string;\n',
        "docs/2025-01-01/tasks.md": "# Tasks\n\nA task that needs the client waits in `input_required` until it answers.\n",
      })
      .commit("init");
    repo.write({ "schema/2025-01-01/schema.json": status("input-required") });
    expect(await unknown(repo.root)).toEqual([]);
  });
});
