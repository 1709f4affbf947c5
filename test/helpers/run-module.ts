/**
 * Runs a TypeScript module for real, for differential tests only: every file
 * is transpiled with ts-morph's TypeScript (`transpileModule`, CommonJS) and
 * run in a `node:vm` context with a `require` that resolves relative
 * specifiers inside the fixture (`.js` → `.ts`, JSON files). docpact itself
 * never does this; the tests compare its static values with the real ones.
 */
import { readFileSync, existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import vm from "node:vm";
import { ts } from "ts-morph";
import { expect } from "vitest";
import { Evaluator, toPlain, Unknown } from "../../compiler/readers/evaluate/index.js";
import { diskSourceHost } from "../../compiler/readers/source-host.js";

/**
 * The exports of `file` (absolute), each as JSON-shaped data the way the
 * evaluator's `toPlain` shapes it (Sets as arrays, Maps as objects,
 * functions and `undefined` dropped), computed inside the context so
 * values from another realm compare cleanly.
 */
export function runModuleExports(file: string): Record<string, unknown> {
  const context = vm.createContext({});
  const cache = new Map<string, { exports: Record<string, unknown> }>();
  const load = (abs: string): Record<string, unknown> => {
    const hit = cache.get(abs);
    if (hit) return hit.exports;
    const mod = { exports: {} as Record<string, unknown> };
    cache.set(abs, mod);
    if (abs.endsWith(".json")) {
      mod.exports = vm.runInContext(`(${readFileSync(abs, "utf8")})`, context) as Record<string, unknown>;
      return mod.exports;
    }
    const out = ts.transpileModule(readFileSync(abs, "utf8"), {
      fileName: abs,
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    }).outputText;
    const fn = vm.runInContext(`(function (exports, require, module) {${out}\n})`, context) as (e: unknown, r: unknown, m: unknown) => void;
    fn(mod.exports, (spec: string) => load(resolveSpec(abs, spec)), mod);
    return mod.exports;
  };
  const exports = load(file);
  const project = vm.runInContext(
    `(function (v) { return JSON.stringify(v, function (k, x) { return x instanceof Set ? Array.from(x) : x instanceof Map ? Object.fromEntries(x) : x; }); })`,
    context,
  ) as (v: unknown) => string | undefined;
  const result: Record<string, unknown> = {};
  for (const name of Object.keys(exports)) {
    // Functions and classes have no data to compare; the caller skips them.
    if (typeof exports[name] === "function") {
      result[name] = FUNCTION;
      continue;
    }
    const text = project(exports[name]);
    result[name] = text === undefined ? undefined : JSON.parse(text);
  }
  return result;
}

/** Marks an export that is a function or class in `runModuleExports`' result. */
export const FUNCTION = Symbol("function");

function resolveSpec(from: string, spec: string): string {
  if (!spec.startsWith(".")) throw new Error(`the differential runner follows relative imports only (${spec})`);
  const base = resolve(dirname(from), spec);
  const candidates = /\.json$/.test(base) ? [base] : /\.js$/.test(base) ? [base.replace(/\.js$/, ".ts"), base] : [`${base}.ts`, join(base, "index.ts")];
  const hit = candidates.find((c) => existsSync(c));
  if (!hit) throw new Error(`cannot resolve ${spec} from ${from}`);
  return hit;
}

/** Every export of a fixture module, statically and for real: they must be equal (functions and classes have no data and are skipped). */
export function differential(root: string, file: string): number {
  const real = runModuleExports(`${root}${file}`);
  const ev = new Evaluator(root, diskSourceHost(root));
  const names = Object.keys(real)
    .filter((n) => real[n] !== FUNCTION)
    .sort();
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) {
    const v = ev.evaluateExport(file, name);
    const plain = toPlain(v);
    if (plain instanceof Unknown) throw new Error(`${file}#${name}: ${plain.unknown} at ${plain.span.line}:${plain.span.column}`);
    expect({ [name]: plain }).toEqual({ [name]: real[name] });
  }
  return names.length;
}
