/**
 * The rule tester (ESLint's RuleTester, for docpact): each case is a project
 * of in-memory files, written to a temp folder and run through the real
 * pipeline — discover, read, link, emit plan — with only the rule under test.
 * No hand-built models, no `{} as EmitPlan`: a rule is tested on what the
 * readers really produce.
 *
 *   tester.run(rule, {
 *     valid: [{ files: { "a.md": "…" } }],
 *     invalid: [{ files: { "a.md": "…" }, errors: [{ messageId: "noOwner", data: { subject: "X" }, line: 3 }] }],
 *   });
 *
 * An error matches a diagnostic when every field it names is equal (`data`
 * compared whole); diagnostics are matched in report order (file, line, column).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { globSync } from "tinyglobby";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./cli.js";
import type { Diagnostic, NotJudged } from "../../compiler/model/diagnostic.js";
import { runPipeline, type PipelineResult } from "../../compiler/pipeline.js";
import type { EmitPlan } from "../../compiler/emit/plan.js";
import type { ExampleFile, Rule } from "../../compiler/rules/types.js";

/**
 * Path (relative to the project root) → text or bytes, `{ symlink: target }`
 * or `{ fifo: true }` (see ExampleFile); `docpact.config.json` may be an
 * object. A path starting with `../` is written outside the root.
 */
export type CaseFiles = Record<string, ExampleFile | object>;

export interface ValidCase {
  name?: string;
  files: CaseFiles;
  /** `build --force` semantics for regions. */
  force?: boolean;
  /** When given: exactly the places the rule recorded as not judged (fields compared as named, in order). */
  notJudged?: { file?: string; line?: number; column?: number; reason?: string }[];
}

export interface ExpectedError {
  messageId: string;
  /** The worded message (the message template with its data filled in). */
  message?: string;
  data?: Record<string, string | number>;
  file?: string;
  line?: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
  severity?: "error" | "warning";
  suggestion?: string;
  suggestions?: string[];
  note?: string;
  related?: { file: string; line: number; column: number; message: string }[];
}

export interface InvalidCase extends ValidCase {
  errors: ExpectedError[];
}

export interface RuleCases {
  valid: ValidCase[];
  invalid: InvalidCase[];
}

export interface CaseResult {
  diagnostics: Diagnostic[];
  notJudged: NotJudged[];
}

/** The files of a fixture folder (relative to the repository), as case files, to extend or override. */
export function fixtureFiles(rel: string): Record<string, string> {
  const dir = join(repoRoot, rel);
  return Object.fromEntries(
    globSync(["**/*"], { cwd: dir, dot: true })
      .sort()
      .map((f) => [f, readFileSync(join(dir, f), "utf8")]),
  );
}

/** Runs the pipeline with `rules` over the project `files` in a temp folder, removed afterwards. */
async function inProject<T>(files: CaseFiles, rules: Rule[], force: boolean, take: (r: PipelineResult) => T): Promise<T> {
  // The project is one folder down, so `../x` files lie outside its root but inside the temp folder.
  const outer = mkdtempSync(join(tmpdir(), "docpact-rule-"));
  const root = join(outer, "project");
  try {
    mkdirSync(root);
    for (const [path, content] of Object.entries(files)) writeCaseFile(join(root, path), content);
    // A case's config may name globs its few files do not match: the rule is under test, not the config.
    return take(await runPipeline({ root, rules, force, allowUnmatchedPatterns: true }));
  } finally {
    rmSync(outer, { recursive: true, force: true });
  }
}

function writeCaseFile(abs: string, content: ExampleFile | object): void {
  mkdirSync(dirname(abs), { recursive: true });
  if (typeof content === "string" || content instanceof Uint8Array) writeFileSync(abs, content);
  else if ("symlink" in content && typeof content.symlink === "string") symlinkSync(content.symlink, abs);
  else if ("fifo" in content && content.fifo === true) {
    // Node has no mkfifo; the system's is on every POSIX machine docpact's tests run on.
    const r = spawnSync("mkfifo", [abs]);
    if (r.status !== 0) throw new Error(`cannot create a FIFO at ${abs}: ${r.stderr?.toString() ?? r.error}`);
  } else writeFileSync(abs, JSON.stringify(content, null, 2));
}

/** Runs `rule` alone over the project `files`. */
export function lintFiles(rule: Rule, files: CaseFiles, opts: { force?: boolean } = {}): Promise<CaseResult> {
  return inProject(files, [rule], opts.force ?? false, (r) => ({ diagnostics: r.diagnostics.filter((d) => d.rule === rule.meta.id), notJudged: r.notJudged }));
}

/** What build would write for the project `files` (no rules run). */
export function planFiles(files: CaseFiles): Promise<EmitPlan> {
  return inProject(files, [], false, (r) => r.plan);
}

/** The fields of `d` that `e` names, so a failure shows only what differs. */
function picked(d: Diagnostic, e: ExpectedError): Partial<Diagnostic> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(e)) out[k] = (d as unknown as Record<string, unknown>)[k];
  return out as Partial<Diagnostic>;
}

function expectNotJudged(actual: NotJudged[], c: ValidCase): void {
  if (!c.notJudged) return;
  const pick = (n: NotJudged, e: Record<string, unknown>) => Object.fromEntries(Object.keys(e).map((k) => [k, (n as unknown as Record<string, unknown>)[k]]));
  expect(
    actual.map((n, i) => (c.notJudged![i] ? pick(n, c.notJudged![i]) : n)),
    "places not judged",
  ).toEqual(c.notJudged);
}

export const tester = {
  run(rule: Rule, cases: RuleCases): void {
    describe(rule.meta.id, () => {
      cases.valid.forEach((c, i) => {
        it(`valid: ${c.name ?? `#${i + 1}`}`, async () => {
          const { diagnostics, notJudged } = await lintFiles(rule, c.files, c);
          expect(diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.message}`)).toEqual([]);
          expectNotJudged(notJudged, c);
        });
      });
      cases.invalid.forEach((c, i) => {
        it(`invalid: ${c.name ?? `#${i + 1}`}`, async () => {
          const { diagnostics, notJudged } = await lintFiles(rule, c.files, c);
          expectNotJudged(notJudged, c);
          const known = Object.keys(rule.meta.messages ?? {});
          for (const e of c.errors) expect(known, `message id of ${rule.meta.id}`).toContain(e.messageId);
          expect(diagnostics.map((d, j) => (c.errors[j] ? picked(d, c.errors[j]) : d))).toEqual(c.errors);
        });
      });
    });
  },
};
