import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../compiler/model/diagnostic.js";
import { compareVersions, versionOfFile, versionScopes } from "../../compiler/model/vocabulary-versions.js";
import deprecated from "../../compiler/rules/vocabulary/deprecated-term.js";
import retired from "../../compiler/rules/vocabulary/retired-term.js";
import unknown from "../../compiler/rules/vocabulary/unknown-term.js";
import { lintFiles } from "../helpers/rule-tester.js";
import { type Sources, vocabProject } from "./vocabulary-project.js";

const schema = (members: string[], extra: Record<string, unknown> = {}) => JSON.stringify({ $defs: { eventType: { enum: members, ...extra } } }, null, 2);
const OLD = ["run.started", "run.finished", "run.failed", "run.paused"];
const NEW = ["run.started", "run.finished", "run.failed", "run.suspended"];

const run = async (rule: typeof unknown | typeof deprecated | typeof retired, src: Sources): Promise<Diagnostic[]> =>
  (await lintFiles(rule, vocabProject(src))).diagnostics;

describe("per-version vocabularies (one schema per version folder)", () => {
  it("finds the families and a file's version from its folders", () => {
    const v = (file: string, id: string) => ({ id, file, kind: "schema", name: "", members: [], span: { file, line: 1, column: 1 } }) as never;
    const scopes = versionScopes([v("schema/2025-06-18/schema.json", "a"), v("schema/draft/schema.json", "b"), v("schemas/other.json", "c")]);
    expect([...scopes.versions].sort()).toEqual(["2025-06-18", "draft"]);
    expect(versionOfFile("docs/specification/draft/x.md", scopes)).toBe("draft");
    expect(versionOfFile("docs/extensions/x.md", scopes)).toBeNull();
    // A lone version folder is no family: `draft` alone, or one dated folder, scopes nothing.
    expect(versionScopes([v("schema/draft/schema.json", "b")]).versions.size).toBe(0);
    expect(versionScopes([v("schema/draft/a.json", "a"), v("schema/next/a.json", "b")]).versions.size).toBe(0);
  });

  it("a page under a version's folder is judged against that version's set only", async () => {
    const src: Sources = {
      docs: {
        "docs/2025-06-18/events.md": "The host emits `run.paused` when it waits.\n",
        "docs/draft/events.md": "The host emits `run.suspended` when it waits, or `run.suspnded`.\n",
        "docs/overview.md": "Hosts emit `run.paused` (old) or `run.suspended` (new).\n",
      },
      schemas: { "schema/2025-06-18/events.schema.json": schema(OLD), "schema/draft/events.schema.json": schema(NEW) },
    };
    const d = await run(unknown, src);
    // Only the draft page's typo: the old page's `run.paused` is its version's member, the unversioned page knows both.
    expect(d.map((x) => [x.file, x.line])).toEqual([["docs/draft/events.md", 1]]);
    expect(d[0].message).toContain("`run.suspnded`");
    expect(d[0].message).toContain("schema/draft/events.schema.json");
  });

  it("a member deprecated in one version is not deprecated on another version's page", async () => {
    const src: Sources = {
      docs: { "docs/2025-06-18/events.md": "The host emits `run.paused`.\n", "docs/draft/events.md": "The host emits `run.paused`.\n" },
      schemas: {
        "schema/2025-06-18/events.schema.json": schema(OLD),
        "schema/draft/events.schema.json": schema([...NEW, "run.paused"], {
          "x-deprecated": ["run.paused"],
          "x-replaced-by": { "run.paused": "run.suspended" },
        }),
      },
    };
    const d = await run(deprecated, src);
    expect(d.map((x) => [x.file, x.suggestion])).toEqual([["docs/draft/events.md", "run.suspended"]]);
  });

  it("a page under no version folder is not judged against a deprecation only an older version declares", async () => {
    const aliased = schema([...OLD, "run.suspended"], { "x-deprecated": ["run.paused"], "x-replaced-by": { "run.paused": "run.suspended" } });
    const page = "The host emits `run.paused` when it waits.\n";
    // The older version renamed its member; the newest version has no such member at all (the set moved elsewhere).
    const older: Sources = {
      docs: { "docs/extensions/events.md": page, "docs/2025-06-18/events.md": page },
      schemas: { "schema/2025-06-18/events.schema.json": aliased, "schema/draft/events.schema.json": schema(["run.started", "run.finished"]) },
    };
    const r = await lintFiles(deprecated, vocabProject(older));
    expect(r.diagnostics.map((x) => x.file)).toEqual(["docs/2025-06-18/events.md"]);
    expect(r.notJudged.map((n) => [n.file, n.reason])).toEqual([
      [
        "docs/extensions/events.md",
        "deprecated only in version 2025-06-18 (schema/2025-06-18/events.schema.json#/$defs/eventType), not in its family's newest version, and the page is under no version folder",
      ],
    ]);
    // The same deprecation declared by the newest version binds the unversioned page too.
    const newest: Sources = {
      docs: { "docs/extensions/events.md": page },
      schemas: { "schema/2025-06-18/events.schema.json": schema(["run.started", "run.finished"]), "schema/2026-01-01/events.schema.json": aliased },
    };
    expect((await run(deprecated, newest)).map((x) => [x.file, x.suggestion])).toEqual([["docs/extensions/events.md", "run.suspended"]]);
  });

  it("a page under no version folder is not judged against a retirement only an older version declares", async () => {
    const page = "The host emits `run.paused` when it waits.\n";
    const retiredIn = (version: string): Sources => ({
      docs: { "docs/extensions/events.md": page, "docs/2025-06-18/events.md": page },
      schemas: { "schema/2025-06-18/events.schema.json": schema(NEW), "schema/draft/events.schema.json": schema(NEW) },
      config: { vocabularies: [{ schema: `schema/${version}/events.schema.json#/$defs/eventType`, retired: ["run.paused"] }] },
    });
    const older = await lintFiles(retired, vocabProject(retiredIn("2025-06-18")));
    expect(older.diagnostics.map((x) => x.file)).toEqual(["docs/2025-06-18/events.md"]);
    expect(older.notJudged.map((n) => [n.file, n.reason])).toEqual([
      [
        "docs/extensions/events.md",
        "retired only in version 2025-06-18 (schema/2025-06-18/events.schema.json#/$defs/eventType), not in its family's newest version, and the page is under no version folder",
      ],
    ]);
    // Retired by the newest version: the unversioned page is judged (the draft's page too); the old version's page is not its set.
    expect((await run(retired, retiredIn("draft"))).map((x) => x.file)).toEqual(["docs/extensions/events.md"]);
  });

  it("orders versions: numbers by value, named versions after every number", () => {
    const sorted = ["draft", "2025-11-25", "v10", "2024-11-05", "v2", "1.10", "1.9"].sort(compareVersions);
    expect(sorted).toEqual(["1.9", "1.10", "v2", "v10", "2024-11-05", "2025-11-25", "draft"]);
  });

  it("a name only another version's code declares is that version's member, judged on this version's page", async () => {
    const formats = (v: string[]) => JSON.stringify({ $defs: { StringSchema: { properties: { format: { enum: v } } } } }, null, 2);
    const union = (v: string[]) => `export interface StringSchema {\n  format?: ${v.map((x) => JSON.stringify(x)).join(" | ")};\n}\n`;
    const OLD_F = ["email", "uri", "date", "date-time"];
    const NEW_F = ["email", "uri", "date", "datetime"];
    const list = "Supported formats: `email`, `uri`, `date`, `date-time`\n";
    const src: Sources = {
      docs: { "docs/2025-06-18/forms.md": list, "docs/draft/forms.md": list, "docs/overview.md": list },
      schemas: { "schema/2025-06-18/schema.schema.json": formats(OLD_F), "schema/draft/schema.schema.json": formats(NEW_F) },
      code: { "src/2025-06-18/schema.ts": union(OLD_F), "src/draft/schema.ts": union(NEW_F) },
    };
    const d = await run(unknown, src);
    // The old version's page and the unversioned one know `date-time`; the draft's list names it beside its members.
    expect(d.map((x) => [x.file, x.suggestion])).toEqual([["docs/draft/forms.md", "datetime"]]);
    // A name no version's vocabulary has, declared in code, still names code (explained, silent).
    const declared: Sources = { ...src, code: { ...src.code, "src/util.ts": 'export const dateTime = 1;\nexport type K = "date-times" | "x";\n' } };
    declared.docs = { "docs/draft/forms.md": "Supported formats: `email`, `uri`, `date`, `date-times`\n" };
    expect(await run(unknown, declared)).toEqual([]);
  });
});
