/**
 * The layering of docs/ARCHITECTURE.md, asserted: stages after the read stage
 * never touch the file system, and compiler/ has no import cycle.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { ts } from "ts-morph";
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
 * Every module of the project (compiler/ and generated/) and what it imports, types included:
 * `import`, `import type`, `export … from`, `import("…")` in code and in type positions, as
 * TypeScript's own pre-processor finds them (comments and strings are not imports).
 */
const importsSeen = new Map<string, string[]>();
function allImports(file: string): string[] {
  let specs = importsSeen.get(file);
  if (!specs) importsSeen.set(file, (specs = ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles.map((f) => f.fileName)));
  return specs;
}

const projectFiles = () => [...tsFiles(compilerDir), ...tsFiles(join(repoRoot, "generated"))];

/**
 * The stages in the order of DESIGN.md's pipeline (discover → read → link → check → report), with
 * the folders each one is made of. A module may import (values and types) from its own stage or an
 * earlier one, never a later one. Every module belongs to exactly one stage (the test checks it).
 */
const STAGES: [stage: string, paths: string[]][] = [
  ["util", ["compiler/util/"]],
  // The tree walk under discover: config's confinement check and the watch session use it too.
  ["tree", ["compiler/discover-tree.ts"]],
  ["contracts", ["generated/contracts/", "generated/delegations.ts", "generated/index.ts"]],
  ["config", ["compiler/config/"]],
  // The read cache and the watch session: every later stage keys work on them.
  ["cache", ["compiler/cache/"]],
  ["model", ["compiler/model/", "generated/sites.ts"]],
  ["discover", ["compiler/discover.ts", "compiler/discover-entry.ts", "compiler/read-input.ts"]],
  ["readers", ["compiler/readers/", "generated/cli-readers.ts", "compiler/read.ts"]],
  ["git", ["compiler/git/"]],
  ["link", ["compiler/link.ts"]],
  ["emit", ["compiler/emit/"]],
  ["rules", ["compiler/rules/", "generated/rules.ts", "compiler/suppress.ts"]],
  ["gate", ["compiler/gate/"]],
  ["report", ["compiler/report/"]],
  ["pipeline", ["compiler/pipeline.ts", "compiler/apply-fixes.ts", "compiler/build.ts"]],
  ["replay", ["compiler/replay/"]],
  ["run", ["compiler/run.ts", "compiler/api.ts"]],
  ["init", ["compiler/init/"]],
  ["cli", ["compiler/cli/"]],
];

function stageOf(file: string): number {
  const r = rel(file);
  return STAGES.findIndex(([, paths]) => paths.some((p) => (p.endsWith("/") ? r.startsWith(p) : r === p)));
}

/**
 * Import cycles allowed, each inside one folder and with its reason (a cycle between folders or
 * stages is never allowed; the test checks that too): the evaluator is a tree-walking interpreter,
 * where evaluating an expression calls a function and a function's body is expressions again
 * (expressions ↔ functions); a module's top level is statements, and a statement imports other
 * modules (interp ↔ modules); a scope holds values and a closure value holds its scope
 * (scope ↔ values, types only). Splitting them through callbacks would only hide the recursion.
 */
const SCCS_ALLOWED = [
  ["compiler/readers/evaluate/expressions.ts", "compiler/readers/evaluate/functions.ts"],
  ["compiler/readers/evaluate/interp.ts", "compiler/readers/evaluate/modules.ts"],
  ["compiler/readers/evaluate/scope.ts", "compiler/readers/evaluate/values.ts"],
].map((c) => c.join(" "));

/** The strongly connected components (Tarjan) of more than one file. */
function stronglyConnected(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.map(rel).sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

describe("architecture", () => {
  it("every module belongs to one stage, and none imports (values or types) from a later one", () => {
    const files = projectFiles();
    expect(files.filter((f) => stageOf(f) < 0).map(rel)).toEqual([]);
    const edges: string[] = [];
    for (const f of files) {
      for (const t of allImports(f)
        .map((s) => localTarget(f, s))
        .filter((x): x is string => x !== null)) {
        if (stageOf(t) > stageOf(f)) edges.push(`${rel(f)} (${STAGES[stageOf(f)][0]}) → ${rel(t)} (${STAGES[stageOf(t)][0]})`);
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
    "compiler/replay/docpact-key.ts": "docpact's own modules, not the project's",
    "compiler/git/run.ts": "git's output in a temp file",
    "compiler/git/fingerprint.ts": "git's own files, stat'ed to know whether git would answer the same (a replay keys on git's answers themselves)",
    "compiler/cli/watch.ts": "watching folders (each run reads through the pipeline)",
    "compiler/cli/init.ts": "docpact init (writes a config; not a check)",
    "compiler/cli/baseline.ts": "docpact baseline (writes the baseline file)",
    "compiler/init/detect.ts": "docpact init's project scan",
  };

  it("pipeline modules read the file system only through compiler/util/input-fs.ts", () => {
    const offenders = tsFiles(compilerDir)
      .filter((f) => !(rel(f) in RAW_FS_ALLOWED))
      .filter((f) => imports(f).some((s) => s === "node:fs" || s === "fs" || s === "node:fs/promises" || s === "tinyglobby" || s === "fast-glob"))
      .map(rel);
    expect(offenders).toEqual([]);
    // The allowlist names files that exist and need it.
    for (const f of Object.keys(RAW_FS_ALLOWED))
      expect(
        imports(join(repoRoot, f)).some((s) => s === "node:fs" || s === "tinyglobby"),
        f,
      ).toBe(true);
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
    const heavy = [...packages].filter((p) =>
      /^(ts-morph|typescript|remark|micromark|mdast|unified|ajv|handlebars|json-schema-to-typescript|prettier|yaml|smol-toml)/.test(p),
    );
    expect(heavy).toEqual([]);
  });

  /**
   * Module-level state that is not a memo of the inputs, each with its reason; every cache of what
   * was read or computed is declared through compiler/util/memo.ts (named, bounded, one reset).
   */
  const MODULE_STATE_ALLOWED: Record<string, string> = {
    "compiler/util/heap.ts#current": "a counter of the memory check, not a cache",
    "compiler/util/package-root.ts#root": "docpact's own install folder, fixed for the process",
    "compiler/util/yaml.ts#loaded": "a lazily loaded parser (module, not data)",
    "compiler/util/input-fs.ts#racyMs": "a setting (tests shorten it)",
    "compiler/util/input-fs.ts#tinyGlob": "a lazily loaded module",
    "compiler/config/validate.ts#schema": "docpact's own config schema, fixed for the process",
    "compiler/emit/templates.ts#env": "a lazily loaded module (Handlebars)",
    "compiler/model/schema-ajv.ts#classes": "lazily loaded modules (Ajv)",
    "compiler/emit/templates.ts#budget": "the render budget of the render under way, not a cache",
    "compiler/emit/generated-schemas.ts#generatorMemo": "docpact's own generator fingerprint, fixed for the process",
    "compiler/cache/cache.ts#fingerprintMemo": "docpact's own code fingerprint, fixed for the process",
    "compiler/readers/markdown-syntax.ts#full": "a lazily loaded module",
    "compiler/git/run.ts#calls": "a counter (git calls made), not a cache",
    "compiler/git/run.ts#guardCalls": "a counter, not a cache",
    "compiler/git/run.ts#openRuns": "a counter of runs under way (nesting), not a cache",
    "compiler/util/write.ts#writes": "a counter of project files written, not a cache",
    "compiler/readers/evaluate/builtins.ts#STATICS":
      "the built-ins' static members, filled once at load: a definition table (resetting it would unmake Object.keys), not a cache",
    "compiler/replay/record.ts#lastOutcome": "what the last replay did, for the report; not a cache",
    "compiler/replay/docpact-key.ts#memo": "docpact's own modules' fingerprint, fixed for the process",
  };

  it("every module-level cache is declared through compiler/util/memo.ts", () => {
    const found: string[] = [];
    for (const f of tsFiles(compilerDir)) {
      if (rel(f) === "compiler/util/memo.ts") continue;
      const text = readFileSync(f, "utf8");
      for (const m of text.matchAll(
        /^(?:export )?(?:let ([A-Za-z_$][\w$]*)|const ([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*new (?:WeakMap|Map|LastResult|LastMapped)\b)/gm,
      )) {
        found.push(`${rel(f)}#${m[1] ?? m[2]}`);
      }
    }
    expect(found.filter((s) => !(s in MODULE_STATE_ALLOWED))).toEqual([]);
    expect(Object.keys(MODULE_STATE_ALLOWED).filter((s) => !found.includes(s))).toEqual([]);
  });

  it("memo slots have unique names and a bound, and resetMemos empties them", async () => {
    const { memoSlots, resetMemos, mapMemo } = await import("../compiler/util/memo.js");
    await import("../compiler/pipeline.js");
    const slots = memoSlots();
    expect(slots.length).toBeGreaterThan(30); // the modules the pipeline loads up front (rules and readers load more)
    for (const s of slots) expect(s.name, s.name).toMatch(/^[a-z-]+(\/[a-z-]+)*#[A-Za-z]+$/);
    const m = mapMemo<string, number>("test/architecture#probe", 2);
    m.set("a", 1).set("b", 2).set("c", 3);
    expect([...m.keys()]).toEqual(["b", "c"]);
    resetMemos();
    expect(m.size).toBe(0);
  });

  it("compiler/ and generated/ have no import cycle, type imports included", () => {
    const files = projectFiles();
    const known = new Set(files);
    const graph = new Map(
      files.map((f) => [
        f,
        allImports(f)
          .map((s) => localTarget(f, s))
          .filter((t): t is string => t !== null && known.has(t)),
      ]),
    );
    expect(
      stronglyConnected(graph)
        .map((c) => c.join(" "))
        .filter((c) => !SCCS_ALLOWED.includes(c)),
    ).toEqual([]);
    // An allowed cycle stays inside one folder.
    for (const c of SCCS_ALLOWED) expect(new Set(c.split(" ").map((f) => f.slice(0, f.lastIndexOf("/")))).size, c).toBe(1);
  });

  it("the cycle finder sees type-only and import() edges", () => {
    const a = join(compilerDir, "a.ts");
    const b = join(compilerDir, "b.ts");
    expect(
      stronglyConnected(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toEqual([["compiler/a.ts", "compiler/b.ts"]]);
    const specs = ts
      .preProcessFile('import type { A } from "./a.js";\ntype B = import("./b.js").B;\nexport * from "./c.js";\n// import("./d.js")', true, true)
      .importedFiles.map((f) => f.fileName);
    expect(specs).toEqual(["./a.js", "./b.js", "./c.js"]);
  });
});
