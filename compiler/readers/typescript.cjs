// The TypeScript compiler ts-morph bundles (what ts-morph exports as `ts`), loaded from the file
// ts-morph itself loads it from. Importing ts-morph for it also loads ts-morph's own 1 MB module
// and has Node scan that module's exports for the ESM import: about 0.3 s of CPU in every run that
// reads code, for a Project class docpact never uses (code-source.ts says why). CommonJS, so the
// ESM side takes it with one default import of this small file; typescript.d.cts gives its types.
"use strict";
const { createRequire } = require("node:module");

const morph = require.resolve("ts-morph");
let compiler;
try {
  // ts-morph is pinned to an exact version; its compiler lives in its @ts-morph/common dependency.
  compiler = createRequire(morph)("@ts-morph/common/dist/typescript.js");
} catch {
  // A ts-morph that lays its files out otherwise: the same compiler, the slow way.
  compiler = require("ts-morph").ts;
}
module.exports = compiler;
