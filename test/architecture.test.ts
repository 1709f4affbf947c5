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
 * The stages in pipeline order; a module may import (values) from its own
 * stage or an earlier one, never a later one. Types may go anywhere.
 */
const STAGES = ["util", "model", "readers", "emit", "rules", "report"];


const stageOf = (file: string) => STAGES.indexOf(rel(file).split("/")[1]);

/**
 * Import cycles allowed, each inside one folder and with its reason (a cycle
 * between folders or stages is never allowed; the test checks that too):
 * the evaluator is a tree-walking interpreter, where evaluating an expression
 * calls a function and a function's body is expressions again. Its two
 * halves are one module pair in compiler/readers/evaluate/; splitting them
 * through callbacks would only hide the recursion.
 */
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
    expect([...new Set(edges)]).toEqual([]);
  });

  it("nothing under compiler/model, compiler/rules or compiler/emit imports node:fs", () => {
    const offenders = ["model", "rules", "emit"]
      .flatMap((d) => tsFiles(join(compilerDir, d)))
      .filter((f) => imports(f).some((s) => s === "node:fs" || s === "fs" || s === "node:fs/promises"))
      .map(rel);
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
    // An allowed cycle stays inside one folder.
    for (const c of CYCLES_ALLOWED) expect(new Set(c.split(" → ").map((f) => f.slice(0, f.lastIndexOf("/")))).size, c).toBe(1);
  });
});
