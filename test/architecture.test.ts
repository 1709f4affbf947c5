/**
 * The layering of docs/ARCHITECTURE.md, asserted: stages after the read stage
 * never touch the file system, and compiler/ has no import cycle.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./helpers/cli.js";

const compilerDir = join(repoRoot, "compiler");

function tsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...tsFiles(p));
    else if (e.name.endsWith(".ts")) out.push(p);
  }
  return out.sort();
}

const rel = (abs: string) => relative(repoRoot, abs).split("\\").join("/");

/** Value imports (static and dynamic; `import type` and `export type` left out) of a module. */
function imports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specs: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']/gm)) specs.push(m[1]);
  for (const m of text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) specs.push(m[1]);
  return specs;
}

function localTarget(from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  return resolve(dirname(from), spec.replace(/\.js$/, ".ts"));
}

/**
 * Files that still touch the disk, and why: a `module:` source's confinement
 * check (its real path must stay inside the root) runs where the source is
 * named; moving it into the read stage's source host removes this entry.
 */
const FS_ALLOWED = ["compiler/emit/region-sources.ts"];

/**
 * The stages in pipeline order; a module may import (values) from its own
 * stage or an earlier one, never a later one. Types may go anywhere.
 */
const STAGES = ["util", "model", "readers", "emit", "rules", "report"];

/** Back-edges still there, with the issue that removes them: the registry's folding (issue 12). */
const BACK_EDGES_ALLOWED = [
  "compiler/model/decisions.ts → compiler/readers/constant-folder.ts",
  // Arrived with issue 13 (documentation sites) and 17 (vocabulary precision): reader helpers used by the model; to move into util/.
  "compiler/model/known-names.ts → compiler/readers/json-positions.ts",
  "compiler/model/routes/docusaurus.ts → compiler/readers/front-matter.ts",
  "compiler/model/routes/slugs.ts → compiler/readers/slug.ts",
];

const stageOf = (file: string) => STAGES.indexOf(rel(file).split("/")[1]);

/** The evaluator's expressions and function bodies evaluate each other (mutual recursion, issue 12's module pair). */
const CYCLES_ALLOWED = ["compiler/readers/evaluate/expressions.ts → compiler/readers/evaluate/functions.ts → compiler/readers/evaluate/expressions.ts"];

describe("architecture", () => {
  it("no stage imports a later stage (util → model → readers → emit → rules → report)", () => {
    const edges: string[] = [];
    for (const f of tsFiles(compilerDir)) {
      const from = stageOf(f);
      if (from < 0) continue;
      for (const t of imports(f).map((s) => localTarget(f, s)).filter((x): x is string => x !== null)) {
        const to = stageOf(t);
        if (to > from) edges.push(`${rel(f)} → ${rel(t)}`);
      }
    }
    expect([...new Set(edges)].filter((e) => !BACK_EDGES_ALLOWED.includes(e))).toEqual([]);
  });

  it("nothing under compiler/model, compiler/rules or compiler/emit imports node:fs", () => {
    const offenders = ["model", "rules", "emit"]
      .flatMap((d) => tsFiles(join(compilerDir, d)))
      .filter((f) => imports(f).some((s) => s === "node:fs" || s === "fs" || s === "node:fs/promises"))
      .map(rel)
      .filter((f) => !FS_ALLOWED.includes(f));
    expect(offenders).toEqual([]);
  });

  it("compiler/ has no import cycle", () => {
    const files = tsFiles(compilerDir);
    const graph = new Map(files.map((f) => [f, imports(f).map((s) => localTarget(f, s)).filter((t): t is string => t !== null)]));
    const cycles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const stack: string[] = [];
    const visit = (f: string) => {
      state.set(f, "open");
      stack.push(f);
      for (const t of graph.get(f) ?? []) {
        if (state.get(t) === "open") cycles.push([...stack.slice(stack.indexOf(t)), t].map(rel).join(" → "));
        else if (!state.has(t)) visit(t);
      }
      stack.pop();
      state.set(f, "done");
    };
    for (const f of files) if (!state.has(f)) visit(f);
    expect(cycles.filter((c) => !CYCLES_ALLOWED.includes(c))).toEqual([]);
  });
});
