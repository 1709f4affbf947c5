/**
 * A small seeded PRNG (mulberry32) with the helpers the generator needs.
 * Same seed, same sequence, on every machine: the synthetic projects are
 * byte-identical across runs.
 */

/** @param {number} seed */
export function createRng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** Integer in [lo, hi], both inclusive. */
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    /** @template T @param {readonly T[]} arr @returns {T} */
    pick: (arr) => arr[Math.floor(next() * arr.length)],
    chance: (p) => next() < p,
    /** `n` distinct items of `arr` (fewer when it is shorter), in pick order. */
    sample(arr, n) {
      const copy = arr.slice();
      const out = [];
      for (let i = 0; i < n && copy.length > 0; i++) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]);
      return out;
    },
  };
}
