#!/usr/bin/env node
// Replays a project's documentation history: at the parent of each commit that fixed docs to match
// the code by hand (eval/history/<id>.json), runs `docpact init` then `docpact check` as a user
// would, and reports which drifts docpact finds and which errors it adds there that are no incident.
//
//   DOCPACT_EVAL_DIR=/tmp/x node scripts/eval/history.mjs [--project agent-workflow-cli] [--json] [--only <commit>]
//   (also `npm run eval:history`; mirrors from DOCPACT_EVAL_MIRRORS, default /work/.mirror, as scripts/eval.mjs)
//
// An incident is found when the check at its parent reports one of its rules in its file on a line
// that contains its text (`find`). Every other error at a parent is listed with its manifest label
// (`labels`: real / false; a label with `file` null holds in every file), or as unlabelled. Uses this worktree's dist/ (npm run build first).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { prepareCheckout } from "./checkout.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, "..", "..");
const cli = join(repoRoot, "dist", "compiler", "cli", "main.js");
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i === -1 ? dflt : args[i + 1];
};
const id = opt("--project", "agent-workflow-cli");
const only = opt("--only", null);
const asJson = args.includes("--json");
const workDir = resolve(process.env.DOCPACT_EVAL_DIR ?? "/tmp/docpact-eval");
const mirrors = resolve(process.env.DOCPACT_EVAL_MIRRORS ?? "/work/.mirror");

const manifestFile = join(repoRoot, "eval", "history", `${id}.json`);
if (!existsSync(manifestFile)) fail(`no history manifest: ${manifestFile}`);
if (!existsSync(cli)) fail(`no build: ${cli} (run npm run build)`);
const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
const mirrorDir = join(mirrors, manifest.repo.replace("/", "+"), "repo");
if (!existsSync(mirrorDir)) fail(`no mirror of ${manifest.repo} (fetch it first)`);
const checkout = join(workDir, `history-${id}`);
mkdirSync(workDir, { recursive: true });

function fail(msg) {
  console.error(`history: ${msg}`);
  process.exit(2);
}

function full(rev) {
  const r = spawnSync("git", ["-C", mirrorDir, "rev-parse", `${rev}^{commit}`], { encoding: "utf8" });
  if (r.status !== 0) fail(`unknown commit ${rev}`);
  return r.stdout.trim();
}

/** init then check at `commit`: the report, init's output, and a line reader for the checkout. */
function runAt(commit) {
  prepareCheckout(mirrorDir, checkout, commit, manifest.sparseExclude);
  const env = { ...process.env, DOCPACT_NO_CACHE: "1", NO_COLOR: "1" };
  const init = spawnSync(process.execPath, [cli, "init", "--root", checkout], { encoding: "utf8", env });
  if (init.status !== 0) return { failure: `init exit ${init.status}: ${(init.stderr || "").trim().split("\n")[0]}` };
  const r = spawnSync(process.execPath, [cli, "check", "--root", checkout, "--format", "json"], { encoding: "utf8", env, maxBuffer: 256 * 1024 * 1024 });
  if (r.status !== 0 && r.status !== 1) return { failure: `check exit ${r.status}: ${(r.stderr || "").trim().split("\n")[0]}` };
  let report;
  try {
    report = JSON.parse(r.stdout);
  } catch {
    return { failure: "check printed no JSON report" };
  }
  const cache = new Map();
  const lineOf = (file, line) => {
    if (!cache.has(file)) cache.set(file, existsSync(join(checkout, file)) ? readFileSync(join(checkout, file), "utf8").split(/\r?\n/) : []);
    return cache.get(file)[line - 1] ?? "";
  };
  return { report, lineOf };
}

const matches = (d, inc, lineOf) =>
  inc.rules.includes(d.rule) && d.file === inc.find.file && (lineOf(d.file, d.line).includes(inc.find.text) || (d.message ?? "").includes(inc.find.text));
const labelOf = (parent, d, lineOf) =>
  (manifest.labels ?? []).find(
    (l) => parent.startsWith(l.parent) && l.rule === d.rule && (l.file === null || l.file === d.file) && lineOf(d.file, d.line).includes(l.text),
  )?.label ?? null;

const incidents = manifest.incidents.filter((i) => !only || i.commit.startsWith(only));
const byParent = new Map();
for (const inc of incidents) {
  const parent = full(inc.parent ?? `${inc.commit}^`);
  if (!byParent.has(parent)) byParent.set(parent, []);
  byParent.get(parent).push(inc);
}

const out = { project: id, parents: [], incidents: [] };
for (const [parent, incs] of byParent) {
  const run = runAt(parent);
  if (run.failure) {
    out.parents.push({ parent, failure: run.failure });
    for (const inc of incs) out.incidents.push({ id: inc.id, commit: inc.commit, class: inc.class, found: false, why: run.failure });
    continue;
  }
  const errors = run.report.diagnostics.filter((d) => d.severity === "error");
  const claimed = new Set();
  for (const inc of incs) {
    if (!inc.rules || inc.rules.length === 0) {
      out.incidents.push({ id: inc.id, commit: inc.commit, class: inc.class, found: false, why: "out of reach (no rule)" });
      continue;
    }
    const hits = run.report.diagnostics.filter((d) => matches(d, inc, run.lineOf));
    for (const h of hits) claimed.add(h);
    out.incidents.push({ id: inc.id, commit: inc.commit, class: inc.class, found: hits.length > 0, by: hits.map((h) => `${h.rule} ${h.file}:${h.line}`) });
  }
  const others = errors
    .filter((d) => !claimed.has(d))
    .map((d) => ({
      rule: d.rule,
      file: d.file,
      line: d.line,
      text: run.lineOf(d.file, d.line).trim().slice(0, 160),
      message: d.message,
      label: labelOf(parent, d, run.lineOf),
    }));
  out.parents.push({ parent, errors: errors.length, others });
}

const found = out.incidents.filter((i) => i.found).length;
const falseErrors = out.parents.flatMap((p) => (p.others ?? []).filter((o) => o.label === "false"));
const unlabelled = out.parents.flatMap((p) => (p.others ?? []).filter((o) => o.label === null));
out.summary = {
  incidents: out.incidents.length,
  found,
  byClass: Object.fromEntries(
    [...new Set(out.incidents.map((i) => i.class))].map((c) => [
      c,
      `${out.incidents.filter((i) => i.class === c && i.found).length}/${out.incidents.filter((i) => i.class === c).length}`,
    ]),
  ),
  parents: out.parents.length,
  otherErrors: out.parents.reduce((n, p) => n + (p.others?.length ?? 0), 0),
  falseErrors: falseErrors.length,
  unlabelled: unlabelled.length,
};
writeFileSync(join(workDir, `history-${id}${only ? `-${only}` : ""}.json`), JSON.stringify(out, null, 2) + "\n");
if (asJson) console.log(JSON.stringify(out, null, 2));
else {
  for (const i of out.incidents)
    console.log(
      `${i.found ? "found " : "missed"} ${i.commit.slice(0, 7)} ${i.class.padEnd(6)} ${i.id}${i.found ? `  (${i.by.join(", ")})` : i.why ? `  (${i.why})` : ""}`,
    );
  for (const p of out.parents) {
    if (p.failure) console.log(`parent ${p.parent.slice(0, 7)}: ${p.failure}`);
    for (const o of p.others ?? []) console.log(`other  ${p.parent.slice(0, 7)} [${o.label ?? "unlabelled"}] ${o.rule} ${o.file}:${o.line} ${o.message}`);
  }
  const s = out.summary;
  console.log(
    `\n${s.found} of ${s.incidents} incidents found (${Object.entries(s.byClass)
      .map(([c, v]) => `${c} ${v}`)
      .join(", ")}) at ${s.parents} parent commits; other errors there: ${s.otherErrors} (${s.falseErrors} false, ${s.unlabelled} unlabelled)`,
  );
}
