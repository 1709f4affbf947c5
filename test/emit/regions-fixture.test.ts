/**
 * The fragments-stale fixture through the real pipeline: a schema edit makes
 * `check` report fragment/stale, `build` fixes it, and a second build writes
 * nothing. Hand edits are kept until --force.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runBuild } from "../../compiler/build.js";
import { runPipeline } from "../../compiler/pipeline.js";

const FIXTURE = join(process.cwd(), "test/fixtures/fragments-stale");
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function copy(): string {
  const dir = mkdtempSync(join(tmpdir(), "docpact-fragments-"));
  dirs.push(dir);
  cpSync(FIXTURE, dir, { recursive: true });
  return dir;
}

const fragments = (ds: { rule: string; file: string; line: number; message: string }[]) =>
  ds.filter((d) => d.rule.startsWith("fragment/")).map((d) => `${d.rule} ${d.file}:${d.line} ${d.message}`);

describe("fixture fragments-stale", () => {
  it("is fresh as committed", async () => {
    const r = await runPipeline({ root: copy() });
    expect(fragments(r.diagnostics)).toEqual([]);
    expect(r.plan.regions.map((x) => `${x.template}:${x.status}`)).toEqual(["vocabulary:fresh", "schema-table:fresh"]);
  });

  it("a schema edit makes check report fragment/stale; build fixes it; build again is a no-op", async () => {
    const root = copy();
    const schemaPath = join(root, "schemas/event.schema.json");
    writeFileSync(schemaPath, readFileSync(schemaPath, "utf8").replace('"run.failed"]', '"run.failed", "run.cancelled"]'));
    const docBefore = readFileSync(join(root, "docs/events.md"), "utf8");

    const check = await runPipeline({ root });
    expect(fragments(check.diagnostics)).toEqual([
      "fragment/stale docs/events.md:7 region vocabulary is stale: 1 line differ from what build writes",
      "fragment/stale docs/events.md:15 region schema-table is stale: 2 lines differ from what build writes",
    ]);
    expect(check.diagnostics.find((d) => d.line === 7)?.suggestion).toBe(
      "run `docpact build` to regenerate it; the change:\n     - `run.failed`\n    +- `run.cancelled`",
    );
    // check writes nothing.
    expect(readFileSync(join(root, "docs/events.md"), "utf8")).toBe(docBefore);

    const build = await runBuild({ root });
    expect(build.written).toEqual(["docs/events.md"]);
    expect(fragments(build.diagnostics)).toEqual([]);
    const after = readFileSync(join(root, "docs/events.md"), "utf8");
    expect(after).toContain("- `run.failed`\n- `run.cancelled`\n<!-- docpact:end sha=");
    expect(after).toContain("`run.started`, `run.finished`, `run.failed`, `run.cancelled` |");
    // Text outside the regions is untouched.
    expect(after.slice(0, after.indexOf("<!-- docpact:begin"))).toBe(docBefore.slice(0, docBefore.indexOf("<!-- docpact:begin")));

    expect(fragments((await runPipeline({ root })).diagnostics)).toEqual([]);
    expect((await runBuild({ root })).written).toEqual([]);
  });

  it("a hand edit is kept and reported until build --force", async () => {
    const root = copy();
    const docPath = join(root, "docs/events.md");
    const edited = readFileSync(docPath, "utf8").replace("- `run.failed`\n", "- `run.failed` (rare)\n");
    writeFileSync(docPath, edited);

    const build = await runBuild({ root });
    expect(build.written).toEqual([]);
    expect(fragments(build.diagnostics)).toEqual([
      expect.stringMatching(
        /^fragment\/hand-edited docs\/events\.md:7 region vocabulary was edited by hand: its content no longer matches sha=[0-9a-f]{8}; build keeps it/,
      ),
    ]);
    expect(readFileSync(docPath, "utf8")).toBe(edited);

    const forced = await runBuild({ root, force: true });
    expect(forced.written).toEqual(["docs/events.md"]);
    expect(fragments(forced.diagnostics)).toEqual([]);
    expect(readFileSync(docPath, "utf8")).toBe(readFileSync(join(FIXTURE, "docs/events.md"), "utf8"));
  });
});
