/**
 * The cross-file cases of incremental re-checks, one per remembered result:
 * each edit changes a file and moves findings in files that did not change
 * (a generated file edited by hand, a vocabulary member removed in a schema or in code that docs use, a heading
 * that explained a term renamed, a registry row's attribution changed, a
 * region's source changed, a heading above a note renamed, a delegation note added). After each, a watch-style
 * run (told only the edited paths) and a run from a disk cache equal a cold run;
 * and each edit must change what a cold run says, so no case passes by doing nothing.
 * A key that leaves out what a result depends on makes its case fail.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ReadCache } from "../../compiler/cache/cache.js";
import { ReadSession } from "../../compiler/cache/session.js";
import { runPipeline, type PipelineResult } from "../../compiler/pipeline.js";
import { repoRoot } from "../helpers/cli.js";
import { observable } from "../helpers/observable.js";

const scratch: string[] = [];
afterAll(() => scratch.forEach((d) => rmSync(d, { recursive: true, force: true })));

interface Edit {
  name: string;
  file: string;
  change(text: string): string;
  /** A rule whose findings the edit must move in a file it did not touch. */
  moves: { rule: string; file: string };
}

const EDITS: Edit[] = [
  {
    // The outDir's read is kept while no event names a path in it: a hand edit there is one (watch watches outDir).
    name: "generated file hand-edited",
    file: "generated/index.ts",
    change: (t) => `${t}// edited by hand\n`,
    moves: { rule: "generated/stale", file: "generated/index.ts" },
  },
  {
    name: "vocabulary member removed in a schema",
    file: "schemas/events.schema.json",
    change: (t) => t.replace(', "run.retried"', ""),
    moves: { rule: "vocabulary/unknown-term", file: "docs/events.md" },
  },
  {
    name: "region source changed (same edit, the vocabulary table)",
    file: "schemas/events.schema.json",
    change: (t) => t.replace('"run.failed"', '"run.failed", "run.paused"'),
    moves: { rule: "fragment/stale", file: "docs/table.md" },
  },
  {
    name: "code vocabulary member renamed",
    file: "src/steps.ts",
    change: (t) => t.replace('"step.paused"', '"step.pausd"'),
    moves: { rule: "vocabulary/unknown-term", file: "docs/events.md" },
  },
  {
    name: "heading that explained a term renamed",
    file: "docs/restarts.md",
    change: (t) => t.replace("## run.restarted", "## Restarted runs"),
    moves: { rule: "vocabulary/unknown-term", file: "docs/events.md" },
  },
  {
    // The registry (its rows and row documents' texts) is reused while both are the same; each row's verdict too.
    name: "row document drops its attribution (the registry row elsewhere)",
    file: "docs/plan.md",
    change: (t) => t.replace("decided by the CLI", "decided by the tool"),
    moves: { rule: "decision/missing-attribution", file: "src/decisions.ts" },
  },
  {
    name: "registry attribution changed in code",
    file: "src/decisions.ts",
    change: (t) => t.replace("aw flow advance", "aw flow retreat"),
    moves: { rule: "decision/unregistered-note", file: "docs/plan.md" },
  },
  {
    name: "schema description names a misspelt member",
    file: "schemas/events.schema.json",
    change: (t) => t.replace("the first is `run.started`", "the first is `run.strated`"),
    moves: { rule: "vocabulary/unknown-term", file: "schemas/events.schema.json" },
  },
  {
    // The project digest (notes and the headings of documents with notes) keys every region plan.
    name: "heading above a delegation note renamed (a delegations region elsewhere)",
    file: "docs/plan.md",
    change: (t) => t.replace("# Plan", "# Planning"),
    moves: { rule: "fragment/stale", file: "docs/owners.md" },
  },
  {
    name: "delegation note added (generated delegations)",
    file: "docs/events.md",
    change: (t) => `${t}\n> **Retry policy is not this document's call:** \`aw run retry\` decides.\n`,
    moves: { rule: "generated/stale", file: "generated/delegations.ts" },
  },
];

const has = (r: PipelineResult, rule: string, file: string) => r.diagnostics.some((d) => d.rule === rule && d.file === file);

describe("incremental re-checks across files equal a cold run", () => {
  const copy = (name: string) => {
    const dir = mkdtempSync(join(tmpdir(), `docpact-cross-${name}-`));
    scratch.push(dir);
    const root = join(dir, "p");
    cpSync(join(repoRoot, "test/fixtures/watch-cross-file"), root, { recursive: true });
    return root;
  };
  const apply = (root: string, edit: Edit) => {
    const path = join(root, edit.file);
    const text = readFileSync(path, "utf8");
    const next = edit.change(text);
    expect(next, `${edit.name}: the edit applies`).not.toBe(text);
    writeFileSync(path, next);
  };

  /** What a cold run says after each edit of the sequence, each edit checked to move what it names. */
  const coldResults = async (): Promise<string[]> => {
    const root = copy("cold");
    let before = await runPipeline({ root, cache: new ReadCache({ dir: null }) });
    expect(before.diagnostics).toEqual([]);
    const out: string[] = [];
    for (const edit of EDITS) {
      apply(root, edit);
      const cold = await runPipeline({ root, cache: new ReadCache({ dir: null }) });
      const expected = observable(cold);
      expect(expected, `${edit.name}: changes what a cold run says`).not.toBe(observable(before));
      if (edit.moves.file !== edit.file || !has(before, edit.moves.rule, edit.moves.file)) {
        expect(has(cold, edit.moves.rule, edit.moves.file), `${edit.name}: ${edit.moves.rule} in ${edit.moves.file}`).toBe(true);
      }
      out.push(expected);
      before = cold;
    }
    return out;
  };

  // Each kind of run goes through the sequence on its own copy with no other run in between:
  // a result reused from the last run (some are kept process-wide) must be that kind's own.
  it("after each edit of the sequence, watch-style runs (told only the edited path) equal a cold run", async () => {
    const expected = await coldResults();
    const root = copy("watch");
    const watch = new ReadCache({ dir: null });
    watch.session = new ReadSession();
    await runPipeline({ root, cache: watch });
    for (const [i, edit] of EDITS.entries()) {
      apply(root, edit);
      expect(observable(await runPipeline({ root, cache: watch, changes: [edit.file] })), `${edit.name}: watch run`).toBe(expected[i]);
    }
  }, 120_000);

  it("after each edit of the sequence, runs from a disk cache equal a cold run", async () => {
    const expected = await coldResults();
    const root = copy("disk");
    const fromDisk = () => new ReadCache({ dir: join(dirname(root), "cache"), persist: true, fingerprint: "cross-file" });
    await runPipeline({ root, cache: fromDisk(), persistCache: true });
    for (const [i, edit] of EDITS.entries()) {
      apply(root, edit);
      expect(observable(await runPipeline({ root, cache: fromDisk(), persistCache: true })), `${edit.name}: run from a disk cache`).toBe(expected[i]);
    }
  }, 120_000);
});

describe("a command renamed in its registry file, through a watch-style run", () => {
  it("moves cli/unknown-command in the documents that invoke it (each file's typed places are kept per syntax tree)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "docpact-cross-"));
    scratch.push(dir);
    const root = join(dir, "p");
    cpSync(join(repoRoot, "test/fixtures/cli-registry"), root, { recursive: true });
    const watch = new ReadCache({ dir: null });
    watch.session = new ReadSession();
    const before = await runPipeline({ root, cache: watch });
    expect(has(before, "cli/unknown-command", "docs/valid.md")).toBe(false);
    const file = "src/commands/flow.ts";
    const text = readFileSync(join(root, file), "utf8");
    writeFileSync(join(root, file), text.replace('name: "flow"', 'name: "flows"'));
    const cold = await runPipeline({ root, cache: new ReadCache({ dir: null }) });
    expect(has(cold, "cli/unknown-command", "docs/valid.md")).toBe(true);
    expect(observable(await runPipeline({ root, cache: watch, changes: [file] }))).toBe(observable(cold));
    // And back: the first tree's places are not reused for the second text.
    writeFileSync(join(root, file), text);
    expect(observable(await runPipeline({ root, cache: watch, changes: [file] }))).toBe(observable(before));
  }, 60_000);
});

describe("a hand-written input put in outDir, through a watch-style run", () => {
  it("is the config error a cold run gives (the config step's listing of outDir is kept only while nothing there changed)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "docpact-cross-"));
    scratch.push(dir);
    const root = join(dir, "p");
    cpSync(join(repoRoot, "test/fixtures/watch-cross-file"), root, { recursive: true });
    // Code from every TypeScript file: the generated ones (they carry the header) are inputs docpact may own.
    const config = JSON.parse(readFileSync(join(root, "docpact.config.json"), "utf8"));
    writeFileSync(join(root, "docpact.config.json"), JSON.stringify({ ...config, code: { include: ["**/*.ts"] } }));
    const watch = new ReadCache({ dir: null });
    watch.session = new ReadSession();
    await runPipeline({ root, cache: watch });
    // An edit elsewhere keeps the answer; then a TypeScript file docpact did not generate appears in outDir.
    writeFileSync(join(root, "docs/events.md"), `${readFileSync(join(root, "docs/events.md"), "utf8")}\nMore.\n`);
    await runPipeline({ root, cache: watch, changes: ["docs/events.md"] });
    writeFileSync(join(root, "generated/hand.ts"), "export const x = 1;\n");
    await expect(runPipeline({ root, cache: new ReadCache({ dir: null }) })).rejects.toThrow(/generated\/hand\.ts/);
    await expect(runPipeline({ root, cache: watch, changes: ["generated/hand.ts"] })).rejects.toThrow(/generated\/hand\.ts/);
  }, 60_000);
});
