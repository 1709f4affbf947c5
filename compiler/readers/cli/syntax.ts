/** Small syntax helpers the CLI adapters share (no type checker: names are followed through local declarations only). */
import { type ParsedFile, propertyNameText, ts, unwrap } from "../code-source.js";

export type Ref = { file: ParsedFile; expr: ts.Expression };
/** Parameter name → the argument expression at one call site. */
export type Env = Map<string, Ref>;

export function prop(obj: ts.ObjectLiteralExpression, key: string): ts.Expression | null {
  for (const p of obj.properties) {
    if (ts.isPropertyAssignment(p) && propertyNameText(p.name) === key) return p.initializer;
    if (ts.isShorthandPropertyAssignment(p) && p.name.text === key) return p.name;
  }
  return null;
}

/** The initializer of the variable `name` visible from `from` (any `const`/`let`/`var` in an enclosing block). */
export function localInit(name: string, from: ts.Node): ts.Expression | null {
  for (let n: ts.Node | undefined = from.parent; n; n = n.parent) {
    if (ts.isFunctionLike(n) && n.parameters.some((p) => ts.isIdentifier(p.name) && p.name.text === name)) return null;
    if (!(ts.isSourceFile(n) || ts.isBlock(n) || ts.isModuleBlock(n))) continue;
    for (const st of n.statements) {
      if (!ts.isVariableStatement(st)) continue;
      for (const d of st.declarationList.declarations) {
        if (ts.isIdentifier(d.name) && d.name.text === name) return d.initializer ?? null;
      }
    }
  }
  return null;
}

export function enclosingFunction(node: ts.Node): ts.SignatureDeclaration | null {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) if (ts.isFunctionLike(n)) return n;
  return null;
}

/** Names a function can be called by: its own name, or the variable / property / method holding it. */
export function callableNames(fn: ts.SignatureDeclaration): string[] {
  if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn) || ts.isFunctionExpression(fn)) && fn.name && ts.isIdentifier(fn.name)) {
    if (!ts.isFunctionExpression(fn)) return [fn.name.text];
  }
  const p = fn.parent;
  if (p && ts.isVariableDeclaration(p) && ts.isIdentifier(p.name)) return [p.name.text];
  if (p && ts.isPropertyAssignment(p)) {
    const k = propertyNameText(p.name);
    return k ? [k] : [];
  }
  if (p && ts.isPropertyDeclaration(p) && ts.isIdentifier(p.name)) return [p.name.text];
  return [];
}

export function paramNames(fn: ts.SignatureDeclaration): Set<string> {
  const out = new Set<string>();
  const add = (n: ts.BindingName) => {
    if (ts.isIdentifier(n)) out.add(n.text);
    else for (const el of n.elements) if (!ts.isOmittedExpression(el)) add(el.name);
  };
  for (const p of fn.parameters) add(p.name);
  return out;
}

/** Parameter names → the call's arguments (destructured object parameters → the argument's properties). */
export function bindArgs(fn: ts.SignatureDeclaration, file: ParsedFile, call: ts.CallExpression): Env {
  const env: Env = new Map();
  fn.parameters.forEach((p, i) => {
    const arg = call.arguments[i];
    if (ts.isIdentifier(p.name)) {
      if (arg && !ts.isSpreadElement(arg)) env.set(p.name.text, { file, expr: arg });
      else if (p.initializer) env.set(p.name.text, { file: file, expr: p.initializer });
      return;
    }
    if (ts.isObjectBindingPattern(p.name) && arg) {
      const a = unwrap(arg);
      if (!ts.isObjectLiteralExpression(a)) return;
      for (const el of p.name.elements) {
        if (!ts.isIdentifier(el.name)) continue;
        const key = el.propertyName ? propertyNameText(el.propertyName) : el.name.text;
        const v = key ? prop(a, key) : null;
        if (v) env.set(el.name.text, { file, expr: v });
      }
    }
  });
  return env;
}
