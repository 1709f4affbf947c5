#!/usr/bin/env node
/**
 * The files docpact reads on a project, listed by docpact's own config
 * loading and discovery (dist/): the docs and schemas its globs match and
 * every code file its readers load: `code.include` (or the tsconfig's),
 * plus the files a package.json `bin` entry reaches by relative imports
 * (compiler/discover-entry.ts), JavaScript included. The floor parses
 * exactly these, so it stays the cost of reading what docpact reads.
 *
 * Usage: node scripts/bench/inputs.mjs <project root>  → JSON {docs, schemas, code}
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const dist = join(dirname(dirname(dirname(fileURLToPath(import.meta.url)))), "dist/compiler");
const root = process.argv[2];
if (!root) {
  process.stderr.write("usage: inputs.mjs <project root>\n");
  process.exit(2);
}
const [{ loadConfig }, { discover }, { ruleIds }] = await Promise.all([
  import(join(dist, "config/resolve.js")),
  import(join(dist, "discover.js")),
  import(join(dist, "rules/index.js")),
]);
const config = loadConfig(root, undefined, undefined, ruleIds);
const d = discover(root, config);
process.stdout.write(JSON.stringify({ docs: d.docs, schemas: d.schemas, code: d.code }) + "\n");
