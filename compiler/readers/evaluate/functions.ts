/**
 * Functions and statements: calling module-local and imported functions
 * with bound arguments (defaults, rest, destructuring), closures, the
 * statements a pure helper is written with (`const`/`let`, `if`, loops,
 * `switch`, `return`), and name lookup from a call's scope out to the
 * module. A branch on an unknown, a `throw` or a lost mutation makes the
 * call's result that unknown; a call deeper than the limit is unknown too.
 */
import { type ParsedFile, spanOf, ts } from "../code-source.js";
import { globalValue, member, NOT_GLOBAL } from "./builtins.js";
import { evaluate, iterate, site, truthy } from "./expressions.js";
import { predictedWeight, regexRefusal, weight } from "./bounds.js";
import { Abort, type Interp, unknownAt } from "./interp.js";
import { NOT_DECLARED, namesOf } from "./modules.js";
import { Env } from "./scope.js";
import { forEachCallback, widenLoop } from "./widen.js";
import { Builtin, Closure, Unknown, type Value, type ObjectValue, hasOwn, isPlainObject, openOf, setProp } from "./values.js";

/**
 * A built-in call refused before it runs: its result would not fit the
 * evaluation's budget, or it would run a regular expression that may
 * backtrack catastrophically on long input (bounds.ts).
 */
export function refuseBuiltin(I: Interp, name: string, self: Value, args: readonly Value[], file: ParsedFile, at: ts.Node): Unknown | null {
  const predicted = predictedWeight(name, self, args);
  if (predicted > I.stepsLeft)
    return unknownAt(
      file,
      at,
      `would build a value of about ${predicted} steps, more than the ${I.stepsLeft} left of the step budget (strings and arrays are charged by size)`,
    );
  const regex = regexRefusal(name, self, args);
  return regex ? unknownAt(file, at, regex) : null;
}

type Completion = undefined | { kind: "return"; value: Value } | { kind: "break"; label?: string } | { kind: "continue"; label?: string };

/** Calls a function value with `self` as `this`. */
export function callFunction(I: Interp, fn: Value, self: Value, args: Value[], file: ParsedFile, at: ts.Node): Value {
  if (fn instanceof Unknown) return fn;
  if (fn instanceof Builtin) {
    const refused = refuseBuiltin(I, fn.name, self, args, file, at);
    if (refused) return refused;
    try {
      const out = fn.fn(self, args, site(I, file, at));
      I.charge(weight(out), file, at);
      return out;
    } catch (e) {
      if (e instanceof Abort) return e.value;
      return unknownAt(file, at, `throws: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  if (!(fn instanceof Closure)) return unknownAt(file, at, "calls a value that is not a function");
  if (I.depth >= I.limits.maxDepth) return unknownAt(file, at, `calls nested deeper than ${I.limits.maxDepth} (the recursion limit)`);
  const node = fn.node;
  if (node.asteriskToken) return unknownAt(file, at, "a generator runs at run time");
  if (hasAsync(node)) return unknownAt(file, at, `\`${fn.name}\` is async: its result is a run-time promise`);
  if (!node.body) return unknownAt(file, at, `\`${fn.name}\` has no body`);
  const isArrow = ts.isArrowFunction(node);
  const env = new Env(fn.env, null, isArrow ? undefined : self);
  I.depth++;
  try {
    node.parameters.forEach((p, i) => {
      if (ts.isIdentifier(p.name) && p.name.text === "this") return;
      let v: Value = p.dotDotDotToken ? args.slice(i) : args[i];
      if (v === undefined && p.initializer) v = evaluate(I, fn.file, env, p.initializer);
      bindPattern(I, fn.file, env, p.name, v, true);
    });
    if (!ts.isBlock(node.body)) return evaluate(I, fn.file, env, node.body);
    const c = execBlock(I, fn.file, env, node.body.statements);
    return c?.kind === "return" ? c.value : undefined;
  } catch (e) {
    if (e instanceof Abort) return e.value;
    throw e;
  } finally {
    I.depth--;
  }
}

function hasAsync(node: ts.FunctionLikeDeclaration): boolean {
  return (ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword)) ?? false;
}

/** Binds a name or destructuring pattern to a value. */
export function bindPattern(I: Interp, file: ParsedFile, env: Env, name: ts.BindingName, value: Value, mutable: boolean): void {
  if (ts.isIdentifier(name)) {
    env.declare(name.text, value, mutable);
    return;
  }
  if (value instanceof Unknown) {
    for (const n of namesOf(name)) env.declare(n, value, mutable);
    return;
  }
  if (value === null || value === undefined) {
    const u = unknownAt(file, name, `destructures ${String(value)} (throws)`);
    for (const n of namesOf(name)) env.declare(n, u, mutable);
    return;
  }
  if (ts.isObjectBindingPattern(name)) {
    const used = new Set<string>();
    for (const el of name.elements) {
      if (el.dotDotDotToken) {
        const rest: ObjectValue = {};
        if (isPlainObject(value)) for (const k of Object.keys(value)) if (!used.has(k)) setProp(rest, k, value[k]);
        const open = isPlainObject(value) ? openOf(value) : undefined;
        bindPattern(I, file, env, el.name, open ?? rest, mutable);
        continue;
      }
      const pn = el.propertyName ?? (ts.isIdentifier(el.name) ? el.name : undefined);
      let key: Value;
      if (!pn) key = unknownAt(file, el, "unsupported binding element");
      else if (ts.isComputedPropertyName(pn)) key = evaluate(I, file, env, pn.expression);
      else key = ts.isIdentifier(pn) || ts.isStringLiteral(pn) || ts.isNumericLiteral(pn) ? pn.text : pn.getText(file.sf);
      if (key instanceof Unknown) {
        bindPattern(I, file, env, el.name, key, mutable);
        continue;
      }
      used.add(String(key));
      let v = getField(value, String(key), I, file, el);
      if (v === undefined && el.initializer) v = evaluate(I, file, env, el.initializer);
      bindPattern(I, file, env, el.name, v, mutable);
    }
    return;
  }
  const items = iterate(value, file, name);
  name.elements.forEach((el, i) => {
    if (ts.isOmittedExpression(el)) return;
    if (items instanceof Unknown) return bindPattern(I, file, env, el.name, items, mutable);
    let v: Value = el.dotDotDotToken ? items.slice(i) : items[i];
    if (v === undefined && el.initializer) v = evaluate(I, file, env, el.initializer);
    bindPattern(I, file, env, el.name, v, mutable);
  });
}

function getField(value: Value, key: string, I: Interp, file: ParsedFile, at: ts.Node): Value {
  if (isPlainObject(value)) {
    if (hasOwn(value, key)) return value[key];
    return openOf(value);
  }
  // Strings, arrays, Maps…: the same lookup as `value.key`.
  return member(value, key, site(I, file, at));
}

// ───────────── names ─────────────

/**
 * The value of `name` at `node`: the call's environments, then (for an
 * expression evaluated out of context) the enclosing blocks of the source,
 * then the module's top level, then the built-in globals.
 */
export function lookupName(I: Interp, file: ParsedFile, env: Env, name: string, node: ts.Node, forTypeof = false): Value {
  if (name === "undefined") return undefined;
  const cell = env.lookup(name);
  if (cell) return cell.value;
  const root = env.root();
  if (root.origin) {
    const local = lookupInSource(I, file, name, root.origin, root.bindings);
    if (local !== NOT_FOUND) return local;
  }
  const top = I.modules.top(file, name);
  if (top !== NOT_DECLARED) return top;
  const g = globalValue(name, site(I, file, node));
  if (g !== NOT_GLOBAL) return g;
  // `typeof x` of an undeclared name is "undefined", not a ReferenceError.
  if (forTypeof) return undefined;
  return new Unknown(`\`${name}\` is not declared in ${file.rel}`, spanOf(file, node));
}

const NOT_FOUND = Symbol("not found");

/** Looks `name` up in the blocks enclosing `from` (not the module's top level). */
function lookupInSource(I: Interp, file: ParsedFile, name: string, from: ts.Node, bindings: Readonly<Record<string, Value>> | null): Value | typeof NOT_FOUND {
  for (let n: ts.Node | undefined = from; n && !ts.isSourceFile(n); n = n.parent) {
    const statements = ts.isBlock(n) || ts.isModuleBlock(n) || ts.isCaseClause(n) || ts.isDefaultClause(n) ? n.statements : null;
    if (statements) {
      for (const st of statements) {
        if (ts.isVariableStatement(st)) {
          for (const d of st.declarationList.declarations) {
            if (!namesOf(d.name).includes(name)) continue;
            if (!(st.declarationList.flags & ts.NodeFlags.Const)) return new Unknown(`\`${name}\` is not a const, so its value is not static`, spanOf(file, d));
            if (!d.initializer) return new Unknown(`\`${name}\` has no initializer`, spanOf(file, d));
            return localConst(I, file, d, name, bindings);
          }
        } else if (ts.isFunctionDeclaration(st) && st.name?.text === name && st.body) {
          return new Closure(st, file, Env.bound(st, bindings), name);
        } else if ((ts.isClassDeclaration(st) || ts.isEnumDeclaration(st)) && st.name?.text === name) {
          return new Unknown(`\`${name}\` is a local ${ts.isClassDeclaration(st) ? "class" : "enum"}`, spanOf(file, st));
        }
      }
    }
    if (ts.isFunctionLike(n) && n.parameters.some((p) => namesOf(p.name).includes(name))) {
      return new Unknown(`\`${name}\` is a function parameter, so its value is not static`, spanOf(file, from));
    }
    if ((ts.isForOfStatement(n) || ts.isForInStatement(n) || ts.isForStatement(n)) && n.initializer && ts.isVariableDeclarationList(n.initializer)) {
      if (n.initializer.declarations.some((d) => namesOf(d.name).includes(name)))
        return new Unknown(`\`${name}\` is a loop variable, so its value is not static`, spanOf(file, from));
    }
    if (ts.isCatchClause(n) && n.variableDeclaration && namesOf(n.variableDeclaration.name).includes(name)) {
      return new Unknown(`\`${name}\` is a caught error`, spanOf(file, from));
    }
  }
  return NOT_FOUND;
}

function localConst(I: Interp, file: ParsedFile, d: ts.VariableDeclaration, name: string, bindings: Readonly<Record<string, Value>> | null): Value {
  // Remembered per declaration, and per bindings object when the enclosing parameters are bound.
  let memo = I.locals;
  if (bindings) {
    memo = I.boundLocals.get(bindings) ?? new WeakMap();
    I.boundLocals.set(bindings, memo);
  }
  let all = memo.get(d) as Record<string, Value> | undefined;
  if (!all) {
    const env = Env.bound(d, bindings);
    let v: Value;
    try {
      v = evaluate(I, file, env, d.initializer!);
    } catch (e) {
      if (!(e instanceof Abort)) throw e;
      v = e.value;
    }
    const bound = new Env(null);
    bindPattern(I, file, bound, d.name, v, false);
    all = {};
    for (const n of namesOf(d.name)) all[n] = bound.lookup(n)?.value;
    memo.set(d, all as unknown as Value);
  }
  return all[name];
}

// ───────────── statements ─────────────

function hoist(I: Interp, file: ParsedFile, env: Env, statements: readonly ts.Statement[]): void {
  for (const st of statements) {
    if (ts.isFunctionDeclaration(st) && st.name && st.body) env.declare(st.name.text, new Closure(st, file, env, st.name.text), true);
  }
}

export function execBlock(I: Interp, file: ParsedFile, env: Env, statements: readonly ts.Statement[]): Completion {
  hoist(I, file, env, statements);
  for (const st of statements) {
    const c = exec(I, file, env, st);
    if (c) return c;
  }
  return undefined;
}

function condition(I: Interp, file: ParsedFile, env: Env, e: ts.Expression): boolean {
  const v = evaluate(I, file, env, e);
  if (v instanceof Unknown) throw new Abort(v);
  return truthy(v);
}

function loopBody(I: Interp, file: ParsedFile, env: Env, body: ts.Statement, label: string | undefined): Completion | "break" {
  const c = exec(I, file, env, body);
  if (!c) return undefined;
  if (c.kind === "break" && (c.label === undefined || c.label === label)) return "break";
  if (c.kind === "continue" && (c.label === undefined || c.label === label)) return undefined;
  return c;
}

function exec(I: Interp, file: ParsedFile, env: Env, st: ts.Statement, label?: string): Completion {
  I.step(file, st);
  if (ts.isBlock(st)) return execBlock(I, file, new Env(env), st.statements);
  if (ts.isVariableStatement(st)) {
    declareList(I, file, env, st.declarationList);
    return undefined;
  }
  if (ts.isExpressionStatement(st)) {
    const v = evaluate(I, file, env, st.expression);
    if (v instanceof Unknown && containsCall(st.expression)) {
      // A loop over an unknown list that only sets properties: the objects stay, marked open (widen.ts).
      const loop = forEachCallback(st.expression);
      if (loop && widenLoop(env, loop.body, loop.params, v, "callback")) return undefined;
      // An unknown call may have changed state docpact tracks; what follows would be guessed.
      throw new Abort(v);
    }
    return undefined;
  }
  if (ts.isReturnStatement(st)) return { kind: "return", value: st.expression ? evaluate(I, file, env, st.expression) : undefined };
  if (ts.isIfStatement(st)) {
    if (condition(I, file, env, st.expression)) return exec(I, file, env, st.thenStatement);
    return st.elseStatement ? exec(I, file, env, st.elseStatement) : undefined;
  }
  if (ts.isForOfStatement(st)) {
    if (st.awaitModifier) throw new Abort(unknownAt(file, st, "`for await` waits for run-time results"));
    const items = iterate(evaluate(I, file, env, st.expression), file, st.expression);
    if (items instanceof Unknown) {
      const bindings = ts.isVariableDeclarationList(st.initializer) ? st.initializer.declarations.map((d) => d.name) : null;
      if (bindings && widenLoop(env, st.statement, bindings, items, "loop")) return undefined;
      throw new Abort(items);
    }
    for (const item of [...items]) {
      const inner = new Env(env);
      bindLoopVar(I, file, inner, st.initializer, item);
      const c = loopBody(I, file, inner, st.statement, label);
      if (c === "break") break;
      if (c) return c;
    }
    return undefined;
  }
  if (ts.isForInStatement(st)) {
    const obj = evaluate(I, file, env, st.expression);
    if (obj instanceof Unknown) throw new Abort(obj);
    if (isPlainObject(obj) && openOf(obj)) throw new Abort(openOf(obj)!);
    const keys = obj !== null && typeof obj === "object" ? Object.keys(obj) : [];
    for (const k of keys) {
      const inner = new Env(env);
      bindLoopVar(I, file, inner, st.initializer, k);
      const c = loopBody(I, file, inner, st.statement, label);
      if (c === "break") break;
      if (c) return c;
    }
    return undefined;
  }
  if (ts.isForStatement(st)) {
    const loop = new Env(env);
    if (st.initializer) {
      if (ts.isVariableDeclarationList(st.initializer)) declareList(I, file, loop, st.initializer);
      else evaluate(I, file, loop, st.initializer);
    }
    for (;;) {
      if (st.condition && !condition(I, file, loop, st.condition)) break;
      const c = loopBody(I, file, new Env(loop), st.statement, label);
      if (c === "break") break;
      if (c) return c;
      if (st.incrementor) evaluate(I, file, loop, st.incrementor);
    }
    return undefined;
  }
  if (ts.isWhileStatement(st)) {
    while (condition(I, file, env, st.expression)) {
      const c = loopBody(I, file, new Env(env), st.statement, label);
      if (c === "break") break;
      if (c) return c;
    }
    return undefined;
  }
  if (ts.isDoStatement(st)) {
    do {
      const c = loopBody(I, file, new Env(env), st.statement, label);
      if (c === "break") break;
      if (c) return c;
    } while (condition(I, file, env, st.expression));
    return undefined;
  }
  if (ts.isSwitchStatement(st)) {
    const d = evaluate(I, file, env, st.expression);
    if (d instanceof Unknown) throw new Abort(d);
    const inner = new Env(env);
    const clauses = st.caseBlock.clauses;
    let start = clauses.findIndex((c) => {
      if (!ts.isCaseClause(c)) return false;
      const v = evaluate(I, file, inner, c.expression);
      if (v instanceof Unknown) throw new Abort(v);
      return v === d;
    });
    if (start === -1) start = clauses.findIndex((c) => ts.isDefaultClause(c));
    if (start === -1) return undefined;
    for (const c of clauses.slice(start)) {
      const r = execBlock(I, file, inner, c.statements);
      if (r?.kind === "break" && (r.label === undefined || r.label === label)) return undefined;
      if (r) return r;
    }
    return undefined;
  }
  if (ts.isBreakStatement(st)) return { kind: "break", label: st.label?.text };
  if (ts.isContinueStatement(st)) return { kind: "continue", label: st.label?.text };
  if (ts.isLabeledStatement(st)) {
    const c = exec(I, file, env, st.statement, st.label.text);
    return c?.kind === "break" && c.label === st.label.text ? undefined : c;
  }
  if (ts.isThrowStatement(st)) throw new Abort(unknownAt(file, st, "throws"));
  if (ts.isTryStatement(st)) {
    // Real errors become unknowns, never caught values, so the try block's result (or its unknown) stands.
    const c = execBlock(I, file, new Env(env), st.tryBlock.statements);
    if (st.finallyBlock) {
      const f = execBlock(I, file, new Env(env), st.finallyBlock.statements);
      if (f) return f;
    }
    return c;
  }
  if (ts.isFunctionDeclaration(st) || ts.isEmptyStatement(st) || ts.isTypeAliasDeclaration(st) || ts.isInterfaceDeclaration(st)) return undefined;
  if (ts.isClassDeclaration(st) && st.name) {
    env.declare(st.name.text, unknownAt(file, st, "a class has state, so docpact does not evaluate it"), false);
    return undefined;
  }
  throw new Abort(unknownAt(file, st, `a statement docpact does not evaluate (${ts.SyntaxKind[st.kind]})`));
}

function declareList(I: Interp, file: ParsedFile, env: Env, list: ts.VariableDeclarationList): void {
  const mutable = !(list.flags & ts.NodeFlags.Const);
  for (const d of list.declarations) {
    const v = d.initializer ? evaluate(I, file, env, d.initializer) : undefined;
    bindPattern(I, file, env, d.name, v, mutable);
  }
}

function bindLoopVar(I: Interp, file: ParsedFile, env: Env, init: ts.ForInitializer, value: Value): void {
  if (ts.isVariableDeclarationList(init)) {
    const d = init.declarations[0];
    if (d) bindPattern(I, file, env, d.name, value, !(init.flags & ts.NodeFlags.Const));
    return;
  }
  throw new Abort(unknownAt(file, init, "a loop that assigns an outer variable"));
}

function containsCall(e: ts.Node): boolean {
  if (ts.isCallExpression(e) || ts.isNewExpression(e) || ts.isTaggedTemplateExpression(e)) return true;
  return ts.forEachChild(e, (c) => (ts.isFunctionLike(c) ? undefined : containsCall(c) || undefined)) ?? false;
}
