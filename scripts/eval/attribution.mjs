// Which of cli/unknown-flag's not-judged flags the report attributes to another program by evidence in the document
// (a paragraph, section, heading or page that runs or names another tool, an installing sentence, a link to another
// program's page, a list of another tool's operations, a skill's own argument) or that are no flag at all (a prefix, a
// CSS word), as against those it leaves unjudged
// for partial knowledge of the CLI itself (an open flag set, an invocation not judged, a record of the past, a removed
// flag). The reasons are the report's own (`summary.notJudged.byRule["cli/unknown-flag"].reasons`: short and stable).
const OTHER_PROGRAM = [
  /^a flag whose (paragraph|section|page) (names|runs) another (tool|program)/,
  /^a flag whose section heading names another tool/,
  /^a flag under a heading that names another tool/,
  /^a flag linked to an external page/,
  /^a flag listed with `[^`]*`, a word no command of the CLI is/,
  /^an argument `[^`]*` declares \(skill\/unknown-argument judges it\)/,
  // No flag at all: a prefix prose names (`--no-`), a CSS word (`-moz-initial`).
  /^a flag prefix \(`[^`]*`\), not a flag/,
  /^a dash word no CLI flag is written as/,
];

/** True when a not-judged reason of cli/unknown-flag attributes the flag to another program. */
export function isOtherProgram(reason) {
  return OTHER_PROGRAM.some((re) => re.test(reason));
}

/** { other, own }: how many not-judged flags are another program's by evidence, and how many are left for partial knowledge. */
export function flagAttribution(notJudged) {
  const reasons = notJudged?.byRule?.["cli/unknown-flag"]?.reasons ?? {};
  let other = 0;
  let own = 0;
  for (const [reason, n] of Object.entries(reasons)) {
    if (isOtherProgram(reason)) other += n;
    else own += n;
  }
  return { other, own };
}
