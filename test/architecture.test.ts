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

  /**
   * Every read the pipeline makes goes through compiler/util/input-fs.ts, which records it for the
   * replay's input manifest (compiler/replay/): a read behind its back would be an input a replay
   * does not compare, and a changed file could replay an old answer. Allowed, each with its reason.
   */
  const RAW_FS_ALLOWED: Record<string, string> = {
    "compiler/util/input-fs.ts": "the one door",
    "compiler/util/write.ts": "writes (build)",
    "compiler/build.ts": "writes, and compares what it would write with the file",
    "compiler/apply-fixes.ts": "build --fix: compares each file with the text the rules saw before writing it",
    "compiler/cache/cache.ts": "the read cache: what it holds is keyed by content, not an input",
    "compiler/replay/record.ts": "the record itself, and re-observing its manifest",
    "compiler/replay/fingerprint.ts": "docpact's own modules, not the project's",
    "compiler/git/run.ts": "git's output in a temp file",
    "compiler/cli/watch.ts": "watching folders (each run reads through the pipeline)",
    "compiler/cli/init.ts": "docpact init (writes a config; not a check)",
    "compiler/cli/baseline.ts": "docpact baseline (writes the baseline file)",
    "compiler/init/detect.ts": "docpact init's project scan",
    "compiler/init/scan.ts": "docpact init's project scan",
  };

  it("pipeline modules read the file system only through compiler/util/input-fs.ts", () => {
    const offenders = tsFiles(compilerDir)
      .filter((f) => !(rel(f) in RAW_FS_ALLOWED))
      .filter((f) => imports(f).some((s) => s === "node:fs" || s === "fs" || s === "node:fs/promises" || s === "tinyglobby" || s === "fast-glob"))
      .map(rel);
    expect(offenders).toEqual([]);
    // The allowlist names files that exist and need it.
    for (const f of Object.keys(RAW_FS_ALLOWED)) expect(imports(join(repoRoot, f)).some((s) => s === "node:fs" || s === "tinyglobby"), f).toBe(true);
  });

  it("the CLI up to a replayed check loads no parser: ts-morph, remark, Ajv, Handlebars and json-schema-to-typescript are imported lazily", () => {
    const staticImports = (file: string) => {
      const text = readFileSync(file, "utf8");
      return [...text.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']/gm)].map((m) => m[1]);
    };
    const seen = new Set<string>();
    const packages = new Set<string>();
    const visit = (f: string) => {
      if (seen.has(f)) return;
      seen.add(f);
      for (const s of staticImports(f)) {
        const t = localTarget(f, s);
        if (t) visit(t);
        else packages.add(s);
      }
    };
    visit(join(compilerDir, "cli/main.ts"));
    visit(join(compilerDir, "cli/commands.ts"));
    // The replay itself is on that path.
    expect(seen.has(join(compilerDir, "replay/record.ts"))).toBe(true);
    const heavy = [...packages].filter((p) => /^(ts-morph|typescript|remark|micromark|mdast|unified|ajv|handlebars|json-schema-to-typescript|prettier|yaml|smol-toml)/.test(p));
    expect(heavy).toEqual([]);
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
