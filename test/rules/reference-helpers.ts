/**
 * Test helpers for the reference and decision rules: a contract model built
 * from Markdown strings (through the real reader) plus a file list, and a
 * runner that returns what one rule reports.
 */
import { fileURLToPath } from "node:url";
import type { ResolvedConfig } from "../../compiler/config/resolve.js";
import type { DecisionRegistry } from "../../compiler/model/decisions.js";
import type { ContractModel, MarkdownDoc } from "../../compiler/model/types.js";
import { readMarkdown } from "../../compiler/readers/markdown.js";
import type { Rule, RuleReport } from "../../compiler/rules/types.js";
import type { EmitPlan } from "../../compiler/emit/plan.js";
import { makeModel } from "../helpers/model.js";

export function config(over: Partial<ResolvedConfig> = {}): ResolvedConfig {
  return {
    file: null,
    docs: ["**/*.md"],
    schemas: [],
    code: { kind: "none" },
    cli: { binaries: ["aw"], commandType: null, flagAccessors: [] },
    notes: { markers: ["not this document's call"] },
    vocabularies: [],
    instances: [],
    decisions: null,
    generate: null,
    templates: null,
    rules: {},
    sites: null,
    baseline: null,
    packageJson: null,
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

/** What `rule` reports on `m`, sorted by file, line and column. */
export function run(rule: Rule, m: ContractModel): RuleReport[] {
  const out: RuleReport[] = [];
  rule.check({ model: m, plan: {} as EmitPlan, report: (r) => out.push(r) });
  return out.sort((a, b) => (a.span.file < b.span.file ? -1 : a.span.file > b.span.file ? 1 : a.span.line - b.span.line || a.span.column - b.span.column));
}

/** `file:line:col message` lines, for compact assertions. */
export function lines(reports: RuleReport[]): string[] {
  return reports.map((r) => `${r.span.file}:${r.span.line}:${r.span.column} ${r.message}`);
}

/** Absolute path of a folder of this repository (fixtures). */
export function repoRootFor(rel: string): string {
  return fileURLToPath(new URL(`../../${rel}`, import.meta.url));
}
