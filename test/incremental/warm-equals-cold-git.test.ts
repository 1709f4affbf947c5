/**
 * The git path of a watch session (compiler/git/memo.ts): the logs are kept
 * between saves and read again only when HEAD moves, yet after each step (doc
 * edits that ask for new evidence, commits that move HEAD and remove more,
 * a new document in a new folder) the watch run gives exactly what a cold run
 * gives. And the configuration guard is read once per run, not per call and
 * not once per session: a filter driver added to `.git/config` between two
 * saves is switched off on the next one.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ReadCache } from "../../compiler/cache/cache.js";
import { ReadSession } from "../../compiler/cache/session.js";
import { gitMemoOf } from "../../compiler/git/memo.js";
import { gitCallCount, gitGuardCallCount } from "../../compiler/git/run.js";
import { runPipeline } from "../../compiler/pipeline.js";
import { hasGit, TestRepo } from "../helpers/git-repo.js";
import { observable } from "../helpers/observable.js";

const SPEC = "interface CommandSpec { name: string; verbs?: string[] }\n";

const repos: TestRepo[] = [];
const dirs: string[] = [];
afterAll(() => {
  repos.forEach((r) => r.dispose());
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

function project(): TestRepo {
  const repo = new TestRepo();
  repos.push(repo);
  repo.write({
    "package.json": JSON.stringify({ name: "aw", bin: { aw: "src/cli.ts" } }),
    "docpact.config.json": JSON.stringify({
      docs: ["docs/**/*.md", "README.md"],
      schemas: ["schemas/**/*.json"],
      code: { include: ["src/**/*.ts"] },
      cli: { commandType: "CommandSpec" },
    }),
    "src/cli.ts": `${SPEC}export const flow = { name: "flow", verbs: ["advance", "close"] } satisfies CommandSpec;\nexport const legacy = { name: "legacy" } satisfies CommandSpec;\n`,
    "schemas/events.schema.json": '{\n  "enum": [\n    "run.started",\n    "run.failed"\n  ]\n}\n',
    "docs/protocol.md": "# Protocol\n\n## Retry policy\n\nRetries back off.\n\n## Legacy mode\n\nOld.\n\n## Events\n\nListed.\n",
    "README.md":
      "# Project\n\nSee [retries](docs/protocol.md#retry-policy) and [legacy](docs/protocol.md#legacy-mode).\n\nRun `aw flow advance` and `aw legacy`; a run emits `run.started`.\n",
  });
  repo.commit("init");
  // History to find: a heading and a command removed.
  repo.write({
    "docs/protocol.md": "# Protocol\n\n## Retry policy\n\nRetries back off.\n\n## Events\n\nListed.\n",
    "src/cli.ts": `${SPEC}export const flow = { name: "flow", verbs: ["advance", "close"] } satisfies CommandSpec;\n`,
  });
  repo.commit("drop legacy");
  return repo;
}

describe.skipIf(!hasGit)("watch on a repository with history equals a cold run", () => {
  it("through doc edits, commits that move HEAD and a new folder, reading the logs again only when HEAD moves", async () => {
    const repo = project();
    const root = repo.root;
    const watch = new ReadCache({ dir: null });
    watch.session = new ReadSession();
    await runPipeline({ root, cache: watch });
    const memo = gitMemoOf(watch);
    const steps: { name: string; apply(): string[]; moved?: true; noParse?: true }[] = [
      {
        name: "doc edit asking for new evidence",
        apply: () => (
          writeFileSync(join(root, "docs/protocol.md"), `${repo.read("docs/protocol.md")}\nSee [legacy](#legacy-mode) and \`run.paused\`.\n`),
          ["docs/protocol.md"]
        ),
      },
      {
        // Uncommitted changes differ from the last save's: only they are parsed, the commits' patches are not again.
        name: "the same doc edited again (no new evidence asked)",
        apply: () => (writeFileSync(join(root, "docs/protocol.md"), `${repo.read("docs/protocol.md")}\nMore prose.\n`), ["docs/protocol.md"]),
        noParse: true,
      },
      {
        name: "commit renaming a heading and a member (HEAD moves)",
        apply: () => {
          repo.write({
            "docs/protocol.md": repo.read("docs/protocol.md").replace("## Retry policy", "## Retry rules"),
            "schemas/events.schema.json": repo.read("schemas/events.schema.json").replace("run.failed", "run.errored"),
          });
          repo.commit("rename");
          return ["docs/protocol.md", "schemas/events.schema.json"];
        },
        moved: true,
      },
      {
        name: "doc edit citing what the commit renamed",
        apply: () => (
          writeFileSync(join(root, "README.md"), `${repo.read("README.md")}\nOn failure: \`run.failed\`, see [retries](docs/protocol.md#retry-policy).\n`),
          ["README.md"]
        ),
      },
      {
        name: "new document in a new folder (other pathspecs)",
        apply: () => (repo.write({ "docs/extra/more.md": "# More\n\nRun `aw legacy`; see [legacy](../protocol.md#legacy-mode).\n" }), ["docs/extra/more.md"]),
      },
      { name: "commit with no change to the inputs (HEAD moves)", apply: () => (repo.commit("snapshot"), []), moved: true },
    ];
    for (const step of steps) {
      const changes = step.apply();
      const cold = observable(await runPipeline({ root, cache: new ReadCache({ dir: null }) }));
      const heads = memo.headReads;
      const calls = gitCallCount();
      const parsed = memo.commitsParsed;
      const warm = observable(await runPipeline({ root, cache: watch, changes }));
      if (step.noParse) expect(memo.commitsParsed - parsed, `${step.name}: commit patches parsed again`).toBe(0);
      expect(warm, step.name).toBe(cold);
      expect(memo.headReads - heads, `${step.name}: HEAD resolved once`).toBe(1);
      // HEAD unmoved: HEAD resolved and the work tree's uncommitted diff (it changes with every save; evidence reads it as the
      // newest "commit"), nothing else (the logs are kept); moved: the logs again.
      if (!step.moved && !step.name.startsWith("new document")) expect(gitCallCount() - calls, `${step.name}: git calls`).toBe(2);
      if (step.moved) expect(gitCallCount() - calls, `${step.name}: git calls`).toBeGreaterThan(1);
    }
    // The commits' patches were parsed at all (the steps above asked for evidence), once each per scope.
    expect(memo.commitsParsed).toBeGreaterThan(0);
    // The evidence is there at all: the cold run names the commits.
    const last = await runPipeline({ root, cache: watch, changes: [] });
    expect(last.diagnostics.some((d) => /drop legacy/.test(d.message))).toBe(true);
    expect(last.diagnostics.some((d) => /rename/.test(d.message))).toBe(true);
  }, 120_000);

  it("a filter driver added to .git/config between two saves is switched off on the next save", async () => {
    const repo = project();
    const root = repo.root;
    const sentinels = mkdtempSync(join(tmpdir(), "docpact-sentinel-"));
    dirs.push(sentinels);
    const watch = new ReadCache({ dir: null });
    watch.session = new ReadSession();
    await runPipeline({ root, cache: watch });
    repo.git("config", "filter.late.clean", `touch '${join(sentinels, "clean")}'; cat`);
    repo.git("config", "diff.late.textconv", `touch '${join(sentinels, "textconv")}'; cat`);
    writeFileSync(join(root, ".gitattributes"), "* filter=late diff=late\n");
    // A commit moves HEAD, so the next save reads the logs (patches) again under the new configuration.
    repo.git("-c", "filter.late.clean=cat", "-c", "diff.late.textconv=cat", "add", "-A");
    repo.git("-c", "filter.late.clean=cat", "commit", "-q", "-m", "attributes");
    writeFileSync(join(root, "README.md"), `${repo.read("README.md")}\nAnd [legacy again](docs/protocol.md#legacy-mode).\n`);
    const calls = gitCallCount();
    const guards = gitGuardCallCount();
    const r = await runPipeline({ root, cache: watch, changes: ["README.md", ".gitattributes"] });
    expect(r.diagnostics.length).toBeGreaterThan(0);
    // The configuration listed again for this save (not kept from the session's first run), once for all its calls.
    expect(gitCallCount() - calls).toBeGreaterThan(1);
    expect(gitGuardCallCount() - guards).toBe(1);
    expect(readdirSync(sentinels)).toEqual([]);
  }, 120_000);
});
