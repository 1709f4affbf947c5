/** Watch's session: the tree updated from changed paths equals a fresh walk; unchanged reads are reused, changed ones are not. */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { updateTree, walkTree } from "../../compiler/discover-tree.js";
import { ReadSession } from "../../compiler/cache/session.js";

const skip = (d: string) => d === "node_modules" || d === "generated";

function project(): string {
  const root = mkdtempSync(join(tmpdir(), "docpact-session-"));
  for (const f of ["README.md", "docs/a.md", "docs/deep/b.md", "old/x.md", "old/y/z.md", "generated/g.ts", "node_modules/p/i.md", ".hidden/h.md"]) {
    mkdirSync(join(root, f, ".."), { recursive: true });
    writeFileSync(join(root, f), f);
  }
  return root;
}

describe("updateTree", () => {
  it("gives what a fresh walk gives after files and folders come and go", () => {
    const root = project();
    const before = walkTree(root, skip);
    writeFileSync(join(root, "docs/a.md"), "edited");
    writeFileSync(join(root, "docs/c.md"), "new");
    mkdirSync(join(root, "fresh/inner"), { recursive: true });
    writeFileSync(join(root, "fresh/inner/n.md"), "n");
    writeFileSync(join(root, "fresh/m.md"), "m");
    rmSync(join(root, "old"), { recursive: true });
    rmSync(join(root, "docs/deep/b.md"));
    writeFileSync(join(root, "generated/h.ts"), "skipped");
    writeFileSync(join(root, ".hidden/i.md"), "dot");
    symlinkSync(join(root, "docs/a.md"), join(root, "docs/link.md"));
    const changed = ["docs/a.md", "docs/c.md", "fresh", "old", "docs/deep/b.md", "generated/h.ts", ".hidden/i.md", "docs/link.md"];
    const after = updateTree(root, before, changed, skip);
    expect(after).toEqual(walkTree(root, skip));
    expect(after.files).toContain("fresh/inner/n.md");
    expect(after.files.some((f) => f.startsWith("old/"))).toBe(false);
  });

  it("returns the same tree when nothing changed", () => {
    const root = project();
    const t = walkTree(root, skip);
    expect(updateTree(root, t, [], skip)).toBe(t);
  });
});

describe("ReadSession", () => {
  it("reuses a read only while the run is told its file (or a folder above it) did not change", () => {
    const s = new ReadSession();
    s.begin(undefined, "config");
    expect(s.unchanged("markdown", "docs/a.md")).toBeUndefined();
    s.remember("markdown", "docs/a.md", { v: 1 });
    s.remember("markdown", "docs/b.md", { v: 2 });
    s.end();
    s.begin(["docs/b.md"], "config");
    expect(s.unchanged("markdown", "docs/a.md")).toEqual({ v: 1 });
    expect(s.unchanged("markdown", "docs/b.md")).toBeUndefined();
    s.end();
    s.begin(["docs"], "config");
    expect(s.unchanged("markdown", "docs/a.md")).toBeUndefined();
  });

  it("reads everything again when the changes are not known or the config changed", () => {
    const s = new ReadSession();
    s.begin(undefined, "config");
    s.remember("markdown", "a.md", 1);
    s.end();
    s.begin(undefined, "config");
    expect(s.unchanged("markdown", "a.md")).toBeUndefined();
    s.remember("markdown", "a.md", 1);
    s.end();
    s.begin([], "other config");
    expect(s.unchanged("markdown", "a.md")).toBeUndefined();
    expect(s.tree).toBeNull();
  });

  it("forgets reads a run did not look at, and files build rewrote", () => {
    const s = new ReadSession();
    s.begin(undefined, "c");
    s.remember("markdown", "a.md", 1);
    s.remember("markdown", "b.md", 2);
    s.end();
    s.begin([], "c");
    expect(s.unchanged("markdown", "a.md")).toBe(1);
    s.end(); // b.md was not looked at: deleted or no longer matched
    s.begin([], "c");
    expect(s.unchanged("markdown", "b.md")).toBeUndefined();
    s.forget(["a.md"]);
    expect(s.unchanged("markdown", "a.md")).toBeUndefined();
  });
});
