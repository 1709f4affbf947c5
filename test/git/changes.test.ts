import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDiff, readChangesSince } from "../../compiler/git/changes.js";
import { gitCallCount } from "../../compiler/git/run.js";
import { hasGit, TestRepo } from "../helpers/git-repo.js";

const DIFF = [
  "diff --git a/docs/a.md b/docs/a.md",
  "index 1..2 100644",
  "--- a/docs/a.md",
  "+++ b/docs/a.md",
  "@@ -3 +3,2 @@",
  "-## Retry policy",
  "+## Retries",
  "+More text",
  "@@ -10,2 +11,0 @@",
  "-gone",
  "-gone too",
  "diff --git a/src/cli.ts b/src/cli.ts",
  "--- a/src/cli.ts",
  "+++ b/src/cli.ts",
  "@@ -5 +5 @@",
  '-  { name: "advance", flags: ["--json"] },',
  '+  { name: "advanced", flags: ["--json"] },',
  "diff --git a/old.md b/new.md",
  "similarity index 90%",
  "rename from old.md",
  "rename to new.md",
  "diff --git a/del.md b/del.md",
  "deleted file mode 100644",
  "--- a/del.md",
  "+++ /dev/null",
  "@@ -1 +0,0 @@",
  "-# Del",
  "diff --git a/add.md b/add.md",
  "new file mode 100644",
  "--- /dev/null",
  "+++ b/add.md",
  "@@ -0,0 +1 @@",
  "+# Add",
  "",
].join("\n");

describe("parseDiff", () => {
  it("collects changed lines, whole files, removed paths, literals and headings", () => {
    const c = parseDiff(DIFF, "main", "abc1234");
    expect(Object.fromEntries(c.lines)).toEqual({ "docs/a.md": [[3, 4]], "src/cli.ts": [[5, 5]], "add.md": [[1, 1]] });
    expect([...c.wholeFiles].sort()).toEqual(["add.md"]);
    expect(Object.fromEntries(c.movedFiles)).toEqual({ "new.md": "old.md" });
    expect([...c.removedPaths].sort()).toEqual(["del.md", "old.md"]);
    // `--json` is on both sides: only the renamed command's literal was removed.
    expect(Object.fromEntries([...c.removedLiterals].map(([f, l]) => [f, [...l]]))).toEqual({ "src/cli.ts": ["advance"] });
    expect([...c.removedHeadings].sort()).toEqual(["del", "retry policy"]);
  });
});

describe.skipIf(!hasGit)("readChangesSince on a repository the test builds", () => {
  let repo: TestRepo;
  let first = "";
  beforeAll(() => {
    repo = new TestRepo();
    repo.write({ "a.md": "one\ntwo\nthree\n", "b.md": "b\n" });
    first = repo.commit("first");
    repo.write({ "a.md": "one\nTWO\nthree\n" });
    repo.commit("second");
    repo.write({ "c.md": "untracked\n", "b.md": "b\nstaged or not, the work tree counts\n" });
  });
  afterAll(() => repo?.dispose());

  it("diffs the work tree against REF in a bounded number of git calls", () => {
    const before = gitCallCount();
    const c = readChangesSince(repo.root, "HEAD~1");
    expect(gitCallCount() - before).toBeLessThanOrEqual(4);
    expect(c.commit).toBe(first);
    expect(Object.fromEntries(c.lines)).toEqual({ "a.md": [[2, 2]], "b.md": [[2, 2]] });
    expect([...c.wholeFiles]).toEqual(["c.md"]);
  });

  it("an unknown revision, an option-like one or a root outside a work tree is a one-line error", () => {
    expect(() => readChangesSince(repo.root, "no-such-branch")).toThrow(/^--since: unknown git revision "no-such-branch"$/);
    expect(() => readChangesSince(repo.root, "--output=x")).toThrow(/needs a git revision/);
    expect(() => readChangesSince("/", "HEAD")).toThrow(/not inside a git work tree/);
  });
});
