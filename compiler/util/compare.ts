/**
 * Comparators for deterministic output: code-unit order (never locale order,
 * which differs between machines), stable for equal keys.
 */

/** Orders strings by UTF-16 code units. */
export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A comparator of items by a string key: `list.sort(by((x) => x.file))`. */
export function by<T>(key: (item: T) => string): (a: T, b: T) => number {
  return (a, b) => cmp(key(a), key(b));
}
