/**
 * `--since REF`: which findings a change is answerable for. A finding is in
 * scope when its line changed since REF (or its file is new; or it is a
 * reference finding in a file moved since REF), or when the
 * change caused it elsewhere: a string literal removed from code or a schema
 * (a renamed command, flag or member) that the finding names, a path deleted
 * or renamed away that it points at, a heading removed that it references.
 */
import type { Diagnostic } from "../model/diagnostic.js";
import { sectionNamesOf } from "../model/references.js";
import { normalizeHeading } from "../util/headings.js";
import { githubSlug } from "../util/slug.js";
import type { ChangeSet } from "../git/changes.js";

/**
 * The literals removed from the project's code and schemas (`isSource`), not
 * from its other files: a baseline, a lock file or fixtures are no command surface.
 */
export function removedSourceLiterals(changes: ChangeSet, isSource: (path: string) => boolean): Set<string> {
  const out = new Set<string>();
  for (const [file, lits] of changes.removedLiterals) if (isSource(file)) for (const l of lits) out.add(l);
  return out;
}

export function inScope(d: Diagnostic, token: string, changes: ChangeSet, literals: ReadonlySet<string>): boolean {
  if (changes.wholeFiles.has(d.file)) return true;
  // A moved document's relative links and paths moved with it: its reference findings are the move's.
  if (changes.movedFiles.has(d.file) && d.rule.startsWith("reference/")) return true;
  const ranges = changes.lines.get(d.file);
  if (ranges?.some(([a, b]) => d.line <= b && d.endLine >= a)) return true;
  return causedByChange(d, token, changes, literals);
}

function causedByChange(d: Diagnostic, token: string, c: ChangeSet, literals: ReadonlySet<string>): boolean {
  const text = `${token} ${d.message} ${d.suggestion ?? ""}`;
  if (d.rule.startsWith("cli/") || d.rule.startsWith("vocabulary/") || d.rule.startsWith("delegation/") || d.rule.startsWith("decision/")) {
    for (const w of words(text)) if (literals.has(w) || literals.has(w.replace(/^-+/, ""))) return true;
    for (const l of literals) if (l.includes(" ") && token.includes(l)) return true;
  }
  for (const p of c.removedPaths) {
    if (text.includes(p)) return true;
    for (const w of words(text)) if (w.includes("/") && p.endsWith(`/${w.replace(/^(?:\.\.?\/)+/, "")}`)) return true;
  }
  if (c.removedHeadings.size > 0) {
    const norm = normalizeHeading(text);
    // Any name the reference may use: `§ *Retry policy*` is a reference to `## Retry policy (v2)`.
    for (const h of c.removedHeadings) {
      if (!h) continue;
      if (norm.includes(h) || text.toLowerCase().includes(`#${githubSlug(h)}`)) return true;
      if (sectionNamesOf(h).some((n) => containsPhrase(norm, n))) return true;
    }
  }
  return false;
}

/** Whether `phrase` occurs in `text` not inside a longer word (`retry policy` is not in `retry policyholder`). */
function containsPhrase(text: string, phrase: string): boolean {
  const isWord = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}_]/u.test(c);
  for (let i = text.indexOf(phrase); i !== -1; i = text.indexOf(phrase, i + 1)) {
    if (!isWord(text[i - 1]) && !isWord(text[i + phrase.length])) return true;
  }
  return false;
}

/** Word-like pieces of a token or message: `aw`, `flow`, `--json`, `retry.exhausted`, `docs/a.md`. */
function words(text: string): string[] {
  return text.match(/[\p{L}\p{N}_][\p{L}\p{N}_.\-/:]*|--?[\p{L}\p{N}][\p{L}\p{N}_-]*/gu)?.map((w) => w.replace(/[.:]+$/, "")) ?? [];
}
