/**
 * A static check for regular expressions that can backtrack super-linearly
 * (catastrophically): a quantified group that holds an unbounded quantifier
 * (`(a+)+`, `(\w*x)*`) or an alternation (`(a|aa)*`, `(x|y)+`), and a
 * back-reference. JavaScript's engine backtracks, and a pattern docpact did
 * not write (from code it evaluates, from a schema's `pattern`) must never
 * run for minutes; no linear-time engine ships without a native build, so
 * such a pattern is run only on short input (where even 2^n steps are few)
 * and is otherwise "not judged" by the caller, with the reason this returns.
 *
 * The check is conservative: it flags some patterns that are in fact linear
 * (an alternation of disjoint words under `*`); they are then not judged on
 * long input, never misjudged.
 */

/** Longest input a flagged pattern is still run on: 2^20 backtracking steps at worst. */
export const RISKY_REGEX_MAX_INPUT = 20;

/** Why `source` may backtrack catastrophically, or null when it cannot (by this check). */
export function backtrackRisk(source: string): string | null {
  // One frame per open group: whether it holds an unbounded quantifier or an alternation.
  const stack: { quantified: boolean; alternation: boolean }[] = [{ quantified: false, alternation: false }];
  let lastGroup: { quantified: boolean; alternation: boolean } | null = null;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") {
      const next = source[i + 1] ?? "";
      if (!inClass && (/[1-9]/.test(next) || (next === "k" && source[i + 2] === "<"))) return "a back-reference";
      i++;
      lastGroup = null;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      continue;
    }
    if (c === "[") {
      inClass = true;
      lastGroup = null;
      continue;
    }
    if (c === "(") {
      stack.push({ quantified: false, alternation: false });
      lastGroup = null;
      continue;
    }
    if (c === ")") {
      const g = stack.length > 1 ? stack.pop()! : { quantified: false, alternation: false };
      lastGroup = g;
      // What a group holds, its enclosing group holds too.
      const outer = stack[stack.length - 1];
      outer.quantified ||= g.quantified;
      outer.alternation ||= g.alternation;
      continue;
    }
    if (c === "|") {
      stack[stack.length - 1].alternation = true;
      lastGroup = null;
      continue;
    }
    const q = quantifierAt(source, i);
    if (q) {
      if (q.unbounded || q.repeats) {
        if (lastGroup && q.repeats && (lastGroup.quantified || lastGroup.alternation)) {
          return lastGroup.quantified ? "a quantifier inside a repeated group (nested quantifiers)" : "an alternation inside a repeated group";
        }
        if (q.unbounded) stack[stack.length - 1].quantified = true;
      }
      i = q.end - 1;
      if (source[i + 1] === "?" || source[i + 1] === "+") i++;
      lastGroup = null;
      continue;
    }
    lastGroup = null;
  }
  return null;
}

/** A quantifier starting at `i`: whether it is unbounded and whether it repeats (may match more than once). */
function quantifierAt(s: string, i: number): { unbounded: boolean; repeats: boolean; end: number } | null {
  const c = s[i];
  if (c === "*" || c === "+") return { unbounded: true, repeats: true, end: i + 1 };
  if (c === "?") return { unbounded: false, repeats: false, end: i + 1 };
  if (c !== "{") return null;
  const m = /^\{(\d+)(,(\d*))?\}/.exec(s.slice(i, i + 24));
  if (!m) return null;
  const min = Number(m[1]);
  const max = m[2] === undefined ? min : m[3] === "" ? Infinity : Number(m[3]);
  return { unbounded: max === Infinity, repeats: max > 1, end: i + m[0].length };
}

/** Thrown by a guarded regular expression instead of running a risky pattern on long input. */
export class RegexCut extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "RegexCut";
  }
}

/**
 * A regular-expression engine for Ajv (`code.regExp`): JavaScript's own, except
 * that a pattern `backtrackRisk` flags throws `RegexCut` on input longer than
 * RISKY_REGEX_MAX_INPUT instead of running; the validator's caller turns that
 * into "not judged".
 */
export const guardedRegExp = Object.assign(
  (pattern: string, flags: string): { test: (s: string) => boolean } => {
    const re = new RegExp(pattern, flags);
    const risk = backtrackRisk(pattern);
    if (!risk) return re;
    return {
      test(s: string): boolean {
        if (s.length > RISKY_REGEX_MAX_INPUT)
          throw new RegexCut(
            `the schema pattern /${pattern.length > 40 ? `${pattern.slice(0, 39)}…` : pattern}/ may backtrack catastrophically (${risk}); not run on ${s.length} characters`,
          );
        re.lastIndex = 0;
        return re.test(s);
      },
    };
  },
  { code: "guardedRegExp" },
);
