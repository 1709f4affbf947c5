/**
 * Built-ins: the standard library a pure helper uses — `Object.*`,
 * `Array.*`, `JSON`, `Math` (not `random`), `Number`/`String`/`Boolean`,
 * arrays' and strings' methods (with evaluated callbacks), `Set`, `Map`,
 * `RegExp` — run as the real functions on the evaluator's values. Whatever
 * reads the clock, randomness, the environment or I/O is an unknown that says so.
 */
import { Abort } from "./interp.js";
import {
  Builtin,
  type CallSite,
  Closure,
  Namespace,
  Unknown,
  type Value,
  type ObjectValue,
  firstUnknown,
  hasOwn,
  isCallable,
  isPlainObject,
  isShared,
  openOf,
  setProp,
  toPlain,
} from "./values.js";

export const NOT_GLOBAL = Symbol("not a global");

// ───────────── helpers ─────────────

/** A callback as a real function. `strict`: an unknown result stops the built-in (a predicate, a comparator). */
function callback(fn: Value, at: CallSite, strict: boolean): (...args: unknown[]) => unknown {
  if (!isCallable(fn)) throw new Abort(at.unknown("a callback that is not a function"));
  return (...args: unknown[]) => {
    const r = at.call(fn, undefined, args as Value[]);
    if (strict && r instanceof Unknown) throw new Abort(r);
    return r;
  };
}

function shallowUnknown(items: readonly Value[]): Unknown | null {
  for (const x of items) if (x instanceof Unknown) return x;
  return null;
}

function needKnown(args: readonly Value[]): void {
  for (const a of args) {
    const u = firstUnknown(a);
    if (u) throw new Abort(u);
  }
}

const b = (name: string, fn: (self: Value, args: Value[], at: CallSite) => Value) => new Builtin(name, fn);

/** Iterator results as arrays (what spreading or `Array.from` would give). */
function settle(v: unknown): Value {
  if (v !== null && typeof v === "object" && typeof (v as { next?: unknown }).next === "function" && Symbol.iterator in (v as object)) {
    return [...(v as Iterable<Value>)];
  }
  return v as Value;
}

// ───────────── arrays ─────────────

const ARRAY_CALLBACK_VALUE = new Set(["map", "flatMap", "reduce", "reduceRight", "forEach"]);
const ARRAY_CALLBACK_STRICT = new Set(["filter", "find", "findIndex", "findLast", "findLastIndex", "some", "every", "sort", "toSorted"]);
const ARRAY_STRUCTURAL = new Set([
  "concat",
  "slice",
  "at",
  "flat",
  "reverse",
  "toReversed",
  "push",
  "pop",
  "shift",
  "unshift",
  "splice",
  "toSpliced",
  "fill",
  "with",
  "keys",
  "values",
  "entries",
]);
const ARRAY_BY_VALUE = new Set(["join", "includes", "indexOf", "lastIndexOf", "toString"]);

const ARRAY_MUTATORS = new Set(["push", "pop", "shift", "unshift", "splice", "fill", "reverse", "sort", "copyWithin"]);

function arrayMember(arr: Value[], key: string, at: CallSite): Value {
  const open = openOf(arr as unknown as ObjectValue);
  if (open) return open;
  if (ARRAY_MUTATORS.has(key) && FROZEN.has(arr)) return at.unknown(`\`${key}\` on a frozen array (throws)`);
  if (ARRAY_MUTATORS.has(key) && isShared(arr)) return at.unknown(`\`${key}\` changes an array a module holds at its top level`);
  if (key === "length") return arr.length;
  if (/^(0|[1-9]\d*)$/.test(key)) return arr[Number(key)];
  const proto = Array.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
  if (ARRAY_CALLBACK_VALUE.has(key) || ARRAY_CALLBACK_STRICT.has(key)) {
    const strict = ARRAY_CALLBACK_STRICT.has(key);
    return b(`Array.prototype.${key}`, (self, args, site) => {
      const list = self as Value[];
      if ((key === "sort" || key === "toSorted") && args[0] === undefined) {
        const u = shallowUnknown(list);
        if (u) return u;
        if (list.some((x) => x !== null && typeof x === "object")) return site.unknown("sorts objects by their text");
        return settle(proto[key].call(list)) as Value;
      }
      const [fn, ...rest] = args;
      needKnown(rest.filter((r) => !(r instanceof Unknown) || key !== "reduce"));
      return settle(proto[key].call(list, callback(fn, site, strict), ...rest)) as Value;
    });
  }
  if (ARRAY_STRUCTURAL.has(key)) {
    return b(`Array.prototype.${key}`, (self, args) => {
      needKnown(
        args.filter(
          (_, i) =>
            !(
              key === "push" ||
              key === "unshift" ||
              key === "fill" ||
              key === "with" ||
              (key === "splice" && i > 1) ||
              (key === "toSpliced" && i > 1) ||
              key === "concat"
            ),
        ),
      );
      return settle(proto[key].apply(self as unknown[], args)) as Value;
    });
  }
  if (ARRAY_BY_VALUE.has(key)) {
    return b(`Array.prototype.${key}`, (self, args, site) => {
      const list = self as Value[];
      const u = shallowUnknown(list) ?? firstUnknown(args as Value);
      if (u) return u;
      if ((key === "join" || key === "toString") && list.some((x) => isCallable(x) || x instanceof Namespace)) return site.unknown("joins functions into text");
      return proto[key].apply(list, args) as Value;
    });
  }
  return at.unknown(`\`${key}\` of an array is not evaluated`);
}

// ───────────── strings, numbers, regular expressions ─────────────

const STRING_METHODS = new Set([
  "at",
  "charAt",
  "charCodeAt",
  "codePointAt",
  "concat",
  "endsWith",
  "includes",
  "indexOf",
  "lastIndexOf",
  "localeCompare",
  "match",
  "matchAll",
  "normalize",
  "padEnd",
  "padStart",
  "repeat",
  "replace",
  "replaceAll",
  "search",
  "slice",
  "split",
  "startsWith",
  "substring",
  "substr",
  "toLowerCase",
  "toUpperCase",
  "trim",
  "trimStart",
  "trimEnd",
  "trimLeft",
  "trimRight",
  "toString",
  "valueOf",
  "isWellFormed",
  "toWellFormed",
]);

function stringMember(s: string, key: string, at: CallSite): Value {
  if (key === "length") return s.length;
  if (/^(0|[1-9]\d*)$/.test(key)) return s[Number(key)];
  if (!STRING_METHODS.has(key)) return at.unknown(`\`${key}\` of a string is not evaluated`);
  return b(`String.prototype.${key}`, (self, args, site) => {
    const conv = args.map((a) => (isCallable(a) ? callback(a, site, true) : a));
    needKnown(conv.filter((a) => typeof a !== "function") as Value[]);
    const proto = String.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
    return settle(proto[key].apply(self as string, conv));
  });
}

const NUMBER_METHODS = new Set(["toFixed", "toString", "toPrecision", "toExponential", "valueOf"]);

function primitiveMember(v: number | boolean | bigint, key: string, at: CallSite): Value {
  if (typeof v === "boolean" ? key !== "toString" && key !== "valueOf" : !NUMBER_METHODS.has(key))
    return at.unknown(`\`${key}\` of a ${typeof v} is not evaluated`);
  return b(`${typeof v}.${key}`, (self, args) => {
    needKnown(args);
    const proto = (typeof v === "number" ? Number.prototype : typeof v === "bigint" ? BigInt.prototype : Boolean.prototype) as unknown as Record<
      string,
      (...a: unknown[]) => unknown
    >;
    return proto[key].apply(self, args) as Value;
  });
}

function regexpMember(r: RegExp, key: string, at: CallSite): Value {
  if (["source", "flags", "global", "ignoreCase", "multiline", "sticky", "unicode", "dotAll", "lastIndex"].includes(key))
    return (r as unknown as Record<string, Value>)[key];
  if (key === "test" || key === "exec") {
    return b(`RegExp.prototype.${key}`, (self, args) => {
      needKnown(args);
      return (RegExp.prototype as unknown as Record<string, (...a: unknown[]) => unknown>)[key].apply(self, args) as Value;
    });
  }
  return at.unknown(`\`${key}\` of a regular expression is not evaluated`);
}

// ───────────── Set and Map ─────────────

function collectionMember(c: Set<Value> | Map<Value, Value>, key: string, at: CallSite): Value {
  if (key === "size") return c.size;
  const ok =
    c instanceof Set
      ? ["has", "add", "delete", "values", "keys", "entries", "forEach"]
      : ["get", "has", "set", "delete", "values", "keys", "entries", "forEach"];
  if (!ok.includes(key)) return at.unknown(`\`${key}\` of a ${c instanceof Set ? "Set" : "Map"} is not evaluated`);
  if ((key === "add" || key === "set" || key === "delete") && isShared(c))
    return at.unknown(`\`${key}\` changes a ${c instanceof Set ? "Set" : "Map"} a module holds at its top level`);
  return b(`${c instanceof Set ? "Set" : "Map"}.prototype.${key}`, (self, args, site) => {
    const conv = key === "forEach" ? [callback(args[0], site, false)] : args;
    if (key === "has" || key === "get" || key === "delete") needKnown(args);
    const proto = (c instanceof Set ? Set.prototype : Map.prototype) as unknown as Record<string, (...a: unknown[]) => unknown>;
    return settle(proto[key].apply(self, conv));
  });
}

// ───────────── member access ─────────────

const OBJECT_PROTO_KEYS = new Set(Object.getOwnPropertyNames(Object.prototype));

/** `obj[key]` for any value. */
export function member(obj: Value, key: string, at: CallSite): Value {
  if (obj instanceof Unknown) return obj;
  if (obj === null || obj === undefined) return at.unknown(`reads \`${key}\` of ${String(obj)} (throws)`);
  if (typeof obj === "string") return stringMember(obj, key, at);
  if (typeof obj === "number" || typeof obj === "boolean" || typeof obj === "bigint") return primitiveMember(obj, key, at);
  if (Array.isArray(obj)) return arrayMember(obj, key, at);
  if (obj instanceof Namespace) return obj.get(key);
  if (obj instanceof Builtin) {
    const statics = STATICS.get(obj);
    if (statics && hasOwn(statics, key)) return statics[key];
    return at.unknown(`\`${key}\` of \`${obj.name}\` is not evaluated`);
  }
  if (obj instanceof Closure) return at.unknown(`\`${key}\` of the function \`${obj.name}\` is not evaluated`);
  if (obj instanceof Set || obj instanceof Map) return collectionMember(obj, key, at);
  if (obj instanceof RegExp) return regexpMember(obj, key, at);
  if (isPlainObject(obj)) {
    if (hasOwn(obj, key)) return obj[key];
    const open = openOf(obj);
    if (open) return open;
    if (key === "hasOwnProperty") return b("Object.prototype.hasOwnProperty", (self, args) => (isPlainObject(self) ? hasOwn(self, String(args[0])) : false));
    if (OBJECT_PROTO_KEYS.has(key)) return at.unknown(`\`${key}\` of an object is not evaluated`);
    return undefined;
  }
  return at.unknown(`\`${key}\` of this value is not evaluated`);
}

// ───────────── globals ─────────────

function entriesOf(v: Value, at: CallSite): [string, Value][] {
  if (v instanceof Unknown) throw new Abort(v);
  if (v instanceof Namespace) return v.names().map((n) => [n, v.get(n)]);
  if (isPlainObject(v)) {
    const open = openOf(v);
    if (open) throw new Abort(open);
    return Object.entries(v);
  }
  if (Array.isArray(v)) {
    const open = openOf(v as unknown as ObjectValue);
    if (open) throw new Abort(open);
    return Object.entries(v);
  }
  if (typeof v === "string") return Object.entries(v);
  if (v === null || v === undefined) throw new Abort(at.unknown("Object.* of null or undefined (throws)"));
  if (isCallable(v) || v instanceof Set || v instanceof Map || v instanceof RegExp) return [];
  return [];
}

function fromEntries(v: Value, at: CallSite): Value {
  if (v instanceof Unknown) return v;
  const items = Array.isArray(v) ? v : v instanceof Map ? [...v.entries()] : v instanceof Set ? [...v] : null;
  if (!items) return at.unknown("Object.fromEntries of a value that is not a list");
  const open = Array.isArray(v) ? openOf(v as unknown as ObjectValue) : undefined;
  if (open) return open;
  const out: ObjectValue = {};
  for (const e of items) {
    if (e instanceof Unknown) return e;
    if (!Array.isArray(e)) return at.unknown("Object.fromEntries of an entry that is not a pair");
    const k = e[0];
    if (k instanceof Unknown) return k;
    setProp(out, String(k), e[1]);
  }
  return out;
}

function assignInto(target: Value, sources: Value[], at: CallSite): Value {
  if (!isPlainObject(target)) return at.unknown("Object.assign into a value that is not a plain object");
  if (isShared(target)) return at.unknown("Object.assign changes an object a module holds at its top level");
  for (const s of sources) {
    if (s === null || s === undefined) continue;
    for (const [k, x] of entriesOf(s, at)) setProp(target, k, x);
  }
  return target;
}

function toText(v: Value, at: CallSite): string {
  const u = firstUnknown(v);
  if (u) throw new Abort(u);
  if (isCallable(v) || v instanceof Namespace) throw new Abort(at.unknown("a function turned into text"));
  return String(v);
}

// The static members of the built-ins (`Object.keys`), filled once as the table below is built: a definition, not a cache.
const STATICS = new Map<Builtin, Record<string, Value>>();

/** Values passed to `Object.freeze` (the evaluator does not freeze its values; it remembers). */
const FROZEN = new WeakSet<object>();

export function isFrozen(v: Value): boolean {
  return v === null || typeof v !== "object" || FROZEN.has(v);
}

function freeze(v: Value): Value {
  if (v !== null && typeof v === "object" && !(v instanceof Unknown)) FROZEN.add(v);
  return v;
}

function withStatics(fn: Builtin, statics: Record<string, Value>): Builtin {
  STATICS.set(fn, statics);
  return fn;
}

const unknownGlobal = (why: string) => (at: CallSite) => at.unknown(why);

const NOT_CONSTRUCTIBLE = (name: string) => b(name, (_s, _a, at) => at.unknown(`\`${name}\` is not evaluated`));

const OBJECT = withStatics(
  b("Object", (_s, args, at) =>
    args[0] === undefined || args[0] === null ? {} : isPlainObject(args[0]) ? args[0] : at.unknown("Object(x) of a value that is not an object"),
  ),
  {
    keys: b("Object.keys", (_s, [v], at) => entriesOf(v, at).map(([k]) => k)),
    values: b("Object.values", (_s, [v], at) => entriesOf(v, at).map(([, x]) => x)),
    entries: b("Object.entries", (_s, [v], at) => entriesOf(v, at).map(([k, x]) => [k, x])),
    fromEntries: b("Object.fromEntries", (_s, [v], at) => fromEntries(v, at)),
    assign: b("Object.assign", (_s, [t, ...src], at) => assignInto(t, src, at)),
    freeze: b("Object.freeze", (_s, [v]) => freeze(v)),
    seal: b("Object.seal", (_s, [v]) => v),
    preventExtensions: b("Object.preventExtensions", (_s, [v]) => v),
    isFrozen: b("Object.isFrozen", (_s, [v]) => (v instanceof Unknown ? v : isFrozen(v))),
    hasOwn: b("Object.hasOwn", (_s, [v, k], at) => {
      if (k instanceof Unknown) return k;
      return entriesOf(v, at).some(([key]) => key === String(k));
    }),
    is: b("Object.is", (_s, [x, y]) => (x instanceof Unknown ? x : y instanceof Unknown ? y : Object.is(x, y))),
    getOwnPropertyNames: b("Object.getOwnPropertyNames", (_s, [v], at) =>
      Array.isArray(v) ? [...Object.keys(v), "length"] : entriesOf(v, at).map(([k]) => k),
    ),
    create: b("Object.create", (_s, [p], at) => (p === null ? {} : at.unknown("Object.create with a prototype"))),
  },
);

const ARRAY = withStatics(
  b("Array", (_s, args, at) =>
    args.length === 1 && typeof args[0] === "number"
      ? new Array<Value>(args[0])
      : args.length === 1 && args[0] instanceof Unknown
        ? at.unknown("Array(n) of an unknown")
        : [...args],
  ),
  {
    isArray: b("Array.isArray", (_s, [v]) => (v instanceof Unknown ? v : Array.isArray(v))),
    of: b("Array.of", (_s, args) => [...args]),
    from: b("Array.from", (_s, [v, fn], at) => {
      if (v instanceof Unknown) return v;
      let items: Value[];
      if (Array.isArray(v)) {
        const open = openOf(v as unknown as ObjectValue);
        if (open) return open;
        items = [...v];
      } else if (typeof v === "string") items = [...v];
      else if (v instanceof Set) items = [...v];
      else if (v instanceof Map) items = [...v.entries()].map(([k, x]) => [k, x]);
      else if (isPlainObject(v) && typeof v.length === "number") items = Array.from({ length: v.length }, (_, i) => v[String(i)]);
      else return at.unknown("Array.from of a value docpact does not iterate");
      if (fn === undefined) return items;
      const f = callback(fn, at, false);
      return items.map((x, i) => f(x, i) as Value);
    }),
  },
);

const JSON_OBJECT: ObjectValue = {};
JSON_OBJECT.stringify = b("JSON.stringify", (_s, [v, replacer, space], at) => {
  const p = toPlain(v);
  if (p instanceof Unknown) return p;
  if (isCallable(replacer)) return at.unknown("JSON.stringify with a replacer function");
  needKnown([replacer ?? null, space ?? null]);
  return JSON.stringify(p, replacer as (string | number)[] | null | undefined, space as string | number | undefined);
});
JSON_OBJECT.parse = b("JSON.parse", (_s, [text, reviver], at) => {
  if (text instanceof Unknown) return text;
  if (reviver !== undefined) return at.unknown("JSON.parse with a reviver");
  return JSON.parse(toText(text, at)) as Value;
});

const MATH: ObjectValue = {};
for (const k of Object.getOwnPropertyNames(Math)) {
  const v = (Math as unknown as Record<string, unknown>)[k];
  if (k === "random") MATH[k] = b("Math.random", (_s, _a, at) => at.unknown("`Math.random()` is random"));
  else if (typeof v === "function") {
    MATH[k] = b(`Math.${k}`, (_s, args) => {
      needKnown(args);
      return (v as (...a: unknown[]) => Value)(...args);
    });
  } else if (typeof v === "number") MATH[k] = v;
}

const pureFn = (name: string, f: (...a: any[]) => unknown) =>
  b(name, (_s, args) => {
    needKnown(args);
    return f(...args) as Value;
  });

const NUMBER = withStatics(
  b("Number", (_s, args) => {
    needKnown(args);
    return args.length === 0 ? 0 : Number(args[0]);
  }),
  {
    isInteger: pureFn("Number.isInteger", Number.isInteger),
    isFinite: pureFn("Number.isFinite", Number.isFinite),
    isNaN: pureFn("Number.isNaN", Number.isNaN),
    isSafeInteger: pureFn("Number.isSafeInteger", Number.isSafeInteger),
    parseFloat: pureFn("Number.parseFloat", Number.parseFloat),
    parseInt: pureFn("Number.parseInt", Number.parseInt),
    MAX_SAFE_INTEGER: Number.MAX_SAFE_INTEGER,
    MIN_SAFE_INTEGER: Number.MIN_SAFE_INTEGER,
    MAX_VALUE: Number.MAX_VALUE,
    MIN_VALUE: Number.MIN_VALUE,
    EPSILON: Number.EPSILON,
    POSITIVE_INFINITY: Infinity,
    NEGATIVE_INFINITY: -Infinity,
    NaN,
  },
);

const STRING = withStatics(
  b("String", (_s, args, at) => (args.length === 0 ? "" : toText(args[0], at))),
  {
    fromCharCode: pureFn("String.fromCharCode", String.fromCharCode),
    fromCodePoint: pureFn("String.fromCodePoint", String.fromCodePoint),
    raw: b("String.raw", (_s, [strings, ...subs], at) => {
      needKnown([strings as Value]);
      return String.raw(strings as unknown as TemplateStringsArray, ...subs.map((x) => toText(x, at)));
    }),
  },
);

const CONSOLE: ObjectValue = {};
for (const k of ["log", "info", "warn", "error", "debug", "trace", "dir", "table"]) CONSOLE[k] = b(`console.${k}`, () => undefined);

const GLOBALS: Record<string, Value | ((at: CallSite) => Value)> = {
  Object: OBJECT,
  Array: ARRAY,
  JSON: JSON_OBJECT,
  Math: MATH,
  Number: NUMBER,
  String: STRING,
  Boolean: b("Boolean", (_s, [v]) => (v instanceof Unknown ? v : Boolean(v))),
  Set: NOT_CONSTRUCTIBLE("Set"),
  Map: NOT_CONSTRUCTIBLE("Map"),
  RegExp: NOT_CONSTRUCTIBLE("RegExp"),
  parseInt: pureFn("parseInt", parseInt),
  parseFloat: pureFn("parseFloat", parseFloat),
  isNaN: pureFn("isNaN", isNaN),
  isFinite: pureFn("isFinite", isFinite),
  encodeURIComponent: pureFn("encodeURIComponent", encodeURIComponent),
  decodeURIComponent: pureFn("decodeURIComponent", decodeURIComponent),
  encodeURI: pureFn("encodeURI", encodeURI),
  decodeURI: pureFn("decodeURI", decodeURI),
  NaN,
  Infinity,
  console: CONSOLE,
  Date: unknownGlobal("`Date` reads the clock"),
  performance: unknownGlobal("`performance` reads the clock"),
  process: unknownGlobal("`process` is the environment at run time"),
  globalThis: unknownGlobal("`globalThis` is the environment at run time"),
  window: unknownGlobal("`window` is the environment at run time"),
  fetch: unknownGlobal("`fetch` is I/O"),
  crypto: unknownGlobal("`crypto` is random"),
  Symbol: unknownGlobal("symbols are not evaluated"),
  Promise: unknownGlobal("a promise settles at run time"),
  WeakMap: unknownGlobal("`WeakMap` is not evaluated"),
  WeakSet: unknownGlobal("`WeakSet` is not evaluated"),
  Error: NOT_CONSTRUCTIBLE("Error"),
  TypeError: NOT_CONSTRUCTIBLE("TypeError"),
  RangeError: NOT_CONSTRUCTIBLE("RangeError"),
};

/** A global name's value; NOT_GLOBAL when it is not one docpact knows. */
export function globalValue(name: string, at: CallSite): Value | typeof NOT_GLOBAL {
  if (!hasOwn(GLOBALS, name)) return NOT_GLOBAL;
  const g = GLOBALS[name];
  return typeof g === "function" ? g(at) : g;
}

/** `new C(args)`. */
export function construct(ctor: Value, args: Value[], at: CallSite): Value {
  if (ctor instanceof Unknown) return ctor;
  if (ctor === GLOBALS.Set) {
    if (args[0] === undefined || args[0] === null) return new Set<Value>();
    const items = iterableItems(args[0], at);
    return items instanceof Unknown ? items : new Set(items);
  }
  if (ctor === GLOBALS.Map) {
    if (args[0] === undefined || args[0] === null) return new Map<Value, Value>();
    const items = iterableItems(args[0], at);
    if (items instanceof Unknown) return items;
    const m = new Map<Value, Value>();
    for (const e of items) {
      if (e instanceof Unknown) return e;
      if (!Array.isArray(e)) return at.unknown("new Map of an entry that is not a pair");
      if (e[0] instanceof Unknown) return e[0];
      m.set(e[0], e[1]);
    }
    return m;
  }
  if (ctor === GLOBALS.RegExp) {
    needKnown(args);
    return new RegExp(args[0] instanceof RegExp ? args[0] : String(args[0]), args[1] === undefined ? undefined : String(args[1]));
  }
  if (ctor === ARRAY) return ARRAY.fn(undefined, args, at);
  if (ctor instanceof Closure) return at.unknown(`\`new ${ctor.name}\` builds an instance with state`);
  return at.unknown("`new` of a class docpact does not evaluate");
}

function iterableItems(v: Value, at: CallSite): Value[] | Unknown {
  if (v instanceof Unknown) return v;
  if (Array.isArray(v)) return openOf(v as unknown as ObjectValue) ?? [...v];
  if (typeof v === "string") return [...v];
  if (v instanceof Set) return [...v];
  if (v instanceof Map) return [...v.entries()].map(([k, x]) => [k, x]);
  return at.unknown("not iterable");
}
