/**
 * Every delegation note with its document's nearest heading, outside
 * regions: what the `delegations` template and generated/delegations.ts list.
 * Built once per model by the link stage's index (regions render many times).
 */
import { cmp } from "../util/compare.js";
import type { DelegationNote, MarkdownDoc } from "./types.js";

export interface CollectedNote {
  file: string;
  /** Slug of the nearest heading above the note, or null. */
  slug: string | null;
  note: DelegationNote;
}

export function collectNotes(docs: readonly MarkdownDoc[]): CollectedNote[] {
  const out: CollectedNote[] = [];
  for (const doc of [...docs].sort((a, b) => cmp(a.file, b.file))) {
    if (doc.notes.length === 0) continue;
    // Generated text never feeds generation: notes and headings inside regions are skipped, so build twice is a no-op.
    const inRegion = (line: number) => doc.regions.some((r) => line > r.span.line && line < r.span.endLine);
    const headings = doc.headings.filter((h) => !inRegion(h.span.line));
    for (const note of doc.notes) {
      if (inRegion(note.span.line)) continue;
      const heading = [...headings].reverse().find((h) => h.span.line <= note.span.line);
      out.push({ file: doc.file, slug: heading ? heading.slug : null, note });
    }
  }
  return out;
}
