// In-process warm re-check, as `docpact check --watch` does it: one pipeline run fills an
// in-memory cache and a watch session, then each pass edits one file and times the re-check,
// telling the run which path changed (what watch learns from file events). Doc, TS and schema
// edits are timed apart (the targets differ), wall and CPU (user + system) each.
// Usage: node watch-warm.mjs <root> <runs> <doc> <schema> <ts>; a path given as "auto" is the first
// document, schema or code file the first run found ("-" or none found: that kind is not timed).
// Prints {"ms": [..doc..], "doc": {ms, cpuMs}, "ts": {ms, cpuMs}, "schema": {ms, cpuMs}, "rssMB"} as JSON.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [root, runsArg, docRel, schemaRel, tsRel] = process.argv.slice(2);
const dist = new URL("../../dist/compiler/", import.meta.url);
const { runPipeline } = await import(new URL("pipeline.js", dist).href);
const { ReadCache } = await import(new URL("cache/cache.js", dist).href);
const { ReadSession } = await import(new URL("cache/session.js", dist).href);

const edits = {
  doc: { rel: docRel, edit: (text, pass) => text + `\nEdited in process, pass ${pass}.\n` },
  ts: { rel: tsRel, edit: (text, pass) => text + `\n// in-process edit ${pass}\n` },
  schema: {
    rel: schemaRel,
    edit: (text, pass) => {
      const schema = JSON.parse(text);
      schema.description = `${schema.description} (in-process pass ${pass})`;
      return JSON.stringify(schema, null, 2) + "\n";
    },
  },
};
const cache = new ReadCache({ dir: null });
cache.session = new ReadSession();
const first = await runPipeline({ root, cache });
const found = { doc: first.discovered.docs, schema: first.discovered.schemas, ts: first.discovered.code.filter((f) => /\.[cm]?tsx?$/.test(f)) };
for (const [kind, e] of Object.entries(edits)) {
  if (e.rel === "auto") e.rel = found[kind][0];
  if (!e.rel || e.rel === "-") delete edits[kind];
}
const originals = Object.fromEntries(Object.entries(edits).map(([k, e]) => [k, readFileSync(join(root, e.rel), "utf8")]));
const out = { doc: { ms: [], cpuMs: [] }, ts: { ms: [], cpuMs: [] }, schema: { ms: [], cpuMs: [] } };
try {
  for (let pass = 1; pass <= Number(runsArg); pass++) {
    for (const [kind, e] of Object.entries(edits)) {
      writeFileSync(join(root, e.rel), e.edit(originals[kind], pass));
      const cpu = process.cpuUsage();
      const t = performance.now();
      await runPipeline({ root, cache, changes: [e.rel] });
      out[kind].ms.push(performance.now() - t);
      const used = process.cpuUsage(cpu);
      out[kind].cpuMs.push((used.user + used.system) / 1000);
      // Back to the original, so the next edit is the only change (that run is not timed).
      writeFileSync(join(root, e.rel), originals[kind]);
      await runPipeline({ root, cache, changes: [e.rel] });
    }
  }
} finally {
  for (const [kind, e] of Object.entries(edits)) writeFileSync(join(root, e.rel), originals[kind]);
}
const files = Object.fromEntries(Object.entries(edits).map(([k, e]) => [k, e.rel]));
process.stdout.write(`${JSON.stringify({ ms: out.doc.ms, ...out, files, rssMB: process.resourceUsage().maxRSS / 1024 })}\n`);
