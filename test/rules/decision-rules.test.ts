import { describe, expect, it } from "vitest";
import type { DecisionsConfig } from "../../compiler/config/resolve.js";
import type { ResolvedConfig } from "../../compiler/config/resolve.js";
import { carriesAttribution, readDecisions as readWith } from "../../compiler/model/decisions.js";
import { foldArrayRows } from "../../compiler/readers/constant-folder.js";
import { diskSourceHost } from "../../compiler/readers/source-host.js";
import missingAttribution from "../../compiler/rules/decision/missing-attribution.js";
import missingDocument from "../../compiler/rules/decision/missing-document.js";
import unregisteredNote from "../../compiler/rules/decision/unregistered-note.js";
import unreadableRegistry from "../../compiler/rules/decision/unreadable-registry.js";
import unreadableRow from "../../compiler/rules/decision/unreadable-row.js";
import { config, repoRootFor } from "./reference-helpers.js";
import { fixtureFiles, tester } from "../helpers/rule-tester.js";

const root = repoRootFor("test/fixtures/decisions-basic");
const decisions = (over: Partial<DecisionsConfig> = {}): DecisionsConfig => ({
  module: "src/decisions.ts",
  export: "DECISIONS",
  idField: "id",
  documentField: "document",
  attributionField: "attribution",
  documentRoot: ".",
  ...over,
});
/** The registry as the pipeline reads it: through the disk host and the evaluator. */
const readDecisions = (r: string, c: ResolvedConfig) => {
  const host = diskSourceHost(r);
  return readWith(c, host, async () => foldArrayRows(r, c.decisions!.module, c.decisions!.export, host));
};

describe("readDecisions", () => {
  it("folds rows through constants imported from another module; one bad row never sinks the rest", async () => {
    const reg = (await readDecisions(root, config({ decisions: decisions() })))!;
    expect(reg.error).toBeNull();
    expect(reg.rows.map((r) => [r.id, r.documentPath, r.attributions])).toEqual([
      ["plan.adopt", "docs/plan.md", ["the deterministic steps below are decided by the CLI (`aw flow advance`), not by this document"]],
      ["plan.numbering", "docs/plan.md", ["**Numbering is minted by the CLI** (aw next-number)"]],
      ["plan.retry", "docs/plan.md", ["decided by the CLI (`aw retry run`)"]],
      ["plan.moved", "docs/gone.md", ["anything"]],
      ["plan.noattr", "docs/plan.md", []],
      // Its `at` field is a run-time value, but the registry does not need it.
      ["plan.helper", "docs/plan.md", ["the deterministic steps below are decided by the CLI (`aw flow advance`), not by this document"]],
    ]);
    expect(reg.unreadable.map((u) => [u.name, u.span.file, u.span.line])).toEqual([
      ["plan.computed", "src/decisions.ts", 14],
      ["plan.numeric", "src/decisions.ts", 15],
    ]);
    expect(reg.unreadable[1].message).toBe("field `document` is not a string");
    expect(Object.keys(reg.documents)).toEqual(["docs/plan.md"]);
  });

  it("reports a missing module, export or non-array as a registry error", async () => {
    for (const [over, msg] of [
      [{ module: "src/nope.ts" }, "decision registry module src/nope.ts does not exist"],
      [{ export: "MISSING" }, "has no export `MISSING`"],
      [{ export: "NOT_ARRAY" }, "NOT_ARRAY"],
    ] as const) {
      const reg = (await readDecisions(root, config({ decisions: decisions(over) })))!;
      expect(reg.error?.message).toContain(msg);
      expect(reg.rows).toEqual([]);
    }
  });

  it("returns null without config", async () => {
    expect(await readDecisions(root, config())).toBeNull();
  });
});

describe("carriesAttribution", () => {
  it("matches whitespace-normalized, across blockquote wraps, as written or as plain text", () => {
    const doc = "> **X is not this document's call:** decided by\n> the CLI (`aw flow advance`), not here.\n";
    expect(carriesAttribution(doc, "decided by the CLI (`aw flow advance`)")).toBe(true);
    expect(carriesAttribution(doc, "decided by the CLI (aw flow advance)")).toBe(true);
    expect(carriesAttribution(doc, "**X is not this document's call:**")).toBe(true);
    expect(carriesAttribution(doc, "decided by the tool")).toBe(false);
    expect(carriesAttribution("keep snake_case_name here", "snake_case_name")).toBe(true);
  });
});

const project = fixtureFiles("test/fixtures/decisions-basic");
const withConfig = (decisions: Partial<DecisionsConfig>) => ({
  ...project,
  "docpact.config.json": { code: { include: [] }, cli: { binaries: ["aw"] }, decisions: { module: "src/decisions.ts", export: "DECISIONS", ...decisions } },
});
const noRegistry = { ...project, "docpact.config.json": { code: { include: [] }, cli: { binaries: ["aw"] } } };

tester.run(missingAttribution, {
  valid: [{ name: "no registry configured", files: noRegistry }],
  invalid: [
    {
      name: "reported at the row, with the document as related location",
      files: project,
      errors: [
        {
          messageId: "missingAttribution",
          file: "src/decisions.ts",
          line: 12,
          column: 3,
          message: 'decision "plan.retry": docs/plan.md does not carry its attribution "decided by the CLI (`aw retry run`)"',
          related: [{ file: "docs/plan.md", line: 1, column: 1, message: "document that should carry the attribution" }],
        },
      ],
    },
  ],
});

tester.run(missingDocument, {
  valid: [{ name: "no registry configured", files: noRegistry }],
  invalid: [
    {
      name: "reported at the row",
      files: project,
      errors: [{ messageId: "missing", line: 13, column: 3, data: { decision: "plan.moved", document: "docs/gone.md", path: "docs/gone.md" } }],
    },
    {
      // Under documentRoot `docs`, `docs/plan.md` means docs/docs/plan.md.
      name: "paths are relative to documentRoot",
      files: withConfig({ documentRoot: "docs" }),
      errors: Array.from({ length: 6 }, () => ({ messageId: "missing" })),
    },
  ],
});

tester.run(unregisteredNote, {
  valid: [
    { name: "no registry configured", files: noRegistry },
    // Without a readable registry no note is called unregistered.
    { name: "an unreadable registry", files: withConfig({ export: "MISSING" }) },
  ],
  invalid: [
    {
      name: "notes no row's attribution points into",
      files: project,
      errors: [
        { messageId: "unregistered", file: "docs/other.md", line: 3, column: 3, data: { subject: "Batching", registry: "src/decisions.ts#DECISIONS" } },
        {
          messageId: "unregistered",
          file: "docs/plan.md",
          line: 11,
          column: 3,
          message: 'delegation note "Retry policy" is not in the decision registry (src/decisions.ts#DECISIONS)',
        },
      ],
    },
  ],
});

tester.run(unreadableRow, {
  valid: [{ name: "no registry configured", files: noRegistry }],
  invalid: [
    {
      name: "rows that cannot be read statically, at the row",
      files: project,
      errors: [
        {
          messageId: "unreadableRow",
          file: "src/decisions.ts",
          line: 14,
          column: 36,
          message:
            'decision registry row "plan.computed" cannot be read statically: field `document`: cannot fold `process`: `process` is the environment at run time',
        },
        { messageId: "unreadableRow", line: 15, column: 3, data: { row: "plan.numeric", reason: "field `document` is not a string" } },
      ],
    },
  ],
});

tester.run(unreadableRegistry, {
  valid: [
    { name: "a readable registry", files: project },
    { name: "no registry configured", files: noRegistry },
  ],
  invalid: [
    {
      name: "a missing export",
      files: withConfig({ export: "MISSING" }),
      errors: [{ messageId: "unreadable", message: expect.stringContaining("has no export `MISSING`") as unknown as string }],
    },
  ],
});
