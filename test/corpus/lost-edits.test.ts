/**
 * Hostile input, round 2: an edit saved while `build` runs is never lost.
 * build plans a document's new text from what it read; if the disk holds
 * anything else when the write lands, the file is left as the user saved it,
 * the rest of the plan is written, and build ends with a one-line error
 * (exit 2) naming the file.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writePlan } from "../../compiler/build.js";
import { runPipeline } from "../../compiler/pipeline.js";
import { ChangedOnDisk, writeAtomic } from "../../compiler/util/write.js";

const base = mkdtempSync(join(tmpdir(), "docpact-lost-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const REGION = '<!-- docpact:begin vocabulary source="../contracts/event.schema.json#/properties/kind" -->\n<!-- docpact:end -->\n';

function project(name: string): string {
  const root = join(base, name);
  const files: Record<string, string> = {
    "docpact.config.json": JSON.stringify({ docs: ["docs/**/*.md"], schemas: ["contracts/**/*.schema.json"], code: { include: [] } }),
    "contracts/event.schema.json": JSON.stringify({ type: "object", properties: { kind: { enum: ["a", "b"] } } }),
    "docs/a.md": `# A\n\n${REGION}`,
    "docs/b.md": `# B\n\n${REGION}`,
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return root;
}

describe("an edit saved during build", () => {
  it("is kept: the document is not overwritten, the others are, and build ends naming it", async () => {
    const root = project("race");
    const r = await runPipeline({ root, writesPlan: true });
    expect(r.plan.documents.map((d) => d.path)).toEqual(["docs/a.md", "docs/b.md"]);
    // The user saves docs/a.md after build read it, before build writes it.
    const edit = "# A\n\nMy new paragraph.\n\n" + REGION;
    writeFileSync(join(root, "docs/a.md"), edit);
    const written: string[] = [];
    expect(() => writePlan(root, r.plan, written)).toThrow(/^changed on disk during the build, not overwritten \(1\): docs\/a\.md; run `docpact build` again$/);
    expect(readFileSync(join(root, "docs/a.md"), "utf8")).toBe(edit);
    expect(readFileSync(join(root, "docs/b.md"), "utf8")).toContain("`a`");
    expect(written).toEqual(["docs/b.md"]);
  });

  it("a file that is unchanged since the read is written as before", async () => {
    const root = project("calm");
    const r = await runPipeline({ root, writesPlan: true });
    expect(writePlan(root, r.plan)).toEqual(["docs/a.md", "docs/b.md"]);
  });

  it("writeAtomic compares just before the rename and leaves no temp file", () => {
    const root = project("atomic");
    writeFileSync(join(root, "docs/c.md"), "edited\n");
    expect(() => writeAtomic(root, "docs/c.md", "planned\n", "as read\n")).toThrow(ChangedOnDisk);
    expect(readFileSync(join(root, "docs/c.md"), "utf8")).toBe("edited\n");
    writeAtomic(root, "docs/c.md", "planned\n", "edited\n");
    expect(readFileSync(join(root, "docs/c.md"), "utf8")).toBe("planned\n");
    expect(readdirSync(join(root, "docs")).filter((n) => n.endsWith(".docpact.tmp"))).toEqual([]);
  });
});
