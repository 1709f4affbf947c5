import { join } from "node:path";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { DecisionsConfig } from "../../compiler/config/resolve.js";
import type { ResolvedConfig } from "../../compiler/config/resolve.js";
import { carriesAttribution, readDecisions as readWith, type DecisionRegistry } from "../../compiler/model/decisions.js";
import { foldArrayRows } from "../../compiler/readers/constant-folder.js";
import { diskSourceHost } from "../../compiler/readers/source-host.js";
import missingAttribution from "../../compiler/rules/decision/missing-attribution.js";
import missingDocument from "../../compiler/rules/decision/missing-document.js";
import unregisteredNote from "../../compiler/rules/decision/unregistered-note.js";
import unreadableRegistry from "../../compiler/rules/decision/unreadable-registry.js";
import unreadableRow from "../../compiler/rules/decision/unreadable-row.js";
import { config, lines, model, repoRootFor, run } from "./reference-helpers.js";

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
const docs = () => Object.fromEntries(["docs/plan.md", "docs/other.md"].map((p) => [p, readFileSync(join(root, p), "utf8")]));
const modelWith = (reg: DecisionRegistry | null) => model({ docs: docs(), files: ["src/decisions.ts", "src/paths.ts"], decisions: reg });

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

describe("decision rules", () => {
  it("decision/missing-attribution: reported at the row with the document as related location", async () => {
    const m = modelWith(await readDecisions(root, config({ decisions: decisions() })));
    const r = run(missingAttribution, m);
    expect(lines(r)).toEqual([
      'src/decisions.ts:12:3 decision "plan.retry": docs/plan.md does not carry its attribution "decided by the CLI (`aw retry run`)"',
    ]);
    expect(r[0].related).toEqual([{ file: "docs/plan.md", line: 1, column: 1, message: "document that should carry the attribution" }]);
  });

  it("decision/missing-document: reported at the row", async () => {
    const m = modelWith(await readDecisions(root, config({ decisions: decisions() })));
    expect(lines(run(missingDocument, m))).toEqual(['src/decisions.ts:13:3 decision "plan.moved": document docs/gone.md does not exist (docs/gone.md)']);
    const rooted = modelWith(await readDecisions(root, config({ decisions: decisions({ documentRoot: "docs" }) })));
    // Under documentRoot `docs`, `docs/plan.md` means docs/docs/plan.md.
    expect(run(missingDocument, rooted).length).toBe(6);
  });

  it("decision/unregistered-note: notes no row's attribution points into", async () => {
    const m = modelWith(await readDecisions(root, config({ decisions: decisions() })));
    expect(lines(run(unregisteredNote, m))).toEqual([
      'docs/other.md:3:3 delegation note "Batching" is not in the decision registry (src/decisions.ts#DECISIONS)',
      'docs/plan.md:11:3 delegation note "Retry policy" is not in the decision registry (src/decisions.ts#DECISIONS)',
    ]);
  });

  it("decision/unreadable-row and decision/unreadable-registry", async () => {
    const m = modelWith(await readDecisions(root, config({ decisions: decisions() })));
    expect(lines(run(unreadableRow, m))).toEqual([
      'src/decisions.ts:14:36 decision registry row "plan.computed" cannot be read statically: field `document`: cannot fold `process`: `process` is the environment at run time',
      'src/decisions.ts:15:3 decision registry row "plan.numeric" cannot be read statically: field `document` is not a string',
    ]);
    expect(run(unreadableRegistry, m)).toEqual([]);
    const bad = modelWith(await readDecisions(root, config({ decisions: decisions({ export: "MISSING" }) })));
    expect(run(unreadableRegistry, bad).map((r) => r.message)).toEqual([expect.stringContaining("has no export `MISSING`")]);
    // Without a readable registry no note is called unregistered.
    expect(run(unregisteredNote, bad)).toEqual([]);
  });

  it("no registry configured: the decision rules report nothing", () => {
    const m = modelWith(null);
    for (const rule of [missingAttribution, missingDocument, unregisteredNote, unreadableRow, unreadableRegistry]) expect(run(rule, m)).toEqual([]);
  });
});
