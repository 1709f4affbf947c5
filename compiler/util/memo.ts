/**
 * Every module-level cache of the compiler is declared here: by name (`<module>#<slot>`), with a
 * bound, and reset by one hook (resetMemos). "What is cached" is this registry: memoSlots() lists
 * it, and test/architecture.test.ts fails on a module-level WeakMap, Map or last-result slot made
 * anywhere else. A memo only saves work: dropping any of them never changes a result.
 *
 * Bounds: `weak` lives as long as its key objects (a WeakMap); `last` holds one result, the last
 * computation's; a number is the most entries kept (the oldest is dropped first).
 */
import { LastMapped, LastResult } from "./reuse.js";

export type MemoBound = "weak" | "last" | number;

export interface MemoSlot {
  name: string;
  bound: MemoBound;
}

const slots: (MemoSlot & { reset(): void })[] = [];

function declare<T extends { clear(): void }>(name: string, bound: MemoBound, memo: T): T {
  slots.push({ name, bound, reset: () => memo.clear() });
  return memo;
}

/** The declared slots, sorted by name (a module loaded twice declares its slots twice; listed once). */
export function memoSlots(): MemoSlot[] {
  const byName = new Map(slots.map((s) => [s.name, { name: s.name, bound: s.bound }]));
  return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Empties every memo (a test's or a long-lived host's fresh start); the next run computes everything again. */
export function resetMemos(): void {
  for (const s of slots) s.reset();
}

/** A WeakMap that can be emptied. */
export class WeakMemo<K extends object, V> {
  private map = new WeakMap<K, V>();
  get(key: K): V | undefined {
    return this.map.get(key);
  }
  has(key: K): boolean {
    return this.map.has(key);
  }
  set(key: K, value: V): this {
    this.map.set(key, value);
    return this;
  }
  delete(key: K): boolean {
    return this.map.delete(key);
  }
  clear(): void {
    this.map = new WeakMap();
  }
}

/** A Map that keeps at most `max` entries, dropping the oldest first. */
export class BoundedMemo<K, V> extends Map<K, V> {
  constructor(private max: number) {
    super();
  }
  /** Raises the bound to at least `max` entries (never lowers it): a long-lived host that needs more kept says so. */
  grow(max: number): void {
    if (max > this.max) this.max = max;
  }
  override set(key: K, value: V): this {
    if (!this.has(key) && this.size >= this.max) {
      const oldest = this.keys().next();
      if (!oldest.done) this.delete(oldest.value);
    }
    return super.set(key, value);
  }
}

/** One value kept from the last computation (`value` undefined when none). */
export class MemoCell<T> {
  value: T | undefined = undefined;
  clear(): void {
    this.value = undefined;
  }
}

export const weakMemo = <K extends object, V>(name: string): WeakMemo<K, V> => declare(name, "weak", new WeakMemo<K, V>());
export const mapMemo = <K, V>(name: string, max: number): BoundedMemo<K, V> => declare(name, max, new BoundedMemo<K, V>(max));
export const lastMemo = <R>(name: string): LastResult<R> => declare(name, "last", new LastResult<R>());
export const lastMappedMemo = <T extends object, R>(name: string): LastMapped<T, R> => declare(name, "last", new LastMapped<T, R>());
export const cellMemo = <T>(name: string): MemoCell<T> => declare(name, "last", new MemoCell<T>());
