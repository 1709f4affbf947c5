/**
 * Every speed-up of a cold run (Markdown without autolink literals, generated files proven fresh
 * from their stamp, the worker decision) must leave the diagnostics, the places not judged and
 * the bytes build would write exactly as the reference path (`DOCPACT_UNOPTIMIZED=1`) gives them,
 * and the Markdown reader's output equal but for the links of bare URLs:
 * on every fixture project, the bundled example, a built project with a hand edit and, when
 * present, the oats corpus.
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

async function outcome(root: string, reference: boolean): Promise<string> {
  if (reference) process.env.DOCPACT_UNOPTIMIZED = "1";
  try {
    const r = await runPipeline({ root });
    // What the Markdown reader gave, too: equal but for the links autolink literals make.
    const linesOf = (d: MarkdownDoc) => readFileSync(join(root, d.file), "utf8").replace(/^\uFEFF/, "").split(/\r?\n/);
    const docs = reference ? r.model.docs.map((d) => { const lines = linesOf(d); return { ...d, links: d.links.filter((l) => !autolinkLiteral(lines, l)) }; }) : r.model.docs;
    return JSON.stringify({ diagnostics: r.diagnostics, notJudged: r.notJudged, generated: r.plan.generated, kept: r.plan.kept, documents: r.plan.documents, docs });
  } catch (e) {
    // A project the pipeline refuses (a bad config fixture) must be refused the same way.
    return `error: ${(e as Error).message}`;
  } finally {
    delete process.env.DOCPACT_UNOPTIMIZED;
  }
}

async function expectSame(root: string): Promise<void> {
  const fast = await outcome(root, false);
  const reference = await outcome(root, true);
  if (fast !== reference) expect(JSON.parse(fast), root).toEqual(JSON.parse(reference));
  expect(fast).toBe(reference);
}

describe("optimized cold path = reference path", () => {
  it("on every fixture project and the bundled example", async () => {
    const dir = join(repoRoot, "test/fixtures");
    const roots = readdirSync(dir).map((n) => join(dir, n)).filter((p) => statSync(p).isDirectory());
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
