/**
 * Issue 27, holes in the gate: a config glob that matches nothing, a negated glob, shallow
 * history, and `--since` with a prefix-form section reference. Each can no longer pass by accident.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { check } from "../../compiler/api.js";
import { copyProject, runCliInProcess } from "../helpers/cli.js";
import { hasGit, TestRepo } from "../helpers/git-repo.js";

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "docpact-gate-"));
  for (const [rel, text] of Object.entries(files)) {
    const abs = join(root, rel);
    mkdirSync(join(abs, ".."), { recursive: true });
    writeFileSync(abs, text);
  }
  return root;
}

describe("hole 1: a config pattern that matches nothing", () => {
  it("is a config error (exit 2) naming the key and the pattern", async () => {
    const root = copyProject("examples/aw-cli");
    writeFileSync(join(root, "docpact.config.json"), JSON.stringify({ docs: ["doc/**/*.md"] }));
    const r = await runCliInProcess(["check", "--root", root]);
    expect(r.status).toBe(2);
    expect(r.stderr.split("\n")[0]).toBe(
      'docpact: docpact.config.json: docs: no file matches the pattern "doc/**/*.md" (pass --no-error-on-unmatched-pattern, or set "errorOnUnmatchedPattern": false, to allow it)',
    );
    const allowed = await runCliInProcess(["check", "--root", root, "--no-error-on-unmatched-pattern", "--format", "json"]);
    expect(allowed.status).not.toBe(2);
    expect(JSON.parse(allowed.stdout).summary.files.docs).toBe(0);
  });

  it("covers schemas, code.include and instances; the config key turns it off; defaults never fail", async () => {
    const root = project({ "a.md": "# A\n", "s.schema.json": '{"type":"object"}', "src/x.ts": "export const x = 1;\n" });
    const cases: [object, string][] = [
      [{ schemas: ["schema/*.json"] }, 'schemas: no file matches the pattern "schema/*.json"'],
      [{ code: { include: ["src/**/*.ts", "lib/**/*.ts"] } }, 'code.include: no file matches the pattern "lib/**/*.ts"'],
      [{ instances: [{ files: ["data/*.json"], schema: "s.schema.json" }] }, 'instances[0].files: no file matches the pattern "data/*.json"'],
    ];
    for (const [config, message] of cases) {
      writeFileSync(join(root, "docpact.config.json"), JSON.stringify(config));
      await expect(check({ root }), JSON.stringify(config)).rejects.toThrow(message);
      await expect(check({ root, errorOnUnmatchedPattern: false })).resolves.toBeDefined();
      writeFileSync(join(root, "docpact.config.json"), JSON.stringify({ ...config, errorOnUnmatchedPattern: false }));
      await expect(check({ root })).resolves.toBeDefined();
    }
    // No config: the default globs may match nothing (a project without schemas).
    rmSync(join(root, "docpact.config.json"));
    rmSync(join(root, "s.schema.json"));
    await expect(check({ root })).resolves.toBeDefined();
  });

  it("a negated pattern that matches nothing is not an error", async () => {
    const root = project({ "docs/a.md": "# A\n" });
    writeFileSync(join(root, "docpact.config.json"), JSON.stringify({ docs: ["docs/**/*.md", "!docs/archive/**"] }));
    const r = await check({ root });
    expect(r.summary.files.docs).toBe(1);
  });
});

describe("hole 2: negation in glob lists", () => {
  it("takes away what earlier patterns matched and never widens the list", async () => {
    const root = project({
      "docs/a.md": "# A\n",
      "docs/archive/old.md": "# Old\n\nSee [gone](gone.md).\n",
      "docs/archive/keep.md": "# Keep\n",
      LICENSE: "MIT\n",
      "src/x.ts": "export const x = 1;\n",
    });
    writeFileSync(join(root, "docpact.config.json"), JSON.stringify({ docs: ["docs/**/*.md", "!docs/archive/**"] }));
    const r = await check({ root });
    expect(r.summary.files.docs).toBe(1);
    expect(r.diagnostics).toEqual([]);
    // Later patterns override earlier ones, as in globby and ESLint.
    writeFileSync(join(root, "docpact.config.json"), JSON.stringify({ docs: ["docs/**/*.md", "!docs/archive/**", "docs/archive/keep.md"] }));
    expect((await check({ root })).summary.files.docs).toBe(2);
  });
});

describe.skipIf(!hasGit)("hole 3: shallow history", () => {
  const repos: TestRepo[] = [];
  afterEach(() => {
    for (const r of repos.splice(0)) r.dispose();
  });

  it("a depth-1 clone and a full clone give the same baseline; the shallow one says so once", async () => {
    const repo = new TestRepo();
    repos.push(repo);
    repo.write({
      "docpact.config.json": JSON.stringify({ docs: ["docs/**/*.md"], code: { include: [] } }),
      "tools/legacy/run.md": "# Run\n",
      "docs/guide/a.md": "# A\n\n## Retry policy\n",
      "docs/guide/b.md": "# B\n",
      "docs/guide.md": "# Guide\n\nThe runner is `tools/legacy/run.md`; see `guide/c.md` and [a](guide/a.md#retry-policy).\n",
    });
    repo.commit("init");
    repo.remove("tools");
    repo.write({ "docs/guide/a.md": "# A\n\n## Backoff policy\n" });
    repo.commit("drop the legacy tools, rename the retry section");
    const shallow = new TestRepo();
    repos.push(shallow);
    shallow.git("fetch", "-q", "--depth", "1", `file://${repo.root}`, "main");
    shallow.git("checkout", "-q", "FETCH_HEAD");
    expect(shallow.git("rev-parse", "--is-shallow-repository").trim()).toBe("true");
    for (const r of [repo, shallow]) expect((await runCliInProcess(["baseline", "--root", r.root])).status).toBe(0);
    // The same findings (fingerprints); only a message's history evidence ("renamed in …") may differ.
    const entries = (r: TestRepo) =>
      (JSON.parse(r.read("docpact-baseline.json")) as { findings: { rule: string; file: string; fingerprint: string; token: string }[] }).findings.map(
        ({ rule, file, fingerprint, token }) => `${rule} ${file} ${fingerprint} ${token}`,
      );
    expect(entries(repo)).toEqual([
      expect.stringMatching(/^reference\/missing-anchor docs\/guide.md \w+ \[a\]\(guide\/a.md#retry-policy\)$/),
      expect.stringMatching(/^reference\/missing-path docs\/guide.md \w+ `guide\/c.md`$/),
    ]);
    expect(entries(shallow)).toEqual(entries(repo));
    // With the full history, what was renamed is still said.
    expect(repo.read("docpact-baseline.json")).toContain('renamed to \\"Backoff policy\\"');
    // The pretty summary says it once; JSON carries summary.shallowHistory; the full clone says nothing.
    const pretty = await runCliInProcess(["check", "--root", shallow.root]);
    expect(pretty.stdout.match(/git history is shallow/g)?.length).toBe(1);
    expect((await check({ root: shallow.root })).summary.shallowHistory).toBe(true);
    expect((await check({ root: repo.root })).summary.shallowHistory).toBeUndefined();
  });
});

describe.skipIf(!hasGit)("hole 4: --since and a prefix-form section reference", () => {
  it("counts `§ *Retry policy*` of a renamed `## Retry policy (v2)` as the change's", async () => {
    const repo = new TestRepo();
    try {
      repo.write({
        "docpact.config.json": JSON.stringify({ docs: ["*.md"], code: { include: [] } }),
        "a.md": "# A\n\n## Retry policy (v2)\n\nBack off.\n",
        "README.md": "# R\n\nSee [a](a.md) § *Retry policy* and [a](a.md) § *Retry policy (v2)*.\n",
      });
      repo.commit("init");
      repo.write({ "a.md": "# A\n\n## Backoff\n\nBack off.\n" });
      repo.commit("rename the section");
      const r = await check({ root: repo.root, since: "HEAD~1" });
      expect(r.diagnostics.map((d) => `${d.rule} ${d.message.split(";")[0]}`)).toEqual([
        'reference/missing-section a.md has no section "Retry policy"',
        'reference/missing-section a.md has no section "Retry policy (v2)"',
      ]);
      expect(r.summary.since?.outside).toBe(0);
    } finally {
      repo.dispose();
    }
  });
});
