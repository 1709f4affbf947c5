/**
 * Heap growth during a build. V8 lets the heap grow to up to 4× what the
 * last full collection kept before it collects again. A build parses much
 * that dies soon but not young (the documents it rewrote: hundreds of large
 * generated tables at 16× the benchmark), so its resident set reached 4× the
 * live heap (2.3 GB for ≈ 0.55 GB live). While a build runs, the growth after
 * each full collection is bounded (`--heap-growing-percent`, which V8 reads at
 * every full collection) and restored after. The limit must be in place before
 * the heavy phase starts (the collection before it sets the next limit), hence
 * the whole build. Measured at 4×: the same CPU within noise, peak 457–498 →
 * 403–407 MB. `check` keeps V8's default. A user's own `--heap-growing-percent`
 * is left alone.
 */
import { setFlagsFromString } from "node:v8";

/** Growth allowed after a full collection within a bounded phase: 1.5× what it kept. */
const PHASE_GROWING_PERCENT = 50;

const userSet = (): boolean => [...process.execArgv, process.env.NODE_OPTIONS ?? ""].some((a) => a.includes("heap-growing-percent") || a.includes("heap_growing_percent"));

/** Runs `phase` with the heap's growth bounded (see above). */
export async function withBoundedHeapGrowth<T>(phase: () => Promise<T>): Promise<T> {
  if (userSet()) return phase();
  setFlagsFromString(`--heap-growing-percent=${PHASE_GROWING_PERCENT}`);
  try {
    return await phase();
  } finally {
    setFlagsFromString("--heap-growing-percent=0");
  }
}
