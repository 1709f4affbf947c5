/**
 * Heap growth during a build. V8 lets the heap grow to up to 4× what the
 * last full collection kept before it collects again. A build parses much
 * that dies soon but not young (the documents it rewrote: hundreds of large
 * generated tables at 16× the benchmark), so its resident set reached 4× the
 * live heap (2.3 GB for ≈ 0.55 GB live). While a build runs, the growth after
 * each full collection is bounded (`--heap-growing-percent`, which V8 reads at
 * every full collection) and restored after. The limit must be in place before
 * the heavy phase starts (the collection before it sets the next limit), hence
 * the whole build (1.5×), and tighter (1.3×) while the rewritten documents are
 * parsed. Measured at 4×: the same CPU within noise, peak 457–498 → 403–407 MB;
 * at 16×, with the other memory cuts, 1.8 GB → 1.1 GB at 1.5× throughout.
 * `check` keeps V8's default (a bound cost ≈ 20 % CPU on a cold check at 4×). A user's own `--heap-growing-percent`
 * is left alone.
 */
import { setFlagsFromString } from "node:v8";

/** Growth allowed after a full collection during a build: 1.5× what it kept. */
export const BUILD_GROWING_PERCENT = 50;
/** Within a build, while it parses the documents it rewrote (nearly all garbage soon): 1.3×. */
export const REPARSE_GROWING_PERCENT = 30;

const userSet = (): boolean =>
  [...process.execArgv, process.env.NODE_OPTIONS ?? ""].some((a) => a.includes("heap-growing-percent") || a.includes("heap_growing_percent"));

/** The bound in force (0: V8's default). */
let current = 0;

/** Runs `phase` with the heap's growth after each full collection bounded to `percent` (see above); the bound before it is restored after. */
export async function withBoundedHeapGrowth<T>(percent: number, phase: () => Promise<T>): Promise<T> {
  if (userSet()) return phase();
  const outer = current;
  setGrowth(percent);
  try {
    return await phase();
  } finally {
    setGrowth(outer);
  }
}

function setGrowth(percent: number): void {
  current = percent;
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}
