/**
 * Reader outputs are plain data that later stages only read: caches hand the same objects to the
 * next run, so a stage that changed one would change what a warm run sees. With
 * DOCPACT_FREEZE_READS=1 (vitest.config.ts sets it for the whole suite) they are deep-frozen when
 * read, so such a write throws in the tests instead of passing silently; otherwise nothing is done.
 */
const freezing = () => process.env.DOCPACT_FREEZE_READS === "1";

/** `value`, deep-frozen in test mode (objects, arrays, Maps' and Sets' contents; the collections themselves stay usable). */
export function frozenInTests<T>(value: T): T {
  if (freezing()) deepFreeze(value, new Set());
  return value;
}

function deepFreeze(v: unknown, seen: Set<object>): void {
  if (v === null || typeof v !== "object" || seen.has(v)) return;
  seen.add(v);
  if (v instanceof Map) {
    for (const [k, x] of v) {
      deepFreeze(k, seen);
      deepFreeze(x, seen);
    }
    return;
  }
  if (v instanceof Set) {
    for (const x of v) deepFreeze(x, seen);
    return;
  }
  if (ArrayBuffer.isView(v)) return;
  for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k], seen);
  Object.freeze(v);
}
