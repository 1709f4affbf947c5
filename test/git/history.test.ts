import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseRemovals, readGitHistory } from "../../compiler/git/history.js";
import { gitCallCount } from "../../compiler/git/run.js";
import { currentPath, removalText } from "../../compiler/model/history.js";
import { hasGit, TestRepo } from "../helpers/git-repo.js";

describe("parseRemovals", () => {
  it("reads deletions and renames, newest removal of a path first", () => {
    const out = "\x1eaaa1111\x1fsecond\0\nD\0docs/a.md\0R087\0src/x.ts\0src/y.ts\0C100\0k.ts\0l.ts\0" + "\x1ebbb2222\x1ffirst\0\nD\0docs/a.md\0M\0ignored.md\0";
    const r = parseRemovals(out);
    expect([...r.keys()].sort()).toEqual(["docs/a.md", "src/x.ts"]);
    expect(r.get("docs/a.md")).toEqual({ path: "docs/a.md", kind: "deleted", commit: "aaa1111", subject: "second" });
    expect(r.get("src/x.ts")).toEqual({ path: "src/x.ts", kind: "renamed", to: "src/y.ts", commit: "aaa1111", subject: "second" });
  });

  it("follows renames to where a file lives now, and stops at a deletion", () => {
    const h = { removals: parseRemovals("\x1ec2\x1fb\0\nR100\0b.md\0c.md\0\x1ec1\x1fa\0\nR100\0a.md\0b.md\0D\0z.md\0") };
    expect(currentPath(h, "a.md", (p) => p === "c.md")).toBe("c.md");
    expect(currentPath(h, "a.md", () => false)).toBeNull();
    expect(currentPath(h, "z.md", () => true)).toBeNull();
    expect(removalText(h.removals.get("a.md")!)).toBe("renamed to b.md in c1 (a)");
  });
});

describe.skipIf(!hasGit)("readGitHistory on a repository the test builds", () => {
  let repo: TestRepo;
  const ids: Record<string, string> = {};
  beforeAll(() => {
    repo = new TestRepo();
    repo.write({
      "pkg/README.md": "# Pkg\n",
      "pkg/docs/guide.md": "# Guide\n\nA long enough text so that git detects the rename of this file.\n",
      "pkg/old/ref/a.md": "# A\n",
      "pkg/old/ref/b.md": "# B\n",
      "pkg/gone.md": "# Gone\n",
      "elsewhere/x.md": "# X\n",
    });
    ids.init = repo.commit("init");
    repo.git("mv", "pkg/docs/guide.md", "pkg/docs/handbook.md");
    ids.rename = repo.commit("docs: guide becomes the handbook");
    repo.remove("pkg/gone.md");
    ids.del = repo.commit("drop gone.md");
    repo.remove("pkg/old", "elsewhere");
    ids.folder = repo.commit("remove the old reference folder");
  });
  afterAll(() => repo?.dispose());

  it("reports renames, deletions and whole-folder deletions relative to the root, in two git calls", async () => {
    const before = gitCallCount();
    const h = (await readGitHistory(join(repo.root, "pkg")))!;
    expect(gitCallCount() - before).toBeLessThanOrEqual(2);
    expect(Object.fromEntries([...h.removals].map(([k, v]) => [k, `${v.kind} ${v.to ?? ""} ${v.commit} ${v.subject}`.replace(/ +/g, " ")]))).toEqual({
      "docs/guide.md": `renamed docs/handbook.md ${ids.rename} docs: guide becomes the handbook`,
      "gone.md": `deleted ${ids.del} drop gone.md`,
      "old/ref/a.md": `deleted ${ids.folder} remove the old reference folder`,
      "old/ref/b.md": `deleted ${ids.folder} remove the old reference folder`,
    });
  });

  it("is null outside a work tree, inside .git, and with DOCPACT_NO_GIT=1", async () => {
    const plain = mkdtempSync(join(tmpdir(), "docpact-nogit-"));
    try {
      expect(await readGitHistory(plain)).toBeNull();
      expect(await readGitHistory(join(repo.root, ".git"))).toBeNull();
      process.env.DOCPACT_NO_GIT = "1";
      expect(await readGitHistory(repo.root)).toBeNull();
    } finally {
      delete process.env.DOCPACT_NO_GIT;
      rmSync(plain, { recursive: true, force: true });
    }
  });
});
