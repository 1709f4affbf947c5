/**
 * A loop over a value docpact does not evaluate (`nodeArgs.forEach(([n]) => { options[n] = … })`,
 * `for (const n of unknownList) options[n] = …`) whose body does nothing but set properties of
 * objects declared outside it: those objects keep the keys they have and are marked open (more
 * may be added), and the value of every key the loop may write becomes unknown, instead of the
 * whole evaluation becoming unknown. So a CLI's option table keeps the names it surely has beside
 * names only known at run time.
 *
 * Only what can be proved harmless is widened: no call (the receiver included), no `new`, no
 * assignment other than to a property of an object declared outside the loop (one level:
 * `o[k] = v`), no `delete`, no `++`/`--`, no nested function (and in a `for…of`, no `return`). A
 * key can never be removed this way, so every key the object has is one it has at run time; a
 * value docpact still holds is one the loop cannot have written.
 */
import { ts, unwrap } from "../code-source.js";
import { isShared, isPlainObject, markOpen, type ObjectValue, setProp, Unknown } from "./values.js";
import { isFrozen } from "./builtins.js";
import type { Env } from "./scope.js";

/** Identifiers a binding pattern declares. */
function boundNames(name: ts.BindingName, out: Set<string>): void {
  if (ts.isIdentifier(name)) out.add(name.text);
  else for (const el of name.elements) if (!ts.isOmittedExpression(el)) boundNames(el.name, out);
}

/** Whether evaluating `e` can change anything: calls, assignments, `delete`, `++`, functions and classes are refused. */
function pure(e: ts.Node): boolean {
  if (ts.isCallExpression(e) || ts.isNewExpression(e) || ts.isTaggedTemplateExpression(e) || ts.isDeleteExpression(e)) return false;
  if (ts.isAwaitExpression(e) || ts.isYieldExpression(e) || ts.isFunctionLike(e) || ts.isClassLike(e)) return false;
  if (
    (ts.isPrefixUnaryExpression(e) || ts.isPostfixUnaryExpression(e)) &&
    (e.operator === ts.SyntaxKind.PlusPlusToken || e.operator === ts.SyntaxKind.MinusMinusToken)
  )
    return false;
  if (ts.isBinaryExpression(e) && e.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && e.operatorToken.kind <= ts.SyntaxKind.LastAssignment) return false;
  return ts.forEachChild(e, (c) => (pure(c) ? undefined : true)) !== true;
}

/** Which keys of an object a loop may write: some names, or any. */
type Written = Set<string> | "any";

/**
 * The variable a property assignment writes into and the key (`options` and any key in
 * `options[n] = …`, `"x"` in `options.x = …`), or null. One level only: `options[n].short = …`
 * would change an object the value may share with anything docpact tracks.
 */
function rootOf(target: ts.PropertyAccessExpression | ts.ElementAccessExpression): { root: ts.Identifier; key: string | null } | null {
  const base = unwrap(target.expression);
  if (!ts.isIdentifier(base)) return null;
  if (ts.isPropertyAccessExpression(target)) return { root: base, key: target.name.text };
  if (!pure(target.argumentExpression)) return null;
  const arg = unwrap(target.argumentExpression);
  return { root: base, key: ts.isStringLiteralLike(arg) || ts.isNumericLiteral(arg) ? arg.text : null };
}

/** The outer variables whose objects the body sets properties of, with the keys written, or null when the body may do anything else. */
function outerTargets(body: ts.Node, locals: Set<string>, returns: boolean): Map<string, Written> | null {
  const targets = new Map<string, Written>();
  const assignment = (e: ts.Expression): boolean => {
    const x = unwrap(e);
    if (!ts.isBinaryExpression(x) || x.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return false;
    const left = unwrap(x.left);
    if (!ts.isPropertyAccessExpression(left) && !ts.isElementAccessExpression(left)) return false;
    const at = rootOf(left);
    if (!at || !pure(x.right)) return false;
    // A parameter or a local of the body may be an element of the list, or alias any object: not widened.
    if (locals.has(at.root.text)) return false;
    const was = targets.get(at.root.text) ?? new Set<string>();
    targets.set(at.root.text, was === "any" || at.key === null ? "any" : was.add(at.key));
    return true;
  };
  const statement = (st: ts.Statement): boolean => {
    if (ts.isBlock(st)) return st.statements.every(statement);
    if (ts.isEmptyStatement(st) || (ts.isContinueStatement(st) && !st.label) || (ts.isBreakStatement(st) && !st.label)) return true;
    // A callback's `return` ends one call; a loop's would end the enclosing function with a value not modelled.
    if (ts.isReturnStatement(st)) return returns && (!st.expression || pure(st.expression));
    if (ts.isExpressionStatement(st)) return assignment(st.expression);
    if (ts.isIfStatement(st)) return pure(st.expression) && statement(st.thenStatement) && (!st.elseStatement || statement(st.elseStatement));
    if (ts.isVariableStatement(st))
      return st.declarationList.declarations.every((d) => {
        boundNames(d.name, locals);
        return !d.initializer || pure(d.initializer);
      });
    return false;
  };
  // A function's body block is no statement to ts.isStatement, hence the separate test.
  const ok = ts.isBlock(body) || ts.isStatement(body) ? statement(body) : assignment(body as ts.Expression);
  return ok ? targets : null;
}

/**
 * Widens the objects a loop over `why` (an unknown list) sets properties of; false when the body
 * does anything else, or a target is not a plain object this evaluation owns.
 */
export function widenLoop(env: Env, body: ts.Node, bindings: readonly ts.BindingName[], why: Unknown, kind: "callback" | "loop"): boolean {
  const locals = new Set<string>();
  for (const b of bindings) boundNames(b, locals);
  const targets = outerTargets(body, locals, kind === "callback");
  if (targets === null) return false;
  const objects: [ObjectValue, Written][] = [];
  for (const [name, written] of targets) {
    const o = env.lookup(name)?.value;
    if (!isPlainObject(o) || isShared(o) || isFrozen(o)) return false;
    objects.push([o, written]);
  }
  const open = new Unknown(`properties set in a loop over a value docpact does not evaluate (${why.unknown})`, why.span);
  for (const [o, written] of objects) {
    for (const k of Object.keys(o)) if (written === "any" || written.has(k)) setProp(o, k, open);
    markOpen(o, open);
  }
  return true;
}

/** The callback of `receiver.forEach(callback)` written in place, with its parameters; null for any other statement. */
export function forEachCallback(e: ts.Expression): { body: ts.Node; params: ts.BindingName[] } | null {
  const call = unwrap(e);
  if (!ts.isCallExpression(call) || call.arguments.length !== 1) return null;
  const callee = unwrap(call.expression);
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== "forEach") return null;
  // A receiver that is a call may have changed what the evaluation tracks.
  if (!pure(callee.expression)) return null;
  const fn = unwrap(call.arguments[0]!);
  if (!ts.isArrowFunction(fn) && !ts.isFunctionExpression(fn)) return null;
  return { body: fn.body, params: fn.parameters.map((p) => p.name) };
}
