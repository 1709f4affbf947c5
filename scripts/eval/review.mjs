// The independent review: a second labeller, who did not build the rules measured, labels a project
// from a blind sheet (every finding and every documented place of its mutations, no verdicts), and
// the harness compares that review with the committed labels and expectations.
//
// Blind sheet (written by `--blind` to DOCPACT_EVAL_DIR/<id>.blind.json, outside the repository so
// the sheet never sits beside the labels):
//   { id, checkout, findings: [{ rule, severity, file, line, token, message, text, mutation? }],
//     mutations: [{ id, why, edits, places: [{ file, line, text }] }] }
// Review (eval/projects/<id>/review.json, the sheet filled in):
//   { reviewer, method, findings: [{ rule, file, line, token, mutation?, verdict: "real"|"false", why }],
//     places: [{ mutation, file, line, verdict: "breaks"|"not-a-mention", why }] }
import { findLabel } from "./labels.mjs";

/** What the harness's own files say of a documented place: an expectation (open or not) breaks it, an ignore does not. */
export function listedVerdict(place, mutation) {
  const at = (x) => x.file === place.file && (x.line === undefined || x.line === place.line);
  if (mutation.expect.some(at)) return "breaks";
  if ((mutation.ignore ?? []).some(at)) return "not-a-mention";
  return null;
}

/** The blind sheet of one project: what a reviewer labels, without any of the committed verdicts. */
export function blindSheet(id, checkout, findings, mutations, mutationResults) {
  const strip = ({ rule, severity, file, line, token, message, text, mutation }) => ({ rule, severity, file, line, token, message, text, mutation });
  return {
    id,
    checkout,
    findings: [...findings.map(strip), ...mutationResults.flatMap((m) => m.extra.map((e) => strip({ ...e, mutation: m.id })))],
    mutations: mutations.map((m, i) => ({ id: m.id, why: m.why, edits: m.edits, places: mutationResults[i]?.placeList ?? [] })),
  };
}

/**
 * The review compared with the committed labels (findings, and extra findings under mutation) and with
 * the mutations' expect/ignore lists (documented places). A sheet entry the review lacks is `unreviewed`
 * (a finding or place that is new since the review).
 */
export function compareReview(review, labelled, mutations, mutationResults) {
  const findings = { reviewed: 0, agree: 0, disagree: [], unreviewed: 0 };
  // Precision both ways over the findings the review saw (the unmutated run's): by the labels and by the review.
  const tallies = { labels: { errors: [0, 0], warnings: [0, 0] }, review: { errors: [0, 0], warnings: [0, 0] } };
  const verdictOf = (f) =>
    findLabel(
      (review.findings ?? []).filter((r) => (r.mutation ?? null) === (f.mutation ?? null)),
      f,
    );
  const judge = (f, label) => {
    const r = verdictOf(f);
    if (!r) return void findings.unreviewed++;
    findings.reviewed++;
    const ours = label?.verdict ?? "unlabelled";
    if (ours === r.verdict) findings.agree++;
    else
      findings.disagree.push({
        rule: f.rule,
        file: f.file,
        line: f.line,
        token: f.token,
        mutation: f.mutation,
        label: ours,
        labelWhy: label?.why ?? "",
        review: r.verdict,
        reviewWhy: r.why,
      });
  };
  for (const f of labelled) {
    judge(f, f.label);
    const r = verdictOf(f);
    if (!r) continue;
    const s = f.severity === "error" ? "errors" : "warnings";
    for (const [who, real] of [
      ["labels", f.label?.verdict === "real"],
      ["review", r.verdict === "real"],
    ]) {
      tallies[who][s][0]++;
      if (real) tallies[who][s][1]++;
    }
  }
  mutationResults.forEach((m, i) => {
    for (const e of m.extra) judge({ ...e, mutation: m.id }, findLabel(mutations[i].extra ?? [], e));
  });

  const places = { reviewed: 0, agree: 0, disagree: [], unreviewed: 0 };
  mutationResults.forEach((m, i) => {
    for (const p of m.placeList ?? []) {
      const r = (review.places ?? []).find((x) => x.mutation === m.id && x.file === p.file && x.line === p.line);
      if (!r) {
        places.unreviewed++;
        continue;
      }
      places.reviewed++;
      const ours = listedVerdict(p, mutations[i]) ?? "unlisted";
      if (ours === r.verdict) places.agree++;
      else places.disagree.push({ mutation: m.id, file: p.file, line: p.line, text: p.text, listed: ours, review: r.verdict, reviewWhy: r.why });
    }
  });
  const tally = ([count, real]) => ({ count, real });
  const precision = Object.fromEntries(Object.entries(tallies).map(([who, t]) => [who, { errors: tally(t.errors), warnings: tally(t.warnings) }]));
  return { reviewer: review.reviewer ?? "unnamed", findings, places, precision };
}
