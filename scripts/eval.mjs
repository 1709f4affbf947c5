// `npm run eval`: docpact's precision/recall harness on real public projects.
//
// Each project is a folder eval/projects/<id>/ with
//   project.json        { repo, commit, root?, kinds, why }   the pinned public repository
//   docpact.config.json the config a user of that project would write (passed with --config)
//   labels*.json        [{ rule, file, line, token, verdict: "real"|"false", why }]  hand labels
//   mutations*.json     [{ id, why, edits: [{ file, find, replace, all? } | { file, moveTo } | { file, delete: true }], expect: [{ rule, file, line, token?, open? }] }]
// Checkouts are made outside the repository (DOCPACT_EVAL_DIR, default /tmp/docpact-eval) from a
// local git mirror (DOCPACT_EVAL_MIRRORS, default /work/.mirror, laid out as <owner>+<name>/repo);
// a project without a mirror is skipped with the line that says how to get it. Nothing of a
// project's code is ever committed here: only the manifest, the config, labels and mutations.
//
// Options: --project ID (repeatable), --pending (write pending.json with every unlabelled
// finding, to label by hand), --write (regenerate docs/PRECISION.md), --json (machine output),
// --min-precision P (exit 1 when a project's error precision is below P).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const projectsDir = join(repoRoot, "eval", "projects");
const cli = join(repoRoot, "dist", "compiler", "cli", "main.js");
const workDir = process.env.DOCPACT_EVAL_DIR ?? "/tmp/docpact-eval";
const mirrorsDir = process.env.DOCPACT_EVAL_MIRRORS ?? "/work/.mirror";

/** Line cache per run; cleared whenever a checkout is reset or edited. */
const fileLines = new Map();
const args = parseArgs(process.argv.slice(2));
if (!existsSync(cli)) fail("dist/ is missing: run `npm run build` first");

const ids = readdirSync(projectsDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(projectsDir, d.name, "project.json")))
  .map((d) => d.name)
  .filter((id) => args.projects.length === 0 || args.projects.includes(id))
  .sort();
if (args.projects.length > 0) {
  for (const p of args.projects) if (!ids.includes(p)) fail(`unknown project: ${p} (see eval/projects/)`);
}

const results = [];
for (const id of ids) results.push(evaluateProject(id));

if (args.json) {
  process.stdout.write(JSON.stringify(results, null, 2) + "\n");
} else {
  printTable(results);
}
if (args.write) {
  const file = join(repoRoot, "docs", "PRECISION.md");
  writeFileSync(file, renderPrecisionDoc(results));
  console.error(`wrote docs/PRECISION.md`);
}
const below = results.filter((r) => !r.skipped && r.errors > 0 && r.precision < args.minPrecision);
if (below.length > 0) {
  console.error(`below --min-precision ${args.minPrecision}: ${below.map((r) => r.id).join(", ")}`);
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------

function evaluateProject(id) {
  const dir = join(projectsDir, id);
  const project = readJson(join(dir, "project.json"));
  // labels.json, or several files labels.<group>.json (one per rule group keeps merges apart).
  const labels = readdirSync(dir)
    .filter((f) => /^labels(\.[\w-]+)?\.json$/.test(f))
    .sort()
    .flatMap((f) => readJson(join(dir, f)));
  const mutations = readdirSync(dir)
    .filter((f) => /^mutations(\.[\w-]+)?\.json$/.test(f))
    .sort()
    .flatMap((f) => readJson(join(dir, f)));
  const configFile = join(dir, "docpact.config.json");
  const base = { id, repo: project.repo, commit: project.commit, kinds: project.kinds ?? [] };
  const mirror = join(mirrorsDir, project.repo.replace("/", "+"), "repo");
  if (!existsSync(mirror)) {
    return { ...base, skipped: `no local mirror of ${project.repo} (fetch github:${project.repo}, then run again)` };
  }
  const checkout = join(workDir, id);
  prepareCheckout(mirror, checkout, project.commit, project.sparseExclude);
  const root = join(checkout, project.root ?? ".");

  const run = runCheck(root, existsSync(configFile) ? configFile : undefined);
  if (run.failure) return { ...base, skipped: `docpact failed: ${run.failure}` };
  const findings = run.report.diagnostics.map((d) => ({ ...d, token: tokenOf(root, d) }));
  const labelled = findings.map((f) => ({ ...f, label: findLabel(labels, f) }));
  const errors = labelled.filter((f) => f.severity === "error");
  const real = errors.filter((f) => f.label?.verdict === "real").length;
  const falseCount = errors.filter((f) => f.label?.verdict === "false").length;
  const unlabelled = errors.filter((f) => !f.label).length;
  const byGroup = {};
  for (const f of errors) {
    const g = (byGroup[f.rule.split("/")[0]] ??= { errors: 0, real: 0, false: 0, unlabelled: 0 });
    g.errors++;
    if (!f.label) g.unlabelled++;
    else if (f.label.verdict === "real") g.real++;
    else g.false++;
  }
  const warnings = labelled.filter((f) => f.severity === "warning");
  // A label's `evidence` (text the message must contain: the commit git names) and `suggestion` check what a finding says, not only that it is real.
  const withEvidence = labelled.filter((f) => f.label && (f.label.evidence !== undefined || f.label.suggestion !== undefined));
  const evidenceWrong = withEvidence
    .filter((f) => (f.label.evidence !== undefined && !f.message.includes(f.label.evidence)) || (f.label.suggestion !== undefined && (f.suggestion ?? null) !== f.label.suggestion))
    .map((f) => ({ ...brief(f), message: f.message, suggestion: f.suggestion ?? null, expected: { evidence: f.label.evidence, suggestion: f.label.suggestion } }));

  if (args.pending) {
    const pending = labelled
      .filter((f) => !f.label)
      .map((f) => ({ rule: f.rule, severity: f.severity, file: f.file, line: f.line, token: f.token, message: f.message, text: lineText(root, f), verdict: null, why: "" }));
    const out = join(dir, "pending.json");
    if (pending.length > 0) writeFileSync(out, JSON.stringify(pending, null, 2) + "\n");
    console.error(`${id}: ${pending.length} unlabelled finding(s)${pending.length ? ` → eval/projects/${id}/pending.json` : ""}`);
  }

  const mutationResults = mutations.map((m) => runMutation(mirror, checkout, project, configFile, m));
  restore(checkout, project.commit);
  const expected = mutationResults.reduce((n, m) => n + m.expected, 0);
  const found = mutationResults.reduce((n, m) => n + m.found, 0);
  return {
    ...base,
    errors: errors.length,
    real,
    false: falseCount,
    unlabelled,
    precision: errors.length === 0 ? 1 : real / errors.length,
    warnings: warnings.length,
    warningsReal: warnings.filter((f) => f.label?.verdict === "real").length,
    byGroup,
    notJudged: run.report.summary.notJudged ?? null,
    durationMs: run.report.summary.durationMs,
    files: run.report.summary.files,
    staleLabels: labels.filter((l) => !labelled.some((f) => f.label === l)).length,
    evidence: { checked: withEvidence.length, wrong: evidenceWrong },
    mutations: mutationResults,
    recall: expected === 0 ? null : found / expected,
    falseFindings: errors.filter((f) => !f.label || f.label.verdict === "false").map(brief),
  };
}

function runMutation(mirror, checkout, project, configFile, m) {
  restore(checkout, project.commit);
  const root = join(checkout, project.root ?? ".");
  for (const e of m.edits) {
    const file = join(root, e.file);
    if (!existsSync(file)) return { id: m.id, expected: m.expect.length, found: 0, error: `edit target missing: ${e.file}` };
    fileLines.clear();
    // A page moved or an asset deleted: `moveTo` (a path relative to the project root) or `delete`.
    if (e.delete || e.moveTo) {
      if (e.moveTo) {
        mkdirSync(dirname(join(root, e.moveTo)), { recursive: true });
        renameSync(file, join(root, e.moveTo));
      } else rmSync(file);
      continue;
    }
    const text = readFileSync(file, "utf8");
    if (!text.includes(e.find)) return { id: m.id, expected: m.expect.length, found: 0, error: `text not found in ${e.file}: ${e.find}` };
    fileLines.clear();
    writeFileSync(file, e.all ? text.split(e.find).join(e.replace) : text.replace(e.find, e.replace));
  }
  const run = runCheck(root, existsSync(configFile) ? configFile : undefined);
  if (run.failure) return { id: m.id, expected: m.expect.length, found: 0, error: `docpact failed: ${run.failure}` };
  const missed = [];
  // An expectation with `open` (why docpact cannot know it) is out of scope: the place must stay
  // silent (an error there would be a guess), and it counts apart from recall.
  const inScope = m.expect.filter((x) => !x.open);
  const hitOf = (x) =>
    run.report.diagnostics.some(
      (d) => d.rule === x.rule && d.file === x.file && (x.line === undefined || d.line === x.line) && (x.token === undefined || tokenOf(root, d).includes(x.token)),
    );
  for (const x of inScope) if (!hitOf(x)) missed.push(x);
  const open = m.expect.filter((x) => x.open);
  const guessed = open.filter(hitOf);
  return { id: m.id, expected: inScope.length, found: inScope.length - missed.length, missed, open: open.length, guessed };
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

function prepareCheckout(mirror, checkout, commit, sparseExclude) {
  if (!existsSync(join(checkout, ".git"))) {
    mkdirSync(dirname(checkout), { recursive: true });
    git(["clone", "-q", "--no-checkout", mirror, checkout]);
  }
  // Files a mirror lacks (snapshots leave out blobs of 4 MiB and more) would fail the checkout:
  // project.json `sparseExclude` lists them, and a sparse checkout leaves them out.
  if (sparseExclude?.length) {
    git(["-C", checkout, "config", "core.sparseCheckout", "true"]);
    const info = join(checkout, ".git", "info");
    mkdirSync(info, { recursive: true });
    writeFileSync(join(info, "sparse-checkout"), ["/*", ...sparseExclude.map((p) => `!/${p}`), ""].join("\n"));
  }
  restore(checkout, commit);
}

function restore(checkout, commit) {
  fileLines.clear();
  git(["-C", checkout, "checkout", "-q", "-f", commit]);
  git(["-C", checkout, "clean", "-fdxq"]);
}

function git(argv) {
  const r = spawnSync("git", argv, { encoding: "utf8" });
  if (r.status !== 0) fail(`git ${argv.join(" ")}: ${(r.stderr || "").trim()}`);
  return r.stdout;
}

/** The text the diagnostic's span covers, on its first line (the offending token). */
function tokenOf(root, d) {
  const line = lineText(root, d);
  if (line === undefined) return "";
  const end = d.endLine === d.line ? d.endColumn - 1 : line.length;
  return line.slice(d.column - 1, Math.max(d.column - 1, end)).slice(0, 120);
}

function lineText(root, d) {
  const key = join(root, d.file);
  if (!fileLines.has(key)) {
    fileLines.set(key, existsSync(key) ? readFileSync(key, "utf8").replace(/^\uFEFF/, "").split(/\r?\n/) : null);
  }
  return fileLines.get(key)?.[d.line - 1];
}

/** A label matches on rule, file and token, and on the line when the label gives one. */
function findLabel(labels, f) {
  const same = labels.filter((l) => l.rule === f.rule && l.file === f.file && (l.token === undefined || l.token === f.token));
  return same.find((l) => l.line === f.line) ?? same.find((l) => l.line === undefined);
}

function brief(f) {
  return { rule: f.rule, file: f.file, line: f.line, token: f.token, label: f.label ? f.label.verdict : "unlabelled" };
}

function printTable(rs) {
  const rows = [["project", "kinds", "errors", "real", "false", "unlabelled", "precision", "warnings", "mutation recall", "ms"]];
  for (const r of rs) {
    if (r.skipped) {
      rows.push([r.id, (r.kinds ?? []).join(","), "skipped: " + r.skipped]);
      continue;
    }
    rows.push([r.id, r.kinds.join(","), r.errors, r.real, r.false, r.unlabelled, pct(r.precision), r.warnings, recallText(r), r.durationMs]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.filter((row) => row.length > 3).map((row) => String(row[i] ?? "").length)));
  for (const row of rows) console.log(row.length <= 3 ? row.join("  ") : row.map((c, i) => String(c).padEnd(widths[i])).join("  "));
  for (const r of rs) {
    if (r.skipped) continue;
    for (const m of r.mutations) {
      if (m.error) console.log(`  ${r.id} mutation ${m.id}: ${m.error}`);
      else if (m.missed.length > 0) console.log(`  ${r.id} mutation ${m.id}: missed ${m.missed.map((x) => `${x.rule} ${x.file}:${x.line ?? "*"}`).join(", ")}`);
      if (m.guessed?.length > 0) console.log(`  ${r.id} mutation ${m.id}: reported where its set is open ${m.guessed.map((x) => `${x.rule} ${x.file}:${x.line ?? "*"}`).join(", ")}`);
    }
    if (r.evidence?.wrong.length > 0) console.log(`  ${r.id}: ${r.evidence.wrong.length} of ${r.evidence.checked} labelled message(s) no longer say what the label expects (evidence, suggestion)`);
    else if (r.evidence?.checked > 0) console.log(`  ${r.id}: ${r.evidence.checked} labelled message(s) say what their labels expect (evidence, suggestion)`);
    if (r.staleLabels > 0) console.log(`  ${r.id}: ${r.staleLabels} label(s) match no finding (drift fixed, or docpact no longer reports it)`);
  }
}

function recallText(r) {
  if (r.recall === null) return "-";
  const e = r.mutations.reduce((n, m) => n + m.expected, 0);
  const f = r.mutations.reduce((n, m) => n + m.found, 0);
  const open = r.mutations.reduce((n, m) => n + (m.open ?? 0), 0);
  return `${f}/${e} (${pct(r.recall)})${open ? ` + ${open} open` : ""}`;
}

function pct(x) {
  return `${(x * 100).toFixed(1)}%`;
}

function renderPrecisionDoc(rs) {
  const lines = [
    "# Precision on real projects",
    "",
    "Written by `npm run eval -- --write` (scripts/eval.mjs) from the projects in `eval/projects/`:",
    "each is a public repository pinned by commit, with the config a user of it would write, a hand",
    "label (real or false, and why) for every error docpact reports there, and mutations (a command,",
    "flag, heading, page or member renamed or removed) with every documented place each must be",
    "reported at. An unlabelled error counts as false. Checkouts live outside the repository.",
    "",
    "| project | repository @ commit | kinds | errors | real | false | unlabelled | precision | warnings | mutation recall |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const r of rs) {
    const at = `${r.repo} @ ${r.commit.slice(0, 10)}`;
    if (r.skipped) lines.push(`| ${r.id} | ${at} | ${r.kinds.join(", ")} | not run: ${r.skipped} | | | | | | |`);
    else lines.push(`| ${r.id} | ${at} | ${r.kinds.join(", ")} | ${r.errors} | ${r.real} | ${r.false} | ${r.unlabelled} | ${pct(r.precision)} | ${r.warnings} | ${recallText(r)} |`);
  }
  const groups = new Map();
  for (const r of rs) {
    if (r.skipped) continue;
    for (const [g, v] of Object.entries(r.byGroup)) {
      const t = groups.get(g) ?? { errors: 0, real: 0 };
      t.errors += v.errors;
      t.real += v.real;
      groups.set(g, t);
    }
  }
  lines.push("", "By rule group, over all projects:", "", "| group | errors | real | precision |", "| --- | --- | --- | --- |");
  for (const [g, t] of [...groups].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    lines.push(`| ${g} | ${t.errors} | ${t.real} | ${pct(t.errors ? t.real / t.errors : 1)} |`);
  }
  lines.push("", "To reproduce: fetch each repository (see eval/README.md), then `npm run build && npm run eval`.", "");
  return lines.join("\n");
}

function parseArgs(argv) {
  const out = { projects: [], pending: false, write: false, json: false, minPrecision: 0 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--project") out.projects.push(argv[++i]);
    else if (a === "--pending") out.pending = true;
    else if (a === "--write") out.write = true;
    else if (a === "--json") out.json = true;
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
