/**
 * Values registered in a loop: `for (const [name, o] of Object.entries(options))
 * cli.option(\`--${name}\`, …)`, `for (const { long, short } of cliOptions)
 * program.option(\`-${short}, --${long}\`)`. An expression that mentions a loop
 * variable is evaluated once per element of what the loop walks, with the loop
 * variables bound to that element (the evaluator's bindings), so a CLI whose
 * ~170 options come from one array or record is read with all of them. The
 * elements need not be known whole (an option's `parse` function is not):
 * only what the expression reads must fold. A local constant of the loop body
 * (`const flags = \`--${long}\``) is read through its initializer; an `if` of
 * the loop body whose condition folds for an element keeps or skips it.
 */
import { type ParsedFile, ts, unwrap } from "../code-source.js";
import type { EvaluatedValue, FoldedValue } from "../constant-folder.js";
import type { AdapterContext } from "./adapter.js";
import { localInit } from "./syntax.js";

type Bindings = Record<string, EvaluatedValue>;

/**
 * Every value `expr` takes: one value when it evaluates directly; one per
 * iteration of the enclosing loop it depends on (skipping elements an
 * enclosing `if` rules out); null when any of them does not evaluate.
 */
export function foldAll(ctx: AdapterContext, file: ParsedFile, expr: ts.Expression): FoldedValue[] | null {
  const direct = ctx.fold(file, expr);
  if (direct !== undefined) return [direct];
  const loop = enclosingLoop(expr);
  if (!loop) return null;
  const items = elements(ctx.evaluate(file, loop.iterated.expr), loop.iterated.kind);
  if (items === null) return null;
  const target = throughLocals(expr, loop.body);
  const guards = guardsOf(expr, loop.body);
  const out: FoldedValue[] = [];
  for (const item of items) {
    const bindings: Bindings = {};
    if (!bind(loop.pattern, item, bindings)) return null;
    const kept = guards.every(({ cond, then }) => {
      const c = ctx.fold(file, cond, bindings);
      return c === undefined || Boolean(c) === then;
    });
    if (!kept) continue;
    const v = ctx.fold(file, target, bindings);
    if (v === undefined) return null;
    out.push(v);
  }
  return out;
}

interface Loop {
  pattern: ts.BindingName;
  iterated: { expr: ts.Expression; kind: "array" | "keys" | "values" | "entries" };
  body: ts.Node;
}

function iteratedOf(e: ts.Expression): Loop["iterated"] {
  const u = unwrap(e);
  if (
    ts.isCallExpression(u) &&
    ts.isPropertyAccessExpression(u.expression) &&
    ts.isIdentifier(u.expression.expression) &&
    u.expression.expression.text === "Object" &&
    u.arguments[0]
  ) {
    const m = u.expression.name.text;
    if (m === "keys" || m === "values" || m === "entries") return { expr: u.arguments[0], kind: m };
  }
  return { expr: u, kind: "array" };
}

function enclosingLoop(node: ts.Node): Loop | null {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (ts.isForOfStatement(n) && ts.isVariableDeclarationList(n.initializer) && n.initializer.declarations[0]) {
      return { pattern: n.initializer.declarations[0].name, iterated: iteratedOf(n.expression), body: n.statement };
    }
    if ((ts.isArrowFunction(n) || ts.isFunctionExpression(n)) && n.parameters[0] && ts.isCallExpression(n.parent)) {
      const call = n.parent;
      if (ts.isPropertyAccessExpression(call.expression) && ["forEach", "map"].includes(call.expression.name.text)) {
        return { pattern: n.parameters[0].name, iterated: iteratedOf(call.expression.expression), body: n.body };
      }
    }
  }
  return null;
}

/** The elements the loop walks, as evaluator values; null when the walked value is not known as a whole list. */
function elements(v: EvaluatedValue, kind: Loop["iterated"]["kind"]): EvaluatedValue[] | null {
  if (Array.isArray(v)) return kind === "array" ? v : null;
  if (!isPlainObject(v)) return null;
  // A plain object record (an object with an unknown spread in it is not: its keys are not all known).
  const rec = v as Record<string, EvaluatedValue>;
  if (Object.getOwnPropertySymbols(rec).length > 0) return null;
  if (kind === "keys") return Object.keys(rec);
  if (kind === "values") return Object.values(rec);
  if (kind === "entries") return Object.entries(rec).map(([k, x]) => [k, x]);
  return null;
}

/** `flags` declared in the loop body as `const flags = …`: its initializer (followed a few steps). */
function throughLocals(expr: ts.Expression, body: ts.Node): ts.Expression {
  let e = unwrap(expr);
  for (let i = 0; i < 4 && ts.isIdentifier(e); i++) {
    const init = localInit(e.text, e);
    if (!init || !within(init, body)) break;
    e = unwrap(init);
  }
  return e;
}

/** The `if` conditions between `expr` and the loop body, with the branch `expr` is on. */
function guardsOf(expr: ts.Node, body: ts.Node): { cond: ts.Expression; then: boolean }[] {
  const out: { cond: ts.Expression; then: boolean }[] = [];
  let child: ts.Node = expr;
  for (let n = expr.parent; n && n !== body.parent; child = n, n = n.parent) {
    if (ts.isIfStatement(n) && child !== n.expression) out.push({ cond: n.expression, then: child === n.thenStatement });
  }
  return out;
}

function within(node: ts.Node, outer: ts.Node): boolean {
  return node.pos >= outer.pos && node.end <= outer.end && node.getSourceFile() === outer.getSourceFile();
}

/** Binds the pattern's names to parts of `v`; false when a part is not known to exist (an unknown element, a key an unknown spread may hold). */
function bind(p: ts.BindingName, v: EvaluatedValue, out: Bindings): boolean {
  if (ts.isIdentifier(p)) {
    out[p.text] = v;
    return true;
  }
  if (ts.isArrayBindingPattern(p)) {
    if (!Array.isArray(v)) return false;
    return p.elements.every((el, i) => ts.isOmittedExpression(el) || (!el.dotDotDotToken && !el.initializer && bind(el.name, v[i], out)));
  }
  if (!isPlainObject(v)) return false;
  const obj = v as Record<string, EvaluatedValue>;
  const open = Object.getOwnPropertySymbols(obj).length > 0;
  for (const el of p.elements) {
    if (el.dotDotDotToken) continue;
    const key =
      el.propertyName && (ts.isIdentifier(el.propertyName) || ts.isStringLiteral(el.propertyName))
        ? el.propertyName.text
        : !el.propertyName && ts.isIdentifier(el.name)
          ? el.name.text
          : null;
    if (key === null) return false;
    const has = Object.prototype.hasOwnProperty.call(obj, key);
    if (!has && (open || el.initializer)) return false;
    if (!bind(el.name, has ? obj[key] : undefined, out)) return false;
  }
  return true;
}

function isPlainObject(v: EvaluatedValue): boolean {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}
