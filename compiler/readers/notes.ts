/**
 * Delegation-note syntax: a paragraph that opens with strong text ending in
 * `is <marker>` or `are <marker>` (optionally followed by a colon, inside or
 * right after the strong). This module only recognizes the head; the reader
 * decides which paragraphs belong to the note and collects its owners.
 */
import type { Paragraph } from "mdast";
import { toString } from "mdast-util-to-string";
import { githubSlug } from "../util/slug.js";

export const DEFAULT_MARKERS = ["not this document's call"];

export interface NoteHead {
  subject: string;
  /** The configured marker that matched, as configured. */
  marker: string;
}

/** Prepared markers: normalized for comparison, paired with the configured text. */
export interface NoteMatcher {
  markers: { raw: string; norm: string }[];
}

/** Lowercase, typographic apostrophes → `'`, whitespace runs → one space, trimmed. */
export function normalizeNoteText(s: string): string {
  return s
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

export function makeNoteMatcher(markers: readonly string[]): NoteMatcher {
  const list = (markers.length ? markers : DEFAULT_MARKERS)
    .map((raw) => ({ raw, norm: normalizeNoteText(raw) }))
    .filter((m) => m.norm.length > 0)
    // Longest first, so a marker that ends another marker cannot steal its match.
    .sort((a, b) => b.norm.length - a.norm.length || (a.raw < b.raw ? -1 : a.raw > b.raw ? 1 : 0));
  return { markers: list };
}

/** Recognizes a note head in the paragraph's opening strong text; null when it is not a note. */
export function matchNoteHead(paragraph: Paragraph, matcher: NoteMatcher): NoteHead | null {
  const first = paragraph.children[0];
  if (!first || first.type !== "strong") return null;
  return matchNoteStrongText(toString(first), matcher);
}

/** The text test on its own: `X is <marker>` / `X are <marker>`, optional trailing colon. */
export function matchNoteStrongText(strongText: string, matcher: NoteMatcher): NoteHead | null {
  // Same normalization for the original-case text, so slicing indices agree.
  const plain = strongText
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/\s*:$/, "");
  for (const m of matcher.markers) {
    for (const verb of [" is ", " are "]) {
      const suffix = verb + m.norm;
      // Compare the tail only: lowercasing the whole text may change its length.
      if (plain.length > suffix.length && plain.slice(plain.length - suffix.length).toLowerCase() === suffix) {
        // "X, and Y, is …": the comma before the verb is not part of the subject.
        const subject = plain
          .slice(0, plain.length - suffix.length)
          .replace(/[\s,]+$/, "")
          .trim();
        if (subject) return { subject, marker: m.raw };
      }
    }
  }
  return null;
}

/** Stable note ids within one file: `<file>#<slug>`, then `-2`, `-3` for repeats. */
export class NoteIds {
  private readonly counts = new Map<string, number>();
  constructor(private readonly file: string) {}

  next(subject: string): string {
    const base = `${this.file}#${githubSlug(subject)}`;
    const n = (this.counts.get(base) ?? 0) + 1;
    this.counts.set(base, n);
    return n === 1 ? base : `${base}-${n}`;
  }
}
