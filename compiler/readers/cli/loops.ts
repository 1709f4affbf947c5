/**
 * Values registered in a loop: `for (const [name, o] of Object.entries(options))
 * cli.option(\`--${name}\`, …)`. An expression that mentions a loop variable
 * evaluates once per element of what the loop walks (an evaluated array, or
 * an object's keys / entries), so a CLI whose ~170 options come from one
 * record is read with all of them.
 */
import { type ParsedFile, ts, unwrap } from "../code-source.js";
import type { FoldedValue } from "../constant-folder.js";
import type { AdapterContext } from "./adapter.js";

type Binding = Map<string, FoldedValue>;

/**
 * Every value `expr` takes: one value when it evaluates directly; one per
 * iteration of the enclosing loops it depends on; null when it does not
 * evaluate.
 */
export function foldAll(ctx: AdapterContext, file: ParsedFile, expr: ts.Expression): FoldedValue[] | null {
  const direct = ctx.fold(file, expr);
  if (direct !== undefined) return [direct];
  const loop = enclosingLoop(expr);
  if (!loop) return null;
  const items = ctx.fold(file, loop.iterated.expr);
  if (items === undefined || items === null || typeof items !== "object") return null;
  const list: FoldedValue[] = Array.isArray(items)
    ? items
    : loop.iterated.kind === "keys"
      ? Object.keys(items)
      : loop.iterated.kind === "values"
        ? Object.values(items)
        : Object.entries(items).map(([k, v]) => [k, v]);
  const out: FoldedValue[] = [];
  for (const item of list) {
    const env: Binding = new Map();
    bind(loop.pattern, item, env);
    const v = evalWith(ctx, file, expr, env);
    if (v === undefined) return null;
    out.push(v);
  }
  return out;
}

interface Loop {
  pattern: ts.BindingName;
  iterated: { expr: ts.Expression; kind: "array" | "keys" | "values" | "entries" };
}

function iteratedOf(e: ts.Expression): Loop["iterated"] {
  const u = unwrap(e);
  if (ts.isCallExpression(u) && ts.isPropertyAccessExpression(u.expression) && ts.isIdentifier(u.expression.expression) && u.expression.expression.text === "Object" && u.arguments[0]) {
    const m = u.expression.name.text;
    if (m === "keys" || m === "values" || m === "entries") return { expr: u.arguments[0], kind: m };
  }
  return { expr: u, kind: "array" };
}

function enclosingLoop(node: ts.Node): Loop | null {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (ts.isForOfStatement(n) && ts.isVariableDeclarationList(n.initializer) && n.initializer.declarations[0]) {
      return { pattern: n.initializer.declarations[0].name, iterated: iteratedOf(n.expression) };
    }
    if ((ts.isArrowFunction(n) || ts.isFunctionExpression(n)) && n.parameters[0] && ts.isCallExpression(n.parent)) {
      const call = n.parent;
      if (ts.isPropertyAccessExpression(call.expression) && ["forEach", "map"].includes(call.expression.name.text)) {
        return { pattern: n.parameters[0].name, iterated: iteratedOf(call.expression.expression) };
      }
    }
  }
  return null;
}

function bind(p: ts.BindingName, v: FoldedValue, env: Binding): void {
  if (ts.isIdentifier(p)) {
    env.set(p.text, v);
    return;
  }
  if (ts.isArrayBindingPattern(p) && Array.isArray(v)) {
    p.elements.forEach((el, i) => {
      if (!ts.isOmittedExpression(el)) bind(el.name, v[i], env);
    });
    return;
  }
  if (ts.isObjectBindingPattern(p) && v && typeof v === "object" && !Array.isArray(v)) {
    for (const el of p.elements) {
      const key = el.propertyName && ts.isIdentifier(el.propertyName) ? el.propertyName.text : ts.isIdentifier(el.name) ? el.name.text : null;
      if (key !== null) bind(el.name, v[key], env);
    }
  }
}

function evalWith(ctx: AdapterContext, file: ParsedFile, e: ts.Expression, env: Binding): FoldedValue | undefined {
  const u = unwrap(e);
  if (ts.isIdentifier(u) && env.has(u.text)) return env.get(u.text);
  if (ts.isTemplateExpression(u)) {
    let out = u.head.text;
    for (const s of u.templateSpans) {
      const v = evalWith(ctx, file, s.expression, env);
      if (typeof v !== "string" && typeof v !== "number" && typeof v !== "boolean") return undefined;
      out += String(v) + s.literal.text;
    }
    return out;
  }
  if (ts.isBinaryExpression(u) && u.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const l = evalWith(ctx, file, u.left, env);
    const r = evalWith(ctx, file, u.right, env);
    if ((typeof l === "string" || typeof l === "number") && (typeof r === "string" || typeof r === "number")) return (l as string) + (r as string);
    return undefined;
  }
  if (ts.isPropertyAccessExpression(u)) {
    const base = evalWith(ctx, file, u.expression, env);
    if (base && typeof base === "object" && !Array.isArray(base)) return base[u.name.text];
    return undefined;
  }
  return ctx.fold(file, u);
}
