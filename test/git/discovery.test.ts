import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repositoryMayContain } from "../../compiler/git/discovery.js";
import { gitCallCount, gitGuardCallCount, runGit } from "../../compiler/git/run.js";
import { inWorkTree } from "../../compiler/git/state.js";
import { hasGit, TestRepo } from "../helpers/git-repo.js";

const scratch = mkdtempSync(join(tmpdir(), "docpact-discovery-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const folder = (rel: string) => {
  const p = join(scratch, rel);
  mkdirSync(p, { recursive: true });
  return p;
};

// The temporary folder must itself sit outside every repository for the "no" cases to mean anything.
describe.skipIf(repositoryMayContain(tmpdir()))("whether git could find a repository, from the file system", () => {
  it("no .git anywhere up: no repository", () => {
    expect(repositoryMayContain(folder("plain/a/b"))).toBe(false);
  });
  it("a .git folder in the folder or any parent", () => {
    folder("repo/.git");
    expect(repositoryMayContain(folder("repo"))).toBe(true);
    expect(repositoryMayContain(folder("repo/deep/er"))).toBe(true);
  });
  it("a .git file (a worktree or submodule) counts too", () => {
    writeFileSync(join(folder("worktree"), ".git"), "gitdir: /elsewhere\n");
    expect(repositoryMayContain(folder("worktree/sub"))).toBe(true);
  });
  it("a folder that is a git directory itself (bare)", () => {
    const bare = folder("bare.git");
    writeFileSync(join(bare, "HEAD"), "ref: refs/heads/main\n");
    folder("bare.git/objects");
    folder("bare.git/refs");
    expect(repositoryMayContain(bare)).toBe(true);
    // HEAD alone is not a git directory.
    writeFileSync(join(folder("half"), "HEAD"), "x\n");
    expect(repositoryMayContain(join(scratch, "half"))).toBe(false);
  });
  it("outside every repository no git process starts, the configuration listing included", () => {
    const root = folder("plain/project");
    const calls = gitCallCount();
    const guards = gitGuardCallCount();
    const r = runGit(root, ["rev-parse", "--is-inside-work-tree"]);
    expect(r.ok).toBe(false);
    expect(inWorkTree(root)).toBe(false);
    // Counted as asked, never started: the listing that precedes every real call did not run.
    expect(gitCallCount()).toBeGreaterThan(calls);
    expect(gitGuardCallCount()).toBe(guards);
  });
  it.skipIf(!hasGit)("inside a real repository git still runs", () => {
    const repo = new TestRepo().write({ "a.md": "# A\n" });
    try {
      repo.commit("one");
      const guards = gitGuardCallCount();
      expect(inWorkTree(join(repo.root))).toBe(true);
      expect(gitGuardCallCount()).toBeGreaterThan(guards);
    } finally {
      repo.dispose();
    }
  });
});
