/**
 * Test helpers for the reference and decision rules: a contract model built
 * from Markdown strings (through the real reader) plus a file list, and a
 * runner that returns what one rule reports.
 */

import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import { runPipeline } from "../../compiler/pipeline.js";
import { type ResolvedConfig, resolveConfig } from "../../compiler/config/resolve.js";
import type { ContractModel } from "../../compiler/model/contract-model.js";
import type { DecisionRegistry } from "../../compiler/model/decisions.js";
import type { Diagnostic as RunDiagnostic } from "../../compiler/model/diagnostic.js";
import type { MarkdownDoc } from "../../compiler/model/types.js";
import { readMarkdown } from "../../compiler/readers/markdown.js";
import type { Rule } from "../../compiler/rules/types.js";
import { makeModel } from "../helpers/model.js";
import { type CaseFiles, lintFiles } from "../helpers/rule-tester.js";
import { runRule } from "../helpers/run-rule.js";

export function config(over: Partial<ResolvedConfig> = {}): ResolvedConfig {
  return {
    ...resolveConfig("/nonexistent-docpact-test-root", {}, null),
    docs: ["**/*.md"],
    schemas: [],
    code: { kind: "none" },
    cli: { binaries: ["aw"], commandType: null, flagAccessors: [] },
    ...over,
  };
}

export function md(file: string, text: string): MarkdownDoc {
  return readMarkdown(file, text, { binaries: ["aw"], markers: ["not this document's call"] });
}

export interface ModelInput {
  /** Documents in scope: path → Markdown text. */
  docs: Record<string, string>;
  /** Other files on disk (besides the docs). */
  files?: string[];
  decisions?: DecisionRegistry | null;
  config?: Partial<ResolvedConfig>;
}

/** A contract model built by hand from the documents (for unit tests of compiler/model/references.ts). */
export function model(input: ModelInput): ContractModel {
  const paths = Object.keys(input.docs).sort();
  const docs = paths.map((p) => md(p, input.docs[p]));
  const files = [...new Set([...paths, ...(input.files ?? [])])].sort();
  return makeModel({
    root: "/nonexistent",
    config: config(input.config),
    binaries: ["aw"],
    docs,
    files,
    texts: new Map(paths.map((p) => [p, input.docs[p]])),
    counts: { docs: docs.length, schemas: 0, code: 0 },
    decisions: input.decisions ?? null,
  });
}

/** The project a rule test describes (run through the real pipeline by `run`). */
export function project(input: ModelInput): ModelInput {
  return input;
}

/**
 * What `rule` reports on the project (through the rule tester's engine: the
 * real read and link stages), sorted by file, line and column. Only the
 * documents are in the `docs` globs; `files` are other files on disk.
 */
export async function run(rule: Rule, input: ModelInput): Promise<RunDiagnostic[]> {
  const files: CaseFiles = {};
  for (const f of input.files ?? []) files[f] = f.endsWith(".json") ? "{}" : "";
  Object.assign(files, input.docs);
  const cfg = config(input.config);
  files["docpact.config.json"] = { docs: Object.keys(input.docs).sort(), schemas: cfg.schemas, cli: { binaries: cfg.cli.binaries }, code: { include: [] } };
  return (await lintFiles(rule, files)).diagnostics;
}

/** What `rule` reports on a hand-built model (through the one runner). */
export function runModel(rule: Rule, m: ContractModel): RunDiagnostic[] {
  return runRule(rule, m);
}

/** `file:line:col message` lines, for compact assertions. */
export function lines(reports: RunDiagnostic[]): string[] {
  return reports.map((r) => `${r.file}:${r.line}:${r.column} ${r.message}`);
}

/** Absolute path of a folder of this repository (fixtures). */
export function repoRootFor(rel: string): string {
  return fileURLToPath(new URL(`../../${rel}`, import.meta.url));
}

/**
 * What a site project gives the reference rules: each `reference/*` diagnostic and each place not judged, as
 * `file:line:column …` lines; every link and anchor is either judged or counted as not judged (coverage "neither" 0).
 */
export async function siteFindings(root: string): Promise<string[]> {
  const { diagnostics, notJudged, coverage } = await runPipeline({ root });
  for (const kind of ["links", "anchors"]) {
    const c = coverage[kind] ?? { found: 0, judged: 0, notJudged: 0 };
    expect({ kind, neither: c.found - c.judged - c.notJudged }).toEqual({ kind, neither: 0 });
  }
  return [
    ...diagnostics.filter((d) => d.rule.startsWith("reference/")).map((d) => `${d.file}:${d.line}:${d.column} ${d.rule} ${d.message}`),
    ...notJudged.map((n) => `${n.file}:${n.line}:${n.column} not judged ${n.rule}: ${n.reason}`),
  ];
}
