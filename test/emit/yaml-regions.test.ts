/**
 * Regions fed by a schema written in YAML (issue 32: a workflow DSL keeps its only schema as `schema/workflow.yaml`):
 * `vocabulary` and `schema-table` render from it through the real pipeline, a fresh region checks clean, and an
 * enum edited in the YAML makes the region stale.
 */
import { describe, expect, it } from "vitest";
import stale from "../../compiler/rules/fragment/stale.js";
import { lintFiles, planFiles } from "../helpers/rule-tester.js";

const yaml = (phases: string[]) =>
  [
    "$schema: https://json-schema.org/draft/2020-12/schema",
    "# The workflow document (comments are YAML's own).",
    "$defs:",
    "  phase:",
    "    type: string",
    `    enum: [ ${phases.join(", ")} ]`,
    "type: object",
    "required: [ status ]",
    "properties:",
    "  status:",
    "    $ref: '#/$defs/phase'",
    "    description: Where the run is.",
    "  name:",
    "    type: string",
    "    description: The workflow's name.",
    "",
  ].join("\n");

const DOC = [
  "# Reference",
  "",
  '<!-- docpact:begin vocabulary source="../schema/workflow.yaml#/$defs/phase" -->',
  "<!-- docpact:end -->",
  "",
  '<!-- docpact:begin schema-table source="../schema/workflow.yaml" -->',
  "<!-- docpact:end -->",
  "",
].join("\n");

const files = (phases: string[], doc = DOC) => ({
  "docpact.config.json": { docs: ["docs/**/*.md"], schemas: ["schema/*.yaml"] },
  "schema/workflow.yaml": yaml(phases),
  "docs/reference.md": doc,
});

describe("regions generated from a YAML schema", () => {
  it("render from the YAML, check clean when fresh and stale when the YAML's enum changes", async () => {
    const plan = await planFiles(files(["pending", "running", "completed"]));
    expect(plan.facts).toEqual([]);
    const built = plan.documents.find((d) => d.path === "docs/reference.md")?.content ?? "";
    expect(built).toContain("- `pending`\n- `running`\n- `completed`\n");
    expect(built).toMatch(/\| `status` \| .* \| yes \| Where the run is\. \|/);
    expect(built).toContain("| `name` |");

    expect((await lintFiles(stale, files(["pending", "running", "completed"], built))).diagnostics).toEqual([]);
    const after = (await lintFiles(stale, files(["pending", "running", "completed", "cancelled"], built))).diagnostics;
    expect(after.map((d) => [d.rule, d.line])).toEqual([
      ["fragment/stale", 3],
      ["fragment/stale", 9],
    ]);
    expect(after[0].note ?? "").toContain("+- `cancelled`");
  });
});
