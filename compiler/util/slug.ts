/**
 * GitHub-style heading anchors. GitHub lowercases the heading's plain text,
 * drops every character that is not a letter, mark, digit, connector (`_`),
 * `-` or space, and turns each space into `-` (so `A / B` gives `a--b`).
 * Repeated slugs in one document get `-1`, `-2`, … in order of appearance.
 */

// Removal set: anything but letters, marks, decimal/letter numbers, connector punctuation, `-` and space.
const DROP = /[^\p{L}\p{M}\p{Nd}\p{Nl}\p{Pc} -]/gu;

/** The slug of one heading text, without de-duplication. */
export function githubSlug(text: string): string {
  return text.toLowerCase().replace(DROP, "").replace(/ /g, "-");
}

/** Slugs for one document: repeats get `-1`, `-2`, … (GitHub's de-duplication). */
export class Slugger {
  private readonly seen = new Map<string, number>();

  slug(text: string): string {
    const base = githubSlug(text);
    let result = base;
    // A generated `x-1` may itself collide with a literal heading `x-1`; keep counting.
    while (this.seen.has(result)) {
      const n = (this.seen.get(base) ?? 0) + 1;
      this.seen.set(base, n);
      result = `${base}-${n}`;
    }
    this.seen.set(result, 0);
    return result;
  }

  reset(): void {
    this.seen.clear();
  }
}
