/**
 * Replaying a clean check (compiler/replay/): after `build`, a `check` of the
 * unchanged tree replays the recorded result, equal to a check without any
 * cache and to the reference path; every kind of change misses the replay
 * and gives what a cold check gives.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, check } from "../../compiler/api.js";
import type { Report } from "../../compiler/report/report.js";
import { lastReplayOutcome, REPLAY_FILE } from "../../compiler/replay/record.js";
import { CACHE_DIR } from "../../compiler/cache/cache.js";
import { runBaseline } from "../../compiler/cli/baseline.js";
import { copyProject, repoRoot, runCli, runCliInProcess } from "../helpers/cli.js";
import { hasGit, TestRepo } from "../helpers/git-repo.js";
import { perState } from "../helpers/state-key.js";

const SWITCHES = ["DOCPACT_NO_CACHE", "DOCPACT_NO_GIT", "DOCPACT_UNOPTIMIZED"] as const;
const saved = Object.fromEntries(SWITCHES.map((k) => [k, process.env[k]]));
beforeAll(() => SWITCHES.forEach((k) => delete process.env[k]));
afterAll(() => {
  for (const k of SWITCHES) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

const withoutDuration = (r: Report) => {
  const copy = JSON.parse(JSON.stringify(r)) as Report;
  delete (copy.summary as Partial<Report["summary"]>).durationMs;
  return copy;
};

async function withEnv<T>(env: Partial<Record<(typeof SWITCHES)[number], string>>, f: () => Promise<T>): Promise<T> {
  Object.assign(process.env, env);
  try {
    return await f();
  } finally {
    for (const k of Object.keys(env)) delete process.env[k];
  }
}

/** A check and whether it was replayed. */
async function checked(root: string): Promise<{ report: Report; outcome: string | null }> {
  const report = withoutDuration(await check({ root }));
  return { report, outcome: lastReplayOutcome() };
}

const coldOnce = perState<Report>();

/** A check with no cache at all (no record read either), and the reference path: once per state (test/helpers/state-key.ts). */
async function cold(root: string): Promise<Report> {
  return coldOnce(root, Object.fromEntries(SWITCHES.map((k) => [k, process.env[k]])), async () => {
    const plain = withoutDuration(await withEnv({ DOCPACT_NO_CACHE: "1" }, () => check({ root })));
    const reference = withoutDuration(await withEnv({ DOCPACT_NO_CACHE: "1", DOCPACT_UNOPTIMIZED: "1" }, () => check({ root })));
    expect(plain).toEqual(reference);
    return plain;
  });
}

describe.skipIf(!hasGit)("replayed clean check", () => {
  let repo: TestRepo;
  const path = (rel: string) => join(repo.root, rel);
  const edit = (rel: string, f: (t: string) => string) => writeFileSync(path(rel), f(readFileSync(path(rel), "utf8")));

  beforeAll(() => {
    repo = new TestRepo();
    cpSync(join(repoRoot, "examples/aw-cli"), repo.root, { recursive: true });
    // The JSON Schema link of the example's config points into this repository; a copy has none.
    edit("docpact.config.json", (t) => t.replace(/\s*"\$schema": "[^"]*",/, ""));
    // A project that installed docpact: the disk cache (and the record) live in node_modules/.cache.
    mkdirSync(path("node_modules"));
    repo.commit("the example");
  });
  afterAll(() => repo.dispose());

  /** Builds, proves the next check replays what a cold check finds, then changes something: that check misses and equals a cold one. */
  async function missesAfter(change: () => void | Promise<void>, env: Partial<Record<(typeof SWITCHES)[number], string>> = {}): Promise<void> {
    await build({ root: repo.root });
    expect(readFileSync(path(`${CACHE_DIR}/${REPLAY_FILE}`), "utf8").length).toBeGreaterThan(0);
    const clean = await checked(repo.root);
    expect(clean.outcome).toBe("hit");
    expect(clean.report).toEqual(await cold(repo.root));
    await change();
    const after = await withEnv(env, () => checked(repo.root));
    expect(after.outcome).not.toBe("hit");
    expect(after.report).toEqual(await withEnv(env, () => cold(repo.root)));
  }

  it("replays a check right after build, equal to a cold check and the reference path; a second build keeps replaying", async () => {
    await build({ root: repo.root });
    const first = await checked(repo.root);
    expect(first.outcome).toBe("hit");
    expect(first.report).toEqual(await cold(repo.root));
    expect(first.report.diagnostics.length).toBeGreaterThan(0);
    // A build that writes nothing records its own run.
    const again = await build({ root: repo.root });
    expect(again.written).toEqual([]);
    expect((await checked(repo.root)).outcome).toBe("hit");
  });

  it("the reference path and DOCPACT_NO_CACHE never replay", async () => {
    await build({ root: repo.root });
    await withEnv({ DOCPACT_UNOPTIMIZED: "1" }, () => check({ root: repo.root }));
    expect(lastReplayOutcome()).toBe("disabled");
    await withEnv({ DOCPACT_NO_CACHE: "1" }, () => check({ root: repo.root }));
    expect(lastReplayOutcome()).toBe("disabled");
  });

  it("misses after a document edit", () => missesAfter(() => edit("docs/modules/PLAN-SPLIT-GATE.md", (t) => `${t}\nRun \`aw flow nowhere\`.\n`)));

  it("misses after a schema edit", () =>
    missesAfter(() => edit("schemas/envelope.schema.json", (t) => t.replace('"description": "', '"description": "Edited. '))));

  it("misses after a TypeScript edit", () => missesAfter(() => edit("src/flow.ts", (t) => t.replace(/"advance"/, '"forward"'))));

  it("misses after a config edit", () =>
    missesAfter(() => edit("docpact.config.json", (t) => t.replace('"generate"', '"rules": { "vocabulary/unknown-term": "warning" },\n  "generate"'))));

  it("misses after a file is added in a discovered folder", () =>
    missesAfter(() => writeFileSync(path("docs/modules/NEW.md"), "# New\n\nSee `aw flow advance --bogus`.\n")));

  it("misses after a file a reader probes for appears (a docs-site config)", () =>
    missesAfter(() => writeFileSync(path("mkdocs.yml"), "site_name: x\ndocs_dir: docs\n")));

  it("misses after a generated file is edited by hand", () =>
    missesAfter(() => {
      const gen = readFileSync(path("generated/index.ts"), "utf8");
      writeFileSync(path("generated/index.ts"), `${gen}// hand edit\n`);
    }));

  it("misses after a commit that changes the history evidence, the work tree unchanged", () =>
    missesAfter(() => {
      const doc = "docs/modules/PLAN-EXECUTION-BATCHES.md";
      const before = readFileSync(path(doc));
      edit(doc, (t) => t.replace(/^## (.*)$/m, "## Renamed $1"));
      repo.commit("rename a heading");
      writeFileSync(path(doc), before);
    }));

  it("misses under an environment switch that changes results (DOCPACT_NO_GIT)", () => missesAfter(() => undefined, { DOCPACT_NO_GIT: "1" }));

  it("a baseline and --since are applied afresh to a replayed result", async () => {
    await runBaseline({ root: repo.root, prune: false }, { write: () => true });
    // A finding the baseline does not know, in a file committed with the rest.
    edit("README.md", (t) => `${t}\nRun \`aw flow sideways\`.\n`);
    repo.commit("baseline and a new finding");
    await build({ root: repo.root });
    const withBaseline = await checked(repo.root);
    expect(withBaseline.outcome).toBe("hit");
    expect(withBaseline.report.summary.baselined).toBeGreaterThan(0);
    expect(withBaseline.report).toEqual(await cold(repo.root));
    edit("docs/modules/PLAN-SPLIT-GATE.md", (t) => t);
    const since = withoutDuration(await check({ root: repo.root, since: "HEAD~1" }));
    expect(lastReplayOutcome()).toBe("hit");
    expect(since).toEqual(withoutDuration(await withEnv({ DOCPACT_NO_CACHE: "1" }, () => check({ root: repo.root, since: "HEAD~1" }))));
    rmSync(path("docpact-baseline.json"));
    repo.commit("no baseline");
  });

  it("misses when the record is damaged, and never fails because of it", async () => {
    await build({ root: repo.root });
    writeFileSync(path(`${CACHE_DIR}/${REPLAY_FILE}`), "{ not json");
    const r = await checked(repo.root);
    expect(r.outcome).toBe("no record");
    expect(r.report).toEqual(await cold(repo.root));
    rmSync(path(`${CACHE_DIR}/${REPLAY_FILE}`));
  });

  it("misses when the record has the right format but the wrong shape (no trace)", async () => {
    await build({ root: repo.root });
    const file = path(`${CACHE_DIR}/${REPLAY_FILE}`);
    const good = JSON.parse(readFileSync(file, "utf8")) as { result: Record<string, unknown>; inputs: unknown[] };
    const shapes: [string, (r: typeof good) => void][] = [
      ["notJudged not a list", (r) => (r.result.notJudged = "x")],
      ["a diagnostic without a line", (r) => (r.result.diagnostics = [{ rule: "x", severity: "error", message: "m", file: "f" }])],
      ["inputs holding a number", (r) => (r.inputs = [1, "x"])],
      ["renames not pairs", (r) => (r.result.renames = [["a"]])],
      // Right shape, edited content: a finding added by hand (a removed one the same) breaks the seal.
      [
        "an edited result of the right shape",
        (r) => (r.result.diagnostics = [{ rule: "x", severity: "error", message: "m", file: "f", line: 1, column: 1, endLine: 1, endColumn: 1 }]),
      ],
    ];
    for (const [what, damage] of shapes) {
      const bad = structuredClone(good);
      damage(bad);
      writeFileSync(file, JSON.stringify(bad));
      const r = await checked(repo.root);
      expect(r.outcome, what).toBe("bad record");
      expect(r.report).toEqual(await cold(repo.root));
    }
    rmSync(file);
  });
});

describe.skipIf(!hasGit)("replayed clean check in a new process (built CLI) and in every format", () => {
  it("prints the same report in every format as a check without cache, and check writes nothing", async () => {
    const repo = new TestRepo();
    try {
      cpSync(join(repoRoot, "examples/aw-cli"), repo.root, { recursive: true });
      writeFileSync(
        join(repo.root, "docpact.config.json"),
        readFileSync(join(repo.root, "docpact.config.json"), "utf8").replace(/\s*"\$schema": "[^"]*",/, ""),
      );
      mkdirSync(join(repo.root, "node_modules"));
      repo.commit("the example");
      const env = { DOCPACT_NO_CACHE: "" };
      const replayEnv = { ...env, DOCPACT_TIMING: "1" };
      const strip = (s: string) => s.replace(/"durationMs": ?\d+(\.\d+)?/g, "").replace(/\b\d+(\.\d+)? ?ms\b/g, "");
      const record = () => readFileSync(join(repo.root, CACHE_DIR, REPLAY_FILE), "utf8");
      /** A replayed check in `format` prints what a check without cache prints (that one in process: compiler/cli/argv.ts). */
      const samePrinted = async (format: string, replayed: { status: number | null; stdout: string; stderr: string }) => {
        expect(replayed.stderr, format).toMatch(/replay hit/);
        const plain = await runCliInProcess(["check", "--root", repo.root, "--format", format]);
        expect(replayed.status, format).toBe(plain.status);
        expect(strip(replayed.stdout), format).toBe(strip(plain.stdout));
      };
      // New processes (the built bin): build leaves the record, a later process replays it. The
      // record's key names the running docpact, so a record the bin wrote is replayed by the bin.
      expect(runCli(["build", "--root", repo.root], { env }).status).toBe(1);
      const built = record();
      await samePrinted("json", runCli(["check", "--root", repo.root, "--format", "json"], { env: replayEnv }));
      expect(record()).toBe(built);
      // Every other format, replayed in process from the record an in-process build left.
      expect((await runCliInProcess(["build", "--root", repo.root], { env })).status).toBe(1);
      const inProcess = record();
      for (const format of ["pretty", "sarif", "github", "json"]) {
        await samePrinted(format, await runCliInProcess(["check", "--root", repo.root, "--format", format], { env: replayEnv }));
      }
      expect(record()).toBe(inProcess);
    } finally {
      repo.dispose();
    }
  });
});

describe("replayed clean check: reads a process remembers by path are observed too", () => {
  it("a same-size edit of a docs-site config (parsed once per process, reused by mtime) misses the replay", async () => {
    const root = copyProject("test/fixtures/site-docusaurus");
    try {
      mkdirSync(join(root, "node_modules"));
      const config = join(root, "website/docusaurus.config.ts");
      // The first check parses the config; build and its closing check then find it in the process's parse cache.
      await withEnv({ DOCPACT_NO_CACHE: "1" }, () => check({ root }));
      await build({ root });
      expect((await checked(root)).outcome).toBe("hit");
      writeFileSync(config, readFileSync(config, "utf8").replace('baseUrl: "/"', 'baseUrl: "x"'));
      const after = await checked(root);
      expect(after.outcome).not.toBe("hit");
      expect(after.report).toEqual(await cold(root));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
