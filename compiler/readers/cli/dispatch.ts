/**
 * Sub-verbs a command's handler dispatches itself: the first positional
 * (`args.rest[0]`, `args.positionals[0]`, `argv._[0]`, or a variable bound to
 * it) compared with literals — `switch (verb) { case "advance": … }`,
 * `if (verb === "install-hooks")` — or checked against a constant list
 * (`VERBS.includes(verb)`, `const VERBS = ["advance", "submit"] as const`).
 *
 * The verb list is closed when a guard turns away every word not in a list
 * that evaluates (`if (!VERBS.includes(verb)) return fail(…)`), when a
 * `switch` has a `default` clause, when a negated guard leaves
 * (`if (verb !== "a" && verb !== "b") throw …`), or when a chain of `if`s
 * each handling its words and leaving is followed by code that rejects the
 * rest (chainRejectsRest). Otherwise a chain of `if`s leaves other words
 * possible (an id, a file), so the list stays open.
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
  return readWords(file, body, ctx, { isList: isPositionalList, index: 0 });
}

/** Which word of which list a dispatch compares: `args.rest` word 0, or the parameter `input` word 1. */
export interface WordAt {
  isList(e: ts.Expression): boolean;
  index: number;
  /** An expression that is the word itself (a variable bound to `process.argv[2]`), besides `list[index]`. */
  word?(e: ts.Expression): boolean;
}

/** The expression is word `at.index` of a positional list (`list[1]`). */
export function isWordOf(e: ts.Expression, at: WordAt): boolean {
  const u = unwrap(e);
  if (at.word?.(u)) return true;
  if (!ts.isElementAccessExpression(u)) return false;
  const i = u.argumentExpression;
  return ts.isNumericLiteral(i) && Number(i.text) === at.index && at.isList(u.expression);
}

/**
 * The words `body` compares word `at.index` of the list with: `switch` cases,
 * `===` / `!==` literals, a list guard. A `switch` with a `default`, a list
 * guard, or a negated guard that leaves (`if (v !== "a" && v !== "b") throw …`)
 * closes the list.
 */
export function readWords(file: ParsedFile, body: ts.Node, ctx: AdapterContext, at: WordAt): Dispatch | null {
  const verbVars = new Set<string>();
  // Pass 1: variables bound to the word.
  const bindings = (n: ts.Node): void => {
    if (ts.isVariableDeclaration(n) && n.initializer) {
      if (ts.isIdentifier(n.name) && isWordOf(n.initializer, at)) verbVars.add(n.name.text);
      if (ts.isArrayBindingPattern(n.name) && at.isList(n.initializer)) {
        const el = n.name.elements[at.index];
        if (el && !ts.isOmittedExpression(el) && ts.isIdentifier(el.name)) verbVars.add(el.name.text);
      }
    }
    ts.forEachChild(n, bindings);
  };
  bindings(body);
  const isVerb = (e: ts.Expression): boolean => {
    const u = unwrap(e);
    return (ts.isIdentifier(u) && verbVars.has(u.text)) || isWordOf(u, at);
  };
  // Where the word is bound to its variable (`const verb = args.rest[0]`): not a use of it.
  const isBinding = (e: ts.Node): boolean => {
    const p = e.parent;
    return (ts.isVariableDeclaration(p) && (p.name === e || p.initializer === e)) || ts.isBindingElement(p) || ts.isArrayBindingPattern(p);
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
      if (!n.caseBlock.clauses.some(ts.isDefaultClause) && closure === null)
        closure = open("the `switch` on the sub-verb has no `default`: other words may be arguments", spanOf(file, n.expression));
    } else if (ts.isIfStatement(n) && closure === null && negatedGuard(n, isVerb)) {
      closure = CLOSED;
    } else if (ts.isBinaryExpression(n) && isEquality(n.operatorToken.kind)) {
      const lit = isVerb(n.left) ? stringLiteral(unwrap(n.right)) : isVerb(n.right) ? stringLiteral(unwrap(n.left)) : null;
      if (lit) {
        verbs.add(lit);
        ifSpan ??= n;
      }
    } else if (
      ts.isCallExpression(n) &&
      ts.isPropertyAccessExpression(n.expression) &&
      (n.expression.name.text === "includes" || n.expression.name.text === "has") &&
      n.arguments[0] &&
      isVerb(n.arguments[0])
    ) {
      const list = listOf(file, n.expression.expression, ctx);
      if (Array.isArray(list) && list.every((x) => typeof x === "string")) {
        for (const v of list as string[]) if (v) verbs.add(v);
        // Only a check that turns every other word away closes the list (`if (!VERBS.includes(v)) return fail(…)`);
        // `if (OLD.includes(v)) warn()` names some words and lets the rest through.
        if (rejectsOthers(n)) closure = CLOSED;
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(body);
  if (verbs.size === 0) return null;
  if (closure === null && chainRejectsRest(body, isVerb, isBinding)) closure = CLOSED;
  return {
    verbs: [...verbs].sort(),
    closure: closure ?? open("sub-verbs are compared one by one (`if (verb === …)`): other words may be arguments", ifSpan ? spanOf(file, ifSpan) : null),
  };
}

/**
 * `if (verb === "a") return a(); if (verb === "b") return b(); return fail(\`unknown '${verb}'\`)` (or the same as an
 * `else if` chain ending in `else { … }`): every word the chain compares is handled and leaves, and what follows
 * rejects every other word. It rejects when it leaves (return, throw, `process.exit`) without handing anything on:
 * it names none of the enclosing function's parameters and uses the word only as text of a message. Anywhere in the
 * body the word may only be compared with literals or tested for presence (`if (!verb)`): a word passed to a call
 * (`show(verb)`) may be an argument (an id, a file), and then the list stays open.
 */
function chainRejectsRest(body: ts.Node, isVerb: (e: ts.Expression) => boolean, isBinding: (e: ts.Node) => boolean): boolean {
  const compares: ts.IfStatement[] = [];
  let usedElsewhere = false;
  const inText = new Set<ts.Node>();
  const visit = (n: ts.Node): void => {
    if (usedElsewhere) return;
    if (ts.isExpression(n) && !ts.isParenthesizedExpression(n) && isVerb(n)) {
      if (isBinding(n)) return;
      const how = useOf(n);
      if (how === "compare") {
        const stmt = conditionOf(n);
        if (stmt && !compares.includes(stmt)) compares.push(stmt);
      } else if (how === "text") inText.add(n);
      else if (how !== "presence") usedElsewhere = true;
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(body);
  if (usedElsewhere || compares.length === 0) return false;
  const last = compares[compares.length - 1]!;
  // The rest: the final `else`, or the statements after the last comparing `if` in its block.
  let rest: readonly ts.Statement[];
  if (last.elseStatement && !ts.isIfStatement(last.elseStatement)) {
    rest = ts.isBlock(last.elseStatement) ? last.elseStatement.statements : [last.elseStatement];
    // An else-if chain: every comparing `if` is a link of it.
    for (const c of compares) if (!inChain(c, last)) return false;
  } else {
    const list = ts.isBlock(last.parent) || ts.isCaseClause(last.parent) || ts.isDefaultClause(last.parent) ? last.parent.statements : null;
    if (!list || last.elseStatement) return false;
    if (!compares.every((c) => c.parent === last.parent && leaves(c.thenStatement))) return false;
    rest = list.slice(list.indexOf(last) + 1);
  }
  const end = rest[rest.length - 1];
  if (!end || !leaves(end)) return false;
  const fn = enclosingFunctionOf(last);
  const params = new Set(fn ? fn.parameters.flatMap((p) => bindingNames(p.name)) : []);
  // The word as text of the message (`${input[0]}`) hands nothing on, even when its list is a parameter.
  const handsOn = (n: ts.Node): boolean => !inText.has(n) && ((ts.isIdentifier(n) && params.has(n.text)) || ts.forEachChild(n, handsOn) === true);
  return !rest.some(handsOn);
}

type WordUse = "compare" | "presence" | "text" | "other";

function useOf(e: ts.Expression): WordUse {
  let n: ts.Node = e;
  while (ts.isParenthesizedExpression(n.parent) || ts.isAsExpression(n.parent) || ts.isNonNullExpression(n.parent)) n = n.parent;
  const p = n.parent;
  if (ts.isBinaryExpression(p) && isEquality(p.operatorToken.kind)) {
    const other = p.left === n ? p.right : p.left;
    return stringLiteral(unwrap(other)) !== null ||
      unwrap(other).kind === ts.SyntaxKind.UndefinedKeyword ||
      (ts.isIdentifier(unwrap(other)) && (unwrap(other) as ts.Identifier).text === "undefined")
      ? "compare"
      : "other";
  }
  if (ts.isPrefixUnaryExpression(p) && p.operator === ts.SyntaxKind.ExclamationToken) return "presence";
  if (ts.isIfStatement(p) && p.expression === n) return "presence";
  if (ts.isTemplateSpan(p)) return "text";
  return "other";
}

/** The `if` whose condition holds the comparison (through `||`, `&&`, `!` and parentheses), or null. */
function conditionOf(e: ts.Node): ts.IfStatement | null {
  let n: ts.Node = e;
  while (n.parent && (ts.isBinaryExpression(n.parent) || ts.isParenthesizedExpression(n.parent) || ts.isPrefixUnaryExpression(n.parent))) n = n.parent;
  return ts.isIfStatement(n.parent) && n.parent.expression === n ? n.parent : null;
}

/** `c` is `last` or an `if` whose `else` chain reaches `last`. */
function inChain(c: ts.IfStatement, last: ts.IfStatement): boolean {
  for (let s: ts.Statement | undefined = c; s && ts.isIfStatement(s); s = s.elseStatement) if (s === last) return true;
  return false;
}

function enclosingFunctionOf(n: ts.Node): ts.SignatureDeclaration | null {
  for (let p = n.parent; p; p = p.parent) if (ts.isFunctionLike(p)) return p;
  return null;
}

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((el) => (ts.isOmittedExpression(el) ? [] : bindingNames(el.name)));
}

function isEquality(k: ts.SyntaxKind): boolean {
  return (
    k === ts.SyntaxKind.EqualsEqualsEqualsToken ||
    k === ts.SyntaxKind.EqualsEqualsToken ||
    k === ts.SyntaxKind.ExclamationEqualsEqualsToken ||
    k === ts.SyntaxKind.ExclamationEqualsToken
  );
}

/** `if (v !== "a" && v !== "b") { …; throw … }`: every other word leaves (throw, return, process.exit). */
function negatedGuard(n: ts.IfStatement, isVerb: (e: ts.Expression) => boolean): boolean {
  const terms: ts.Expression[] = [];
  const split = (e: ts.Expression): void => {
    const u = unwrap(e);
    if (ts.isBinaryExpression(u) && u.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) {
      split(u.left);
      split(u.right);
    } else terms.push(u);
  };
  split(n.expression);
  const negated = terms.every((t) => {
    if (!ts.isBinaryExpression(t)) return false;
    const k = t.operatorToken.kind;
    if (k !== ts.SyntaxKind.ExclamationEqualsEqualsToken && k !== ts.SyntaxKind.ExclamationEqualsToken) return false;
    return (isVerb(t.left) && stringLiteral(unwrap(t.right)) !== null) || (isVerb(t.right) && stringLiteral(unwrap(t.left)) !== null);
  });
  return negated && leaves(n.thenStatement);
}

/** `!list.includes(v)` as a term of an `if` condition (alone or in an `||`) whose branch leaves. */
function rejectsOthers(call: ts.CallExpression): boolean {
  let n: ts.Node = call;
  while (ts.isParenthesizedExpression(n.parent) || ts.isAsExpression(n.parent) || ts.isNonNullExpression(n.parent)) n = n.parent;
  if (!ts.isPrefixUnaryExpression(n.parent) || n.parent.operator !== ts.SyntaxKind.ExclamationToken) return false;
  n = n.parent;
  for (;;) {
    const p = n.parent;
    if (ts.isParenthesizedExpression(p) || (ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.BarBarToken)) n = p;
    else break;
  }
  return ts.isIfStatement(n.parent) && n.parent.expression === n && leaves(n.parent.thenStatement);
}

/** The statement always ends the dispatch: its last statement throws, returns or calls `process.exit`. */
function leaves(st: ts.Statement): boolean {
  const last = ts.isBlock(st) ? st.statements[st.statements.length - 1] : st;
  if (!last) return false;
  if (ts.isThrowStatement(last) || ts.isReturnStatement(last)) return true;
  if (ts.isExpressionStatement(last) && ts.isCallExpression(last.expression)) {
    const c = last.expression.expression;
    return ts.isPropertyAccessExpression(c) && c.name.text === "exit" && ts.isIdentifier(c.expression) && c.expression.text === "process";
  }
  return false;
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
