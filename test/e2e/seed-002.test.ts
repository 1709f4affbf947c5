/**
 * Seed 002 (pi-dynamic-workflows' capability contract) as a fixture: the
 * contract rebuilt from the seed's diff, its reference index and anchored
 * facts page rendered through `module:` sources. The fixture's documents hold
 * the Markdown the package itself generates from this contract (with docpact's
 * markers in place of its own), so a clean `check` means docpact renders the
 * same bytes. The built CLI proves the fresh fixture clean; what a region's
 * anchors do in check and build is pipeline behaviour, run in process.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { build, check } from "../../compiler/api.js";
import { copyProject, repoRoot, runCliInProcess } from "../helpers/cli.js";
import { differential } from "../helpers/run-module.js";
import { hasShared, sharedPath } from "../helpers/shared.js";

const fixture = "test/fixtures/seed-002";
const root = join(repoRoot, fixture, "/");
const details = "skills/workflow-authoring/references/capability-details.md";
const json = (r: { stdout: string }) => JSON.parse(r.stdout) as { diagnostics: { rule: string; file: string; line: number; message: string }[] };

describe("seed 002: a real capability contract as a region source", () => {
  it("the contract evaluates statically to what it computes when run (node:vm)", () => {
    // WORKFLOW_CAPABILITY_DEFINITION, WORKFLOW_CAPABILITY_CONTRACT (its data; methods are skipped) and the re-exported enums.
    expect(differential(root, "src/workflow-capability-contract.ts")).toBe(7);
  });

  it("the generated reference index and facts page are fresh: docpact renders the package's own tables byte for byte", async () => {
    const r = await runCliInProcess(["check", "--root", join(repoRoot, fixture), "--format", "json"]);
    expect(json(r).diagnostics).toEqual([]);
    expect(r.status).toBe(0);
  });

  it("anchors a region creates are not missing, in check and in the build that writes them; other anchors still are", async () => {
    const dir = copyProject(fixture);
    const file = join(dir, details);
    const text = readFileSync(file, "utf8");
    const emptied = text.replace(/(<!-- docpact:begin [^>]*-->\n)[\s\S]*(<!-- docpact:end)[^>]*-->/, "$1$2 -->");
    writeFileSync(file, emptied);
    const skill = join(dir, "skills/workflow-authoring/SKILL.md");
    writeFileSync(skill, `${readFileSync(skill, "utf8")}\nNot generated: [nothing](references/capability-details.md#no-such-capability).\n`);
    const checked = (await check({ root: dir })).diagnostics.map((d) => `${d.rule} ${d.file}:${d.line}`);
    expect(checked).toEqual(["reference/missing-anchor skills/workflow-authoring/SKILL.md:13", `fragment/stale ${details}:4`]);
    const built = await build({ root: dir });
    expect(built.diagnostics.map((d) => `${d.rule} ${d.file}:${d.line}`)).toEqual(["reference/missing-anchor skills/workflow-authoring/SKILL.md:13"]);
    expect(readFileSync(file, "utf8")).toBe(text);
  });
});

describe.skipIf(!hasShared("seeds"))("seed 002: the fixture is the seed", () => {
  it("src/workflow-capability-contract.ts is the file the seed's diff adds", async () => {
    const { readdirSync } = await import("node:fs");
    const seed = readdirSync(sharedPath("seeds")).find((f) => f.startsWith("002_"));
    expect(seed).toBeDefined();
    const lines = readFileSync(sharedPath(`seeds/${seed}`), "utf8").split("\n");
    const added = lines.filter((l) => l.startsWith("+")).map((l) => l.slice(1));
    expect(readFileSync(join(root, "src/workflow-capability-contract.ts"), "utf8")).toBe(`${added.join("\n")}\n`);
  });
});
