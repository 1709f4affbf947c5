// `npm run eval`: docpact's precision, coverage and recall harness on real public projects.
//
// Each project is a folder eval/projects/<id>/ (see eval/README.md for every field) with
//   project.json        { repo, commit, root?, kinds, why, config: { from, why? } }   the pinned repository
//   docpact.config.json the config a user of that project would write (passed with --config)
//   labels*.json        [{ rule, file, line, token, verdict: "real"|"false", why }]  errors and warnings
//   mutations*.json     [{ id, why, names?, edits, expect, ignore?, extra? }]
// Checkouts are made outside the repository (DOCPACT_EVAL_DIR, default /tmp/docpact-eval) from a
// local git mirror (DOCPACT_EVAL_MIRRORS, default /work/.mirror, laid out as <owner>+<name>/repo);
// a project without a mirror is skipped with the line that says how to get it. Nothing of a
// project's code is ever committed here: only the manifest, the config, labels and mutations.
//
// Options: --project ID (repeatable), --pending (write pending.json with every unlabelled
// finding and every unlisted documented place, to label by hand), --write (regenerate
// docs/PRECISION.md), --json (machine output), --min-precision P (exit 1 when a project's error
// precision is below P), --no-mutations (the unmutated run only: labelling; never with --write),
// --prune-stale (remove from labels*.json every label that matches no finding of this run: the drift
// was fixed or docpact no longer reports it; the files are rewritten, review the diff), --blind (write
// DOCPACT_EVAL_DIR/<id>.blind.json: every finding and documented place without verdicts, for an
// independent reviewer; see scripts/eval/review.mjs).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { applyEdits, prepareCheckout, restore, trackedFiles } from "./eval/checkout.mjs";
import { brief, findLabel, staleLabels, tally } from "./eval/labels.mjs";
import { docsInScope, documentedPlaces, unlistedPlaces } from "./eval/places.mjs";
import { printTable, renderPrecisionDoc } from "./eval/render.mjs";
import { blindSheet, compareReview } from "./eval/review.mjs";
import { plant, plantedBinary, plantedDocument, plantedOutcome } from "./eval/planted.mjs";
import { forgetLines, lineText, tokenOf } from "./eval/text.mjs";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const projectsDir = join(repoRoot, "eval", "projects");
const cli = join(repoRoot, "dist", "compiler", "cli", "main.js");
const workDir = process.env.DOCPACT_EVAL_DIR ?? "/tmp/docpact-eval";
const mirrorsDir = process.env.DOCPACT_EVAL_MIRRORS ?? "/work/.mirror";

const args = parseArgs(process.argv.slice(2));
if (!existsSync(cli)) fail("dist/ is missing: run `npm run build` first");
if (args.write && !args.mutations) fail("--write needs the mutations: drop --no-mutations");

const ids = readdirSync(projectsDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(projectsDir, d.name, "project.json")))
  .map((d) => d.name)
  .filter((id) => args.projects.length === 0 || args.projects.includes(id))
  .sort();
for (const p of args.projects) if (!ids.includes(p)) fail(`unknown project: ${p} (see eval/projects/)`);

const results = [];
for (const id of ids) results.push(evaluateProject(id));

if (args.json) process.stdout.write(JSON.stringify(results, null, 2) + "\n");
else printTable(results);
if (args.write) {
  writeFileSync(join(repoRoot, "docs", "PRECISION.md"), renderPrecisionDoc(results));
  console.error(`wrote docs/PRECISION.md`);
}
const below = results.filter((r) => !r.skipped && r.errors.precision !== null && r.errors.precision < args.minPrecision);
if (below.length > 0) {
  console.error(`below --min-precision ${args.minPrecision}: ${below.map((r) => r.id).join(", ")}`);
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------

function groupFiles(dir, stem) {
  // labels.json, or several files labels.<group>.json (one per rule group keeps merges apart).
  const re = new RegExp(`^${stem}(\\.[\\w-]+)?\\.json$`);
  return readdirSync(dir)
    .filter((f) => re.test(f))
    .sort()
    .map((f) => join(dir, f));
}

function readGroupFiles(dir, stem) {
  return groupFiles(dir, stem).flatMap((f) => readJson(f));
}

/** Rewrites the project's label files without the `stale` labels (two identical labels are stale together). */
function pruneLabels(dir, stale, id) {
  const gone = new Set(stale.map((l) => JSON.stringify(l)));
  let removed = 0;
  for (const file of groupFiles(dir, "labels")) {
    const own = readJson(file);
    const keep = own.filter((l) => !gone.has(JSON.stringify(l)));
    if (keep.length === own.length) continue;
    removed += own.length - keep.length;
    // A group whose every label is gone goes too (the harness reads the group files that exist).
    if (keep.length === 0) unlinkSync(file);
    else writeFileSync(file, JSON.stringify(keep, null, 2) + "\n");
  }
  console.error(`${id}: pruned ${removed} stale label(s)`);
}

function evaluateProject(id) {
  const dir = join(projectsDir, id);
  const project = readJson(join(dir, "project.json"));
  const labels = readGroupFiles(dir, "labels");
  const mutations = readGroupFiles(dir, "mutations");
  const base = { id, repo: project.repo, commit: project.commit, kinds: project.kinds ?? [], config: project.config ?? { from: "unstated" } };
  const mirror = join(mirrorsDir, project.repo.replace("/", "+"), "repo");
  if (!existsSync(mirror)) {
    return { ...base, skipped: `no local mirror of ${project.repo} (fetch github:${project.repo}, then run again)` };
  }
  const checkout = join(workDir, id);
  forgetLines();
  try {
    prepareCheckout(mirror, checkout, project.commit, project.sparseExclude);
  } catch (e) {
    return { ...base, skipped: `checkout failed: ${e.message.split("\n")[0]}` };
  }
  const root = join(checkout, project.root ?? ".");
  const made = projectConfig(dir, id, root, project);
  if (made.failure) return { ...base, skipped: made.failure };
  const { config, configFile } = made;
  restore(checkout, project.commit);

  const run = runCheck(root, configFile);
  if (run.failure) return { ...base, skipped: `docpact failed: ${run.failure}` };
  const labelled = run.report.diagnostics.map((d) => {
    const f = { ...d, token: tokenOf(root, d) };
    return { ...f, label: findLabel(labels, f) };
  });
  const errors = labelled.filter((f) => f.severity === "error");
  const warnings = labelled.filter((f) => f.severity === "warning");
  const byGroup = {};
  for (const f of labelled) {
    const g = (byGroup[f.rule.split("/")[0]] ??= { errors: [], warnings: [] });
    g[f.severity === "error" ? "errors" : "warnings"].push(f);
  }
  // A label's `evidence` (text the message must contain: the commit git names) and `suggestion` check what a finding says, not only that it is real.
  const withEvidence = labelled.filter((f) => f.label && (f.label.evidence !== undefined || f.label.suggestion !== undefined));
  const evidenceWrong = withEvidence
    .filter(
      (f) =>
        (f.label.evidence !== undefined && !f.message.includes(f.label.evidence)) ||
        (f.label.suggestion !== undefined && (f.suggestion ?? null) !== f.label.suggestion),
    )
    .map((f) => ({
      ...brief(f),
      message: f.message,
      suggestion: f.suggestion ?? null,
      expected: { evidence: f.label.evidence, suggestion: f.label.suggestion },
    }));

  const docs = docsInScope(trackedFiles(root), config);
  const baseKeys = multiset(labelled.map(findingKey));
  const mutationResults = (args.mutations ? mutations : []).map((m) => runMutation(checkout, root, project, configFile, m, docs, baseKeys));
  const planted =
    args.mutations && base.kinds.includes("cli") ? plantedFlag(checkout, root, project, configFile, config, docs, run.report.summary.notJudged) : null;
  restore(checkout, project.commit);
  forgetLines();

  if (args.pending) writePending(dir, id, root, labelled, mutationResults);
  if (args.blind) {
    const sheet = blindSheet(
      id,
      root,
      labelled.map((f) => ({ ...f, text: lineText(root, f)?.trim().slice(0, 160) })),
      mutations,
      mutationResults,
    );
    writeFileSync(join(workDir, `${id}.blind.json`), JSON.stringify(sheet, null, 2) + "\n");
    console.error(
      `${id}: blind sheet of ${sheet.findings.length} finding(s), ${sheet.mutations.reduce((n, m) => n + m.places.length, 0)} place(s) → ${join(workDir, `${id}.blind.json`)}`,
    );
  }
  const reviewFile = join(dir, "review.json");
  const review = existsSync(reviewFile) ? compareReview(readJson(reviewFile), labelled, mutations, mutationResults) : null;
  for (const m of mutationResults) delete m.placeList;
  const stale = staleLabels(labels, labelled);
  if (args.pruneStale && stale.length > 0) pruneLabels(dir, stale, id);

  const expected = mutationResults.reduce((n, m) => n + m.expected, 0);
  const found = mutationResults.reduce((n, m) => n + m.found, 0);
  return {
    ...base,
    errors: tally(errors),
    warnings: tally(warnings),
    byGroup: Object.fromEntries(Object.entries(byGroup).map(([g, v]) => [g, { errors: tally(v.errors), warnings: tally(v.warnings) }])),
    coverage: coverageOf(run.report.summary),
    notJudged: run.report.summary.notJudged ?? null,
    durationMs: run.report.summary.durationMs,
    files: run.report.summary.files,
    staleLabels: args.pruneStale ? 0 : stale.length,
    evidence: { checked: withEvidence.length, wrong: evidenceWrong },
    mutations: mutationResults,
    recall: expected === 0 ? null : found / expected,
    falseFindings: labelled.filter((f) => !f.label || f.label.verdict === "false").map(brief),
    review,
    planted,
  };
}

/** The planted flag's run (scripts/eval/planted.mjs): which binary, where, and what the report did with it. */
function plantedFlag(checkout, root, project, configFile, config, docs, baseNotJudged) {
  restore(checkout, project.commit);
  forgetLines();
  const binary = plantedBinary(root, config, project.repo.split("/")[1]);
  const doc = plantedDocument(docs);
  if (binary === null || doc === null) return { binary, doc, line: null, outcome: binary === null ? "no binary" : "no document" };
  const line = plant(root, doc, binary);
  const run = runCheck(root, configFile);
  forgetLines();
  if (run.failure) return { binary, doc, line, outcome: `docpact failed: ${run.failure}` };
  return { binary, doc, line, outcome: plantedOutcome(run.report.diagnostics, doc, line, binary, run.report.summary.notJudged, baseNotJudged) };
}

/**
 * The config a user of the project would have: with `config.from` "init" or "init+docs", what
 * `docpact init` writes in the checkout today (so the harness follows init as it improves), with
 * `config.add` (what docpact's docs tell a user to add) merged over it; otherwise the committed
 * docpact.config.json, whose `config.why` says why it is not init's.
 */
function projectConfig(dir, id, root, project) {
  const from = project.config?.from;
  if (from === "init" || from === "init+docs") {
    const r = spawnSync(process.execPath, [cli, "init", "--root", root], { encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
    const written = join(root, "docpact.config.json");
    if (r.status !== 0 || !existsSync(written)) return { failure: `docpact init failed: exit ${r.status}: ${(r.stderr || "").trim().split("\n")[0]}` };
    const config = mergeConfig(readJson(written), project.config.add ?? {});
    delete config.$schema;
    const configFile = join(workDir, `${id}.config.json`);
    writeFileSync(configFile, JSON.stringify(config, null, 2) + "\n");
    return { config, configFile, init: r.stdout };
  }
  const configFile = join(dir, "docpact.config.json");
  return existsSync(configFile) ? { config: readJson(configFile), configFile } : { config: undefined, configFile: undefined };
}

/** Objects merge key by key; arrays and values of `add` replace. */
function mergeConfig(base, add) {
  const out = { ...base };
  for (const [k, v] of Object.entries(add)) {
    out[k] = v && typeof v === "object" && !Array.isArray(v) && base[k] && typeof base[k] === "object" && !Array.isArray(base[k]) ? mergeConfig(base[k], v) : v;
  }
  return out;
}

/**
 * The report's `summary.coverage` ({ kind: { found, judged, notJudged } }) summed and per kind;
 * `neither` is what was found but neither judged nor counted (must be 0). Null when the report has none.
 */
function coverageOf(summary) {
  const c = summary.coverage;
  if (!c) return null;
  const kinds = {};
  const total = { found: 0, judged: 0, notJudged: 0, neither: 0 };
  for (const [kind, v] of Object.entries(c).sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const neither = v.found - v.judged - v.notJudged;
    kinds[kind] = { ...v, neither };
    total.found += v.found;
    total.judged += v.judged;
    total.notJudged += v.notJudged;
    total.neither += neither;
  }
  return { total, kinds };
}

function findingKey(f) {
  return [f.rule, f.file, f.token, f.message].join("\u0000");
}

function multiset(keys) {
  const m = new Map();
  for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1);
  return m;
}

function runMutation(checkout, root, project, configFile, m, docs, baseKeys) {
  restore(checkout, project.commit);
  forgetLines();
  // Documented places come from the unmutated docs: a grep for what the mutation renames.
  // Without `names`, the tokens its expectations name (so a place docpact misses in a file it never reports on still shows).
  const names = m.names ?? [...new Set(m.expect.map((x) => x.token).filter(Boolean))];
  const places = names.length > 0 ? documentedPlaces(root, docs, names) : null;
  const unlisted = places ? unlistedPlaces(places, m) : null;
  const empty = {
    id: m.id,
    expected: m.expect.filter((x) => !x.open).length,
    found: 0,
    open: 0,
    guessed: [],
    extra: [],
    places: places?.length ?? null,
    placeList: places ?? [],
    unlisted,
    namesFrom: m.names ? "names" : "expectation tokens",
  };
  const editError = applyEdits(root, m.edits);
  forgetLines();
  if (editError) return { ...empty, error: editError };
  const run = runCheck(root, configFile);
  if (run.failure) return { ...empty, error: `docpact failed: ${run.failure}` };
  const findings = run.report.diagnostics.map((d) => ({ ...d, token: tokenOf(root, d) }));
  const hits = (x, d) =>
    d.rule === x.rule && d.file === x.file && (x.line === undefined || d.line === x.line) && (x.token === undefined || d.token.includes(x.token));
  // An expectation with `open` (why docpact cannot know it) is out of scope: the place must stay
  // silent (an error there would be a guess), and it counts apart from recall.
  const inScope = m.expect.filter((x) => !x.open);
  const missed = inScope.filter((x) => !findings.some((d) => hits(x, d)));
  const open = m.expect.filter((x) => x.open);
  const guessed = open.filter((x) => findings.some((d) => hits(x, d)));
  // Findings the mutation added that no expectation names: docpact's own extra finds, each labelled in `extra`.
  const left = new Map(baseKeys);
  const extra = [];
  for (const d of findings) {
    const k = findingKey(d);
    if ((left.get(k) ?? 0) > 0) left.set(k, left.get(k) - 1);
    else if (!m.expect.some((x) => hits(x, d)))
      extra.push({ ...brief({ ...d, label: findLabel(m.extra ?? [], d) }), message: d.message, text: lineText(root, d)?.trim().slice(0, 160) });
  }
  return { ...empty, found: inScope.length - missed.length, missed, open: open.length, guessed, extra };
}

function writePending(dir, id, root, labelled, mutationResults) {
  const findings = labelled
    .filter((f) => !f.label)
    .map((f) => ({
      rule: f.rule,
      severity: f.severity,
      file: f.file,
      line: f.line,
      token: f.token,
      message: f.message,
      text: lineText(root, f),
      verdict: null,
      why: "",
    }));
  const places = mutationResults.flatMap((m) => (m.unlisted ?? []).map((p) => ({ mutation: m.id, ...p })));
  const extras = mutationResults.flatMap((m) => m.extra.filter((e) => e.label === "unlabelled").map((e) => ({ mutation: m.id, ...e })));
  const out = join(dir, "pending.json");
  const n = findings.length + places.length + extras.length;
  if (n > 0) writeFileSync(out, JSON.stringify({ findings, places, extras }, null, 2) + "\n");
  console.error(
    `${id}: ${findings.length} unlabelled finding(s), ${places.length} unlisted place(s), ${extras.length} unlabelled extra(s)${n ? ` → eval/projects/${id}/pending.json` : ""}`,
  );
}

function runCheck(root, configFile) {
  const argv = [cli, "check", "--root", root, "--format", "json"];
  if (configFile) argv.push("--config", configFile);
  const r = spawnSync(process.execPath, argv, {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, DOCPACT_NO_CACHE: "1", NO_COLOR: "1" },
  });
  if (r.status !== 0 && r.status !== 1) return { failure: `exit ${r.status}: ${(r.stderr || "").trim().split("\n")[0]}` };
  try {
    return { report: JSON.parse(r.stdout) };
  } catch {
    return { failure: "report is not JSON" };
  }
}

function parseArgs(argv) {
  const out = { projects: [], pending: false, write: false, json: false, minPrecision: 0, mutations: true, pruneStale: false, blind: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--project") out.projects.push(argv[++i]);
    else if (a === "--pending") out.pending = true;
    else if (a === "--write") out.write = true;
    else if (a === "--json") out.json = true;
    else if (a === "--no-mutations") out.mutations = false;
    else if (a === "--prune-stale") out.pruneStale = true;
    else if (a === "--blind") out.blind = true;
    else if (a === "--min-precision") out.minPrecision = Number(argv[++i]);
    else fail(`unknown option: ${a}`);
  }
  return out;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    fail(`${file}: ${e.message}`);
  }
}

function fail(msg) {
  console.error(`eval: ${msg}`);
  process.exit(2);
}
