// The planted flag (issue 26): on every CLI project, a README fence invoking the CLI with a flag no CLI has
// (`<bin> --docpact-planted-flag`) must be reported — or, when docpact reads no CLI for the binary, said by cli/unread.
// Silence there is a blind spot users would trust.
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const PLANTED = "--docpact-planted-flag";

/**
 * The binary a planted flag invokes: among the config's `cli.binaries` (init's), else package.json `bin`, the package's
 * own name, else the repository's name (a monorepo's `knip` beside `create-config`), else the first.
 */
export function plantedBinary(root, config, repoName = null) {
  let pkg = {};
  try {
    pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  } catch {}
  const own = typeof pkg.name === "string" ? pkg.name.replace(/^@[^/]+\//, "") : null;
  const fromBin = typeof pkg.bin === "string" ? (own ? [own] : []) : Object.keys(pkg.bin ?? {});
  const bins = config?.cli?.binaries ?? fromBin;
  if (bins.length === 0) return null;
  if (bins.includes(own)) return own;
  if (repoName && bins.includes(repoName)) return repoName;
  return [...bins].sort()[0];
}

/** The document planted in: the root README in scope, else the first Markdown document in scope. */
export function plantedDocument(docs) {
  return docs.find((d) => /^readme\.md$/i.test(d)) ?? docs.find((d) => d.endsWith(".md")) ?? null;
}

/** Appends the fence; returns its invocation's line. */
export function plant(root, doc, binary) {
  const file = join(root, doc);
  const before = existsSync(file) ? readFileSync(file, "utf8") : "";
  const sep = before.endsWith("\n") ? "\n" : "\n\n";
  appendFileSync(file, `${sep}\`\`\`sh\n${binary} ${PLANTED}\n\`\`\`\n`);
  return before.split("\n").length + (sep === "\n" ? 2 : 3);
}

/**
 * What the report did with it: reported at the line, cli/unread said the binary is not read, counted as not judged
 * (the reason whose count the plant raised, against the unmutated run's `summary.notJudged`), or silence.
 */
export function plantedOutcome(diagnostics, doc, line, binary, notJudged = null, baseNotJudged = null) {
  if (diagnostics.some((d) => d.rule === "cli/unknown-flag" && d.file === doc && d.line === line)) return "reported";
  if (diagnostics.some((d) => d.rule === "cli/unread" && d.message.includes(`\`${binary}\``))) return "unread (cli/unread warns)";
  const raised = [];
  for (const [rule, v] of Object.entries(notJudged?.byRule ?? {})) {
    if (!rule.startsWith("cli/")) continue;
    for (const [reason, n] of Object.entries(v.reasons)) if (n > (baseNotJudged?.byRule?.[rule]?.reasons?.[reason] ?? 0)) raised.push(`${rule}: ${reason}`);
  }
  return raised.length > 0 ? `silent, counted not judged (${raised.sort().join("; ")})` : "silent, not counted";
}
