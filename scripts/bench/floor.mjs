#!/usr/bin/env node
/**
 * The parse floor: what any tool that reads this project must pay, and
 * nothing else. Loads the same parsers docpact uses, finds the files (the
 * generated project's docpact.config.json globs), reads each once and parses
 * it: remark-parse + remark-gfm for docs, JSON.parse for schemas, the
 * TypeScript scanner/parser bundled with ts-morph (`ts.createSourceFile`,
 * no parent pointers, no binder, no checker) for code.
 *
 * The benchmark times this whole process from outside, like docpact; the
 * JSON line printed here splits the in-process time for the report.
 *
 * Usage: node scripts/bench/floor.mjs <project root>
 */
import { readFileSync } from "node:fs";
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
if (!root) {
  process.stderr.write("usage: floor.mjs <project root>\n");
  process.exit(2);
}
const glob = (patterns) => globSync(patterns, { cwd: root, ignore: ["**/node_modules/**", "**/.git/**"], onlyFiles: true }).sort();
const docs = glob(["docs/**/*.md"]);
const schemas = glob(["schemas/**/*.schema.json"]);
const code = glob(["src/**/*.ts"]);
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
  const sf = ts.createSourceFile(abs, readFileSync(abs, "utf8"), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  nodes += sf.statements.length;
}
const tCode = performance.now();

const ms = (a, b) => Math.round((b - a) * 10) / 10;
process.stdout.write(
  JSON.stringify({
    files: { docs: docs.length, schemas: schemas.length, code: code.length },
    nodes,
    ms: { load: ms(t0, tLoaded), list: ms(tLoaded, tListed), docs: ms(tListed, tDocs), schemas: ms(tDocs, tSchemas), code: ms(tSchemas, tCode), total: ms(t0, tCode) },
  }) + "\n",
);
