/**
 * Every speed-up of a cold run (Markdown without autolink literals, generated files proven fresh
 * from their stamp, the worker decision, git's content log read after the rules over the files
 * findings name, no per-document rule memo when nothing can reuse it) must leave the diagnostics, the places not judged and
 * the bytes build would write exactly as the reference path (`DOCPACT_UNOPTIMIZED=1`) gives them,
 * and the Markdown reader's output equal but for the links of bare URLs:
 * on every fixture project, the bundled example, a built project with a hand edit and, when
 * present, the oats corpus; and a git repository whose history gives evidence.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBuild } from "../compiler/build.js";
import { build, check } from "../compiler/api.js";
import type { Report } from "../compiler/report/report.js";
import { lastReplayOutcome } from "../compiler/replay/record.js";
import { runPipeline } from "../compiler/pipeline.js";
import { ReadCache } from "../compiler/cache/cache.js";
import { hasGit, TestRepo } from "./helpers/git-repo.js";
import type { MarkdownDoc } from "../compiler/model/types.js";
import { repoRoot } from "./helpers/cli.js";
import { hasShared, sharedPath } from "./helpers/shared.js";

const saved = { ...process.env };
const temps: string[] = [];
beforeAll(() => {
  process.env.DOCPACT_NO_CACHE = "1";
  process.env.DOCPACT_NO_GIT = "1";
});
afterAll(() => {
  process.env = saved;
  temps.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

/** A link GFM made from bare text (the reference path only): its source starts with neither `[`, `![` nor `<`. */
function autolinkLiteral(lines: string[], link: MarkdownDoc["links"][number]): boolean {
  const line = lines[link.span.line - 1] ?? "";
  return link.kind === "link" && !/^(\[|!\[|<)/.test(line.slice(link.span.column - 1));
}

async function outcome(root: string, reference: boolean, cache?: ReadCache): Promise<string> {
  if (reference) process.env.DOCPACT_UNOPTIMIZED = "1";
  try {
    const r = await runPipeline({ root, ...(cache ? { cache } : {}) });
    // What the Markdown reader gave, too: equal but for the links autolink literals make.
    const linesOf = (d: MarkdownDoc) =>
      readFileSync(join(root, d.file), "utf8")
        .replace(/^\uFEFF/, "")
        .split(/\r?\n/);
    const docs = reference
      ? r.model.docs.map((d) => {
          const lines = linesOf(d);
          return { ...d, links: d.links.filter((l) => !autolinkLiteral(lines, l)) };
        })
      : r.model.docs;
    return JSON.stringify({
      diagnostics: r.diagnostics,
      notJudged: r.notJudged,
      generated: r.plan.generated,
      kept: r.plan.kept,
      documents: r.plan.documents,
      docs,
    });
  } catch (e) {
    // A project the pipeline refuses (a bad config fixture) must be refused the same way.
    return `error: ${(e as Error).message}`;
  } finally {
    delete process.env.DOCPACT_UNOPTIMIZED;
  }
}

async function expectSame(root: string, cache?: ReadCache): Promise<string> {
  const fast = await outcome(root, false, cache);
  const reference = await outcome(root, true);
  if (fast !== reference) expect(JSON.parse(fast), root).toEqual(JSON.parse(reference));
  expect(fast).toBe(reference);
  return fast;
}

describe("optimized cold path = reference path", () => {
  it("on every fixture project and the bundled example", async () => {
    const dir = join(repoRoot, "test/fixtures");
    const roots = readdirSync(dir)
      .map((n) => join(dir, n))
      .filter((p) => statSync(p).isDirectory());
    roots.push(join(repoRoot, "examples/aw-cli"));
    expect(roots.length).toBeGreaterThan(30);
    for (const root of roots) await expectSame(root);
  }, 300_000);

  it("on a built project whose generated files are stamped, fresh, hand-edited or outdated", async () => {
    const root = mkdtempSync(join(tmpdir(), "docpact-optimized-"));
    temps.push(root);
    cpSync(join(repoRoot, "test/fixtures/schemas-good"), root, { recursive: true });
    writeFileSync(join(root, "docpact.config.json"), JSON.stringify({ generate: { outDir: "gen" }, code: { include: [] } }));
    await runBuild({ root });
    await expectSame(root);
    const event = join(root, "gen/schemas/event.ts");
    writeFileSync(event, readFileSync(event, "utf8").replace("export", "// hand edit\nexport"));
    await expectSame(root);
    const actor = join(root, "schemas/common/actor.schema.json");
    writeFileSync(actor, readFileSync(actor, "utf8").replace('"bot"', '"robot"'));
    await expectSame(root);
  }, 120_000);

  it("on a document whose stale region holds `<id>` only in code spans (its headings are kept, not parsed again)", async () => {
    const root = mkdtempSync(join(tmpdir(), "docpact-optimized-"));
    temps.push(root);
    const files: Record<string, string> = {
      "package.json": JSON.stringify({ name: "aw", bin: { aw: "cli.js" } }),
      "docpact.config.json": JSON.stringify({ docs: ["docs/**/*.md"], code: { include: [] }, cli: { binaries: ["aw"] } }),
      "docs/a.md": "# A\n\n> **Gating is not this document's call:** decided by the CLI (`aw gate <id>`).\n\n## Steps\n\nText.\n",
      "docs/index.md":
        "# Index\n\n<!-- docpact:begin delegations -->\n| old |\n| --- |\n<!-- docpact:end -->\n\n## After\n\nSee [after](#after), [gone](#gone) and [steps](a.md#steps).\n",
    };
    for (const [f, t] of Object.entries(files)) {
      mkdirSync(join(root, f, ".."), { recursive: true });
      writeFileSync(join(root, f), t);
    }
    const r = JSON.parse(await expectSame(root)) as { diagnostics: { rule: string }[]; documents: { path: string; content: string }[] };
    expect(r.documents.find((d) => d.path === "docs/index.md")?.content).toContain("`aw gate <id>`");
    expect(r.diagnostics.map((d) => d.rule)).toContain("reference/missing-anchor");
  }, 60_000);

  it("with the per-document rule memo (a caller-owned cache: first run fills it, second reuses it)", async () => {
    for (const name of ["seed-002", "vocab-seed-003", "refs-basic"]) {
      const root = join(repoRoot, "test/fixtures", name);
      if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) continue;
      const cache = new ReadCache({ dir: null });
      await expectSame(root, cache);
      await expectSame(root, cache);
      expect(cache.statsOf("rule-doc").hits, name).toBeGreaterThan(0);
    }
  }, 120_000);

  describe.skipIf(!hasGit)("in a git repository whose history gives evidence", () => {
    let repo: TestRepo;
    beforeAll(() => {
      delete process.env.DOCPACT_NO_GIT;
      const spec = "interface CommandSpec { name: string; verbs?: string[] }\n";
      repo = new TestRepo();
      repo.write({
        "package.json": JSON.stringify({ name: "aw", bin: { aw: "src/cli.ts" } }),
        "docpact.config.json": JSON.stringify({
          docs: ["docs/**/*.md", "README.md"],
          schemas: ["schemas/**/*.json"],
          code: { include: ["src/**/*.ts"] },
          cli: { commandType: "CommandSpec" },
        }),
        "src/cli.ts": `${spec}export const flow = { name: "flow", verbs: ["advance", "close"] } satisfies CommandSpec;\n`,
        "src/legacy.ts": `${spec}export const legacy = { name: "legacy" } satisfies CommandSpec;\n`,
        "schemas/events.schema.json":
          '{\n  "$defs": {\n    "eventType": {\n      "enum": [\n        "run.started",\n        "run.finished",\n        "run.failed"\n      ]\n    }\n  }\n}\n',
        "docs/protocol.md": "# Protocol\n\n## Retry policy\n\nRetries back off.\n\n## Legacy mode\n\nOld.\n",
        "docs/other.md": "# Other\n",
        "README.md":
          "# P\n\n[r](docs/protocol.md#retry-policy), [l](docs/protocol.md#legacy-mode), [p](docs/protocol.md) § *Retry policy*.\n\nRun `aw flow advance` and `aw legacy`.\n\nA run emits `run.started` or `run.finished`.\n",
      });
      repo.commit("init");
      const edit = (file: string, from: string, to: string) => repo.write({ [file]: repo.read(file).replace(from, to) });
      edit("docs/protocol.md", "## Retry policy", "## Retries");
      edit("docs/protocol.md", "## Legacy mode\n\nOld.\n", "");
      edit("docs/other.md", "# Other\n", "# Other\n\n## Legacy mode\n\nOld.\n");
      edit("src/cli.ts", '"advance"', '"proceed"');
      edit("schemas/events.schema.json", '"run.finished"', '"run.completed"');
      repo.remove("src/legacy.ts");
      repo.commit("renames, a move and a removal");
    });
    afterAll(() => {
      process.env.DOCPACT_NO_GIT = "1";
      repo?.dispose();
    });

    it("gives the same report, evidence included", async () => {
      const fast = JSON.parse(await expectSame(repo.root)) as { diagnostics: { rule: string; message: string }[] };
      const withEvidence = fast.diagnostics.filter((d) => / in [0-9a-f]{7,} \(renames/.test(d.message)).map((d) => d.rule);
      expect(withEvidence.sort()).toEqual([
        "cli/unknown-command",
        "cli/unknown-command",
        "reference/missing-anchor",
        "reference/missing-anchor",
        "reference/missing-section",
        "vocabulary/unknown-term",
      ]);
    }, 120_000);
  });

  it("a check replayed after build (compiler/replay/) equals the reference path's check, which never replays", async () => {
    const root = mkdtempSync(join(tmpdir(), "docpact-optimized-"));
    temps.push(root);
    cpSync(join(repoRoot, "examples/aw-cli"), root, { recursive: true });
    writeFileSync(join(root, "docpact.config.json"), readFileSync(join(root, "docpact.config.json"), "utf8").replace(/\s*"\$schema": "[^"]*",/, ""));
    mkdirSync(join(root, "node_modules"));
    const strip = (r: Report) => JSON.stringify({ ...r, summary: { ...r.summary, durationMs: 0 } });
    delete process.env.DOCPACT_NO_CACHE;
    try {
      await build({ root });
      const replayed = strip(await check({ root }));
      expect(lastReplayOutcome()).toBe("hit");
      process.env.DOCPACT_UNOPTIMIZED = "1";
      const reference = strip(await check({ root }));
      expect(lastReplayOutcome()).toBe("disabled");
      expect(replayed).toBe(reference);
    } finally {
      delete process.env.DOCPACT_UNOPTIMIZED;
      process.env.DOCPACT_NO_CACHE = "1";
    }
  }, 120_000);

  describe.skipIf(!hasShared("corpus/oats"))("on the oats corpus", () => {
    it("gives the same report", async () => {
      await expectSame(sharedPath("corpus/oats"));
    }, 300_000);
  });
});
