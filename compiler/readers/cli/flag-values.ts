/**
 * Flag specs out of evaluated values, as CLIs write their option tables:
 * spec strings (`-f, --force`), arrays of them or of `{ name | long | flag,
 * short, alias, type }` objects, and records keyed by flag name
 * (`{ retry: { type: "number", alias: "r" } }`, yargs `.options({…})`).
 */
import type { FlagArity, FlagSpec } from "../../model/cli.js";
import type { Span } from "../../model/diagnostic.js";
import type { EvaluatedValue, FoldedValue } from "../constant-folder.js";
import { isPlainObject, OPEN } from "../evaluate/values.js";
import { flag, parseOptionSpec } from "./adapter.js";

type Obj = { [k: string]: FoldedValue };

function isObj(v: FoldedValue | undefined): v is Obj {
  return !!v && typeof v === "object" && !Array.isArray(v);
}

/** `short: "f"`, `alias: "f" | ["f", "force"]`, `aliases: […]` in a flag's options. */
export function aliasNames(v: Obj): string[] {
  const out: string[] = [];
  for (const k of ["short", "alias", "aliases"]) {
    const a = v[k];
    for (const s of Array.isArray(a) ? a : [a]) if (typeof s === "string" && s) out.push(s);
  }
  return out;
}

/** Arity from an option object: yargs/cac/citty `type`, `boolean: true`, `takesValue`, `requiresArg`, `array`, `nargs`. */
export function arityOf(v: Obj, fallback: FlagArity = "boolean"): FlagArity {
  if (v.array === true || v.type === "array" || v.multiple === true || v.variadic === true) return "variadic";
  if (v.type === "boolean" || v.boolean === true) return "boolean";
  if (v.type === "string" || v.type === "number" || v.string === true || v.number === true) return "value";
  if (v.takesValue === true || v.requiresArg === true || v.value === true || typeof v.nargs === "number" || v.arg === true) return "value";
  if (typeof v.default === "string" || typeof v.default === "number") return "value";
  if (typeof v.default === "boolean") return "boolean";
  return fallback;
}

/** The flags of a record keyed by flag name. */
export function flagsOfRecord(v: Obj, span: Span | null, fallback: FlagArity = "boolean"): FlagSpec[] {
  const out: FlagSpec[] = [];
  for (const [k, val] of Object.entries(v)) {
    const f = isObj(val) ? flag([k, ...aliasNames(val)], { arity: arityOf(val, fallback), span }) : flag([k], { arity: fallback, span });
    if (f) out.push(f);
  }
  return out;
}

/** Flags of one evaluated value; a record is read as flags only when `record` says the value is a table of flags. */
export function flagsOfValue(v: FoldedValue, record: boolean, span: Span | null): FlagSpec[] {
  if (typeof v === "string") {
    const f = parseOptionSpec(v, { span });
    return f ? [f] : [];
  }
  if (Array.isArray(v)) return v.flatMap((x) => flagsOfValue(x, false, span));
  if (isObj(v)) {
    const named = ["name", "long", "flag"].map((k) => v[k]).find((x) => typeof x === "string") as string | undefined;
    if (named !== undefined) {
      const main = parseOptionSpec(named, { span });
      if (!main) return [];
      const extra = flag([...(main.long ? [main.long] : []), ...main.aliases, ...main.short, ...aliasNames(v)], {
        arity: main.arity === "boolean" ? arityOf(v) : main.arity,
        span,
      });
      return extra ? [extra] : [];
    }
    return record ? flagsOfRecord(v, span) : [];
  }
  return [];
}

/**
 * The known part of an evaluated options record: every key (an option whose
 * name is known stays in the set), with the plain values of its fields (a
 * field that does not evaluate — a `default` computed at run time, a
 * `command: fn` — is left out). Null when the keys themselves are not all
 * known (not a plain object, or an unknown spread into it).
 */
export function knownRecord(v: EvaluatedValue): Obj | null {
  if (!isPlainObject(v) || OPEN in v) return null;
  const out: Obj = {};
  for (const [k, f] of Object.entries(v)) out[k] = knownPart(f) ?? {};
  return out;
}

function knownPart(v: EvaluatedValue): FoldedValue | undefined {
  if (v === null || typeof v === "string" || typeof v === "number" || typeof v === "boolean") return v;
  if (Array.isArray(v)) {
    const items = v.map(knownPart);
    return items.every((x) => x !== undefined) ? (items as FoldedValue[]) : undefined;
  }
  if (isPlainObject(v)) {
    const out: { [key: string]: FoldedValue } = {};
    for (const [k, f] of Object.entries(v)) {
      const p = knownPart(f);
      if (p !== undefined) out[k] = p;
    }
    return out;
  }
  return undefined;
}
