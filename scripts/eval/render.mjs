// The harness's table on the terminal and docs/PRECISION.md. 0 of 0 is "—", never 100 %.
import { flagAttribution } from "./attribution.mjs";

export function pct(x) {
  return x === null || x === undefined ? "—" : `${(x * 100).toFixed(1)}%`;
}

/** "real/false/unlabelled of N": the whole truth of a tally in one cell. */
function counts(t) {
  return t.count === 0 ? "0" : `${t.count} (${t.real} real, ${t.false} false${t.unlabelled ? `, ${t.unlabelled} unlabelled` : ""})`;
}

/** The link kinds of summary.coverage: their own column; the coverage column is every other kind (CLI, skills, …). */
const LINK_KINDS = new Set(["links", "anchors", "paths"]);

function coverageText(r) {
  if (!r.coverage) return "not reported";
  const t = { found: 0, judged: 0 };
  for (const [k, v] of Object.entries(r.coverage.kinds)) {
    if (LINK_KINDS.has(k)) continue;
    t.found += v.found;
    t.judged += v.judged;
  }
  if (t.found === 0) return "— (0 mentions)";
  return `${t.judged}/${t.found} (${pct(t.judged / t.found)})`;
}

/** Links, anchors and backticked paths (judged/found, not judged): "—" for a kind with nothing found. */
function linkCoverageText(r) {
  if (!r.coverage) return "not reported";
  const one = (k) => {
    const v = r.coverage.kinds[k];
    if (!v || v.found === 0) return `— (0 ${k})`;
    return `${v.judged}/${v.found} (${pct(v.judged / v.found)}, ${v.notJudged} not judged)`;
  };
  return `${one("links")} · ${one("anchors")} · ${one("paths")}`;
}

/** Found − judged − not judged over every kind (links and anchors included), naming the kinds where it is not 0. */
function neitherText(r) {
  if (!r.coverage) return "—";
  const where = Object.entries(r.coverage.kinds)
    .filter(([, v]) => v.neither !== 0)
    .map(([k, v]) => `${k} ${v.neither}`);
  return where.length === 0 ? String(r.coverage.total.neither) : `${r.coverage.total.neither} (${where.join(", ")})`;
}

function recallText(r) {
  if (r.recall === null) return "—";
  const e = r.mutations.reduce((n, m) => n + m.expected, 0);
  const f = r.mutations.reduce((n, m) => n + m.found, 0);
  return `${f}/${e} (${pct(r.recall)})`;
}

function mutationSums(r) {
  const open = r.mutations.reduce((n, m) => n + m.open, 0);
  const withNames = r.mutations.filter((m) => m.places !== null);
  const unlisted = withNames.reduce((n, m) => n + m.unlisted.length, 0);
  const extra = r.mutations.flatMap((m) => m.extra);
  const extraUnl = extra.filter((e) => e.label === "unlabelled").length;
  const extraFalse = extra.filter((e) => e.label === "false").length;
  return {
    open,
    places:
      withNames.length === 0
        ? "—"
        : `${unlisted} of ${withNames.reduce((n, m) => n + m.places, 0)} unlisted` +
          (withNames.length < r.mutations.length ? ` (${r.mutations.length - withNames.length} mutation(s) name nothing to search)` : "") +
          (withNames.some((m) => m.namesFrom !== "names")
            ? ` (${withNames.filter((m) => m.namesFrom !== "names").length} searched by expectation tokens)`
            : ""),
    extra:
      extra.length === 0
        ? "0"
        : `${extra.length} (${extra.length - extraUnl - extraFalse} real, ${extraFalse} false${extraUnl ? `, ${extraUnl} unlabelled` : ""})`,
  };
}

function configText(r) {
  return r.config.why ? `${r.config.from}: ${r.config.why}` : r.config.from;
}

const columns = [
  "project",
  "config",
  "errors",
  "precision",
  "warnings",
  "warning precision",
  "coverage (judged/found)",
  "links · anchors · paths (judged/found)",
  "not judged",
  "neither",
  "mutation recall",
  "open",
  "documented places",
  "extra under mutation",
  "planted flag",
];

function row(r) {
  const m = mutationSums(r);
  return [
    r.id,
    configText(r),
    counts(r.errors),
    pct(r.errors.precision),
    counts(r.warnings),
    pct(r.warnings.precision),
    coverageText(r),
    linkCoverageText(r),
    String(r.notJudged?.total ?? 0),
    neitherText(r),
    recallText(r),
    String(m.open),
    m.places,
    m.extra,
    r.planted ? `${r.planted.outcome}${r.planted.line ? ` (\`${r.planted.binary} --docpact-planted-flag\` in ${r.planted.doc})` : ""}` : "—",
  ];
}

export function printTable(rs) {
  for (const r of rs) {
    if (r.skipped) {
      console.log(`${r.id}: skipped: ${r.skipped}`);
      continue;
    }
    const cells = row(r);
    console.log(`${r.id}  (${r.kinds.join(",")}, ${r.durationMs} ms)`);
    for (let i = 1; i < columns.length; i++) console.log(`  ${columns[i].padEnd(24)} ${cells[i]}`);
    for (const mu of r.mutations) {
      if (mu.error) console.log(`  mutation ${mu.id}: ${mu.error}`);
      else if (mu.missed.length > 0) console.log(`  mutation ${mu.id}: missed ${mu.missed.map((x) => `${x.rule} ${x.file}:${x.line ?? "*"}`).join(", ")}`);
      if (mu.guessed.length > 0)
        console.log(`  mutation ${mu.id}: reported where its set is open ${mu.guessed.map((x) => `${x.rule} ${x.file}:${x.line ?? "*"}`).join(", ")}`);
      if (mu.unlisted?.length > 0)
        console.log(`  mutation ${mu.id}: ${mu.unlisted.length} documented place(s) unlisted: ${mu.unlisted.map((p) => `${p.file}:${p.line}`).join(", ")}`);
      const unl = mu.extra.filter((e) => e.label === "unlabelled");
      if (unl.length > 0)
        console.log(`  mutation ${mu.id}: ${unl.length} unlabelled extra finding(s): ${unl.map((e) => `${e.rule} ${e.file}:${e.line}`).join(", ")}`);
    }
    if (r.evidence.wrong.length > 0)
      console.log(`  ${r.evidence.wrong.length} of ${r.evidence.checked} labelled message(s) no longer say what the label expects (evidence, suggestion)`);
    else if (r.evidence.checked > 0) console.log(`  ${r.evidence.checked} labelled message(s) say what their labels expect (evidence, suggestion)`);
    if (r.staleLabels > 0) console.log(`  ${r.staleLabels} label(s) match no finding (drift fixed, or docpact no longer reports it)`);
    if (r.coverage)
      for (const [k, v] of Object.entries(r.coverage.kinds))
        console.log(`  coverage ${k}: ${v.judged} judged, ${v.notJudged} not judged, ${v.neither} neither, of ${v.found}`);
  }
}

export function renderPrecisionDoc(rs) {
  const run = rs.filter((r) => !r.skipped);
  const lines = [
    "# Precision and coverage on real projects",
    "",
    "Written by `npm run eval -- --write` (scripts/eval.mjs) from the projects in `eval/projects/`:",
    "each is a public repository pinned by commit, with the config a user of it would write, a hand",
    "label (real or false, and why) for every finding docpact reports there, errors and warnings alike,",
    "and mutations (a command, flag, heading, page or member renamed or removed) with every documented",
    "place each must be reported at. An unlabelled finding counts as not real. Checkouts live outside",
    "the repository.",
    "",
    "How to read it:",
    "",
    "- **precision** is real / reported; **—** means nothing was reported (0 of 0 is not 100 %).",
    "- **coverage** is the mentions docpact judged out of the mentions it found (`summary.coverage` of the",
    "  report: commands, flags and the other kinds it counts, links, anchors and paths apart); **links · anchors · paths** is the",
    "  links, images and definitions that are not external URLs (relative files, site routes, `#x` in the page),",
    "  those of them with a fragment, and the backticked relative paths reference/missing-path looks at (judged:",
    "  found or reported), judged out of found, with how many were counted as not judged;",
    "  **not judged** is `summary.notJudged.total`;",
    "  **neither** is found − judged − not judged over every kind, links and anchors included: what docpact saw but",
    "  neither judged nor counted (must be 0).",
    '  "not reported" means this docpact\'s report has no coverage figure for the project.',
    "- **config** says where the project's config comes from: `init` (what `docpact init` writes), `init+docs`",
    "  (plus what docpact's docs tell a user to add), or `narrowed` with the reason.",
    "- **open** counts documented places a mutation breaks that docpact cannot judge (its set is open there:",
    "  it must stay silent); **documented places** are the lines of the docs in scope that name what the",
    "  mutation renames (a search of the checkout, not of what docpact saw), and how many of them no",
    "  expectation lists; **extra under mutation** are findings the mutation added that no expectation names.",
    "- **planted flag** (CLI projects): a README fence `<bin> --docpact-planted-flag` appended to the project; `reported` when",
    "  cli/unknown-flag reports it there, `unread` when docpact reads no CLI for the binary and cli/unread says so, `silent` otherwise",
    "  (with the not-judged reason the plant raised when it was counted, `not counted` when it was not even counted).",
    "",
    `| ${columns.join(" | ")} |`,
    `| ${columns.map(() => "---").join(" | ")} |`,
  ];
  for (const r of rs) {
    if (r.skipped) lines.push(`| ${r.id} | not run: ${r.skipped} |${" |".repeat(columns.length - 2)}`);
    else
      lines.push(
        `| ${row(r)
          .map((c) => c.replace(/\|/g, "\\|"))
          .join(" | ")} |`,
      );
  }
  const planted = run.filter((r) => r.planted);
  if (planted.length > 0) {
    const n = (o) => planted.filter((r) => r.planted.outcome.startsWith(o)).length;
    lines.push(
      "",
      `Planted flag: reported on ${n("reported")} of ${planted.length} CLI projects, cli/unread says the CLI is not read on ${n("unread")}, silent on ${n("silent")} (${n("silent, counted")} of them counted as not judged with the reason, ${n("silent, not counted")} not even counted)${planted.length - n("reported") - n("unread") - n("silent") ? `, other ${planted.length - n("reported") - n("unread") - n("silent")}` : ""}.`,
    );
  }
  lines.push("", "Projects: " + rs.map((r) => `${r.id} = ${r.repo} @ ${r.commit.slice(0, 10)} (${r.kinds.join(", ")})`).join("; ") + ".");
  const groups = new Map();
  for (const r of run) {
    for (const [g, v] of Object.entries(r.byGroup)) {
      const t = groups.get(g) ?? { errors: { count: 0, real: 0 }, warnings: { count: 0, real: 0 } };
      for (const s of ["errors", "warnings"]) {
        t[s].count += v[s].count;
        t[s].real += v[s].real;
      }
      groups.set(g, t);
    }
  }
  lines.push(
    "",
    "By rule group, over all projects:",
    "",
    "| group | errors | real | precision | warnings | real | precision |",
    "| --- | --- | --- | --- | --- | --- | --- |",
  );
  for (const [g, t] of [...groups].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const p = (s) => pct(s.count ? s.real / s.count : null);
    lines.push(`| ${g} | ${t.errors.count} | ${t.errors.real} | ${p(t.errors)} | ${t.warnings.count} | ${t.warnings.real} | ${p(t.warnings)} |`);
  }
  // Coverage per kind (commands, flags, terms, …): what the total of the main table is made of, per project.
  const kinds = [...new Set(run.flatMap((r) => Object.keys(r.coverage?.kinds ?? {})))];
  if (kinds.length > 0) {
    lines.push(
      "",
      "Coverage by kind (judged / found, not judged, neither; a kind with nothing found is left out; `terms` are the vocabulary",
      "names of prose and schema descriptions that the vocabulary rules look at):",
      "",
      `| project | ${kinds.join(" | ")} |`,
      `| --- | ${kinds.map(() => "---").join(" | ")} |`,
    );
    for (const r of run) {
      const k = r.coverage?.kinds ?? {};
      if (!Object.values(k).some((v) => v.found > 0)) continue;
      const cell = (v) => (!v || v.found === 0 ? "" : `${v.judged}/${v.found} (${pct(v.judged / v.found)}), ${v.notJudged} not judged, ${v.neither} neither`);
      lines.push(`| ${r.id} | ${kinds.map((x) => cell(k[x])).join(" | ")} |`);
    }
  }
  lines.push(...flagSection(run));
  lines.push(...reviewSection(run));
  lines.push("", "To reproduce: fetch each repository (see eval/README.md), then `npm run build && npm run eval`.", "");
  return lines.join("\n");
}

/**
 * CLI flag mentions split by whose they are (scripts/eval/attribution.mjs): the flags the report leaves unjudged as
 * another program's by evidence, and those of the CLI's own it could not judge; judged out of found − another's.
 */
function flagSection(run) {
  const rows = run.filter((r) => (r.coverage?.kinds?.flags?.found ?? 0) > 0);
  if (rows.length === 0) return [];
  const lines = [
    "",
    "Flag mentions by whose they are: of the flags found, those not judged because the document attributes them to another",
    "program (a paragraph, section, heading or page that runs or names another tool, an installing sentence, a link to another",
    "program's page, a list of another tool's operations, a skill's own argument; or no flag at all: a prefix, a CSS word), and those of the CLI itself left unjudged",
    "(an open flag set, a CLI no reader understood, an invocation not judged, a record, a removed flag). The last column is judged out of",
    "found minus another program's: how much of what the docs say about the CLI's own flags docpact judged.",
    "",
    "| project | flags judged/found | another program's (or no flag) | the CLI's, not judged | judged of the CLI's own |",
    "| --- | --- | --- | --- | --- |",
  ];
  for (const r of rows) {
    const f = r.coverage.kinds.flags;
    // Another program's by cli/unknown-flag's reasons; the CLI's own is every other flag not judged (cli/unread's too).
    const { other } = flagAttribution(r.notJudged);
    const own = f.notJudged - other;
    const mine = f.found - other;
    lines.push(
      `| ${r.id} | ${f.judged}/${f.found} (${pct(f.judged / f.found)}) | ${other} | ${own} | ${mine === 0 ? "—" : `${f.judged}/${mine} (${pct(f.judged / mine)})`} |`,
    );
  }
  return lines;
}

/** "real of count (precision)" by the labels, then by the review. */
function both(p, s) {
  const one = (t) => (t.count === 0 ? "—" : `${t.real}/${t.count} (${pct(t.real / t.count)})`);
  return `${one(p.labels[s])} / ${one(p.review[s])}`;
}

/** The independent review (eval/projects/<id>/review.json): agreement with the labels and expectations, every disagreement listed. */
function reviewSection(run) {
  const reviewed = run.filter((r) => r.review);
  if (reviewed.length === 0) return [];
  const cell = (t) => (t.reviewed === 0 ? "— (0 reviewed)" : `${t.agree}/${t.reviewed} agree${t.unreviewed ? `, ${t.unreviewed} new since` : ""}`);
  const sum = (k) =>
    reviewed.reduce(
      (t, r) => ({ reviewed: t.reviewed + r.review[k].reviewed, agree: t.agree + r.review[k].agree, unreviewed: t.unreviewed + r.review[k].unreviewed }),
      {
        reviewed: 0,
        agree: 0,
        unreviewed: 0,
      },
    );
  const total = (who, s) =>
    reviewed.reduce((t, r) => ({ count: t.count + r.review.precision[who][s].count, real: t.real + r.review.precision[who][s].real }), { count: 0, real: 0 });
  const over = (s) => both({ labels: { [s]: total("labels", s) }, review: { [s]: total("review", s) } }, s);
  const lines = [
    "",
    `Independent review: ${reviewed.length} of ${run.length} projects labelled a second time, from a blind sheet (\`--blind\`: every finding,`,
    "extra finding under mutation and documented place, without verdicts), by a reviewer who did not build the rules measured",
    "and did not see the committed labels. **findings** compares the review's real/false with the labels; **places** compares",
    "its breaks/not-a-mention with the mutations' expect (open or not) and ignore lists; the last two columns are the unmutated",
    "run's findings real by the labels and by the review. Over all reviewed projects: findings",
    `${cell(sum("findings"))}, places ${cell(sum("places"))}; errors real ${over("errors")}, warnings real ${over("warnings")}.`,
    "",
    "| project | reviewer | findings | places | errors real (labels / review) | warnings real (labels / review) |",
    "| --- | --- | --- | --- | --- | --- |",
    ...reviewed.map(
      (r) =>
        `| ${r.id} | ${r.review.reviewer} | ${cell(r.review.findings)} | ${cell(r.review.places)} | ${both(r.review.precision, "errors")} | ${both(r.review.precision, "warnings")} |`,
    ),
  ];
  const dis = reviewed.flatMap((r) => [
    ...r.review.findings.disagree.map(
      (d) =>
        `- ${r.id} ${d.rule} ${d.file}:${d.line} \`${d.token}\`${d.mutation ? ` (under ${d.mutation})` : ""}: label ${d.label} (${d.labelWhy}); review ${d.review} (${d.reviewWhy})`,
    ),
    ...r.review.places.disagree.map((d) => `- ${r.id} ${d.mutation} ${d.file}:${d.line}: listed ${d.listed}; review ${d.review} (${d.reviewWhy})`),
  ]);
  if (dis.length > 0) lines.push("", "Where the review and the committed files disagree:", "", ...dis.map((l) => l.replace(/\s+/g, " ")));
  return lines;
}
