/**
 * Sub-verbs a command's handler dispatches itself: the first positional
 * (`args.rest[0]`, `args.positionals[0]`, `argv._[0]`, or a variable bound to
 * it) compared with literals — `switch (verb) { case "advance": … }`,
 * `if (verb === "install-hooks")` — or checked against a constant list
 * (`VERBS.includes(verb)`, `const VERBS = ["advance", "submit"] as const`).
 *
 * The verb list is closed when a guard checks the word against a list that
 * evaluates, or when a `switch` has a `default` clause; a chain of `if`s
 * leaves other words possible (an id, a file), so the list stays open.
 */
import type { Closure } from "../../model/cli.js";
import { CLOSED, open } from "../../model/cli.js";
import { type ParsedFile, spanOf, stringLiteral, ts, unwrap } from "../code-source.js";
import type { AdapterContext } from "./adapter.js";
import { localInit } from "./syntax.js";

const POSITIONAL_LISTS = new Set(["rest", "positionals", "_", "args", "argv"]);

export interface Dispatch {
  verbs: string[];
  closure: Closure;
}

/** The sub-verbs a handler body dispatches on, or null when it dispatches on none. */
export function readDispatch(file: ParsedFile, body: ts.Node, ctx: AdapterContext): Dispatch | null {
  const verbVars = new Set<string>();
  // Pass 1: variables bound to the first positional.
  const bindings = (n: ts.Node): void => {
    if (ts.isVariableDeclaration(n) && n.initializer) {
      if (ts.isIdentifier(n.name) && isFirstPositional(n.initializer)) verbVars.add(n.name.text);
      if (ts.isArrayBindingPattern(n.name) && isPositionalList(n.initializer)) {
        const first = n.name.elements[0];
        if (first && !ts.isOmittedExpression(first) && ts.isIdentifier(first.name)) verbVars.add(first.name.text);
      }
    }
    ts.forEachChild(n, bindings);
  };
  bindings(body);
  const isVerb = (e: ts.Expression): boolean => {
    const u = unwrap(e);
    return (ts.isIdentifier(u) && verbVars.has(u.text)) || isFirstPositional(u);
  };
  const verbs = new Set<string>();
  let closure: Closure | null = null;
  let ifSpan: ts.Node | null = null;
  const visit = (n: ts.Node): void => {
    if (ts.isSwitchStatement(n) && isVerb(n.expression)) {
      for (const c of n.caseBlock.clauses) {
        if (ts.isCaseClause(c)) {
          const s = stringLiteral(unwrap(c.expression));
          if (s) verbs.add(s);
        } else closure ??= CLOSED;
      }
      if (!n.caseBlock.clauses.some(ts.isDefaultClause) && closure === null) closure = open("the `switch` on the sub-verb has no `default`: other words may be arguments", spanOf(file, n.expression));
    } else if (ts.isBinaryExpression(n) && (n.operatorToken.kind === ts.SyntaxKind.EqualsEqualsEqualsToken || n.operatorToken.kind === ts.SyntaxKind.EqualsEqualsToken)) {
      const lit = isVerb(n.left) ? stringLiteral(unwrap(n.right)) : isVerb(n.right) ? stringLiteral(unwrap(n.left)) : null;
      if (lit) {
        verbs.add(lit);
        ifSpan ??= n;
      }
    } else if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && (n.expression.name.text === "includes" || n.expression.name.text === "has") && n.arguments[0] && isVerb(n.arguments[0])) {
      const list = listOf(file, n.expression.expression, ctx);
      if (Array.isArray(list) && list.every((x) => typeof x === "string")) {
        for (const v of list as string[]) if (v) verbs.add(v);
        closure = CLOSED;
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(body);
  if (verbs.size === 0) return null;
  return {
    verbs: [...verbs].sort(),
    closure: closure ?? open("sub-verbs are compared one by one (`if (verb === …)`): other words may be arguments", ifSpan ? spanOf(file, ifSpan) : null),
  };
}

/** An evaluated list: an array constant, or a `new Set([…])` bound to a local constant. */
function listOf(file: ParsedFile, e: ts.Expression, ctx: AdapterContext): unknown {
  let u = unwrap(e);
  if (ts.isIdentifier(u)) {
    const init = localInit(u.text, u);
    if (init && ts.isNewExpression(unwrap(init))) u = unwrap(init);
  }
  if (ts.isNewExpression(u) && ts.isIdentifier(u.expression) && u.expression.text === "Set") {
    return u.arguments?.[0] ? ctx.fold(file, u.arguments[0]) : undefined;
  }
  return ctx.fold(file, e);
}

function isPositionalList(e: ts.Expression): boolean {
  const u = unwrap(e);
  return ts.isPropertyAccessExpression(u) && POSITIONAL_LISTS.has(u.name.text);
}

function isFirstPositional(e: ts.Expression): boolean {
  const u = unwrap(e);
  if (!ts.isElementAccessExpression(u)) return false;
  const i = u.argumentExpression;
  return ts.isNumericLiteral(i) && i.text === "0" && isPositionalList(u.expression);
}
