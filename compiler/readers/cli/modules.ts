/**
 * Following names across the CLI's files without a type checker, for the
 * adapters whose commands are classes or objects defined in one module and
 * used in another (oclif and clipanion base classes, citty sub-commands):
 * a top-level declaration of a file, or the one an `import` brings in from a
 * relative module among the code files, re-exports through barrels
 * (`export { x } from`, `export * from`) included. Anything else (a package,
 * a computed value) is not followed: the caller decides what that leaves open.
 */
import { posix } from "node:path";
import { type ParsedFile, ts, unwrap } from "../code-source.js";

/** A declaration found: a class, a function, or a variable's initializer (an expression). */
export type Found = { file: ParsedFile; node: ts.ClassDeclaration | ts.ClassExpression | ts.FunctionDeclaration | ts.Expression };

/** The file a relative module specifier names from `from`, among `files` (`./x.js` finds `x.ts`); null for packages. */
export function resolveModule(files: readonly ParsedFile[], from: ParsedFile, spec: string): ParsedFile | null {
  if (!spec.startsWith(".")) return null;
  const base = posix.normalize(posix.join(posix.dirname(from.rel), spec));
  const stem = base.replace(/\.(m|c)?(j|t)sx?$/, "");
  const candidates = [base, ...[".ts", ".tsx", ".mts", ".cts", ".js", ".mjs", ".cjs", ".jsx"].flatMap((x) => [stem + x, `${stem}/index${x}`])];
  for (const c of candidates) {
    const f = files.find((x) => x.rel === c);
    if (f) return f;
  }
  return null;
}

/** A top-level declaration named `name` in `file` (class, function, or variable initializer). */
export function topLevel(file: ParsedFile, name: string): Found | null {
  for (const st of file.sf.statements) {
    if ((ts.isClassDeclaration(st) || ts.isFunctionDeclaration(st)) && st.name?.text === name) return { file, node: st };
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) {
        if (ts.isIdentifier(d.name) && d.name.text === name && d.initializer) return { file, node: d.initializer };
      }
    }
  }
  return null;
}

/** The module's default export: `export default class …`, `export default expr`, or `export { x as default }` of a local. */
export function defaultExport(file: ParsedFile): Found | null {
  for (const st of file.sf.statements) {
    if ((ts.isClassDeclaration(st) || ts.isFunctionDeclaration(st)) && hasModifier(st, ts.SyntaxKind.DefaultKeyword)) return { file, node: st };
    if (ts.isExportAssignment(st) && !st.isExportEquals) return follow(file, st.expression);
    if (ts.isExportDeclaration(st) && !st.moduleSpecifier && st.exportClause && ts.isNamedExports(st.exportClause)) {
      for (const el of st.exportClause.elements) if (el.name.text === "default") return declarationOf([file], file, (el.propertyName ?? el.name).text);
    }
  }
  return null;
}

/** Where `name` (as seen in `file`) is declared: locally, or through a relative import among `files`. */
export function declarationOf(files: readonly ParsedFile[], file: ParsedFile, name: string, depth = 0): Found | null {
  const local = topLevel(file, name);
  // `const name = require("./x")` is declared in x.
  if (local && !(ts.isExpression(local.node) && requiredModule(files, file, local.node))) return local;
  if (depth > 4) return null;
  for (const st of file.sf.statements) {
    if (!ts.isImportDeclaration(st) || !st.importClause || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    const clause = st.importClause;
    const target = () => resolveModule(files, file, (st.moduleSpecifier as ts.StringLiteral).text);
    if (clause.name?.text === name) {
      const t = target();
      return t ? defaultExport(t) : null;
    }
    const named = clause.namedBindings;
    if (named && ts.isNamedImports(named)) {
      for (const el of named.elements) {
        if (el.name.text !== name) continue;
        const t = target();
        if (!t) return null;
        const wanted = (el.propertyName ?? el.name).text;
        return wanted === "default" ? defaultExport(t) : declarationOf(files, t, wanted, depth + 1);
      }
    }
  }
  return required(files, file, name, depth) ?? reExported(files, file, name, depth);
}

/** The relative module a `require("./x")` call names, or null. */
function requiredModule(files: readonly ParsedFile[], file: ParsedFile, e: ts.Expression | undefined): ParsedFile | null {
  const u = e && unwrap(e);
  if (!u || !ts.isCallExpression(u) || !ts.isIdentifier(u.expression) || u.expression.text !== "require") return null;
  const spec = u.arguments[0];
  return spec && ts.isStringLiteral(spec) ? resolveModule(files, file, spec.text) : null;
}

/**
 * CommonJS: `const { name } = require("./x")` (or `{ other: name }`) finds `exports.name = …`,
 * `module.exports = { name }` or a top-level `name` of x; `const name = require("./x")` finds
 * `module.exports = …` of x.
 */
function required(files: readonly ParsedFile[], file: ParsedFile, name: string, depth: number): Found | null {
  for (const st of file.sf.statements) {
    if (!ts.isVariableStatement(st)) continue;
    for (const d of st.declarationList.declarations) {
      const t = requiredModule(files, file, d.initializer);
      if (!t) continue;
      if (ts.isIdentifier(d.name) && d.name.text === name) return moduleExports(t);
      if (!ts.isObjectBindingPattern(d.name)) continue;
      for (const el of d.name.elements) {
        if (!ts.isIdentifier(el.name) || el.name.text !== name) continue;
        const wanted = el.propertyName && ts.isIdentifier(el.propertyName) ? el.propertyName.text : name;
        return cjsExport(t, wanted) ?? declarationOf(files, t, wanted, depth + 1);
      }
    }
  }
  return null;
}

/** `module.exports = expr` of a CommonJS module (followed to its declaration), else its default export. */
export function moduleExports(file: ParsedFile): Found | null {
  for (const st of file.sf.statements) {
    if (!ts.isExpressionStatement(st) || !ts.isBinaryExpression(st.expression) || st.expression.operatorToken.kind !== ts.SyntaxKind.EqualsToken) continue;
    const l = st.expression.left;
    if (ts.isPropertyAccessExpression(l) && l.name.text === "exports" && ts.isIdentifier(l.expression) && l.expression.text === "module")
      return follow(file, unwrap(st.expression.right));
  }
  return defaultExport(file);
}

/** `exports.name = expr` / `module.exports.name = expr` / `module.exports = { name }` in a CommonJS module. */
function cjsExport(file: ParsedFile, name: string): Found | null {
  for (const st of file.sf.statements) {
    if (!ts.isExpressionStatement(st) || !ts.isBinaryExpression(st.expression) || st.expression.operatorToken.kind !== ts.SyntaxKind.EqualsToken) continue;
    const l = st.expression.left;
    const r = unwrap(st.expression.right);
    if (ts.isPropertyAccessExpression(l) && l.name.text === name) {
      const o = l.expression;
      const isExports =
        (ts.isIdentifier(o) && o.text === "exports") ||
        (ts.isPropertyAccessExpression(o) && o.name.text === "exports" && ts.isIdentifier(o.expression) && o.expression.text === "module");
      if (isExports) return follow(file, r);
    }
    if (
      ts.isPropertyAccessExpression(l) &&
      l.name.text === "exports" &&
      ts.isIdentifier(l.expression) &&
      l.expression.text === "module" &&
      ts.isObjectLiteralExpression(r)
    ) {
      for (const p of r.properties) {
        if (ts.isShorthandPropertyAssignment(p) && p.name.text === name) return follow(file, p.name);
        if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name) return follow(file, unwrap(p.initializer));
      }
    }
  }
  return null;
}

/** `export { name } from "./x"`, `export { y as name } from "./x"`, `export * from "./x"`: the declaration in the module re-exported. */
function reExported(files: readonly ParsedFile[], file: ParsedFile, name: string, depth: number): Found | null {
  for (const st of file.sf.statements) {
    if (!ts.isExportDeclaration(st) || st.isTypeOnly || !st.moduleSpecifier || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    const clause = st.exportClause;
    let wanted: string | null = null;
    if (!clause) wanted = name;
    else if (ts.isNamedExports(clause)) {
      const el = clause.elements.find((x) => x.name.text === name);
      if (el) wanted = (el.propertyName ?? el.name).text;
    }
    if (wanted === null) continue;
    const t = resolveModule(files, file, st.moduleSpecifier.text);
    if (!t) continue;
    const found = wanted === "default" ? defaultExport(t) : declarationOf(files, t, wanted, depth + 1);
    if (found) return found;
  }
  return null;
}

/** An expression, with a plain identifier followed to its declaration in the same file. */
export function follow(file: ParsedFile, e: ts.Expression): Found {
  if (ts.isIdentifier(e)) return topLevel(file, e.text) ?? { file, node: e };
  return { file, node: e };
}

/** The module a package is imported from under `name` in `file` (`import { Command } from "clipanion"` → "clipanion"). */
export function importSource(file: ParsedFile, name: string): string | null {
  for (const st of file.sf.statements) {
    if (!ts.isImportDeclaration(st) || !st.importClause || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    const c = st.importClause;
    if (c.name?.text === name) return st.moduleSpecifier.text;
    const nb = c.namedBindings;
    if (nb && ts.isNamespaceImport(nb) && nb.name.text === name) return st.moduleSpecifier.text;
    if (nb && ts.isNamedImports(nb) && nb.elements.some((el) => el.name.text === name)) return st.moduleSpecifier.text;
  }
  return null;
}

export function hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind);
}

/** A class's `static name = …` initializer, or null. */
export function staticMember(cls: ts.ClassLikeDeclaration, name: string): ts.Expression | null {
  for (const m of cls.members) {
    if (ts.isPropertyDeclaration(m) && hasModifier(m, ts.SyntaxKind.StaticKeyword) && m.name && ts.isIdentifier(m.name) && m.name.text === name)
      return m.initializer ?? null;
  }
  return null;
}

/** The expression after `extends`, or null. */
export function baseClass(cls: ts.ClassLikeDeclaration): ts.Expression | null {
  for (const h of cls.heritageClauses ?? []) if (h.token === ts.SyntaxKind.ExtendsKeyword && h.types[0]) return h.types[0].expression;
  return null;
}
