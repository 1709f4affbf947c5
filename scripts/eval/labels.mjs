// Hand labels: which findings are real, which false; counted for errors and warnings alike.

const sameFinding = (l, f) => l.rule === f.rule && l.file === f.file && (l.token === undefined || l.token === f.token);

/** A label matches on rule, file and token, and on the line when the label gives one. */
export function findLabel(labels, f) {
  const same = labels.filter((l) => sameFinding(l, f));
  return same.find((l) => l.line === f.line) ?? same.find((l) => l.line === undefined);
}

/** Labels no finding matches any more (the drift was fixed, or docpact no longer reports it). */
export function staleLabels(labels, findings) {
  return labels.filter((l) => !findings.some((f) => sameFinding(l, f) && (l.line === undefined || l.line === f.line)));
}

/** Real / false / unlabelled counts of a list of labelled findings; precision is null for 0 of 0. */
export function tally(findings) {
  const real = findings.filter((f) => f.label?.verdict === "real").length;
  const falseCount = findings.filter((f) => f.label?.verdict === "false").length;
  const unlabelled = findings.filter((f) => !f.label).length;
  return { count: findings.length, real, false: falseCount, unlabelled, precision: findings.length === 0 ? null : real / findings.length };
}

export function brief(f) {
  return { rule: f.rule, severity: f.severity, file: f.file, line: f.line, token: f.token, label: f.label ? f.label.verdict : "unlabelled" };
}
