/**
 * Values of the evaluator. Known values are plain JavaScript values (so the
 * built-ins can run the real `Array.prototype.map` and friends on them);
 * what cannot be known statically is an `Unknown` carrying its reason and
 * location — a value, not a failure, so an object with one unknown field
 * stays usable for the others.
 */
import type { Span } from "../../model/diagnostic.js";
import type { ParsedFile } from "../code-source.js";
import type { ts } from "../code-source.js";
import type { Env } from "./scope.js";

/** A value docpact cannot know without running the code. `unknown` says why and names the sub-expression; `span` is where. */
export class Unknown {
  constructor(
    readonly unknown: string,
    readonly span: Span,
  ) {}
}

/** A function written in the evaluated code (arrow, function expression or declaration, method). */
export class Closure {
  constructor(
    readonly node: ts.FunctionLikeDeclaration,
    readonly file: ParsedFile,
    readonly env: Env,
    /** For messages: the declared name, or `anonymous function`. */
    readonly name: string,
  ) {}
}

/** A built-in function (`Object.entries`, a string method bound to its receiver, …). */
export class Builtin {
  constructor(
    readonly name: string,
    readonly fn: (self: Value, args: Value[], at: CallSite) => Value,
  ) {}
}

/** A module namespace (`import * as ns`, `export * as ns`); its exports are evaluated only when read. */
export class Namespace {
  constructor(
    readonly file: ParsedFile,
    readonly get: (name: string) => Value,
    readonly names: () => string[],
  ) {}
}

/** Where a built-in is called from: to build unknowns and to call back into evaluated functions. */
export interface CallSite {
  unknown(why: string): Unknown;
  call(fn: Value, self: Value, args: Value[]): Value;
}

export type Value =
  | undefined
  | null
  | boolean
  | number
  | string
  | bigint
  | RegExp
  | Value[]
  | ObjectValue
  | Unknown
  | Closure
  | Builtin
  | Namespace
  | Set<Value>
  | Map<Value, Value>;

export interface ObjectValue {
  [key: string]: Value;
}

/**
 * On an object: the unknown spread into it (`{ ...unknownThing, id: "x" }`).
 * Keys written after the spread are known; any other key may have come from
 * the spread, so reading it gives this unknown.
 */
export const OPEN: unique symbol = Symbol("docpact.open");

export function isUnknown(v: unknown): v is Unknown {
  return v instanceof Unknown;
}

export function isCallable(v: unknown): v is Closure | Builtin {
  return v instanceof Closure || v instanceof Builtin;
}

/** A plain object value (not an array, not one of the evaluator's classes, not a Set/Map/RegExp). */
export function isPlainObject(v: unknown): v is ObjectValue {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

export function openOf(v: ObjectValue): Unknown | undefined {
  return (v as { [OPEN]?: Unknown })[OPEN];
}

export function setOpen(v: ObjectValue, u: Unknown): void {
  for (const k of Object.keys(v)) delete v[k];
  markOpen(v, u);
}

/**
 * Marks a value open without forgetting what is known: an array with a spread
 * of unknown length keeps its known elements (the unknown one sits among them),
 * so a registry row beside `...gen()` is still read and the spread is counted.
 */
export function markOpen(v: ObjectValue | Value[], u: Unknown): void {
  Object.defineProperty(v, OPEN, { value: u, enumerable: false, configurable: true, writable: true });
}

/** Sets a property, `__proto__` included, as an own data property (never the prototype). */
export function setProp(obj: ObjectValue, key: string, value: Value): void {
  if (key === "__proto__") Object.defineProperty(obj, key, { value, enumerable: true, configurable: true, writable: true });
  else obj[key] = value;
}

export function hasOwn(obj: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

/**
 * Values a module's top level holds (remembered once, read by every later
 * evaluation). Changing one would make the answer depend on the order
 * docpact happens to evaluate things in, so a change is an unknown instead.
 */
const SHARED = new WeakSet<object>();

export function markShared(v: Value, seen = new Set<object>()): void {
  if (v === null || typeof v !== "object" || v instanceof Unknown || v instanceof Namespace || seen.has(v)) return;
  seen.add(v);
  SHARED.add(v);
  if (Array.isArray(v) || v instanceof Set) for (const x of v) markShared(x, seen);
  else if (v instanceof Map) for (const [k, x] of v) markShared(k, seen), markShared(x, seen);
  else if (isPlainObject(v)) for (const k of Object.keys(v)) markShared(v[k], seen);
}

export function isShared(v: unknown): boolean {
  return v !== null && typeof v === "object" && SHARED.has(v);
}

/** The first unknown inside a value (depth first, in key order), or null when the value is fully known. */
export function firstUnknown(v: Value, seen = new Set<object>()): Unknown | null {
  if (v instanceof Unknown) return v;
  if (v === null || typeof v !== "object" || seen.has(v)) return null;
  seen.add(v);
  if (Array.isArray(v)) {
    for (const x of v) {
      const u = firstUnknown(x, seen);
      if (u) return u;
    }
    return null;
  }
  if (v instanceof Set) return firstUnknown([...v], seen);
  if (v instanceof Map) return firstUnknown([...v.values()], seen);
  if (isPlainObject(v)) {
    const open = openOf(v);
    if (open) return open;
    for (const k of Object.keys(v)) {
      const u = firstUnknown(v[k], seen);
      if (u) return u;
    }
  }
  return null;
}

/** JSON-shaped data. */
export type Plain = string | number | boolean | null | Plain[] | { [key: string]: Plain };

/**
 * A value as JSON-shaped data, as `JSON.stringify` would see it (functions and
 * `undefined` fields dropped, `undefined` in arrays as null), with Sets as
 * arrays and Maps as objects. Returns the first unknown instead when the value
 * holds one. Works on real (run) values too, which the differential test uses.
 */
export function toPlain(v: unknown, seen = new Set<object>()): Plain | undefined | Unknown {
  if (v instanceof Unknown) return v;
  if (v === undefined || typeof v === "function" || typeof v === "symbol" || v instanceof Closure || v instanceof Builtin) return undefined;
  if (v === null || typeof v === "string" || typeof v === "boolean") return v;
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v === "bigint") return v.toString();
  if (typeof v !== "object") return undefined;
  if (seen.has(v)) return undefined;
  seen.add(v);
  try {
    if (Array.isArray(v) || v instanceof Set) {
      const out: Plain[] = [];
      for (const x of v) {
        const p = toPlain(x, seen);
        if (p instanceof Unknown) return p;
        out.push(p === undefined ? null : p);
      }
      return out;
    }
    if (v instanceof Namespace) {
      const out: { [k: string]: Plain } = {};
      for (const k of v.names().sort()) {
        const p = toPlain(v.get(k), seen);
        if (p instanceof Unknown) return p;
        if (p !== undefined) out[k] = p;
      }
      return out;
    }
    const entries: [string, unknown][] = v instanceof Map ? [...v.entries()].map(([k, x]) => [String(k), x]) : Object.entries(v);
    const open = isPlainObject(v) ? openOf(v) : undefined;
    if (open) return open;
    if (v instanceof RegExp) return {};
    const out: { [k: string]: Plain } = {};
    for (const [k, x] of entries) {
      const p = toPlain(x, seen);
      if (p instanceof Unknown) return p;
      if (p !== undefined) {
        if (k === "__proto__") Object.defineProperty(out, k, { value: p, enumerable: true, configurable: true, writable: true });
        else out[k] = p;
      }
    }
    return out;
  } finally {
    seen.delete(v);
  }
}

/** `typeof` as JavaScript answers it. */
export function typeOf(v: Value): string {
  if (v instanceof Closure || v instanceof Builtin) return "function";
  if (v instanceof Namespace) return "object";
  return typeof v;
}
