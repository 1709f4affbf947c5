/**
 * Expressions: literals, operators, templates, object and array literals
 * (spreads, conditional spreads, computed keys, shorthands, methods),
 * property access and optional chaining, calls and `new`, functions as
 * values. Every expression gives a value; what cannot be known gives an
 * `Unknown` naming the sub-expression and why. Type syntax (`as`,
 * `satisfies`, `!`, `<T>x`) is looked through.
 */
import { type ParsedFile, propertyNameText, spanOf, ts } from "../code-source.js";
import { construct, isFrozen, member } from "./builtins.js";
import { MAX_STRING, weight } from "./bounds.js";
import { callFunction, lookupName, refuseBuiltin } from "./functions.js";
import { Abort, type Interp, unknownAt } from "./interp.js";
import { NOT_DECLARED } from "./modules.js";
import type { Env } from "./scope.js";
import {
  Builtin,
  Closure,
  Namespace,
  type ObjectValue,
  Unknown,
  type Value,
  firstUnknown,
  hasOwn,
  isCallable,
  isPlainObject,
  isShared,
  openOf,
  setOpen,
  markOpen,
  setProp,
  typeOf,
} from "./values.js";

/** Returned inside an optional chain that stopped at `?.` on null or undefined; the chain's value is `undefined`. */
const SHORT = Symbol("short-circuit");
type Chained = Value | typeof SHORT;

export function evaluate(I: Interp, file: ParsedFile, env: Env, expr: ts.Expression): Value {
  const v = evalNode(I, file, env, expr);
  return v === SHORT ? undefined : v;
}

/** Evaluates the object of a member access or call: inside an optional chain a short circuit propagates. */
function evalObject(I: Interp, file: ParsedFile, env: Env, e: ts.Expression): Chained {
  return ts.isOptionalChain(e) ? evalNode(I, file, env, e) : evaluate(I, file, env, e);
}

function evalNode(I: Interp, file: ParsedFile, env: Env, e: ts.Expression): Chained {
  I.step(file, e);
  switch (e.kind) {
    case ts.SyntaxKind.StringLiteral:
    case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
      return (e as ts.StringLiteral).text;
    case ts.SyntaxKind.NumericLiteral:
      return Number((e as ts.NumericLiteral).text.replace(/_/g, ""));
    case ts.SyntaxKind.BigIntLiteral:
      return BigInt((e as ts.BigIntLiteral).text.replace(/_/g, "").replace(/n$/, ""));
    case ts.SyntaxKind.TrueKeyword:
      return true;
    case ts.SyntaxKind.FalseKeyword:
      return false;
    case ts.SyntaxKind.NullKeyword:
      return null;
    case ts.SyntaxKind.ThisKeyword: {
      const self = env.thisValue();
      return self === undefined ? unknownAt(file, e, "`this` outside a method called on a known object") : self;
    }
    case ts.SyntaxKind.RegularExpressionLiteral: {
      const t = (e as ts.RegularExpressionLiteral).text;
      const i = t.lastIndexOf("/");
      try {
        return new RegExp(t.slice(1, i), t.slice(i + 1));
      } catch {
        return unknownAt(file, e, "an invalid regular expression");
      }
    }
  }
  if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isTypeAssertionExpression(e)) {
    return evaluate(I, file, env, e.expression);
  }
  if (ts.isNonNullExpression(e)) return evalObject(I, file, env, e.expression);
  if (ts.isIdentifier(e)) return lookupName(I, file, env, e.text, e);
  if (ts.isTemplateExpression(e)) return template(I, file, env, e);
  if (ts.isTaggedTemplateExpression(e)) return tagged(I, file, env, e);
  if (ts.isPrefixUnaryExpression(e)) return prefix(I, file, env, e);
  if (ts.isPostfixUnaryExpression(e)) return update(I, file, env, e.operand, e.operator === ts.SyntaxKind.PlusPlusToken ? 1 : -1, false, e);
  if (ts.isTypeOfExpression(e)) {
    const inner = ts.isIdentifier(e.expression) ? lookupName(I, file, env, e.expression.text, e.expression, true) : evaluate(I, file, env, e.expression);
    return inner instanceof Unknown ? inner : typeOf(inner);
  }
  if (ts.isVoidExpression(e)) {
    evaluate(I, file, env, e.expression);
    return undefined;
  }
  if (ts.isBinaryExpression(e)) return binary(I, file, env, e);
  if (ts.isConditionalExpression(e)) {
    const c = evaluate(I, file, env, e.condition);
    if (c instanceof Unknown) return c;
    return evaluate(I, file, env, truthy(c) ? e.whenTrue : e.whenFalse);
  }
  if (ts.isArrayLiteralExpression(e)) return arrayLiteral(I, file, env, e);
  if (ts.isObjectLiteralExpression(e)) return objectLiteral(I, file, env, e);
  if (ts.isPropertyAccessExpression(e)) {
    const obj = evalObject(I, file, env, e.expression);
    if (obj === SHORT) return SHORT;
    if (e.questionDotToken && (obj === null || obj === undefined)) return SHORT;
    if (ts.isPrivateIdentifier(e.name)) return unknownAt(file, e, "a private field");
    return member(obj, e.name.text, site(I, file, e));
  }
  if (ts.isElementAccessExpression(e)) {
    const obj = evalObject(I, file, env, e.expression);
    if (obj === SHORT) return SHORT;
    if (e.questionDotToken && (obj === null || obj === undefined)) return SHORT;
    const k = evaluate(I, file, env, e.argumentExpression);
    if (k instanceof Unknown) return k;
    if (obj instanceof Unknown) return obj;
    if (typeof k === "symbol" || (k !== null && typeof k === "object")) return unknownAt(file, e.argumentExpression, "a key that is not a string or number");
    return member(obj, String(k), site(I, file, e));
  }
  if (ts.isCallExpression(e)) return call(I, file, env, e);
  if (ts.isNewExpression(e)) {
    const ctor = evaluate(I, file, env, e.expression);
    const args = argList(I, file, env, e.arguments ?? ts.factory.createNodeArray());
    if (args instanceof Unknown) return args;
    const refused = ctor instanceof Builtin ? refuseBuiltin(I, ctor.name, undefined, args, file, e) : null;
    if (refused) return refused;
    const out = construct(ctor, args, site(I, file, e));
    I.charge(weight(out), file, e);
    return out;
  }
  if (ts.isArrowFunction(e) || ts.isFunctionExpression(e)) {
    const name = ts.isFunctionExpression(e) && e.name ? e.name.text : nameFromContext(e);
    return new Closure(e, file, env, name);
  }
  if (ts.isClassExpression(e)) return unknownAt(file, e, "a class has state, so docpact does not evaluate it");
  if (ts.isAwaitExpression(e)) return unknownAt(file, e, "`await` waits for a run-time result");
  if (ts.isYieldExpression(e)) return unknownAt(file, e, "a generator runs at run time");
  if (ts.isDeleteExpression(e)) return unknownAt(file, e, "`delete` is not evaluated");
  if (ts.isSpreadElement(e)) return unknownAt(file, e, "a spread outside an array, call or object");
  return unknownAt(file, e, `unsupported expression (${ts.SyntaxKind[e.kind]})`);
}

/** A built-in's view of the call site. */
export function site(I: Interp, file: ParsedFile, node: ts.Node) {
  return {
    unknown: (why: string) => unknownAt(file, node, why),
    call: (fn: Value, self: Value, args: Value[]) => callFunction(I, fn, self, args, file, node),
  };
}

export function truthy(v: Value): boolean {
  return Boolean(v);
}

function nameFromContext(e: ts.Node): string {
  const p = e.parent;
  if (p && ts.isVariableDeclaration(p) && ts.isIdentifier(p.name)) return p.name.text;
  if (p && ts.isPropertyAssignment(p)) return propertyNameText(p.name) ?? "anonymous function";
  return "anonymous function";
}

// ───────────── templates ─────────────

function toText(v: Value, file: ParsedFile, at: ts.Node): string | Unknown {
  if (v instanceof Unknown) return v;
  if (isCallable(v) || v instanceof Namespace) return unknownAt(file, at, "a function or module turned into text");
  if (typeof v === "symbol") return unknownAt(file, at, "a symbol turned into text");
  if (v !== null && typeof v === "object") {
    const u = firstUnknown(v);
    if (u) return u;
    if (isPlainObject(v) && typeof v.toString === "function" && !hasOwn(v, "toString")) return "[object Object]";
    if (!Array.isArray(v) && !(v instanceof RegExp)) return unknownAt(file, at, "an object with a custom `toString` turned into text");
    if (Array.isArray(v) && v.some((x) => x !== null && typeof x === "object" && !Array.isArray(x)))
      return unknownAt(file, at, "an array of objects turned into text");
  }
  return String(v);
}

function template(I: Interp, file: ParsedFile, env: Env, e: ts.TemplateExpression): Value {
  let s = e.head.text;
  for (const span of e.templateSpans) {
    const t = toText(evaluate(I, file, env, span.expression), file, span.expression);
    if (t instanceof Unknown) return t;
    s += t + span.literal.text;
    if (s.length > MAX_STRING) return unknownAt(file, e, `builds a string of ${s.length} characters, more than ${MAX_STRING}`);
  }
  return s;
}

function tagged(I: Interp, file: ParsedFile, env: Env, e: ts.TaggedTemplateExpression): Value {
  const tag = evaluate(I, file, env, e.tag);
  if (tag instanceof Unknown) return tag;
  const t = e.template;
  const cooked: string[] = [];
  const raw: string[] = [];
  const values: Value[] = [];
  const rawOf = (n: ts.TemplateLiteralLikeNode) => n.rawText ?? n.text;
  if (ts.isNoSubstitutionTemplateLiteral(t)) {
    cooked.push(t.text);
    raw.push(rawOf(t));
  } else {
    cooked.push(t.head.text);
    raw.push(rawOf(t.head));
    for (const span of t.templateSpans) {
      values.push(evaluate(I, file, env, span.expression));
      cooked.push(span.literal.text);
      raw.push(rawOf(span.literal));
    }
  }
  const strings = Object.assign([...cooked], { raw }) as unknown as Value;
  return callFunction(I, tag, undefined, [strings, ...values], file, e);
}

// ───────────── operators ─────────────

function prefix(I: Interp, file: ParsedFile, env: Env, e: ts.PrefixUnaryExpression): Value {
  if (e.operator === ts.SyntaxKind.PlusPlusToken || e.operator === ts.SyntaxKind.MinusMinusToken) {
    return update(I, file, env, e.operand, e.operator === ts.SyntaxKind.PlusPlusToken ? 1 : -1, true, e);
  }
  const v = evaluate(I, file, env, e.operand);
  if (v instanceof Unknown) return v;
  if (e.operator === ts.SyntaxKind.ExclamationToken) return !truthy(v);
  if (!isPrimitive(v)) return unknownAt(file, e, "an arithmetic operator on an object");
  const x = v as number;
  switch (e.operator) {
    case ts.SyntaxKind.MinusToken:
      return -x;
    case ts.SyntaxKind.PlusToken:
      return typeof x === "bigint" ? unknownAt(file, e, "unary + on a bigint throws") : +x;
    case ts.SyntaxKind.TildeToken:
      return ~x;
  }
  return unknownAt(file, e, "unsupported unary operator");
}

function isPrimitive(v: Value): boolean {
  return v === null || v === undefined || (typeof v !== "object" && typeof v !== "function") || v instanceof RegExp;
}

/** Operands of arithmetic and comparison: primitives, or arrays/objects whose conversion is known. */
function operand(v: Value, file: ParsedFile, at: ts.Node): Value {
  if (v instanceof Unknown || isPrimitive(v)) return v;
  if (Array.isArray(v) || isPlainObject(v)) {
    const t = toText(v, file, at);
    return t instanceof Unknown ? t : v;
  }
  return unknownAt(file, at, "an operator on a function, module, Set or Map");
}

const ARITH: Partial<Record<ts.SyntaxKind, (a: any, b: any) => Value>> = {
  [ts.SyntaxKind.PlusToken]: (a, b) => a + b,
  [ts.SyntaxKind.MinusToken]: (a, b) => a - b,
  [ts.SyntaxKind.AsteriskToken]: (a, b) => a * b,
  [ts.SyntaxKind.SlashToken]: (a, b) => a / b,
  [ts.SyntaxKind.PercentToken]: (a, b) => a % b,
  [ts.SyntaxKind.AsteriskAsteriskToken]: (a, b) => a ** b,
  [ts.SyntaxKind.LessThanToken]: (a, b) => a < b,
  [ts.SyntaxKind.GreaterThanToken]: (a, b) => a > b,
  [ts.SyntaxKind.LessThanEqualsToken]: (a, b) => a <= b,
  [ts.SyntaxKind.GreaterThanEqualsToken]: (a, b) => a >= b,
  [ts.SyntaxKind.EqualsEqualsToken]: (a, b) => a == b,
  [ts.SyntaxKind.ExclamationEqualsToken]: (a, b) => a != b,
  [ts.SyntaxKind.EqualsEqualsEqualsToken]: (a, b) => a === b,
  [ts.SyntaxKind.ExclamationEqualsEqualsToken]: (a, b) => a !== b,
  [ts.SyntaxKind.AmpersandToken]: (a, b) => a & b,
  [ts.SyntaxKind.BarToken]: (a, b) => a | b,
  [ts.SyntaxKind.CaretToken]: (a, b) => a ^ b,
  [ts.SyntaxKind.LessThanLessThanToken]: (a, b) => a << b,
  [ts.SyntaxKind.GreaterThanGreaterThanToken]: (a, b) => a >> b,
  [ts.SyntaxKind.GreaterThanGreaterThanGreaterThanToken]: (a, b) => a >>> b,
};

const COMPOUND: Partial<Record<ts.SyntaxKind, ts.SyntaxKind>> = {
  [ts.SyntaxKind.PlusEqualsToken]: ts.SyntaxKind.PlusToken,
  [ts.SyntaxKind.MinusEqualsToken]: ts.SyntaxKind.MinusToken,
  [ts.SyntaxKind.AsteriskEqualsToken]: ts.SyntaxKind.AsteriskToken,
  [ts.SyntaxKind.SlashEqualsToken]: ts.SyntaxKind.SlashToken,
  [ts.SyntaxKind.PercentEqualsToken]: ts.SyntaxKind.PercentToken,
  [ts.SyntaxKind.AsteriskAsteriskEqualsToken]: ts.SyntaxKind.AsteriskAsteriskToken,
  [ts.SyntaxKind.AmpersandEqualsToken]: ts.SyntaxKind.AmpersandToken,
  [ts.SyntaxKind.BarEqualsToken]: ts.SyntaxKind.BarToken,
  [ts.SyntaxKind.CaretEqualsToken]: ts.SyntaxKind.CaretToken,
  [ts.SyntaxKind.LessThanLessThanEqualsToken]: ts.SyntaxKind.LessThanLessThanToken,
  [ts.SyntaxKind.GreaterThanGreaterThanEqualsToken]: ts.SyntaxKind.GreaterThanGreaterThanToken,
  [ts.SyntaxKind.GreaterThanGreaterThanGreaterThanEqualsToken]: ts.SyntaxKind.GreaterThanGreaterThanGreaterThanToken,
};

function applyOp(op: ts.SyntaxKind, a: Value, b: Value, file: ParsedFile, at: ts.Node): Value {
  if (a instanceof Unknown) return a;
  if (b instanceof Unknown) return b;
  const strict = op === ts.SyntaxKind.EqualsEqualsEqualsToken || op === ts.SyntaxKind.ExclamationEqualsEqualsToken;
  const loose = op === ts.SyntaxKind.EqualsEqualsToken || op === ts.SyntaxKind.ExclamationEqualsToken;
  // Identity comparisons convert nothing (and `x == null` neither).
  if (strict || (loose && (a === null || a === undefined || b === null || b === undefined || (!isPrimitive(a) && !isPrimitive(b))))) {
    const same = strict ? a === b : a == b;
    return op === ts.SyntaxKind.EqualsEqualsEqualsToken || op === ts.SyntaxKind.EqualsEqualsToken ? same : !same;
  }
  const x = operand(a, file, at);
  if (x instanceof Unknown) return x;
  const y = operand(b, file, at);
  if (y instanceof Unknown) return y;
  // `[1] + "x"`, `{} < 1`: JavaScript converts through toString, which `operand` made safe.
  const f = ARITH[op];
  if (!f) return unknownAt(file, at, `unsupported operator ${ts.tokenToString(op) ?? ts.SyntaxKind[op]}`);
  try {
    const out = f(x, y);
    if (typeof out === "string" && out.length > MAX_STRING) return unknownAt(file, at, `builds a string of ${out.length} characters, more than ${MAX_STRING}`);
    return out;
  } catch (err) {
    return unknownAt(file, at, `throws: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function binary(I: Interp, file: ParsedFile, env: Env, e: ts.BinaryExpression): Value {
  const op = e.operatorToken.kind;
  switch (op) {
    case ts.SyntaxKind.AmpersandAmpersandToken: {
      const l = evaluate(I, file, env, e.left);
      if (l instanceof Unknown || !truthy(l)) return l;
      return evaluate(I, file, env, e.right);
    }
    case ts.SyntaxKind.BarBarToken: {
      const l = evaluate(I, file, env, e.left);
      if (l instanceof Unknown || truthy(l)) return l;
      return evaluate(I, file, env, e.right);
    }
    case ts.SyntaxKind.QuestionQuestionToken: {
      const l = evaluate(I, file, env, e.left);
      if (l instanceof Unknown || (l !== null && l !== undefined)) return l;
      return evaluate(I, file, env, e.right);
    }
    case ts.SyntaxKind.CommaToken:
      evaluate(I, file, env, e.left);
      return evaluate(I, file, env, e.right);
    case ts.SyntaxKind.EqualsToken:
      return assign(I, file, env, e.left, evaluate(I, file, env, e.right), e);
    case ts.SyntaxKind.AmpersandAmpersandEqualsToken:
    case ts.SyntaxKind.BarBarEqualsToken:
    case ts.SyntaxKind.QuestionQuestionEqualsToken: {
      const cur = evaluate(I, file, env, e.left);
      if (cur instanceof Unknown) throw new Abort(cur);
      const keep =
        op === ts.SyntaxKind.AmpersandAmpersandEqualsToken
          ? !truthy(cur)
          : op === ts.SyntaxKind.BarBarEqualsToken
            ? truthy(cur)
            : cur !== null && cur !== undefined;
      return keep ? cur : assign(I, file, env, e.left, evaluate(I, file, env, e.right), e);
    }
    case ts.SyntaxKind.InKeyword: {
      const k = evaluate(I, file, env, e.left);
      const o = evaluate(I, file, env, e.right);
      if (k instanceof Unknown) return k;
      if (o instanceof Unknown) return o;
      if (isPlainObject(o)) {
        if (hasOwn(o, String(k))) return true;
        return openOf(o) ?? String(k) in o;
      }
      if (Array.isArray(o)) return String(k) in o;
      return unknownAt(file, e, "`in` on a value that is not a plain object or array");
    }
    case ts.SyntaxKind.InstanceOfKeyword: {
      const o = evaluate(I, file, env, e.left);
      const c = evaluate(I, file, env, e.right);
      if (o instanceof Unknown) return o;
      if (c instanceof Unknown) return c;
      if (c instanceof Builtin) {
        if (c.name === "Array") return Array.isArray(o);
        if (c.name === "Set") return o instanceof Set;
        if (c.name === "Map") return o instanceof Map;
        if (c.name === "RegExp") return o instanceof RegExp;
        if (c.name === "Object") return o !== null && typeof o === "object";
      }
      return unknownAt(file, e, "`instanceof` a class docpact does not evaluate");
    }
  }
  const base = COMPOUND[op];
  if (base !== undefined) {
    const cur = evaluate(I, file, env, e.left);
    const next = applyOp(base, cur, evaluate(I, file, env, e.right), file, e);
    return assign(I, file, env, e.left, next, e);
  }
  const l = evaluate(I, file, env, e.left);
  const r = evaluate(I, file, env, e.right);
  if (l instanceof Unknown) return l;
  if (r instanceof Unknown) return r;
  return applyOp(op, l, r, file, e);
}

function update(I: Interp, file: ParsedFile, env: Env, target: ts.Expression, delta: number, isPrefix: boolean, at: ts.Node): Value {
  const cur = evaluate(I, file, env, target);
  if (cur instanceof Unknown) throw new Abort(cur);
  const old = typeof cur === "bigint" ? cur : Number(cur);
  const next = typeof old === "bigint" ? old + BigInt(delta) : old + delta;
  assign(I, file, env, target, next, at);
  return isPrefix ? next : old;
}

/**
 * Assignment to a local binding or to a property of a known object. Anything
 * else (module state, an unknown object) would leave what docpact knows out
 * of date, so it stops the evaluation of the enclosing function.
 */
function assign(I: Interp, file: ParsedFile, env: Env, target: ts.Expression, value: Value, at: ts.Node): Value {
  const t = ts.isParenthesizedExpression(target) || ts.isNonNullExpression(target) || ts.isAsExpression(target) ? target.expression : target;
  if (ts.isIdentifier(t)) {
    const cell = env.lookup(t.text);
    if (!cell) throw new Abort(unknownAt(file, at, `assigns \`${t.text}\`, which is not a local variable`));
    if (!cell.mutable) throw new Abort(unknownAt(file, at, `assigns the constant \`${t.text}\``));
    cell.value = value;
    return value;
  }
  if (ts.isPropertyAccessExpression(t) || ts.isElementAccessExpression(t)) {
    const obj = evaluate(I, file, env, t.expression);
    let key: Value;
    if (ts.isPropertyAccessExpression(t)) key = t.name.text;
    else key = evaluate(I, file, env, t.argumentExpression);
    if (obj instanceof Unknown) throw new Abort(obj);
    if (key instanceof Unknown) throw new Abort(key);
    const k = String(key);
    if (obj !== null && typeof obj === "object" && isFrozen(obj)) throw new Abort(unknownAt(file, at, "assigns a property of a frozen object (throws)"));
    if (isShared(obj)) throw new Abort(unknownAt(file, at, "changes a value a module holds at its top level (the result would depend on evaluation order)"));
    if (isPlainObject(obj)) {
      setProp(obj, k, value);
      return value;
    }
    if (Array.isArray(obj) && (/^\d+$/.test(k) || k === "length")) {
      (obj as unknown as Record<string, Value>)[k] = value;
      return value;
    }
    if (obj instanceof Map || obj instanceof Set) throw new Abort(unknownAt(file, at, "assigns a property of a Set or Map"));
    throw new Abort(unknownAt(file, at, "assigns a property of a value that is not a plain object or array"));
  }
  throw new Abort(unknownAt(file, at, "a destructuring assignment is not evaluated"));
}

// ───────────── literals ─────────────

/** Items of an iterable, or an unknown. */
export function iterate(v: Value, file: ParsedFile, at: ts.Node): Value[] | Unknown {
  if (v instanceof Unknown) return v;
  if (Array.isArray(v)) {
    const open = openOf(v as unknown as ObjectValue);
    return open ?? v;
  }
  if (typeof v === "string") return [...v];
  if (v instanceof Set) return [...v];
  if (v instanceof Map) return [...v.entries()].map(([k, x]) => [k, x]);
  return unknownAt(file, at, "not iterable (or iterated in a way docpact does not evaluate)");
}

function arrayLiteral(I: Interp, file: ParsedFile, env: Env, e: ts.ArrayLiteralExpression): Value {
  const out: Value[] = [];
  const spans = [];
  let open: Unknown | undefined;
  for (const el of e.elements) {
    if (ts.isOmittedExpression(el)) {
      out.length += 1;
      spans.push(spanOf(file, el));
      continue;
    }
    if (ts.isSpreadElement(el)) {
      const v = evaluate(I, file, env, el.expression);
      const items = Array.isArray(v) ? v : iterate(v, file, el.expression);
      if (items instanceof Unknown) {
        // The array's length and positions are now unknown; its known elements stay readable (rows of a registry).
        open ??= items;
        out.push(items);
        spans.push(items.span);
        continue;
      }
      const inner = Array.isArray(v) ? I.elementSpans.get(v) : undefined;
      const innerOpen = Array.isArray(v) ? openOf(v as unknown as ObjectValue) : undefined;
      if (innerOpen) open ??= innerOpen;
      items.forEach((item, i) => {
        out.push(item);
        spans.push(inner?.[i] ?? (item !== null && typeof item === "object" ? I.origins.get(item) : undefined) ?? spanOf(file, el));
      });
      continue;
    }
    out.push(evaluate(I, file, env, el));
    spans.push(spanOf(file, el));
  }
  I.elementSpans.set(out, spans);
  if (open) markOpen(out, open);
  return out;
}

function objectLiteral(I: Interp, file: ParsedFile, env: Env, e: ts.ObjectLiteralExpression): Value {
  const out: ObjectValue = {};
  I.origins.set(out, spanOf(file, e));
  for (const p of e.properties) {
    if (ts.isSpreadAssignment(p)) {
      spreadInto(out, evaluate(I, file, env, p.expression), file, p);
      continue;
    }
    const key = keyOf(I, file, env, p.name);
    if (key instanceof Unknown) {
      // A computed key we cannot read: any key may be it.
      setOpen(out, key);
      continue;
    }
    if (ts.isPropertyAssignment(p)) setProp(out, key, evaluate(I, file, env, p.initializer));
    else if (ts.isShorthandPropertyAssignment(p)) setProp(out, key, lookupName(I, file, env, p.name.text, p.name));
    else if (ts.isMethodDeclaration(p)) setProp(out, key, new Closure(p, file, env, key));
    else setProp(out, key, unknownAt(file, p, "an accessor runs at run time"));
  }
  return out;
}

function keyOf(I: Interp, file: ParsedFile, env: Env, name: ts.PropertyName): string | Unknown {
  if (ts.isComputedPropertyName(name)) {
    const k = evaluate(I, file, env, name.expression);
    if (k instanceof Unknown) return k;
    if (typeof k === "string" || typeof k === "number" || typeof k === "boolean" || k === null || k === undefined) return String(k);
    return unknownAt(file, name, "a computed key that is not a string or number");
  }
  if (ts.isNumericLiteral(name)) return String(Number(name.text));
  return propertyNameText(name) ?? name.getText(file.sf);
}

function spreadInto(out: ObjectValue, v: Value, file: ParsedFile, at: ts.Node): void {
  if (v === null || v === undefined || typeof v === "boolean" || typeof v === "number") return;
  if (v instanceof Unknown) return setOpen(out, v);
  if (typeof v === "string" || Array.isArray(v)) {
    const open = Array.isArray(v) ? openOf(v as unknown as ObjectValue) : undefined;
    if (open) return setOpen(out, open);
    for (let i = 0; i < v.length; i++) setProp(out, String(i), v[i] as Value);
    return;
  }
  if (v instanceof Namespace) {
    for (const n of v.names()) setProp(out, n, v.get(n));
    return;
  }
  if (isPlainObject(v)) {
    const open = openOf(v);
    if (open) setOpen(out, open);
    for (const k of Object.keys(v)) setProp(out, k, v[k]);
    return;
  }
  if (v instanceof Set || v instanceof Map || v instanceof RegExp || isCallable(v)) return;
  setOpen(out, unknownAt(file, at, "spread of a value docpact does not evaluate"));
}

// ───────────── calls ─────────────

function argList(I: Interp, file: ParsedFile, env: Env, args: ts.NodeArray<ts.Expression>): Value[] | Unknown {
  const out: Value[] = [];
  for (const a of args) {
    if (ts.isSpreadElement(a)) {
      const items = iterate(evaluate(I, file, env, a.expression), file, a.expression);
      if (items instanceof Unknown) return items;
      out.push(...items);
    } else out.push(evaluate(I, file, env, a));
  }
  return out;
}

function call(I: Interp, file: ParsedFile, env: Env, e: ts.CallExpression): Chained {
  const callee = e.expression;
  if (callee.kind === ts.SyntaxKind.ImportKeyword) return unknownAt(file, e, "a dynamic import runs at run time");
  if (
    ts.isIdentifier(callee) &&
    callee.text === "require" &&
    e.arguments.length === 1 &&
    !env.lookup("require") &&
    I.modules.top(file, "require") === NOT_DECLARED
  ) {
    return I.modules.require(file, e.arguments[0], e);
  }
  let fn: Chained;
  let self: Value;
  if (ts.isPropertyAccessExpression(callee) || ts.isElementAccessExpression(callee)) {
    const obj = evalObject(I, file, env, callee.expression);
    if (obj === SHORT) return SHORT;
    if (callee.questionDotToken && (obj === null || obj === undefined)) return SHORT;
    self = obj;
    if (ts.isPropertyAccessExpression(callee)) {
      fn = ts.isPrivateIdentifier(callee.name) ? unknownAt(file, callee, "a private method") : member(obj, callee.name.text, site(I, file, callee));
    } else {
      const k = evaluate(I, file, env, callee.argumentExpression);
      fn = k instanceof Unknown ? k : obj instanceof Unknown ? obj : member(obj, String(k), site(I, file, callee));
    }
  } else {
    fn = evalObject(I, file, env, callee);
    if (fn === SHORT) return SHORT;
  }
  if (e.questionDotToken && (fn === null || fn === undefined)) return SHORT;
  const args = argList(I, file, env, e.arguments);
  if (fn instanceof Unknown) return fn;
  if (args instanceof Unknown) return args;
  return callFunction(I, fn, self, args, file, e);
}
