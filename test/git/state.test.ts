import { afterAll, describe, expect, it } from "vitest";
import { check, build } from "../../compiler/api.js";
import { beginGitRun, gitCallCount, gitGuardCallCount, runGit } from "../../compiler/git/run.js";
import { inWorkTree, repositoryState } from "../../compiler/git/state.js";
import { writeAtomic } from "../../compiler/util/write.js";
import { hasGit, TestRepo } from "../helpers/git-repo.js";

// What a run asks git about the repository is asked once per run, and git's configuration listing once per
// outermost run unless docpact wrote a project file since (a build output the configuration could include).
describe.skipIf(!hasGit)("git calls per run", () => {
  const repos: TestRepo[] = [];
  afterAll(() => repos.forEach((r) => r.dispose()));
  const project = () => {
    const repo = new TestRepo().write({
      "docpact.config.json": JSON.stringify({ docs: ["docs/**/*.md"] }),
      "docs/a.md": "# A\n\nSee [b](b.md#part).\n",
      "docs/b.md": "# B\n\n## Part\n",
    });
    repo.commit("first");
    repos.push(repo);
    return repo;
  };

  it("the repository state: one call per run, every call outside one", () => {
    const repo = project();
    const end = beginGitRun();
    try {
      const before = gitCallCount();
      const s = repositoryState(repo.root);
      expect(s).toMatchObject({ ok: true, inside: true, shallow: false, prefix: "" });
      expect(s.ok && s.head).toMatch(/^[0-9a-f]{40}/);
      repositoryState(repo.root);
      expect(gitCallCount() - before).toBe(1);
    } finally {
      end();
    }
    const before = gitCallCount();
    repositoryState(repo.root);
    repositoryState(repo.root);
    expect(gitCallCount() - before).toBe(2);
  });

  it("whether the root is in a work tree comes from the run's state call: no process of its own", () => {
    const repo = project();
    const end = beginGitRun();
    try {
      const before = gitCallCount();
      expect(inWorkTree(repo.root)).toBe(true);
      repositoryState(repo.root);
      expect(gitCallCount() - before).toBe(1);
    } finally {
      end();
    }
    // Outside a work tree (inside .git, where rev-parse cannot give a prefix) the answer is still no.
    expect(inWorkTree(`${repo.root}/.git`)).toBe(false);
  });

  it("a repository without a commit: inside, no HEAD", () => {
    const repo = new TestRepo();
    repos.push(repo);
    expect(repositoryState(repo.root)).toMatchObject({ ok: true, inside: true, head: null });
  });

  it("a check and a build read git's configuration listing once each, though each runs nested pipelines", async () => {
    const repo = project();
    for (const f of [check, build, check]) {
      const guards = gitGuardCallCount();
      await f({ root: repo.root });
      expect(gitGuardCallCount() - guards, f.name).toBe(1);
    }
  });

  it("inside a run, a file docpact writes makes the next call read the listing again", () => {
    const repo = project();
    const end = beginGitRun();
    try {
      runGit(repo.root, ["rev-parse", "HEAD"]);
      const guards = gitGuardCallCount();
      runGit(repo.root, ["rev-parse", "HEAD"]);
      expect(gitGuardCallCount() - guards, "no write: the listing is reused").toBe(0);
      writeAtomic(repo.root, "docs/c.md", "# C\n");
      runGit(repo.root, ["rev-parse", "HEAD"]);
      expect(gitGuardCallCount() - guards, "after a write: read again").toBe(1);
    } finally {
      end();
    }
  });
});
