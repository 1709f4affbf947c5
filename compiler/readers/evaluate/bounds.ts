/**
 * What a built-in may cost: the evaluator runs the real functions on its
 * values, and one call can build a 512 MB string (`'x'.repeat(2 ** 29)`) or a
 * 200-million-element array (`Array.from({ length: 2e8 })`) in a single step.
 * Before such a call its result size is predicted and refused past the
 * evaluation's budget; after every call what it produced is charged to the
 * budget (one step per element, one per 16 characters). Regular expressions
 * that may backtrack catastrophically run only on short input.
 */
import { backtrackRisk, RISKY_REGEX_MAX_INPUT } from "../../util/regex-guard.js";
import { isPlainObject, type Value } from "./values.js";

/** Characters charged as one step. */
export const CHARS_PER_STEP = 16;

/** The longest string an evaluation may hold at once (V8's own limit is 2^29 − 24). */
export const MAX_STRING = 16 * 1024 * 1024;

/** What a value weighs, in steps: its own elements or characters (shallow). */
export function weight(v: Value): number {
  if (typeof v === "string") return Math.floor(v.length / CHARS_PER_STEP);
  if (Array.isArray(v)) return v.length;
  if (v instanceof Set || v instanceof Map) return v.size;
  return 0;
}

const num = (v: Value): number => (typeof v === "number" && Number.isFinite(v) ? Math.max(0, Math.trunc(v)) : 0);

/**
 * The size a built-in call would produce, in steps, for the calls that can
 * produce far more than their inputs; 0 for the others (charged after).
 */
export function predictedWeight(name: string, self: Value, args: readonly Value[]): number {
  switch (name) {
    case "String.prototype.repeat":
      return typeof self === "string" ? Math.floor((self.length * num(args[0])) / CHARS_PER_STEP) : 0;
    case "String.prototype.padStart":
    case "String.prototype.padEnd":
      return Math.floor(num(args[0]) / CHARS_PER_STEP);
    case "Array":
      return args.length === 1 ? num(args[0]) : 0;
    case "Array.from": {
      const v = args[0];
      return isPlainObject(v) && !Array.isArray(v) ? num(v.length as Value) : 0;
    }
    case "Array.prototype.join": {
      if (!Array.isArray(self)) return 0;
      let chars = typeof args[0] === "string" ? args[0].length * self.length : self.length;
      for (const x of self) if (typeof x === "string") chars += x.length;
      return Math.floor(chars / CHARS_PER_STEP);
    }
    default:
      return 0;
  }
}

/** Built-ins whose first argument or receiver is matched by a regular expression. */
const REGEX_USERS = new Set([
  "RegExp.prototype.test",
  "RegExp.prototype.exec",
  "String.prototype.match",
  "String.prototype.matchAll",
  "String.prototype.replace",
  "String.prototype.replaceAll",
  "String.prototype.search",
  "String.prototype.split",
]);

/** Why this call would run a regular expression that may backtrack catastrophically on long input, or null. */
export function regexRefusal(name: string, self: Value, args: readonly Value[]): string | null {
  if (!REGEX_USERS.has(name)) return null;
  const re = self instanceof RegExp ? self : args[0] instanceof RegExp ? args[0] : null;
  const input = self instanceof RegExp ? args[0] : self;
  if (!re || typeof input !== "string" || input.length <= RISKY_REGEX_MAX_INPUT) return null;
  const risk = backtrackRisk(re.source);
  return risk
    ? `the regular expression /${re.source.length > 40 ? `${re.source.slice(0, 39)}…` : re.source}/ may backtrack catastrophically (${risk}); not run on ${input.length} characters`
    : null;
}
