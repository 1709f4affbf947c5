import { describe, expect, it } from "vitest";
import { runPipeline } from "../../compiler/pipeline.js";
import { inspect } from "../../compiler/cli/inspect.js";
import { repoRootFor } from "./reference-helpers.js";

describe("reference rules end to end (test/fixtures/refs-basic)", () => {
  it("reports each broken reference once, at its position", async () => {
    const { diagnostics } = await runPipeline({ root: repoRootFor("test/fixtures/refs-basic") });
    const mine = diagnostics
      .filter((d) => d.rule.startsWith("reference/"))
      .map((d) => `${d.file}:${d.line}:${d.column} ${d.rule} ${d.severity} ${d.message}${d.suggestion ? ` → ${d.suggestion}` : ""}`);
    expect(mine).toEqual([
      "README.md:6:5 reference/broken-link error link target CHANGELOG.md does not exist (CHANGELOG.md)",
      "README.md:6:62 reference/missing-anchor error #instal names no heading or anchor in this document → #install",
      "README.md:8:58 reference/missing-path warning path schemas/run-event.schema.json does not exist (looked from the root)",
      'docs/guide/GUIDE.md:6:1 reference/missing-section error docs/CHASSIS.md has no section "Compact and resume"',
      "docs/guide/GUIDE.md:8:32 reference/missing-path warning path src/flow.ts does not exist (looked from docs/guide/ or any folder above it)",
    ]);
  });

  it("inspect references lists every link and section reference with its resolution", async () => {
    const { model } = await runPipeline({ root: repoRootFor("test/fixtures/refs-basic") });
    const refs = inspect("references", model) as {
      file: string;
      kind: string;
      target: string;
      status: string;
      anchor?: string | null;
      heading?: string | null;
    }[];
    expect(
      refs.map((r) => `${r.file} ${r.kind} ${r.target} ${r.status}${r.anchor ? ` #${r.anchor}` : ""}${r.heading !== undefined ? ` [${r.heading}]` : ""}`),
    ).toEqual([
      "README.md link docs/guide/GUIDE.md#getting-started ok #found",
      "README.md link docs/CHASSIS.md ok",
      "README.md section docs/CHASSIS.md found [Compact / resume — the rules]",
      "README.md link CHANGELOG.md missing",
      "README.md link docs/logo.svg ok",
      "README.md link #instal ok #missing",
      "docs/guide/GUIDE.md link ../CHASSIS.md#operating-context ok #found",
      "docs/guide/GUIDE.md section ../CHASSIS.md found [Delta 4 (retries)]",
      "docs/guide/GUIDE.md link ../CHASSIS.md ok",
      "docs/guide/GUIDE.md section ../CHASSIS.md missing [null]",
    ]);
  });
});
