#!/usr/bin/env node
/**
 * `npm run bench`: docpact against the parse floor and the anchors (issue 8).
 *
 * For each scale (default 1, 4, 16) it generates (or reuses) a seeded
 * synthetic project, then measures, median of N runs each: the parse floor,
 * `docpact check` cold (cache removed, DOCPACT_NO_CACHE=1) and warm (after a
 * filling run, with one doc, one schema and one TS file edited), `tsc
 * --noEmit` over the TypeScript and json2ts over the schemas, with the peak
 * RSS of each docpact run. Prints a table and writes docs/PERFORMANCE.md.
 *
 * Options: --scales 1,4,16  --runs 3  --seed 1  --out DIR  --help-runs 10
 *          --timeout SECONDS (per command, default 600)  --no-write
 *          --corpus DIR (repeatable: a real project, floor and cold check only;
 *          default ../shared/corpus/oats when it exists; --no-corpus for none)
 *          --repo OWNER+NAME (repeatable: a repository with its full history, cloned
 *          from MIRRORS/OWNER+NAME/repo into --out, configured by `docpact init`:
 *          cold check vs floor, watch doc and TS edits, watch through the CLI,
 *          build, RSS; default Tacuchi+agent-workflow-cli and eslint+eslint, each
 *          skipped when its mirror is absent; --no-repos for none)
 *          --mirrors DIR (default ../.mirror beside the repository)
 */
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { spawnSync } from "node:child_process";
import { ensureProject } from "./bench/generate.mjs";
import { cleanupScratch, median, runMedian, runOnce, runPaired, rssSource, summarize } from "./bench/run.mjs";
import { consoleTable, evaluateTargets, machineInfo, performanceMarkdown } from "./bench/table.mjs";

const REPO = dirname(dirname(fileURLToPath(import.meta.url)));
const CLI = join(REPO, "dist/compiler/cli/main.js");
const FLOOR = join(REPO, "scripts/bench/floor.mjs");
const WATCH = join(REPO, "scripts/bench/watch-warm.mjs");
const WATCH_CLI = join(REPO, "scripts/bench/watch-cli.mjs");
const WATCH_PASSES = 5;
const TSC = join(REPO, "node_modules/.bin/tsc");
const JSON2TS = join(REPO, "node_modules/.bin/json2ts");
const DEFAULT_CORPUS = join(REPO, "..", "shared", "corpus", "oats");
/** Real repositories with their history: the seed agent-workflow CLI, and one with over 10,000 commits. */
const DEFAULT_REPOS = ["Tacuchi+agent-workflow-cli", "eslint+eslint"];

function parseArgs(argv) {
  const o = {
    scales: [1, 4, 16],
    runs: 3,
    seed: 1,
    out: join(tmpdir(), "docpact-bench"),
    helpRuns: 10,
    timeoutMs: 600_000,
    write: true,
    corpora: [],
    repos: [],
    mirrors: join(REPO, "..", ".mirror"),
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const [key, inline] = a.includes("=") ? [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)] : [a, undefined];
    const val = () => inline ?? argv[++i];
    if (key === "--scales")
      o.scales = val()
        .split(",")
        .filter((x) => x !== "none" && x !== "")
        .map(Number);
    else if (key === "--runs") o.runs = Number(val());
    else if (key === "--seed") o.seed = Number(val());
    else if (key === "--out") o.out = val();
    else if (key === "--help-runs") o.helpRuns = Number(val());
    else if (key === "--timeout") o.timeoutMs = Number(val()) * 1000;
    else if (key === "--no-write") o.write = false;
    else if (key === "--corpus") o.corpora.push(val());
    else if (key === "--no-corpus") o.corpora = null;
    else if (key === "--repo") o.repos?.push(val());
    else if (key === "--no-repos") o.repos = null;
    else if (key === "--mirrors") o.mirrors = val();
    else {
      process.stderr.write(`bench: unknown option ${a}\n`);
      process.exit(2);
    }
  }
  if (o.scales.some((s) => !(s > 0)) || !(o.runs >= 1) || !Number.isInteger(o.seed)) {
    process.stderr.write("bench: --scales takes positive numbers, --runs a count ≥ 1, --seed an integer\n");
    process.exit(2);
  }
  o.scales.sort((a, b) => a - b);
  if (o.corpora === null) o.corpora = [];
  else if (o.corpora.length === 0 && existsSync(DEFAULT_CORPUS)) o.corpora.push(DEFAULT_CORPUS);
  if (o.repos === null) o.repos = [];
  else if (o.repos.length === 0) o.repos.push(...DEFAULT_REPOS);
  return o;
}

const log = (msg) => process.stderr.write(`[bench] ${msg}\n`);

function ensureBuilt() {
  if (existsSync(CLI)) return;
  log("dist/ missing: running npm run build");
  spawnSync("npm", ["run", "build"], { cwd: REPO, stdio: "inherit" });
  if (!existsSync(CLI)) {
    process.stderr.write("bench: the CLI is not built (dist/compiler/cli/main.js); run npm run build\n");
    process.exit(2);
  }
}

/** Marks a docpact run failed when it exits with anything but 0 (clean) or 1 (drift). */
function docpactVerdict(m) {
  if (m.code !== 0 && m.code !== 1) m.failed = firstLine(m.stderr) || `exit ${m.code}`;
  return m;
}

function firstLine(s) {
  return (
    (s ?? "")
      .split("\n")
      .find((l) => l.trim() !== "")
      ?.trim() ?? ""
  );
}

/** The three edits of the warm runs; each pass writes a different small change over the original text. */
function editor(root, touch) {
  const files = [touch.doc, touch.schema, touch.ts].map((rel) => join(root, rel));
  const originals = files.map((f) => readFileSync(f, "utf8"));
  return {
    edit(pass) {
      writeFileSync(files[0], originals[0] + `\nEdited by the benchmark, pass ${pass}.\n`);
      const schema = JSON.parse(originals[1]);
      schema.description = `${schema.description} (benchmark pass ${pass})`;
      writeFileSync(files[1], JSON.stringify(schema, null, 2) + "\n");
      writeFileSync(files[2], originals[2] + `\n// benchmark edit ${pass}\n`);
    },
  };
}

function diagnosticsSummary(file) {
  try {
    const report = JSON.parse(readFileSync(file, "utf8"));
    const byRule = {};
    for (const d of report.diagnostics ?? []) byRule[d.rule] = (byRule[d.rule] ?? 0) + 1;
    const rules = Object.entries(byRule)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([r, n]) => `${r} ${n}`)
      .join(", ");
    return `${report.summary?.errors ?? "?"} errors, ${report.summary?.warnings ?? "?"} warnings (${rules || "none"})`;
  } catch {
    return "report not readable as JSON";
  }
}

function measureScale(o, scale) {
  const t0 = Date.now();
  const { root, reused, meta } = ensureProject({ outDir: o.out, seed: o.seed, scale });
  log(
    `${scale}×: ${reused ? "reused" : "generated"} ${root} (${meta.counts.docs} docs, ${meta.counts.schemas} schemas, ${meta.counts.ts} ts, ${(meta.bytes / 2 ** 20).toFixed(1)} MB) in ${Date.now() - t0} ms`,
  );
  const opts = { cwd: root, timeoutMs: o.timeoutMs };
  const r = { scale, root, counts: meta.counts };

  // Build first, on a throwaway copy (it also rewrites regions, and the project keeps its planted drift):
  // its generated/ is copied back, so the cold check meets the project as committed, generated code
  // included. Warm runs use the copy, whose cache build filled (`check` never writes, so it cannot).
  const warmRoot = `${root}-warm`;
  rmSync(warmRoot, { recursive: true, force: true });
  cpSync(root, warmRoot, { recursive: true });
  const warmOpts = { cwd: warmRoot, timeoutMs: o.timeoutMs, node: true };
  r.build = docpactVerdict(summarize([runOnce(CLI, ["build", "--root", warmRoot, "--format", "json"], warmOpts)]));
  log(
    `${scale}×: build ${Math.round(r.build.ms)} ms (cpu ${Math.round(r.build.cpuMs ?? 0)}), ${Math.round(r.build.rssMB ?? 0)} MB${r.build.failed ? ` FAILED: ${r.build.failed}` : ""}`,
  );
  // Clean: a new process checks the built copy right after build, nothing edited (build's record replayed).
  r.clean = docpactVerdict(runMedian(o.runs, CLI, ["check", "--root", warmRoot, "--format", "json"], warmOpts));
  log(
    `${scale}×: clean check after build ${Math.round(r.clean.ms)} ms (cpu ${Math.round(r.clean.cpuMs ?? 0)})${r.clean.failed ? ` FAILED: ${r.clean.failed}` : ""}`,
  );
  rmSync(join(root, "generated"), { recursive: true, force: true });
  if (existsSync(join(warmRoot, "generated"))) cpSync(join(warmRoot, "generated"), join(root, "generated"), { recursive: true });

  measureCold(o, r, root);
  log(
    `${scale}×: cold ${Math.round(r.cold.ms)} ms (cpu ${Math.round(r.cold.cpuMs ?? 0)}), ${Math.round(r.cold.rssMB ?? 0)} MB${r.cold.failed ? ` FAILED: ${r.cold.failed}` : ""}`,
  );

  const ed = editor(warmRoot, meta.touch);
  r.warm = docpactVerdict(runMedian(o.runs, CLI, ["check", "--root", warmRoot, "--format", "json"], warmOpts, (i) => ed.edit(i + 1)));
  // Watch: the same edits, re-checked inside one process with the in-memory cache (what `--watch` does).
  // At least WATCH_PASSES saves each: a session's first re-check runs code the first run did not (not yet optimized), the ones after are what a user waits for.
  const passes = String(Math.max(WATCH_PASSES, o.runs));
  const w = spawnSync(process.execPath, [WATCH, warmRoot, passes, meta.touch.doc, meta.touch.schema, meta.touch.ts], { encoding: "utf8", maxBuffer: 1 << 26 });
  try {
    const out = JSON.parse(w.stdout);
    r.watch = { ms: median(out.doc.ms), cpuMs: median(out.doc.cpuMs), code: 0, rssMB: out.rssMB };
    r.watchTs = { ms: median(out.ts.ms), cpuMs: median(out.ts.cpuMs), code: 0 };
  } catch {
    r.watch = { ms: NaN, code: w.status, failed: firstLine(w.stderr) || `exit ${w.status}` };
    r.watchTs = r.watch;
  }
  // Save to report through the real `check --watch --format json` process: debounce, change filter and the printed report included.
  const wc = spawnSync(process.execPath, [WATCH_CLI, warmRoot, passes, meta.touch.doc], { encoding: "utf8", maxBuffer: 1 << 26 });
  try {
    const out = JSON.parse(wc.stdout);
    r.watchCli = { ms: median(out.ms), first: out.ms[0], code: 0 };
  } catch {
    r.watchCli = { ms: NaN, code: wc.status, failed: firstLine(wc.stderr) || `exit ${wc.status}` };
  }
  log(
    `${scale}×: check --watch save to report after a doc edit ${Math.round(r.watchCli.ms)} ms (first save ${Math.round(r.watchCli.first ?? NaN)} ms)${r.watchCli.failed ? ` FAILED: ${r.watchCli.failed}` : ""}`,
  );
  rmSync(warmRoot, { recursive: true, force: true });
  log(
    `${scale}×: watch re-check after a doc edit ${Math.round(r.watch.ms)} ms (cpu ${Math.round(r.watch.cpuMs ?? 0)}), after a TS edit ${Math.round(r.watchTs.ms)} ms (cpu ${Math.round(r.watchTs.cpuMs ?? 0)})${r.watch.failed ? ` FAILED: ${r.watch.failed}` : ""}`,
  );
  log(`${scale}×: warm ${Math.round(r.warm.ms)} ms, ${Math.round(r.warm.rssMB ?? 0)} MB${r.warm.failed ? ` FAILED: ${r.warm.failed}` : ""}`);

  r.tsc = runMedian(o.runs, TSC, ["-p", join(root, "tsconfig.json")], opts);
  if (r.tsc.code !== 0) r.tsc.failed = firstLine(readFileSync(r.tsc.stdoutFile, "utf8")) || firstLine(r.tsc.stderr);
  log(`${scale}×: tsc ${Math.round(r.tsc.ms)} ms${r.tsc.failed ? ` (failed: ${r.tsc.failed})` : ""}`);

  // json2ts's own CLI; its default per-file cwd is the schema's folder, which is what relative $refs need.
  const j2tOut = `${root}-json2ts`;
  const j2t = (pattern) => runMedian(o.runs, JSON2TS, ["-i", pattern, "-o", j2tOut], opts, () => rmSync(j2tOut, { recursive: true, force: true }));
  r.json2ts = j2t("schemas/**/*.schema.json");
  if (r.json2ts.code !== 0) r.json2ts.failed = json2tsReason(r.json2ts.stderr);
  log(`${scale}×: json2ts ${Math.round(r.json2ts.ms)} ms${r.json2ts.failed ? ` (failed: ${r.json2ts.failed})` : ""}`);
  // The core schemas refer only to each other by relative path, so json2ts can compile them.
  r.json2tsCore = j2t(`${meta.coreSchemas}/*.schema.json`);
  r.json2tsCore.files = countFiles(j2tOut);
  if (r.json2tsCore.code !== 0) r.json2tsCore.failed = json2tsReason(r.json2tsCore.stderr);
  log(`${scale}×: json2ts core ${Math.round(r.json2tsCore.ms)} ms (${r.json2tsCore.files} files)`);
  rmSync(j2tOut, { recursive: true, force: true });
  return r;
}

/** The parse floor and a cold `docpact check`, alternated run by run (same load for both); sets r.floor, r.cold, r.pair, r.diagnostics. */
function measureCold(o, r, root, { readOnly = false } = {}) {
  const cacheDir = join(root, "node_modules/.cache/docpact");
  const opts = { cwd: root, timeoutMs: o.timeoutMs, node: true };
  const pair = runPaired(
    o.runs,
    { cmd: FLOOR, args: [root], opts },
    {
      cmd: CLI,
      args: ["check", "--root", root, "--format", "json"],
      opts: { ...opts, env: { DOCPACT_NO_CACHE: "1" } },
      before: readOnly ? undefined : () => rmSync(cacheDir, { recursive: true, force: true }),
    },
  );
  r.floor = pair.a;
  if (r.floor.code !== 0) r.floor.failed = firstLine(r.floor.stderr);
  r.cold = docpactVerdict(pair.b);
  r.pair = { cpuRatio: pair.cpuRatio, wallRatio: pair.wallRatio, load: pair.load };
  r.diagnostics = diagnosticsSummary(r.cold.stdoutFile);
  log(
    `${r.label ?? `${r.scale}×`}: floor ${Math.round(r.floor.ms)} ms (cpu ${Math.round(r.floor.cpuMs ?? 0)}); cold/floor cpu ${r.pair.cpuRatio?.toFixed(2)}, load ${r.pair.load.toFixed(1)}`,
  );
}

/** A real project (e.g. the oats corpus): floor and cold check only; it is never written to. */
function measureCorpus(o, dir) {
  const r = { scale: null, label: basename(dir), root: dir, counts: countInputs(dir) };
  measureCold(o, r, dir, { readOnly: true });
  return r;
}

/**
 * A real repository with its full history (issue 28): a clone of the mirror (kept in --out and
 * reused), configured as a user would start (`docpact init` when it has no config). Cold check
 * against the floor (git's logs included in the check), the in-process watch re-check after a
 * doc and a TS edit, save to report through `check --watch`, then one build (its writes undone
 * afterwards, so the clone stays as cloned). Null, said on stderr, when the mirror is absent.
 */
function measureRepo(o, name) {
  const mirror = join(o.mirrors, name, "repo");
  if (!existsSync(mirror)) {
    log(`${name}: no mirror at ${mirror}; skipped`);
    return null;
  }
  const root = join(o.out, "repos", name);
  const git = (...args) => spawnSync("git", ["-C", root, ...args], { encoding: "utf8", maxBuffer: 1 << 26 });
  if (!existsSync(join(root, ".git"))) {
    rmSync(root, { recursive: true, force: true });
    const c = spawnSync("git", ["clone", "-q", mirror, root], { encoding: "utf8" });
    if (c.status !== 0) {
      log(`${name}: git clone failed (${firstLine(c.stderr)}); skipped`);
      return null;
    }
  }
  const commits = Number(git("rev-list", "--count", "HEAD").stdout.trim());
  if (!existsSync(join(root, "docpact.config.json"))) spawnSync(process.execPath, [CLI, "init", "--root", root], { encoding: "utf8" });
  const r = { scale: null, label: `${name.split("+").pop()} (${commits} commits)`, root, commits, counts: countInputs(root) };
  measureCold(o, r, root);
  log(
    `${r.label}: cold ${Math.round(r.cold.ms)} ms (cpu ${Math.round(r.cold.cpuMs ?? 0)}), ${Math.round(r.cold.rssMB ?? 0)} MB${r.cold.failed ? ` FAILED: ${r.cold.failed}` : ""}`,
  );
  const passes = String(Math.max(WATCH_PASSES, o.runs));
  const w = spawnSync(process.execPath, [WATCH, root, passes, "auto", "-", "auto"], { encoding: "utf8", maxBuffer: 1 << 26 });
  let doc = null;
  try {
    const out = JSON.parse(w.stdout);
    doc = out.files.doc ?? null;
    r.watch = { ms: median(out.doc.ms), cpuMs: median(out.doc.cpuMs), code: 0, rssMB: out.rssMB, file: out.files.doc };
    r.watchTs = out.ts.ms.length
      ? { ms: median(out.ts.ms), cpuMs: median(out.ts.cpuMs), code: 0, file: out.files.ts }
      : { ms: NaN, code: 0, failed: "no TypeScript file in scope" };
  } catch {
    r.watch = { ms: NaN, code: w.status, failed: firstLine(w.stderr) || `exit ${w.status}` };
    r.watchTs = r.watch;
  }
  log(
    `${r.label}: watch re-check after a doc edit (${doc}) ${Math.round(r.watch.ms)} ms (cpu ${Math.round(r.watch.cpuMs ?? 0)}), after a TS edit (${r.watchTs.file ?? "—"}) ${Math.round(r.watchTs.ms)} ms (cpu ${Math.round(r.watchTs.cpuMs ?? 0)})`,
  );
  if (doc) {
    const wc = spawnSync(process.execPath, [WATCH_CLI, root, passes, doc], { encoding: "utf8", maxBuffer: 1 << 26 });
    try {
      const out = JSON.parse(wc.stdout);
      r.watchCli = { ms: median(out.ms), first: out.ms[0], code: 0 };
    } catch {
      r.watchCli = { ms: NaN, code: wc.status, failed: firstLine(wc.stderr) || `exit ${wc.status}` };
    }
    log(`${r.label}: check --watch save to report after a doc edit ${Math.round(r.watchCli.ms)} ms`);
  }
  r.build = docpactVerdict(summarize([runOnce(CLI, ["build", "--root", root, "--format", "json"], { cwd: root, timeoutMs: o.timeoutMs, node: true })]));
  log(
    `${r.label}: build ${Math.round(r.build.ms)} ms (cpu ${Math.round(r.build.cpuMs ?? 0)}), ${Math.round(r.build.rssMB ?? 0)} MB${r.build.failed ? ` FAILED: ${r.build.failed}` : ""}`,
  );
  // Undo what build wrote (regions, generated files), keeping the config and the cache.
  git("checkout", "-q", "--", ".");
  git("clean", "-fdq", "-e", "docpact.config.json", "-e", "node_modules");
  return r;
}

function countInputs(dir) {
  const out = spawnSync(process.execPath, [FLOOR, dir], { encoding: "utf8" });
  try {
    const files = JSON.parse(out.stdout).files;
    return { docs: files.docs, schemas: files.schemas, ts: files.code };
  } catch {
    return { docs: NaN, schemas: NaN, ts: NaN };
  }
}

function countFiles(dir) {
  try {
    return spawnSync("find", [dir, "-type", "f"], { encoding: "utf8" }).stdout.split("\n").filter(Boolean).length;
  } catch {
    return 0;
  }
}

function json2tsReason(stderr) {
  if (/ERESOLVER|Error downloading|fetch failed/.test(stderr)) return "cannot resolve $ref by $id (tries to download it)";
  if (/ENOENT/.test(stderr)) return "a $ref names a missing file";
  return firstLine(stderr).slice(0, 120);
}

function main() {
  const o = parseArgs(process.argv.slice(2));
  ensureBuilt();
  const version = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")).version;
  const machine = machineInfo(version);
  log(
    `${machine.cpu}, ${machine.cores} cores, ${machine.memoryGB} GB, Node ${machine.node}, load ${machine.loadStart.toFixed(2)}; scales ${o.scales.join(",")}, runs ${o.runs}`,
  );

  const help = runMedian(o.helpRuns, CLI, ["--help"], { cwd: REPO, node: true });
  log(`--help ${Math.round(help.ms)} ms`);

  const results = [];
  for (const s of o.scales) results.push(measureScale(o, s));
  for (const dir of o.corpora) results.push(measureCorpus(o, dir));
  for (const name of o.repos) {
    const r = measureRepo(o, name);
    if (r) results.push(r);
  }
  cleanupScratch();

  const targets = evaluateTargets(results, help);
  process.stdout.write("\n" + consoleTable(results) + "\n\n");
  process.stdout.write(`docpact --help: ${Math.round(help.ms)} ms\n\n`);
  for (const t of targets) process.stdout.write(`${t.met === true ? "met   " : t.met === false ? "MISSED" : "n/a   "}  ${t.name}: ${t.measured}\n`);
  for (const r of results) process.stdout.write(`${r.label ?? `${r.scale}×`} diagnostics: ${r.diagnostics}\n`);

  if (o.write) {
    const notes = [
      "Projects: synthetic `aw` CLIs from scripts/bench/generate.mjs (seeded; reused when the seed, scale and generator version match), written under " +
        "the system temp folder. At 16×: 10,000 docs, 500 schemas, 2,000 TypeScript files.",
      "floor: scripts/bench/floor.mjs in its own Node process — module loading, globbing the files docpact's config names, reading every file, remark-parse + remark-gfm (all of GFM) per doc, " +
        "`JSON.parse` per schema, `ts.createSourceFile` (ts-morph's bundled TypeScript, no parent pointers) per TS file. Nothing else. " +
        "docpact itself parses Markdown without GFM's autolink literals (compiler/readers/markdown-syntax.ts), which the floor keeps: the floor stays the cost of reading the project with the usual parsers.",
      "cold: `docpact check --format json` with `node_modules/.cache/docpact` removed before each run and `DOCPACT_NO_CACHE=1`, on the project as committed: " +
        "its generated/ is what `docpact build` writes (built once per bench run on a copy, only generated/ copied back), its documents keep their planted drift. " +
        "Floor and cold runs alternate.",
      "Real projects (`--corpus DIR`, default ../shared/corpus/oats when present): floor and cold check only, nothing written into them.",
      "Real repositories with full history (`--repo OWNER+NAME`, default the seed agent-workflow CLI and eslint/eslint, from the mirrors in ../.mirror; skipped when absent): a clone configured by `docpact init`, " +
        "the commit count in the row's name. cold/floor there includes git: the check's path log and, when a finding asks for evidence, its content logs (git's CPU counted with the check's). " +
        "watch doc / watch ts: the first document and TypeScript file the config finds, edited as above inside one watch session, whose git logs are read once per HEAD (compiler/git/memo.ts). " +
        "build: one `docpact build` on the clone, its writes undone after. No warm, clean, tsc or json2ts column for them.",
      'build: one `docpact build` on a throwaway copy of the project; "build MB" is its peak RSS.',
      "clean: a new-process `docpact check --format json` on the built copy right after `docpact build`, nothing edited: build recorded its closing check's inputs and result, and the check replays them after comparing every input (compiler/replay/); CPU in parentheses.",
      "warm: on the built copy, whose cache `docpact build` filled (`check` never writes, so it cannot), " +
        "then before each timed `docpact check` one doc, one schema and one TS file are edited (content changed).",
      'watch: scripts/bench/watch-warm.mjs runs the pipeline once in one process with an in-memory cache and a watch session, then times the re-check after one doc edit ("watch doc") and after one TS edit ("watch ts"), each run told the path that changed, as `docpact check --watch` learns it from file events (no process start, no cache decoding); CPU in parentheses. ' +
        "At least 5 saves of each kind (more with --runs), median.",
      "watch cli: scripts/bench/watch-cli.mjs starts `docpact check --watch --format json` on the built copy and times each save of the doc to the end of the report it prints " +
        "(the 50 ms debounce, the change filter and the JSON report included), median of the same number of saves; the first save of the session in parentheses.",
      `RSS: peak resident set of the docpact process (max over cold, clean and warm runs), from ${rssSource}.`,
      "tsc: `node_modules/.bin/tsc -p <project>/tsconfig.json` (TypeScript 7 native, `noEmit`, strict).",
      "json2ts: json-schema-to-typescript's CLI over `schemas/**/*.schema.json` with its default per-file `cwd` (the schema's folder, so relative `$ref`s resolve). " +
        "It cannot resolve a `$ref` by `$id` (it tries to download the URL; the `.invalid` host fails at once, no network wait) and stops at the first failure, so on these projects it fails; " +
        '"json2ts core" runs it over `schemas/core/` alone (relative refs only), with the number of files it wrote in parentheses.',
    ];
    const md = performanceMarkdown({
      machine,
      results,
      help,
      targets,
      options: o,
      notes,
      diagnostics: results.map((r) => ({ scale: r.label ?? `${r.scale}×`, text: r.diagnostics })),
    });
    writeFileSync(join(REPO, "docs/PERFORMANCE.md"), md);
    log("wrote docs/PERFORMANCE.md");
  }
}

main();
