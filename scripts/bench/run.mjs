/**
 * Runners: spawn a command, time it from outside (wall clock around the
 * spawn) and read the child's peak RSS. `/usr/bin/time -f "%e %M"` reports
 * the RSS when it exists; otherwise Node commands run under rss-wrap.mjs,
 * which reads `process.resourceUsage().maxRSS` in the child itself.
 */
import { spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const TIME = "/usr/bin/time";
const HAS_TIME = existsSync(TIME);
const RSS_WRAP = join(dirname(fileURLToPath(import.meta.url)), "rss-wrap.mjs");
const scratch = mkdtempSync(join(tmpdir(), "docpact-bench-run-"));
let seq = 0;

/**
 * @typedef {{ ms: number, rssMB: number | null, code: number | null, signal: string | null, timedOut: boolean, stdoutFile: string, stderr: string }} RunResult
 */

/**
 * Runs `cmd args` once. `node: true` means cmd is a Node script run with
 * process.execPath (so the RSS fallback can wrap it).
 * @returns {RunResult}
 */
export function runOnce(cmd, args, { cwd, env, timeoutMs = 600_000, node = false } = {}) {
  const n = ++seq;
  const stdoutFile = join(scratch, `out-${n}.txt`);
  const timeFile = join(scratch, `time-${n}.txt`);
  const rssFile = join(scratch, `rss-${n}.txt`);
  let argv;
  if (HAS_TIME) argv = [TIME, "-f", "%e %M %U %S", "-o", timeFile, ...(node ? [process.execPath, cmd] : [cmd]), ...args];
  else if (node) argv = [process.execPath, RSS_WRAP, cmd, ...args];
  else argv = [cmd, ...args];
  const out = openSync(stdoutFile, "w");
  const start = process.hrtime.bigint();
  const r = spawnSync(argv[0], argv.slice(1), {
    cwd,
    env: { ...process.env, NO_COLOR: "1", ...(HAS_TIME ? {} : { BENCH_RSS_FILE: rssFile }), ...env },
    stdio: ["ignore", out, "pipe"],
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  closeSync(out);
  let rssKB = null;
  let cpuMs = null;
  if (HAS_TIME && existsSync(timeFile)) {
    const last = readFileSync(timeFile, "utf8").trim().split("\n").pop() ?? "";
    const m = /(\S+)\s+(\d+)\s+([\d.]+)\s+([\d.]+)$/.exec(last);
    if (m) {
      rssKB = Number(m[2]);
      cpuMs = (Number(m[3]) + Number(m[4])) * 1000;
    }
  } else if (existsSync(rssFile)) {
    const [kb, cpu] = readFileSync(rssFile, "utf8").trim().split(" ").map(Number);
    rssKB = kb;
    cpuMs = Number.isFinite(cpu) ? cpu : null;
  }
  return {
    ms,
    /** User + system CPU time of the child: less disturbed than wall time when the machine is busy. */
    cpuMs,
    rssMB: rssKB === null ? null : rssKB / 1024,
    code: r.status,
    signal: r.signal,
    timedOut: r.error?.code === "ETIMEDOUT",
    stdoutFile,
    stderr: (r.stderr?.toString() ?? "").slice(-2000),
  };
}

/** Runs `times` times (with `before(i)` ahead of each, untimed); median wall time and the max RSS. */
export function runMedian(times, cmd, args, opts = {}, before) {
  const runs = [];
  for (let i = 0; i < times; i++) {
    before?.(i);
    const r = runOnce(cmd, args, opts);
    runs.push(r);
    if (r.timedOut) break; // one timeout is enough to know
  }
  return summarize(runs);
}

/**
 * Alternates two commands `times` times (a, b, a, b, …), so both see the same
 * machine load; `before(i)` runs ahead of each b run, untimed. Returns both
 * summaries and the median of the per-pair CPU and wall ratios b/a.
 */
export function runPaired(times, a, b) {
  const as = [];
  const bs = [];
  const loads = [];
  for (let i = 0; i < times; i++) {
    loads.push(loadavg()[0]);
    as.push(runOnce(a.cmd, a.args, a.opts));
    b.before?.(i);
    bs.push(runOnce(b.cmd, b.args, b.opts));
    if (as[i].timedOut || bs[i].timedOut) break;
  }
  const pairs = as.map((x, i) => [x, bs[i]]).filter(([x, y]) => y);
  const cpuRatios = pairs.filter(([x, y]) => x.cpuMs && y.cpuMs).map(([x, y]) => y.cpuMs / x.cpuMs);
  return {
    a: summarize(as),
    b: summarize(bs),
    cpuRatio: cpuRatios.length ? median(cpuRatios) : null,
    wallRatio: median(pairs.map(([x, y]) => y.ms / x.ms)),
    /** 1-minute load average before each pair: what else the machine was doing. */
    load: median(loads),
  };
}

export function summarize(runs) {
  const ms = median(runs.map((r) => r.ms));
  const rss = runs.map((r) => r.rssMB).filter((x) => x !== null);
  const cpu = runs.map((r) => r.cpuMs).filter((x) => x !== null);
  const last = runs[runs.length - 1];
  return {
    ms,
    runsMs: runs.map((r) => Math.round(r.ms)),
    cpuMs: cpu.length ? median(cpu) : null,
    rssMB: rss.length ? Math.max(...rss) : null,
    code: last.code,
    timedOut: runs.some((r) => r.timedOut),
    stdoutFile: last.stdoutFile,
    stderr: last.stderr,
  };
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export function cleanupScratch() {
  rmSync(scratch, { recursive: true, force: true });
}

export const rssSource = HAS_TIME ? "/usr/bin/time %M" : "process.resourceUsage().maxRSS (rss-wrap.mjs)";
