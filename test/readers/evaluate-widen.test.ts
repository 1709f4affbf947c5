/**
 * compiler/readers/evaluate/widen.ts: a loop over a list docpact does not evaluate whose body only
 * sets properties keeps the objects it writes, open, with the keys they surely have; anything the
 * body could do besides (a call, `delete`, an outer variable assigned, a loop's `return`) keeps the
 * whole evaluation unknown.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseText, ts } from "../../compiler/readers/code-source.js";
import { Evaluator, isPlainObject, openOf, Unknown, type Value } from "../../compiler/readers/evaluate/index.js";
import { diskSourceHost } from "../../compiler/readers/source-host.js";

const root = fileURLToPath(new URL("../fixtures/evaluate/", import.meta.url));

/** `make(list)` evaluated with `list` unknown (a parameter), `make`'s body being `body`. */
function withUnknownList(body: string): Value {
  const file = parseText(
    root,
    `${root}src/widen.ts`,
    `function make(list: string[]) {\n${body}\n}\nexport function entry(list: string[]) { return make(list); }\n`,
  );
  const entry = file.sf.statements.find((s): s is ts.FunctionDeclaration => ts.isFunctionDeclaration(s) && s.name?.text === "entry")!;
  const ret = (entry.body!.statements[0] as ts.ReturnStatement).expression!;
  return new Evaluator(root, diskSourceHost(root)).evaluateExpression(file, ret);
}

const view = (v: Value) =>
  isPlainObject(v) ? { keys: Object.keys(v), unknownValues: Object.keys(v).filter((k) => v[k] instanceof Unknown), open: openOf(v) !== undefined } : v;

describe("a loop over an unknown list that only sets properties", () => {
  it("forEach with a computed key: the known keys stay, every value the loop may write is unknown, the object is open", () => {
    const v = withUnknownList('const o = { watch: { type: "boolean" }, out: 1 };\nlist.forEach((n) => { o[n] = { type: "boolean" }; });\nreturn o;');
    expect(view(v)).toEqual({ keys: ["watch", "out"], unknownValues: ["watch", "out"], open: true });
    expect(openOf(v as Record<string, Value>)!.unknown).toMatch(/^properties set in a loop over a value docpact does not evaluate \(/);
  });

  it("for…of writing one named key: only that key's value becomes unknown; reading a key it lacks is unknown, not undefined", () => {
    const v = withUnknownList("const o = { a: 1, b: 2 };\nfor (const n of list) { if (n) o.b = 3; }\nreturn [o.a, o.b, o.c];");
    expect((v as Value[])[0]).toBe(1);
    expect((v as Value[])[1]).toBeInstanceOf(Unknown);
    expect((v as Value[])[2]).toBeInstanceOf(Unknown);
  });

  it("locals of the body and pure conditions are allowed", () => {
    const v = withUnknownList("const o = { a: {} };\nlist.forEach((n) => { const s = n + 'x'; if (s) o[n] = {}; });\nreturn o;");
    expect(view(v)).toEqual({ keys: ["a"], unknownValues: ["a"], open: true });
  });

  it.each([
    ["a call in the body", "const o = {};\nlist.forEach((n) => { o[n] = String(n); });\nreturn o;"],
    ["delete", "const o = { a: 1 };\nlist.forEach((n) => { delete o[n]; });\nreturn o;"],
    ["an outer variable assigned", "let c = 0;\nconst o = {};\nlist.forEach((n) => { c = 1; o[n] = 1; });\nreturn o;"],
    ["++ in a key", "let i = 0;\nconst o = {};\nlist.forEach((n) => { o[i++] = n; });\nreturn o;"],
    ["a loop's return", "const o = { a: 1 };\nfor (const n of list) { return n; }\nreturn o;"],
    ["a receiver that is a call", "const o = {};\nfilter(list).forEach((n) => { o[n] = 1; });\nreturn o;\nfunction filter(x: string[]) { return x; }"],
    ["a nested target (the inner object may be shared)", "const o = { a: {} };\nlist.forEach((n) => { o[n].short = 'x'; });\nreturn o;"],
    ["a property of the loop's element (it may alias a tracked object)", "const o = { a: 1 };\nlist.forEach((item) => { item.x = 1; });\nreturn o;"],
    ["a property of a body local (it may alias a tracked object)", "const o = { a: 1 };\nlist.forEach((n) => { const t = o; t[n] = 1; });\nreturn o;"],
    ["a target that is not a plain object", "const o = new Map();\nlist.forEach((n) => { o[n] = 1; });\nreturn o;"],
  ])("%s keeps the evaluation unknown", (_what, body) => {
    expect(withUnknownList(body)).toBeInstanceOf(Unknown);
  });
});
