/** Heading text as docpact compares it (section references, git history of headings). */

/** Case-, whitespace- and markup-insensitive form of a heading or section name. */
export function normalizeHeading(s: string): string {
  return s.normalize("NFC").replace(/[`*_]/g, "").replace(/\s+/g, " ").trim().toLowerCase();
}
