/**
 * The evaluator's resource bounds (bounds.ts, interp.ts): built-ins charged by
 * the size of what they produce, refused before building a value past the
 * budget, a deadline per evaluation (wall and CPU time), regular expressions that may
 * backtrack catastrophically not run on long input. In process, on in-memory
 * sources; each case ends in milliseconds.
 */
import { describe, expect, it } from "vitest";
import { Evaluator, Unknown, type Value } from "../../compiler/readers/evaluate/index.js";
import { ticking } from "../helpers/clock.js";
import { backtrackRisk, guardedRegExp, RegexCut } from "../../compiler/util/regex-guard.js";

/** The value of `export const v = <expr>` (plus `prelude`), with the evaluator's limits overridden. */
function value(expr: string, limits: object = {}, prelude = ""): Value {
  const files: Record<string, string> = { "m.ts": `${prelude}\nexport const v = ${expr};\n` };
  return new Evaluator("/nowhere", { read: (p: string) => files[p] }, limits).evaluateExport("m.ts", "v");
}
const why = (v: Value) => (v instanceof Unknown ? v.unknown : `known: ${String(v).slice(0, 40)}`);

describe("evaluator bounds: size", () => {
  it("'x'.repeat(2 ** 29 - 24) is refused before it is built", () => {
    expect(why(value("'x'.repeat(2 ** 29 - 24)"))).toMatch(/step budget/);
  });
  it("eight of them in Array.from: each refused, the join unknown, no abort", () => {
    expect(value("Array.from({ length: 8 }, () => 'x'.repeat(2 ** 29 - 24)).join('')")).toBeInstanceOf(Unknown);
  });
  it("Array.from({ length: 2e8 }) and new Array(2 ** 30) are refused", () => {
    expect(why(value("Array.from({ length: 2e8 }, (_, i) => i)"))).toMatch(/step budget/);
    expect(why(value("new Array(2 ** 30)"))).toMatch(/step budget/);
  });
  it("a string doubled past 16 M characters is unknown", () => {
    expect(why(value("(() => { let s = 'xy'; for (let i = 0; i < 40; i++) s = s + s; return s; })()"))).toMatch(/characters, more than/);
  });
  it("what built-ins produce is charged: a loop of large slices runs out of budget", () => {
    expect(
      why(
        value(
          "(() => { let n = 0; for (let i = 0; i < 1000; i++) n += big.slice().length; return n; })()",
          {},
          "const big = Array.from({ length: 10000 }, (_, i) => i);",
        ),
      ),
    ).toMatch(/step budget/);
  });
  it("ordinary values still fold", () => {
    expect(value("'ab'.repeat(3) + [1, 2, 3].map((x) => x * 2).join(',')")).toBe("ababab2,4,6");
  });
});

describe("evaluator bounds: deadline", () => {
  it("an evaluation past timeoutMs stops with the deadline as its reason", () => {
    const v = value("(() => { let n = 0; for (let i = 0; i < 1e9; i++) n = n + 1; return n; })()", { maxSteps: 1e12, timeoutMs: 30 });
    expect(why(v)).toMatch(/30 ms \(the evaluation deadline\)/);
  });
  const loop = "(() => { let n = 0; for (let i = 0; i < 20000; i++) n = n + 1; return n; })()";
  it("wall time past the deadline with little CPU time (a loaded machine) does not stop it: the result does not depend on the load", () => {
    expect(value(loop, { timeoutMs: 30, clock: ticking(1000, 0) })).toBe(20000);
  });
  it("CPU time past the deadline within the wall time (other threads busy) does not stop it", () => {
    expect(value(loop, { timeoutMs: 30, clock: ticking(0, 1000) })).toBe(20000);
  });
  it("both past the deadline stop it", () => {
    expect(why(value(loop, { timeoutMs: 30, clock: ticking(1000, 1000) }))).toMatch(/30 ms \(the evaluation deadline\)/);
  });
});

describe("evaluator bounds: regular expressions", () => {
  it("/^(a+)+$/ on 40 characters is not run", () => {
    expect(why(value("/^(a+)+$/.test('a'.repeat(40) + '!')"))).toMatch(/may backtrack catastrophically \(a quantifier inside a repeated group/);
  });
  it("an overlapping alternation under a quantifier is not run on long input, but runs on short input", () => {
    expect(why(value("'a'.repeat(60).replace(/(a|aa)*b/, 'x')"))).toMatch(/alternation inside a repeated group/);
    expect(value("/^(a|aa)*$/.test('aaaa')")).toBe(true);
  });
  it("linear patterns run on any input", () => {
    expect(value("/^[a-z]+$/.test('a'.repeat(10000))")).toBe(true);
    expect(value("'a-b-c'.split(/-/).length")).toBe(3);
  });
});

describe("backtrackRisk", () => {
  const risky = ["^(a+)+$", "(a*)*", "(\\w+\\s?)*$", "(a|aa)+", "(x|y){2,}", "^(\\d+)*$", "(a)\\1", "((ab)*c)+"];
  const linear = ["^[a-z]+$", "^(ab)+$", "(\\d{1,3}\\.){3}\\d{1,3}", "[(a+)+]", "\\(a+\\)+", "^--?[a-z][\\w-]*$", "(?:x)?y+", "a{2,5}b*"];
  for (const p of risky) it(`flags ${p}`, () => expect(backtrackRisk(p)).not.toBeNull());
  for (const p of linear) it(`passes ${p}`, () => expect(backtrackRisk(p)).toBeNull());
});

describe("guardedRegExp (Ajv's engine for schema patterns)", () => {
  it("runs linear patterns, refuses risky ones on long input with RegexCut", () => {
    expect(guardedRegExp("^[a-z]+$", "u").test("abc")).toBe(true);
    expect(guardedRegExp("^(a+)+$", "u").test("aaa")).toBe(true);
    expect(() => guardedRegExp("^(a+)+$", "u").test(`${"a".repeat(40)}!`)).toThrow(RegexCut);
  });
});
