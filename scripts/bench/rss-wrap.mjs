#!/usr/bin/env node
/**
 * Fallback RSS probe when /usr/bin/time is missing: runs a Node CLI script in
 * this process and, at exit, writes `process.resourceUsage().maxRSS` (KB) and the CPU time (ms) to
 * the file named by BENCH_RSS_FILE.
 *
 * Usage: BENCH_RSS_FILE=f node rss-wrap.mjs <script.js> [args…]
 */
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [script, ...args] = process.argv.slice(2);
const file = process.env.BENCH_RSS_FILE;
process.on("exit", () => {
  const u = process.resourceUsage();
  if (file) writeFileSync(file, `${u.maxRSS} ${(u.userCPUTime + u.systemCPUTime) / 1000}`);
});
process.argv = [process.argv[0], resolve(script), ...args];
await import(pathToFileURL(resolve(script)).href);
