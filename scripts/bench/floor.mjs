#!/usr/bin/env node
/**
 * The parse floor: what any tool that reads this project must pay, and
 * nothing else. Loads the parsers docpact builds on, finds the files, reads
 * each once and parses it: remark-parse + remark-gfm (all of GFM) for docs,
 * JSON.parse for schemas, the TypeScript scanner/parser bundled with ts-morph
 * (`ts.createSourceFile`, no parent pointers, no binder, no checker) for code.
 *
 * The files are the ones docpact reads. With `--inputs FILE` (what
 * scripts/bench/inputs.mjs prints: docpact's own discovery, so the code a
 * package.json `bin` entry reaches is in it, JavaScript included) those
 * lists, still globbed here for their cost; without it an approximation:
 * the project's docpact.config.json `docs` / `schemas` globs (default
 * `**\/*.md`, `**\/*.schema.json`) and `code.include`, else the root
 * tsconfig.json's `include` (no tsconfig: no code), TypeScript and
 * JavaScript; node_modules, .git and the generate outDir are left out.
 * JavaScript files are parsed as JavaScript (ScriptKind by extension).
 *
 * The benchmark times this whole process from outside, like docpact; the
 * JSON line printed here splits the in-process time for the report.
 *
 * Usage: node scripts/bench/floor.mjs <project root> [--inputs FILE]
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

const t0 = performance.now();
const [{ unified }, { default: remarkParse }, { default: remarkGfm }, { ts }, { globSync }] = await Promise.all([
  import("unified"),
  import("remark-parse"),
  import("remark-gfm"),
  import("ts-morph"),
  import("tinyglobby"),
]);
const tLoaded = performance.now();

const root = process.argv[2];
const inputsAt = process.argv.indexOf("--inputs");
const inputs = inputsAt === -1 ? null : JSON.parse(readFileSync(process.argv[inputsAt + 1], "utf8"));
if (!root || (inputsAt !== -1 && !inputs)) {
  process.stderr.write("usage: floor.mjs <project root> [--inputs FILE]\n");
  process.exit(2);
}
const json = (rel) => (existsSync(join(root, rel)) ? JSON.parse(readFileSync(join(root, rel), "utf8")) : null);
const config = json("docpact.config.json") ?? {};
const tsconfig = config.code?.include ? null : json(config.code?.tsconfig ?? "tsconfig.json");
const ignore = ["**/node_modules/**", "**/.git/**", ...(config.generate ? [`${config.generate.outDir ?? "generated"}/**`] : [])];
const glob = (patterns) => (patterns.length ? globSync(patterns, { cwd: root, ignore, onlyFiles: true }).sort() : []);
const isCode = (f) => /\.[cm]?[jt]sx?$/.test(f) && !/\.d\.[cm]?ts$/.test(f);
const globbed = {
  docs: glob(config.docs ?? ["**/*.md"]),
  schemas: glob(config.schemas ?? ["**/*.schema.json"]),
  code: glob(config.code?.include ?? (tsconfig ? (tsconfig.include ?? ["**/*.ts"]) : [])).filter(isCode),
};
const { docs, schemas, code } = inputs ?? globbed;
const tListed = performance.now();

const processor = unified().use(remarkParse).use(remarkGfm);
let nodes = 0;
for (const f of docs) {
  const tree = processor.parse(readFileSync(join(root, f), "utf8"));
  nodes += tree.children.length;
}
const tDocs = performance.now();
for (const f of schemas) {
  const value = JSON.parse(readFileSync(join(root, f), "utf8"));
  if (value && typeof value === "object") nodes++;
}
const tSchemas = performance.now();
for (const f of code) {
  const abs = join(root, f);
  const sf = ts.createSourceFile(abs, readFileSync(abs, "utf8"), ts.ScriptTarget.Latest, false, scriptKind(f));
  nodes += sf.statements.length;
}
const tCode = performance.now();

function scriptKind(f) {
  if (/\.[cm]?js$/.test(f)) return ts.ScriptKind.JS;
  if (/\.jsx$/.test(f)) return ts.ScriptKind.JSX;
  if (/\.tsx$/.test(f)) return ts.ScriptKind.TSX;
  return ts.ScriptKind.TS;
}

const ms = (a, b) => Math.round((b - a) * 10) / 10;
process.stdout.write(
  JSON.stringify({
    files: { docs: docs.length, schemas: schemas.length, code: code.length },
    nodes,
    ms: {
      load: ms(t0, tLoaded),
      list: ms(tLoaded, tListed),
      docs: ms(tListed, tDocs),
      schemas: ms(tDocs, tSchemas),
      code: ms(tSchemas, tCode),
      total: ms(t0, tCode),
    },
  }) + "\n",
);
