import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { foldArrayRows, foldExpression } from "../../compiler/readers/constant-folder.js";
import { parseText, ts } from "../../compiler/readers/code-source.js";
import { Evaluator, firstUnknown, Unknown, type Value } from "../../compiler/readers/evaluate/index.js";
import { diskSourceHost } from "../../compiler/readers/source-host.js";
import { differential } from "../helpers/run-module.js";

const root = fileURLToPath(new URL("../fixtures/evaluate/", import.meta.url));
const evaluator = () => new Evaluator(root, diskSourceHost(root));

describe("evaluator: differential (static value = the value the transpiled module computes in node:vm)", () => {
  it("the agent-workflow registry's helper patterns: template helpers, arithmetic, helpers returning objects, imported constants", () => {
    differential(root, "src/registry.ts");
  });
  it("functions, operators, built-ins, enums, JSON imports, re-exports and namespaces", () => {
    differential(root, "src/language.ts");
  });
  it("re-export barrels", () => {
    differential(root, "src/lib/index.ts");
  });
});

describe("evaluator: registry rows", () => {
  it("every row of the agent-workflow patterns folds", () => {
    const r = foldArrayRows(root, "src/registry.ts", "FLOW_DECISIONS");
    if ("error" in r) throw new Error(r.error);
    expect(r.rows.map((x) => [x.value?.id, x.value?.scope, x.error])).toEqual([
      ["spec.save-proposal", "spec", undefined],
      ["plan.batch-isolation", "plan", undefined],
      ["plan.split-choice", "plan", undefined],
      ["status.board-projection", "cmd:status", undefined],
      ["chassis.resume", "chassis", undefined],
    ]);
    expect(r.rows[0].span).toMatchObject({ file: "src/registry.ts", line: 22, column: 3 });
  });
});

describe("evaluator: unknown is a value with a reason and a location", () => {
  it("an object with unknown fields keeps its known fields; each unknown names the sub-expression, why, and where", () => {
    const row = evaluator().evaluateExport("src/unknowns.ts", "ROW") as Record<string, Value>;
    expect(row.id).toBe("row.partial");
    expect(row.document).toBe("docs/a.md");
    const why = (k: string) => {
      const u = row[k];
      if (!(u instanceof Unknown)) throw new Error(`${k} is known: ${JSON.stringify(u)}`);
      return `${u.span.file}:${u.span.line}:${u.span.column} ${u.unknown}`;
    };
    expect(why("when")).toBe("src/unknowns.ts:23:9 cannot fold `Date`: `Date` reads the clock");
    expect(why("random")).toBe("src/unknowns.ts:24:11 cannot fold `Math.random()`: `Math.random()` is random");
    expect(why("env")).toBe("src/unknowns.ts:25:8 cannot fold `process`: `process` is the environment at run time");
    expect(why("file")).toBe("src/unknowns.ts:2:10 import from package `node:fs` is not followed");
    expect(why("instance")).toBe("src/unknowns.ts:4:1 `Registry` is a class; its instances have state, so docpact does not evaluate it");
    expect(why("mutable")).toBe("src/unknowns.ts:8:5 `mutable` is not a const, so its value is not static");
    expect(why("branch")).toBe("src/unknowns.ts:29:19 cannot fold `process`: `process` is the environment at run time");
    expect(why("recursion")).toMatch(/^src\/unknowns\.ts:17:10 cannot fold `forever\(n \+ 1\)`: calls nested deeper than 200 \(the recursion limit\)$/);
    expect(firstUnknown(row)).toBe(row.when);
  });

  it("a loop that never ends stops at the step budget; the object keeps its known fields", () => {
    const ev = new Evaluator(root, diskSourceHost(root), { maxSteps: 10_000 });
    const v = ev.evaluateExport("src/unknowns.ts", "LOOP") as Record<string, Value>;
    expect(v.id).toBe("loop");
    expect(v.value).toBeInstanceOf(Unknown);
    expect((v.value as Unknown).unknown).toBe("evaluation stopped after 10000 steps (the step budget)");
  });

  it("a module value changed in place is not static: by code at load, or through an alias during evaluation", () => {
    const ev = evaluator();
    expect((ev.evaluateExport("src/unknowns.ts", "REGISTRY") as Unknown).unknown).toBe(
      '`REGISTRY` is changed at src/unknowns.ts:41 (`REGISTRY.push("added when the module loads")`), so its value is not static',
    );
    expect((ev.evaluateExport("src/unknowns.ts", "ALIASED") as Unknown).unknown).toBe(
      "cannot fold `list.push`: `push` changes an array a module holds at its top level",
    );
    expect(ev.evaluateExport("src/unknowns.ts", "COPIED")).toEqual([1, 2]);
  });

  it("a step budget bounds any evaluation", () => {
    const ev = new Evaluator(root, diskSourceHost(root), { maxSteps: 50 });
    const v = ev.evaluateExport("src/language.ts", "BUILTINS");
    const u = firstUnknown(v);
    expect(u?.unknown).toBe("evaluation stopped after 50 steps (the step budget)");
  });

  it("a missing module or export is an unknown at the file", () => {
    expect(evaluator().evaluateExport("src/nope.ts", "X")).toEqual(
      new Unknown("cannot read src/nope.ts", { file: "src/nope.ts", line: 1, column: 1, endLine: 1, endColumn: 1 }),
    );
    expect((evaluator().evaluateExport("src/registry.ts", "NOPE") as Unknown).unknown).toBe("src/registry.ts has no export `NOPE`");
  });
});

describe("foldExpression (the code reader's and the CLI adapters' entry)", () => {
  const file = parseText(
    root,
    `${root}src/inline.ts`,
    [
      'import { COMMAND_SCOPE_PREFIX } from "./registry.js";',
      "const VERBS = { run: 1, stop: 2 } as const;",
      "function make(name: string, opts: { alias?: string } = {}) {",
      "  return { name: `${COMMAND_SCOPE_PREFIX}${name}`, alias: opts.alias ?? name.slice(0, 1) };",
      "}",
      "const verbs = Object.entries(VERBS).map(([k]) => `aw ${k}`);",
      'const made = make("deploy");',
    ].join("\n"),
  );
  const decl = (name: string) => {
    for (const st of file.sf.statements) {
      if (ts.isVariableStatement(st)) for (const d of st.declarationList.declarations) if (d.name.getText() === name) return d.initializer!;
      if (ts.isFunctionDeclaration(st) && st.name?.text === name) return st;
    }
    throw new Error(name);
  };

  it("template literals with evaluable parts, imported constants, module-local calls and Object.entries", () => {
    expect(foldExpression(root, file, decl("verbs") as ts.Expression)).toEqual({ ok: true, value: ["aw run", "aw stop"] });
    expect(foldExpression(root, file, decl("made") as ts.Expression)).toEqual({ ok: true, value: { name: "cmd:deploy", alias: "d" } });
  });

  it("a factory's body with its parameters bound at a call site", () => {
    const fn = decl("make") as ts.FunctionDeclaration;
    const ret = (fn.body!.statements[0] as ts.ReturnStatement).expression!;
    expect(foldExpression(root, file, ret, { name: "plan", opts: { alias: "p" } })).toEqual({ ok: true, value: { name: "cmd:plan", alias: "p" } });
    expect(foldExpression(root, file, ret)).toMatchObject({ ok: false, message: "`name` is a function parameter, so its value is not static" });
  });
});

describe("evaluator: bound parameters reach local constants; null constants; modeled packages", () => {
  const file = parseText(
    root,
    `${root}src/wrapped.js`,
    [
      'import dashify from "dashify";',
      'import camelCase from "camelcase";',
      "const PLACEHOLDER = null;",
      "function wrap(args, options) {",
      "  const names = options.names.map((n) => dashify(n));",
      "  const fallback = { ...options.defaults, unset: PLACEHOLDER };",
      "  return call({ names, fallback, key: camelCase('print-width') });",
      "}",
    ].join("\n"),
  );
  const fn = file.sf.statements.find(ts.isFunctionDeclaration)!;
  const ret = (fn.body!.statements.at(-1) as ts.ReturnStatement).expression as ts.CallExpression;
  const arg = ret.arguments[0]!;

  it("a local constant of the wrapper is evaluated with the wrapper's parameters bound", () => {
    expect(foldExpression(root, file, arg, { options: { names: ["printWidth", "useTabs", "check"], defaults: { a: 1 } } })).toEqual({
      ok: true,
      value: { names: ["print-width", "use-tabs", "check"], fallback: { a: 1, unset: null }, key: "printWidth" },
    });
    // Unbound, the same constant is not known (and what was remembered bound is not reused).
    expect(foldExpression(root, file, arg)).toMatchObject({ ok: false, message: "`options` is a function parameter, so its value is not static" });
  });

  it("a package function is modeled only where its result is certain", () => {
    const names = (n: string[]) => foldExpression(root, file, arg, { options: { names: n, defaults: {} } });
    expect(names(["fooBAR"])).toMatchObject({
      ok: false,
      message: 'cannot fold `dashify(n)`: `dashify` is modeled only for plain camel-case or dashed names, not "fooBAR"',
    });
    expect(names(["a1B"])).toMatchObject({ ok: false });
    expect(names(["already-dashed"])).toMatchObject({ ok: true, value: { names: ["already-dashed"] } });
  });
});

describe("evaluator: imports of the project's own packages", () => {
  const texts = new Map([
    [
      "src/cli.ts",
      'import * as filter from "@acme/filter";\nimport { config } from "@acme/filter";\nexport const grep = filter.config.grep.short;\nexport const short = config.only.short;\n',
    ],
    ["packages/filter/src/index.ts", 'export const config = { grep: { short: "g" }, only: { short: "O" } };\n'],
  ]);
  const ev = (resolver: ((spec: string) => string | null) | null) => {
    const e = new Evaluator("/nonexistent-root", diskSourceHost("/nonexistent-root", texts));
    e.resolveBare(resolver);
    return e;
  };
  it("a bare specifier the workspace resolves to a source file is read from it", () => {
    const e = ev((spec) => (spec === "@acme/filter" ? "packages/filter/src/index.ts" : null));
    expect(e.evaluateExport("src/cli.ts", "grep")).toBe("g");
    expect(e.evaluateExport("src/cli.ts", "short")).toBe("O");
  });
  it("without a resolver, or for a package the workspace does not declare, it is not followed", () => {
    for (const e of [ev(null), ev(() => null)]) {
      const v = e.evaluateExport("src/cli.ts", "grep");
      expect(v).toBeInstanceOf(Unknown);
      expect((v as Unknown).unknown).toBe("import from package `@acme/filter` is not followed");
    }
  });
});
