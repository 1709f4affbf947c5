/** The one tree walker: the whole root, or given folders (dot folders too); links never followed; a limit in name order. */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { walkTree } from "../compiler/discover-tree.js";

function project(files: string[]): string {
  const root = mkdtempSync(join(tmpdir(), "docpact-tree-"));
  for (const f of files) {
    mkdirSync(join(root, f, ".."), { recursive: true });
    writeFileSync(join(root, f), f);
  }
  return root;
}

const none = () => false;

describe("walkTree", () => {
  it("lists regular files sorted, skipping dot entries and skipped folders", () => {
    const root = project(["b.md", "a/z.md", "a/b/c.md", ".claude/skills/s/SKILL.md", "node_modules/x.md"]);
    expect(walkTree(root, (d) => d === "node_modules").files).toEqual(["a/b/c.md", "a/z.md", "b.md"]);
  });

  it("walks only the `from` folders, a dot folder included; a missing one or a linked one is left out", () => {
    const root = project([".claude/skills/s/SKILL.md", ".claude/commands/c.md", "docs/a.md", "elsewhere/e.md"]);
    symlinkSync(join(root, "elsewhere"), join(root, ".claude", "linked"));
    const t = walkTree(root, none, { from: [".claude/skills", ".claude/commands", ".claude/missing", ".claude/linked"] });
    expect(t.files).toEqual([".claude/commands/c.md", ".claude/skills/s/SKILL.md"]);
  });

  it("stops after `limit` files, in a fixed order (a folder's files, then its folders, each in name order)", () => {
    const root = project(["c.md", "a/2.md", "a/1.md", "b/3.md", "d.md"]);
    expect(walkTree(root, none, { limit: 3 }).files).toEqual(["a/1.md", "c.md", "d.md"]);
    expect(walkTree(root, none, { limit: 4 }).files).toEqual(["a/1.md", "a/2.md", "c.md", "d.md"]);
  });
});
