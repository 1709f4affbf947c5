// In-process warm re-check, as `docpact check --watch` does it: one pipeline run fills an
// in-memory cache, then each pass edits one doc, one schema and one TS file and times the re-check.
// Usage: node watch-warm.mjs <root> <runs> <doc> <schema> <ts>; prints {"ms": [..]} as JSON.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [root, runsArg, ...touch] = process.argv.slice(2);
const dist = new URL("../../dist/compiler/", import.meta.url);
const { runPipeline } = await import(new URL("pipeline.js", dist).href);
const { ReadCache } = await import(new URL("cache/cache.js", dist).href);

const files = touch.map((rel) => join(root, rel));
const originals = files.map((f) => readFileSync(f, "utf8"));
const cache = new ReadCache({ dir: null });
await runPipeline({ root, cache });
const ms = [];
try {
  for (let pass = 1; pass <= Number(runsArg); pass++) {
    writeFileSync(files[0], originals[0] + `\nEdited in process, pass ${pass}.\n`);
    const schema = JSON.parse(originals[1]);
    schema.description = `${schema.description} (in-process pass ${pass})`;
    writeFileSync(files[1], JSON.stringify(schema, null, 2) + "\n");
    writeFileSync(files[2], originals[2] + `\n// in-process edit ${pass}\n`);
    const t = performance.now();
    await runPipeline({ root, cache });
    ms.push(performance.now() - t);
  }
} finally {
  files.forEach((f, i) => writeFileSync(f, originals[i]));
}
process.stdout.write(`${JSON.stringify({ ms, rssMB: process.resourceUsage().maxRSS / 1024 })}\n`);
