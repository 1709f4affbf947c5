import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinHistories, parseContentLog, pathspecs, readContentHistory, readContentHistoryOf } from "../../compiler/git/content-history.js";
import { readGitHistory } from "../../compiler/git/history.js";
import { gitCallCount } from "../../compiler/git/run.js";
import { contentRemovalText, headingRemoval, literalRemoval, WORK_TREE, type GitHistory } from "../../compiler/model/history.js";
import { hasGit, TestRepo } from "../helpers/git-repo.js";

const keepAll = { doc: () => true, code: () => true };
const commit = (id: string, subject: string, patch: string) => `\x1e${id}\x1f${subject}\n\n${patch}`;
const file = (path: string, hunks: string) => `diff --git a/${path} b/${path}\n--- a/${path}\n+++ b/${path}\n${hunks}`;

describe("parseContentLog", () => {
  it("reads heading removals and renames (same depth, same place), newest first", () => {
    const out =
      commit("c2", "drop legacy", file("docs/p.md", "@@ -7,4 +6,0 @@\n-## Legacy mode\n-\n-Old.\n-\n")) +
      commit("c1", "shorter heading", file("docs/p.md", "@@ -3 +3 @@\n-## Retry policy\n+## Retries\n@@ -9 +9 @@\n-# Top\n+## Not the same depth\n"));
    const h = parseContentLog(out, keepAll).headings.get("docs/p.md")!;
    expect(h.map((e) => [e.commit, e.value, e.kind, e.to ?? null, e.seq])).toEqual([
      ["c2", "Legacy mode", "removed", null, 0],
      ["c1", "Retry policy", "renamed", "Retries", 1],
      ["c1", "Top", "removed", null, 1],
    ]);
  });

  it("a section rewritten under a new heading on the old one's line is a removal, not a rename", () => {
    const out = commit(
      "c1",
      "v6 guide",
      file(
        "docs/migration.md",
        "@@ -3 +3 @@\n-## Node.js Support\n+## Environment API\n@@ -5 +5 @@\n-Vite no longer supports Node.js 14.\n+As part of the new Environment API…\n",
      ),
    );
    const h = parseContentLog(out, keepAll).headings.get("docs/migration.md")!;
    expect(h.map((e) => [e.value, e.kind])).toEqual([["Node.js Support", "removed"]]);
  });

  it("a `# comment` inside a fenced block of the hunk is no heading", () => {
    const out = commit("c1", "drop setup", file("docs/p.md", "@@ -3,6 +2,0 @@\n-## Setup\n-\n-```sh\n-# install deps\n-npm ci\n-```\n"));
    expect(
      parseContentLog(out, keepAll)
        .headings.get("docs/p.md")!
        .map((e) => e.value),
    ).toEqual(["Setup"]);
  });

  it("a heading the same commit adds to exactly one other document moved there", () => {
    const out = commit(
      "c1",
      "split",
      file("docs/p.md", "@@ -7,3 +6,0 @@\n-## Incremental strategy\n-\n-Text.\n") + file("docs/q.md", "@@ -0,0 +1,3 @@\n+## Incremental strategy\n+\n+Text.\n"),
    );
    const h = parseContentLog(out, keepAll).headings.get("docs/p.md")!;
    expect(h.map((e) => [e.value, e.kind, e.toFile])).toEqual([["Incremental strategy", "moved", "docs/q.md"]]);
  });

  it("a heading or literal that the same commit adds back is moved, not removed; a deleted document's headings are not kept", () => {
    const out = commit(
      "c1",
      "reorder",
      file("docs/p.md", "@@ -3 +2,0 @@\n-## Events\n@@ -9,0 +9 @@\n+## Events\n") +
        file("src/a.ts", '@@ -1 +0,0 @@\n-export const x = { name: "flow" };\n') +
        file("src/b.ts", '@@ -0,0 +1 @@\n+export const x = { name: "flow" };\n') +
        "diff --git a/docs/gone.md b/docs/gone.md\ndeleted file mode 100644\n--- a/docs/gone.md\n+++ /dev/null\n@@ -1 +0,0 @@\n-# Gone\n",
    );
    const r = parseContentLog(out, keepAll);
    expect(r.headings.size).toBe(0);
    expect(r.literals.size).toBe(0);
  });

  it("a line replaced by the same line with one literal changed is a rename; other removed literals are removals; files outside the scope are skipped", () => {
    const out = commit(
      "c1",
      "cli: verbs",
      file(
        "src/cli.ts",
        '@@ -2,2 +2,2 @@\n-  verbs: ["advance", "close"],\n-  summary: "Moves the flow", alias: "mv",\n+  verbs: ["proceed", "close"],\n+  summary: "Moves a flow on", alias: "move",\n',
      ) + file("test/cli.test.ts", '@@ -1 +0,0 @@\n-it("advance")\n'),
    );
    const r = parseContentLog(out, { doc: () => true, code: (p) => p.startsWith("src/") });
    expect([...r.literals.keys()].sort()).toEqual(["Moves the flow", "advance", "mv"]);
    expect(r.literals.get("advance")!.map((e) => [e.file, e.kind, e.to])).toEqual([["src/cli.ts", "renamed", "proceed"]]);
    // Two literals changed on one line: no rename is made up.
    expect([r.literals.get("Moves the flow")![0].kind, r.literals.get("mv")![0].kind]).toEqual(["removed", "removed"]);
  });

  it("pieces of one log parsed apart and joined give what one parse of the whole log gives (the watch memo's per-commit parses)", () => {
    const wt = `\x1e${WORK_TREE}\x1funcommitted changes\n${file("docs/p.md", "@@ -5 +5 @@\n-## Events\n+## Event list\n")}`;
    const c2 = commit(
      "c2",
      "drop legacy",
      file("docs/p.md", "@@ -7,4 +6,0 @@\n-## Legacy mode\n-\n-Old.\n-\n") + file("src/a.ts", '@@ -1 +0,0 @@\n-export const x = { name: "flow" };\n'),
    );
    const c1 = commit(
      "c1",
      "older",
      file("docs/p.md", "@@ -3 +3 @@\n-## Legacy mode\n+## Legacy\n") + file("src/a.ts", '@@ -2 +0,0 @@\n-export const y = { name: "flow" };\n'),
    );
    const seq = (id: string) => ({ c2: 4, c1: 9 })[id];
    const whole = parseContentLog(wt + c2 + c1, keepAll, seq);
    const joined = joinHistories([parseContentLog(wt, keepAll, seq), joinHistories([parseContentLog(c2, keepAll, seq), parseContentLog(c1, keepAll, seq)])]);
    expect(joined).toEqual(whole);
    expect([...joined.headings.keys()]).toEqual([...whole.headings.keys()]);
    expect(joined.headings.get("docs/p.md")!.map((h) => h.commit)).toEqual([WORK_TREE, "c2", "c1"]);
    expect(joined.literals.get("flow")!.map((h) => h.seq)).toEqual([4, 9]);
  });
});

describe("history lookups", () => {
  const ev = (seq: number, file: string, value: string, to?: string) => ({
    file,
    value,
    kind: to ? ("renamed" as const) : ("removed" as const),
    ...(to ? { to } : {}),
    commit: `c${seq}`,
    subject: `s${seq}`,
    seq,
  });
  const history: GitHistory = {
    removals: new Map([["docs/old.md", { path: "docs/old.md", kind: "renamed", to: "docs/p.md", commit: "c5", subject: "move" }]]),
    headings: new Map([
      ["docs/p.md", [ev(1, "docs/p.md", "Retries", "Retrying")]],
      ["docs/old.md", [ev(6, "docs/old.md", "Retry policy", "Retries")]],
    ]),
    literals: new Map([
      ["advance", [ev(2, "src/cli.ts", "advance", "proceed"), ev(7, "test/x.ts", "advance")]],
      ["proceed", [ev(1, "src/cli.ts", "proceed", "go")]],
    ]),
  };

  it("follows a heading's renames across the document's old names to the heading it is now", () => {
    const r = headingRemoval(
      history,
      "docs/p.md",
      (h) => h === "Retry policy",
      (h) => h === "Retrying",
    );
    expect([r?.removal.commit, r?.now]).toEqual(["c6", "Retrying"]);
    expect(
      headingRemoval(
        history,
        "docs/p.md",
        (h) => h === "Retry policy",
        () => false,
      )?.now,
    ).toBeNull();
    expect(
      headingRemoval(
        null,
        "docs/p.md",
        () => true,
        () => true,
      ),
    ).toBeNull();
  });

  it("finds the newest removal of a literal from an accepted file and follows its renames", () => {
    expect(
      literalRemoval(
        history,
        "advance",
        (f) => f.startsWith("src/"),
        (v) => v === "go",
      ),
    ).toMatchObject({ removal: { commit: "c2" }, now: "go" });
    expect(
      literalRemoval(
        history,
        "advance",
        (f) => f.startsWith("test/"),
        () => true,
      ),
    ).toMatchObject({ removal: { commit: "c7", kind: "removed" }, now: null });
    expect(
      literalRemoval(
        history,
        "advance",
        () => false,
        () => true,
      ),
    ).toBeNull();
  });
});

describe("pathspecs", () => {
  it("covers a nested file's folder by extension, a root file by itself, schemas by name", () => {
    expect(pathspecs(["README.md", "docs/a/b.md", "docs/c.md", "src/cli.ts", "schemas/x.schema.json"])).toEqual([
      ":(glob)docs/**/*.md",
      ":(glob)src/**/*.ts",
      ":(literal)README.md",
      ":(literal)schemas/x.schema.json",
    ]);
  });
});

describe.skipIf(!hasGit)("the logs on a repository the test builds are capped", () => {
  let repo: TestRepo;
  const ids: string[] = [];
  beforeAll(() => {
    repo = new TestRepo();
    repo.write({ "docs/p.md": "# P\n\n## One\n\n## Two\n", "docs/q.md": "# Q\n", "docs/r.md": "# R\n" });
    repo.commit("init");
    repo.write({ "docs/p.md": "# P\n\n## Two\n" }).remove("docs/q.md");
    ids.push(repo.commit("older: drop One and q.md"));
    repo.write({ "docs/p.md": "# P\n" }).remove("docs/r.md");
    ids.push(repo.commit("newer: drop Two and r.md"));
  });
  afterAll(() => repo?.dispose());

  it("reads only the newest commits up to the cap, in one git call per log", async () => {
    const scope = { docs: ["docs/p.md"], code: [], wasInput: () => false };
    const before = gitCallCount();
    const all = (await readGitHistory(repo.root, scope))!;
    const capped = (await readGitHistory(repo.root, scope, { pathCommits: 1, contentCommits: 1 }))!;
    // Per read: the path log, the content log and one diff-index of the work tree.
    expect(gitCallCount() - before).toBeLessThanOrEqual(7);
    expect([...all.removals.keys()].sort()).toEqual(["docs/q.md", "docs/r.md"]);
    expect(all.headings!.get("docs/p.md")!.map((e) => `${e.value} ${e.commit}`)).toEqual([`Two ${ids[1]}`, `One ${ids[0]}`]);
    expect([...capped.removals.keys()]).toEqual(["docs/r.md"]);
    expect(capped.headings!.get("docs/p.md")!.map((e) => e.value)).toEqual(["Two"]);
    // The cap reached is said (summary.historyCapped); a log that read the whole history says nothing.
    expect(all.capped).toBeUndefined();
    expect(capped.capped).toEqual({ pathCommits: 1, contentCommits: 1 });
    expect((await readGitHistory(repo.root, scope, { pathCommits: 4, contentCommits: 4 }))!.capped).toBeUndefined();
    const of = (await readContentHistoryOf(repo.root, scope, (p) => p === "docs/p.md", 2))!;
    expect(of.capped).toEqual({ contentCommits: 2 });
    expect(of.headings.get("docs/p.md")!.map((e) => e.value)).toEqual(["Two", "One"]);
  });

  it("reads the work tree's uncommitted changes as the newest commit (a member renamed before the commit)", async () => {
    const r = new TestRepo();
    try {
      r.write({ "schemas/e.schema.json": '{\n  "enum": [\n    "run.started",\n    "run.ended"\n  ]\n}\n' });
      const first = r.commit("init");
      r.write({ "schemas/e.schema.json": '{\n  "enum": [\n    "run.started",\n    "run.ended"\n  ]\n}\n'.replace('"run.ended"', '"run.finished"') });
      const scope = { docs: [], code: ["schemas/e.schema.json"], wasInput: () => false };
      const seen = (await readContentHistory(r.root, scope))!;
      const of = (await readContentHistoryOf(r.root, scope, () => true))!;
      for (const h of [seen, of]) {
        expect(h.literals.get("run.ended")).toEqual([
          {
            file: "schemas/e.schema.json",
            value: "run.ended",
            kind: "renamed",
            to: "run.finished",
            commit: WORK_TREE,
            subject: "uncommitted changes",
            seq: -1,
          },
        ]);
      }
      const history: GitHistory = { removals: new Map(), literals: of.literals };
      const gone = literalRemoval(
        history,
        "run.ended",
        () => true,
        (v) => v === "run.finished",
      )!;
      expect(gone.now).toBe("run.finished");
      expect(contentRemovalText(gone.removal, (x) => `\`${x}\``)).toBe("renamed to `run.finished` in the work tree (not committed yet)");
      expect(first).toMatch(/^[0-9a-f]+$/);
    } finally {
      r.dispose();
    }
  });

  it("reads nothing when there is nothing to scan", async () => {
    const before = gitCallCount();
    expect(await readContentHistory(repo.root, { docs: [], code: [], wasInput: () => false })).toBeNull();
    expect(gitCallCount()).toBe(before);
  });
});
