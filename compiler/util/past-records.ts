/**
 * Documents that record the past: a changelog, release notes, or a record
 * dated in its file name (`docs/plans/2025-11-28-….md`, an ADR or blog post
 * named by its date). The names they use were right when they were written,
 * so rules that judge whether a name still exists count such mentions as not
 * judged instead of reporting them (links in them still resolve or not today).
 */

/**
 * File names of changelogs and release notes (`CHANGELOG.md`, `HISTORY.md`, `RELEASE-NOTES.md`): init's
 * HISTORY_FILE (compiler/init/scan.ts, files init leaves out of the docs) and release notes, which init keeps
 * in scope because their links are clicked today.
 */
const PAST_FILE = /^(changelog|changes|history|releases?|release[-_ ]?notes)(\.[a-z]+)?\.(md|markdown|mdx|mdoc)$/i;

/** A file name that starts with its date: `2025-11-28-plan.md`, `2024_01_05_notes.md`. */
const DATED = /^\d{4}[-_]\d{2}[-_]\d{2}(?:[-_.]|$)/;

/** Why `file` (root-relative) records the past, or null when it does not. */
export function pastRecordReason(file: string): string | null {
  const base = file.slice(file.lastIndexOf("/") + 1);
  if (PAST_FILE.test(base)) return "a changelog or release notes, which name what existed when each entry was written";
  if (DATED.test(base)) return "a record dated in its file name, which names what existed on that date";
  return null;
}
