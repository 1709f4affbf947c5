#!/usr/bin/env node
/**
 * Where a `node --cpu-prof` run spent its time: self time aggregated by
 * function (name + file + line) and by module (an npm package, or a docpact
 * source file), from one .cpuprofile or the newest one in a folder.
 *
 * Usage: node scripts/bench/cpuprofile-top.mjs <file.cpuprofile | dir> [top=25]
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const [target, topArg] = process.argv.slice(2);
if (!target) {
  process.stderr.write("usage: cpuprofile-top.mjs <file.cpuprofile | dir> [top]\n");
  process.exit(2);
}
const top = Number(topArg ?? 25);
let file = target;
if (statSync(target).isDirectory()) {
  const newest = readdirSync(target)
    .filter((f) => f.endsWith(".cpuprofile"))
    .map((f) => join(target, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  if (!newest) {
    process.stderr.write(`no .cpuprofile in ${target}\n`);
    process.exit(2);
  }
  file = newest;
}

const profile = JSON.parse(readFileSync(file, "utf8"));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
// Self time per node: each sample's time delta goes to the node sampled.
const self = new Map();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
const total = [...self.values()].reduce((a, b) => a + b, 0);

/** `node_modules/<pkg>` (scoped too), a repo-relative docpact file, `node:internal…`, or the VM's own bucket. */
function moduleOf(url) {
  if (!url) return "(native/vm)";
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1];
  const dp = /\/(dist\/compiler\/.+|scripts\/.+)$/.exec(url);
  if (dp) return dp[1];
  if (url.startsWith("node:")) return "node:internal";
  return url;
}

const fn = new Map();
const mod = new Map();
for (const [id, ms] of self) {
  const n = byId.get(id);
  const cf = n.callFrame;
  const m = moduleOf(cf.url);
  const key = `${cf.functionName || "(anonymous)"}\t${m}:${cf.lineNumber + 1}`;
  fn.set(key, (fn.get(key) ?? 0) + ms);
  mod.set(m, (mod.get(m) ?? 0) + ms);
}

const pct = (ms) => `${((ms / total) * 100).toFixed(1)}%`.padStart(6);
const print = (title, map) => {
  process.stdout.write(`\n${title}\n`);
  for (const [k, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    process.stdout.write(`${ms.toFixed(0).padStart(8)} ms ${pct(ms)}  ${k.replace("\t", "  ")}\n`);
  }
};
process.stdout.write(`${file}: ${total.toFixed(0)} ms sampled\n`);
print("self time by function", fn);
print("self time by module", mod);
