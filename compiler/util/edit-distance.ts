/**
 * Edit distance for suggestions ("did you mean …?"): optimal string alignment
 * (Levenshtein plus adjacent transpositions, so `advnace` is one edit from
 * `advance`), with an early cut-off so scanning many candidates stays cheap.
 */

/**
 * The edit distance between `a` and `b`. With `max`, returns `max + 1` as soon
 * as the distance is known to exceed `max`.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (a === b) return 0;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  if (la === 0) return lb;
  if (lb === 0) return la;
  let prev2 = new Array<number>(lb + 1).fill(0);
  let prev = new Array<number>(lb + 1);
  let cur = new Array<number>(lb + 1);
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) d = Math.min(d, prev2[j - 2] + 1);
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  const d = prev[lb];
  return d > max ? max + 1 : d;
}

/**
 * The candidate closest to `word`, or null when none is close enough: the
 * distance may be at most `maxRatio` × the longer of the two lengths (and at
 * least 1 edit is always allowed). Ties go to the first candidate in sorted
 * order, so the answer is deterministic.
 */
export function closest(word: string, candidates: Iterable<string>, maxRatio = 0.34): string | null {
  let best: string | null = null;
  let bestD = Infinity;
  for (const c of [...new Set(candidates)].sort()) {
    if (c === word) return c;
    const limit = Math.max(1, Math.floor(Math.max(word.length, c.length) * maxRatio));
    const d = editDistance(word, c, Math.min(limit, bestD));
    if (d <= limit && d < bestD) {
      best = c;
      bestD = d;
    }
  }
  return best;
}
