/**
 * Glob lists as users of globby and ESLint read them: a pattern that starts
 * with `!` takes away what the patterns before it matched, and a later pattern
 * overrides an earlier one (`["docs/**", "!docs/archive/**", "docs/archive/keep.md"]`).
 * One matcher for every glob list docpact reads (docs, schemas, code.include,
 * instances, registries).
 */
import picomatch from "picomatch";

const strip = (p: string) => p.replace(/^(\.\/)+/, "");

export const isNegated = (p: string) => p.startsWith("!");

/** Whether a path is in the list: the last pattern that matches it decides (a negated one excludes); none matching: not in it. */
export function globListMatcher(patterns: readonly string[], options: { dot?: boolean } = {}): (path: string) => boolean {
  const steps = patterns.map((p) => ({ exclude: isNegated(p), test: picomatch(strip(isNegated(p) ? p.slice(1) : p), { dot: options.dot ?? false }) }));
  if (steps.length === 0) return () => false;
  // The common case, no negation: one compiled matcher for the whole list.
  if (!steps.some((s) => s.exclude)) {
    const any = picomatch(patterns.map(strip), { dot: options.dot ?? false });
    return (p) => any(p);
  }
  return (path) => {
    for (let i = steps.length - 1; i >= 0; i--) if (steps[i].test(path)) return !steps[i].exclude;
    return false;
  };
}
