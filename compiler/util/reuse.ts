/**
 * Reusing a pure computation's last result while its inputs are the same
 * values, item by item: a watch re-check links the reader outputs of the
 * files it did not re-read as the same objects, so what is computed from
 * them can be taken as it was instead of computed again. Off on the
 * reference path (DOCPACT_UNOPTIMIZED=1).
 */
import { unoptimized } from "./optimizations.js";

/** Whether two lists hold the same items in the same order (`===`: objects by identity, strings by value). */
export function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The last result of one computation and the inputs it was computed from.
 * The caller lists everything the result depends on; a fresh array each call.
 */
export class LastResult<R> {
  private inputs: readonly unknown[] | null = null;
  private value: R | undefined;

  get(inputs: readonly unknown[], compute: () => R): R {
    if (this.inputs !== null && !unoptimized() && sameItems(this.inputs, inputs)) return this.value as R;
    const value = compute();
    this.inputs = inputs;
    this.value = value;
    return value;
  }

  clear(): void {
    this.inputs = null;
    this.value = undefined;
  }
}

/**
 * A function mapped over a list, taking the last output for an item that is the same object at
 * the same index as in the last list (the documents a re-check did not read again): no lookup
 * per item, one comparison.
 */
export class LastMapped<T extends object, R> {
  private items: readonly T[] = [];
  private out: readonly R[] = [];

  map(items: readonly T[], f: (item: T) => R): R[] {
    const reuse = !unoptimized();
    const out: R[] = new Array(items.length);
    for (let i = 0; i < items.length; i++) out[i] = reuse && items[i] === this.items[i] ? this.out[i] : f(items[i]);
    this.items = items;
    this.out = out;
    return out;
  }

  clear(): void {
    this.items = [];
    this.out = [];
  }
}
