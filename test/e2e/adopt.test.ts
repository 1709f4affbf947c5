/**
 * End-to-end: adopting docpact on a repository that already drifts. The
 * repositories are built by the test (fixed author and date), then the
 * CLI runs on them (in process; the built bin where git's call count or PATH is the subject): baseline round trip, --since, SARIF states, the github
 * format, git evidence, and the same results without git.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli, runCliInProcess } from "../helpers/cli.js";
import { hasGit, TestRepo } from "../helpers/git-repo.js";

interface Json {
  diagnostics: { rule: string; file: string; line: number; message: string; suggestion?: string }[];
  summary: {
    errors: number;
    warnings: number;
    baselined?: number;
    prunable?: { rule: string; file: string; token: string }[];
    since?: { ref: string; outside: number };
  };
}

const PKG = JSON.stringify({ name: "aw", bin: { aw: "src/cli.ts" } });
const CLI = [
  "interface CliCommand { name: string }",
  'export const flow: CliCommand = { name: "flow" };',
  'export const status: CliCommand = { name: "status" };',
  "",
].join("\n");
const CODE_CONFIG = JSON.stringify({ docs: ["docs/**/*.md", "README.md"], code: { include: ["src/**/*.ts"] }, cli: { commandType: "CliCommand" } });
// Most tests need no code: without it no TypeScript is loaded and each run is quick (and the CLI the docs invoke is knowingly unread).
const CONFIG = JSON.stringify({ docs: ["docs/**/*.md", "README.md"], code: { include: [] }, rules: { "cli/unread": "off" } });

/** A project with two known broken links, and a reference page that a commit deletes while the guide still cites it. */
function drifting(config = CONFIG): TestRepo {
  const repo = new TestRepo();
  repo.write({
    "package.json": PKG,
    "src/cli.ts": CLI,
    "docpact.config.json": config,
    "docs/ref/objetivo.md": "# Objetivo\n",
    "docs/ref/tasks.md": "# Tasks\n",
    "docs/guide.md": "# Guide\n\nRun `aw flow`, see [frob](frob.md).\n\nSee [setup](setup.md).\n\nReaders: `docs/ref/objetivo.md`.\n",
    "README.md": "# Project\n\nUse `aw status`.\n",
  });
  repo.commit("init");
  // Only the page: a path whose whole folder is gone is never reported (history would decide it, and a shallow clone has less).
  repo.remove("docs/ref/objetivo.md");
  repo.commit("drop the reference folder");
  return repo;
}

const repos: TestRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.dispose();
});

/** In process (compiler/cli/argv.ts): the subject is the output and exit code; the tests on git calls and a PATH without git spawn the bin. */
async function check(root: string, args: string[] = [], env?: Record<string, string>): Promise<{ status: number | null; json: Json; stderr: string }> {
  const r = await runCliInProcess(["check", "--root", root, "--format", "json", ...args], { env });
  return { status: r.status, json: JSON.parse(r.stdout || "{}") as Json, stderr: r.stderr };
}

/** The bin in a new process: git's call counter and PATH are the process's own. */
function spawnCheck(root: string, args: string[] = [], env?: Record<string, string>): { status: number | null; json: Json; stderr: string } {
  const r = runCli(["check", "--root", root, "--format", "json", ...args], { env });
  return { status: r.status, json: JSON.parse(r.stdout || "{}") as Json, stderr: r.stderr };
}

const edit = (repo: TestRepo, file: string, f: (s: string) => string) => writeFileSync(join(repo.root, file), f(readFileSync(join(repo.root, file), "utf8")));

// Each test runs the CLI several times in sequence (one repository, edited step by step): slow on a loaded machine.
describe.skipIf(!hasGit)("adopting docpact on a repository that drifts", { timeout: 120_000 }, () => {
  it("git evidence: the deleted page's path is reported with its commit", async () => {
    const repo = drifting();
    repos.push(repo);
    const { json } = await check(repo.root);
    const id = repo.git("rev-parse", "--short", "HEAD").trim();
    expect(json.diagnostics.map((d) => `${d.rule} ${d.line}`)).toEqual(["reference/broken-link 3", "reference/broken-link 5", "reference/missing-path 7"]);
    expect(json.diagnostics[2].message).toBe(
      `path docs/ref/objetivo.md does not exist (looked from docs/ or any folder above it); removed in ${id} (drop the reference folder)`,
    );
  });

  it("the README's three commands: init, baseline, check is green; a new drift then fails", async () => {
    const repo = drifting();
    repos.push(repo);
    repo.remove("docpact.config.json", "src", "package.json");
    repo.commit("no config yet");
    expect((await runCliInProcess(["init", "--root", repo.root])).status).toBe(0);
    expect((await runCliInProcess(["baseline", "--root", repo.root])).status).toBe(0);
    const green = await check(repo.root);
    expect([green.status, green.json.summary.errors, green.json.summary.baselined]).toEqual([0, 0, 3]);
    edit(repo, "README.md", (s) => s.replace("Use `aw status`.", "See [the old guide](docs/old.md)."));
    const red = await check(repo.root);
    expect([red.status, red.json.diagnostics.map((d) => `${d.rule} ${d.file}:${d.line}`)]).toEqual([1, ["reference/broken-link README.md:3"]]);
  });

  it("baseline round trip: write, check green, edit elsewhere still matched, new drift fails, fix is prunable, --prune drops it", async () => {
    const repo = drifting();
    repos.push(repo);
    const b = await runCliInProcess(["baseline", "--root", repo.root]);
    expect(b.status).toBe(0);
    expect(b.stdout).toMatch(/wrote docpact-baseline\.json: 3 findings recorded/);
    const file = readFileSync(join(repo.root, "docpact-baseline.json"), "utf8");
    expect(JSON.parse(file).findings.map((f: { rule: string; token: string }) => `${f.rule} ${f.token}`)).toEqual([
      "reference/broken-link [frob](frob.md)",
      "reference/broken-link [setup](setup.md)",
      "reference/missing-path `docs/ref/objetivo.md`",
    ]);
    expect(file).not.toMatch(/"line"/);

    let r = await check(repo.root);
    expect(r.status).toBe(0);
    expect(r.json.summary).toMatchObject({ errors: 0, warnings: 0, baselined: 3, prunable: [] });

    // Edits elsewhere move the findings down and re-indent one: still matched.
    edit(repo, "docs/guide.md", (s) => s.replace("# Guide\n", "# Guide\n\nA new intro.\n\nAnother paragraph.\n").replace("See [setup]", "See   [setup]"));
    r = await check(repo.root);
    expect(r.status).toBe(0);
    expect(r.json.summary.baselined).toBe(3);

    // A new drift fails, alone.
    edit(repo, "README.md", (s) => `${s}\nThen [the guide](docs/guide.md#nope).\n`);
    r = await check(repo.root);
    expect(r.status).toBe(1);
    expect(r.json.diagnostics.map((d) => `${d.file}:${d.line} ${d.rule}`)).toEqual(["README.md:5 reference/missing-anchor"]);

    // Fixing a known drift makes its entry prunable; --prune drops it and adds nothing.
    edit(repo, "docs/guide.md", (s) => s.replace(", see [frob](frob.md)", ""));
    r = await check(repo.root);
    expect(r.json.summary.baselined).toBe(2);
    expect(r.json.summary.prunable!.map((p) => `${p.rule} ${p.token}`)).toEqual(["reference/broken-link [frob](frob.md)"]);
    const pretty = await runCliInProcess(["check", "--root", repo.root]);
    expect(pretty.stdout).toContain("1 baseline entry matches nothing any more (fixed): `docpact baseline --prune` removes it");
    const p = await runCliInProcess(["baseline", "--root", repo.root, "--prune"]);
    expect(p.stdout).toMatch(/kept 2 findings, pruned 1 fixed one/);
    const after = JSON.parse(readFileSync(join(repo.root, "docpact-baseline.json"), "utf8"));
    expect(after.findings).toHaveLength(2);
    r = await check(repo.root);
    expect(r.json.summary.prunable).toEqual([]);
    expect(r.json.diagnostics.map((d) => d.line)).toEqual([5]);
  });

  it("--baseline FILE and config baseline; a missing file is a one-line exit 2", async () => {
    const repo = drifting();
    repos.push(repo);
    writeFileSync(join(repo.root, "docpact.config.json"), JSON.stringify({ ...JSON.parse(CONFIG), baseline: "ci/known.json" }));
    expect((await runCliInProcess(["baseline", "--root", repo.root])).stdout).toContain("wrote ci/known.json");
    expect((await check(repo.root)).status).toBe(0);
    expect((await check(repo.root, ["--baseline", join(repo.root, "ci/known.json")])).status).toBe(0);
    // A document moved by a commit keeps its baselined findings (git shows the rename).
    repo.git("mv", "docs/guide.md", "docs/handbook.md");
    repo.commit("guide becomes the handbook");
    expect((await check(repo.root)).json.summary).toMatchObject({ errors: 0, baselined: 3, prunable: [] });
    const missing = await runCliInProcess(["check", "--root", repo.root, "--baseline", "nope.json"]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe("docpact: baseline file not found: nope.json (write it with `docpact baseline`)\n");
  });

  it("--since REF: findings on changed lines, and every mention of a command the change renamed", async () => {
    const repo = drifting(CODE_CONFIG);
    repos.push(repo);
    repo.write({ "docs/more.md": "# More\n\nUse `aw status` here.\n" });
    repo.commit("more docs");
    // The change: `status` is renamed in code, and a new typo is written in an old file.
    edit(repo, "src/cli.ts", (s) => s.replace('"status"', '"state"'));
    edit(repo, "docs/guide.md", (s) => s.replace("# Guide\n", "# Guide\n\nTry `aw flwo`.\n"));
    const r = await check(repo.root, ["--since", "HEAD"]);
    expect(r.status).toBe(1);
    expect(r.json.diagnostics.map((d) => `${d.file}:${d.line} ${d.rule}`)).toEqual([
      "README.md:3 cli/unknown-command",
      "docs/guide.md:3 cli/unknown-command",
      "docs/more.md:3 cli/unknown-command",
    ]);
    // The two broken links and the stale path were there before the change.
    expect(r.json.summary.since).toMatchObject({ ref: "HEAD", outside: 3 });
    const bad = await runCliInProcess(["check", "--root", repo.root, "--since", "no-such-ref"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe('docpact: --since: unknown git revision "no-such-ref"\n');
  });

  it("SARIF: partialFingerprints and baselineState new / unchanged / absent; github annotates only new findings", async () => {
    const repo = drifting();
    repos.push(repo);
    await runCliInProcess(["baseline", "--root", repo.root]);
    edit(repo, "docs/guide.md", (s) => s.replace(", see [frob](frob.md)", "").replace("# Guide\n", "# Guide\n\nTry [this](#nope).\n"));
    const sarif = JSON.parse((await runCliInProcess(["check", "--root", repo.root, "--format", "sarif"])).stdout);
    const results = sarif.runs[0].results as {
      ruleId: string;
      baselineState: string;
      partialFingerprints: Record<string, string>;
      message: { text: string };
    }[];
    expect(results.map((x) => `${x.baselineState} ${x.ruleId}`)).toEqual([
      "new reference/missing-anchor",
      "unchanged reference/broken-link",
      "unchanged reference/missing-path",
      "absent reference/broken-link",
    ]);
    for (const x of results) expect(x.partialFingerprints["docpactFingerprint/v1"]).toMatch(/^[0-9a-f]{16}$/);
    const gh = await runCliInProcess(["check", "--root", repo.root, "--format", "github"]);
    expect(gh.status).toBe(1);
    const annotations = gh.stdout.split("\n").filter((l) => l.startsWith("::"));
    expect(annotations).toHaveLength(1);
    expect(annotations[0]).toMatch(/^::error file=docs\/guide\.md,line=3,.*title=reference\/missing-anchor::#nope/);
    expect(gh.stdout).toContain("1 error, 0 warnings · 2 baselined");
  });

  it("git is called a bounded number of times per run, however many findings", () => {
    const repo = drifting();
    repos.push(repo);
    const many = Array.from({ length: 40 }, (_, i) => `- \`docs/ref/objetivo.md\` ${i} and [x](gone-${i}.md)`).join("\n");
    repo.write({ "docs/many.md": `# Many\n\n${many}\n` });
    const calls = (args: string[]) =>
      Number(/git calls so far (\d+)/.exec(runCli(["check", "--root", repo.root, ...args], { env: { DOCPACT_TIMING: "1" } }).stderr)?.[1]);
    // Work tree and path log; no finding here asks for the content log (headings and names removed).
    expect(calls([])).toBe(2);
    expect(calls(["--since", "HEAD"])).toBe(5);
  });

  it("without git, or outside a work tree, the run is as it is today", async () => {
    const repo = drifting();
    repos.push(repo);
    const withGit = (await check(repo.root)).json.diagnostics;
    // No git on PATH: a new process (a process that found git once remembers its work trees).
    const noGit = spawnCheck(repo.root, [], { PATH: "/nonexistent" }).json.diagnostics;
    const off = (await check(repo.root, [], { DOCPACT_NO_GIT: "1" })).json.diagnostics;
    expect(noGit).toEqual(off);
    // Only the git evidence differs: the same findings, the deleted page's without the commit that removed it.
    expect(noGit.map((d) => d.rule)).toEqual(["reference/broken-link", "reference/broken-link", "reference/missing-path"]);
    expect(withGit.map((d) => ({ ...d, message: d.message.replace(/; removed in .*$/, "") }))).toEqual(noGit);
    expect(withGit[2].message).not.toBe(noGit[2].message);
    const since = runCli(["check", "--root", repo.root, "--since", "HEAD"], { env: { PATH: "/nonexistent" } });
    expect(since.status).toBe(2);
    expect(since.stderr).toBe("docpact: --since HEAD: the root is not inside a git work tree\n");
  });
});
