/**
 * The constant folder: reads a static value out of TypeScript source without
 * running it and without the type checker. It serves region sources
 * (`module:../src/contract.ts#NAME`) and the decision registry.
 *
 * It folds literals, object and array literals (with spreads of folded
 * values), `as const` / `satisfies` / `as T` / `<T>x` / parentheses / `!`,
 * identifiers bound to `const` declarations (local, imported through relative
 * specifiers, re-exported by `export { X } from` / `export * from`, namespace
 * imports), string enums, template literals whose parts fold, property and
 * element access on folded values, unary minus/plus and `+` on strings and
 * numbers. Anything else is reported with the expression's text and span —
 * never guessed.
 */
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Span } from "../model/diagnostic.js";
import { loadFile, type ParsedFile, propertyNameText, spanOf, ts, unwrap } from "./code-source.js";

export type FoldedValue = string | number | boolean | null | FoldedValue[] | { [key: string]: FoldedValue };

export type FoldResult = { ok: true; value: FoldedValue; span: Span } | { ok: false; message: string; span: Span };

/** One element of an exported array of objects. */
export interface FoldedRow {
  /** The element's expression. */
  span: Span;
  /** The folded object, when every field folded. */
  value?: Record<string, FoldedValue>;
  /** Why the row did not fold (the first field that failed). */
  error?: string;
  /** When `error` is set and the row is an object literal: the fields that did fold, so the row can be named. */
  partial?: Record<string, FoldedValue>;
}

export type FoldRowsResult = { rows: FoldedRow[] } | { error: string; span?: Span };

export type Fold = { ok: true; value: FoldedValue } | { ok: false; message: string; span: Span };

/** What a name is bound to. */
type Binding =
  | { kind: "expr"; file: ParsedFile; expr: ts.Expression; decl: ts.Node; path: string[] }
  | { kind: "enum"; file: ParsedFile; decl: ts.EnumDeclaration }
  | { kind: "namespace"; file: ParsedFile }
  | { kind: "error"; message: string; span: Span };

const MAX_TEXT = 60;

/** Folds the export `exportName` of `file` (a path relative to `root`). */
export function foldExport(root: string, file: string, exportName: string): FoldResult {
  const folder = new Folder(root);
  const parsed = folder.load(resolve(root, file));
  if (!parsed) return { ok: false, message: `cannot read ${file}`, span: fileSpan(file) };
  const b = folder.resolveExport(parsed, exportName, new Set());
  if (b.kind === "error") return { ok: false, message: b.message, span: b.span };
  const r = folder.foldBinding(b, new Set());
  const span = b.kind === "namespace" ? fileSpan(b.file.rel) : spanOf(b.file, b.decl);
  return r.ok ? { ok: true, value: r.value, span } : r;
}

/**
 * Folds an exported array row by row, so one row that cannot be folded does
 * not sink the others (the decision registry).
 */
export function foldArrayRows(root: string, file: string, exportName: string): FoldRowsResult {
  const folder = new Folder(root);
  const parsed = folder.load(resolve(root, file));
  if (!parsed) return { error: `cannot read ${file}` };
  const b = folder.resolveExport(parsed, exportName, new Set());
  if (b.kind === "error") return { error: b.message, span: b.span };
  if (b.kind !== "expr" || b.path.length > 0) return { error: `\`${exportName}\` in ${file} is not an array literal` };
  const rows: FoldedRow[] = [];
  const err = folder.collectRows(b.file, b.expr, rows, new Set());
  if (err) return { error: err.message, span: err.span };
  return { rows };
}

/** Folds one expression of an already parsed file (used by the code reader for names, verbs and flags). */
export function foldExpression(root: string, file: ParsedFile, expr: ts.Expression): Fold {
  return new Folder(root).foldExpr(file, expr, new Set());
}

class Folder {
  constructor(private readonly root: string) {}

  load(abs: string): ParsedFile | null {
    return loadFile(this.root, abs);
  }

  // ───────────── bindings ─────────────

  resolveExport(file: ParsedFile, name: string, seen: Set<string>): Binding {
    const key = `${file.abs}#${name}`;
    // Seen already on this lookup: a re-export cycle, or a module reached twice through `export *`.
    if (seen.has(key)) return { kind: "error", message: `${file.rel} has no export \`${name}\``, span: fileSpan(file.rel) };
    seen.add(key);
    const stars: ts.ExportDeclaration[] = [];
    for (const st of file.sf.statements) {
      if (ts.isVariableStatement(st) && hasExport(st)) {
        for (const d of st.declarationList.declarations) {
          if (ts.isIdentifier(d.name) && d.name.text === name) return this.varBinding(file, st, d);
        }
      } else if (ts.isExportAssignment(st) && !st.isExportEquals && name === "default") {
        return { kind: "expr", file, expr: st.expression, decl: st, path: [] };
      } else if (ts.isEnumDeclaration(st) && hasExport(st) && st.name.text === name) {
        return { kind: "enum", file, decl: st };
      } else if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st)) && hasExport(st) && st.name?.text === name) {
        return { kind: "error", message: `\`${name}\` in ${file.rel} is a ${ts.isClassDeclaration(st) ? "class" : "function"}, not a constant`, span: spanOf(file, st) };
      } else if (ts.isExportDeclaration(st) && !st.isTypeOnly) {
        const clause = st.exportClause;
        if (!clause) {
          stars.push(st);
        } else if (ts.isNamespaceExport(clause)) {
          if (clause.name.text === name) {
            const target = this.importTarget(file, st.moduleSpecifier, st);
            return "kind" in target ? target : { kind: "namespace", file: target };
          }
        } else {
          for (const el of clause.elements) {
            if (el.name.text !== name || el.isTypeOnly) continue;
            const local = el.propertyName ? propertyNameText(el.propertyName as ts.PropertyName) ?? el.propertyName.getText(file.sf) : el.name.text;
            if (st.moduleSpecifier) {
              const target = this.importTarget(file, st.moduleSpecifier, st);
              return "kind" in target ? target : this.resolveExport(target, local, seen);
            }
            return this.resolveLocal(file, local, file.sf, seen);
          }
        }
      }
    }
    for (const st of stars) {
      const target = this.importTarget(file, st.moduleSpecifier, st);
      if ("kind" in target) continue;
      const b = this.resolveExport(target, name, seen);
      if (b.kind !== "error" || !b.message.includes("has no export")) return b;
    }
    return { kind: "error", message: `${file.rel} has no export \`${name}\``, span: fileSpan(file.rel) };
  }

  private varBinding(file: ParsedFile, st: ts.VariableStatement, d: ts.VariableDeclaration, path: string[] = []): Binding {
    const name = d.name.getText(file.sf);
    if (!(st.declarationList.flags & ts.NodeFlags.Const)) {
      return { kind: "error", message: `\`${name}\` is not a const, so its value is not static`, span: spanOf(file, d) };
    }
    if (!d.initializer) return { kind: "error", message: `\`${name}\` has no initializer`, span: spanOf(file, d) };
    return { kind: "expr", file, expr: d.initializer, decl: d, path };
  }

  /** Finds what `name` is bound to, looking outwards from `from` through blocks to the module. */
  resolveLocal(file: ParsedFile, name: string, from: ts.Node, seen: Set<string>): Binding {
    for (let n: ts.Node | undefined = from; n; n = n.parent) {
      const statements = ts.isSourceFile(n) || ts.isBlock(n) || ts.isModuleBlock(n) ? n.statements : ts.isCaseClause(n) || ts.isDefaultClause(n) ? n.statements : null;
      if (statements) {
        const b = this.bindingIn(file, statements, name, seen);
        if (b) return b;
      }
      if (ts.isFunctionLike(n) && n.parameters.some((p) => bindsName(p.name, name))) {
        return { kind: "error", message: `\`${name}\` is a function parameter, so its value is not static`, span: spanOf(file, from) };
      }
    }
    return { kind: "error", message: `\`${name}\` is not declared in ${file.rel}`, span: spanOf(file, from) };
  }

  private bindingIn(file: ParsedFile, statements: ts.NodeArray<ts.Statement>, name: string, seen: Set<string>): Binding | null {
    for (const st of statements) {
      if (ts.isVariableStatement(st)) {
        for (const d of st.declarationList.declarations) {
          if (ts.isIdentifier(d.name)) {
            if (d.name.text === name) return this.varBinding(file, st, d);
          } else if (ts.isObjectBindingPattern(d.name)) {
            for (const el of d.name.elements) {
              if (!ts.isIdentifier(el.name) || el.name.text !== name || el.dotDotDotToken) continue;
              const key = el.propertyName ? propertyNameText(el.propertyName) : el.name.text;
              if (key === null) return { kind: "error", message: `\`${name}\` is destructured with a computed key`, span: spanOf(file, el) };
              return this.varBinding(file, st, d, [key]);
            }
          }
        }
      } else if (ts.isEnumDeclaration(st) && st.name.text === name) {
        return { kind: "enum", file, decl: st };
      } else if (ts.isImportDeclaration(st) && st.importClause && !st.importClause.isTypeOnly) {
        const clause = st.importClause;
        if (clause.name?.text === name) return this.viaImport(file, st, "default", seen);
        const nb = clause.namedBindings;
        if (nb && ts.isNamespaceImport(nb) && nb.name.text === name) {
          const target = this.importTarget(file, st.moduleSpecifier, st);
          return "kind" in target ? target : { kind: "namespace", file: target };
        }
        if (nb && ts.isNamedImports(nb)) {
          for (const el of nb.elements) {
            if (el.name.text !== name || el.isTypeOnly) continue;
            const imported = el.propertyName ? (propertyNameText(el.propertyName as ts.PropertyName) ?? el.propertyName.getText(file.sf)) : el.name.text;
            return this.viaImport(file, st, imported, seen);
          }
        }
      } else if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st)) && st.name?.text === name) {
        return { kind: "error", message: `\`${name}\` is a ${ts.isClassDeclaration(st) ? "class" : "function"}, not a constant`, span: spanOf(file, st) };
      }
    }
    return null;
  }

  private viaImport(file: ParsedFile, st: ts.ImportDeclaration, imported: string, seen: Set<string>): Binding {
    const target = this.importTarget(file, st.moduleSpecifier, st);
    return "kind" in target ? target : this.resolveExport(target, imported, seen);
  }

  /** Follows a relative module specifier (`./x.js` → `./x.ts`); packages are not followed. */
  private importTarget(file: ParsedFile, spec: ts.Expression | undefined, at: ts.Node): ParsedFile | Binding {
    const s = spec && ts.isStringLiteral(spec) ? spec.text : null;
    if (s === null) return { kind: "error", message: "module specifier is not a string", span: spanOf(file, at) };
    if (!s.startsWith("./") && !s.startsWith("../") && s !== "." && s !== "..") {
      return { kind: "error", message: `import from package \`${s}\` is not followed`, span: spanOf(file, at) };
    }
    const base = resolve(dirname(file.abs), s);
    for (const c of moduleCandidates(base)) {
      if (!existsSync(c)) continue;
      const parsed = this.load(c);
      if (parsed) return parsed;
    }
    return { kind: "error", message: `cannot resolve module \`${s}\` from ${file.rel}`, span: spanOf(file, at) };
  }

  foldBinding(b: Binding, stack: Set<string>): Fold {
    switch (b.kind) {
      case "error":
        return { ok: false, message: b.message, span: b.span };
      case "namespace":
        return this.foldNamespace(b.file, stack);
      case "enum":
        return this.foldEnum(b.file, b.decl, stack);
      case "expr": {
        const key = `${b.file.abs}:${b.decl.pos}`;
        if (stack.has(key)) return { ok: false, message: `circular reference in \`${text(b.file, b.decl)}\``, span: spanOf(b.file, b.decl) };
        stack.add(key);
        let r = this.foldExpr(b.file, b.expr, stack);
        stack.delete(key);
        for (const k of b.path) {
          if (!r.ok) break;
          r = member(r.value, k, b.file, b.decl);
        }
        return r;
      }
    }
  }

  private foldNamespace(file: ParsedFile, stack: Set<string>): Fold {
    const out: Record<string, FoldedValue> = {};
    for (const st of file.sf.statements) {
      if (!ts.isVariableStatement(st) || !hasExport(st)) continue;
      for (const d of st.declarationList.declarations) {
        if (!ts.isIdentifier(d.name)) continue;
        const r = this.foldBinding(this.varBinding(file, st, d), stack);
        if (!r.ok) return r;
        out[d.name.text] = r.value;
      }
    }
    return { ok: true, value: out };
  }

  private foldEnum(file: ParsedFile, decl: ts.EnumDeclaration, stack: Set<string>): Fold {
    const out: Record<string, FoldedValue> = {};
    let next: number | null = 0;
    for (const m of decl.members) {
      const key = propertyNameText(m.name);
      if (key === null) return fail(file, m, "computed enum member name");
      if (m.initializer) {
        const r = this.foldExpr(file, m.initializer, stack);
        if (!r.ok) return r;
        out[key] = r.value;
        next = typeof r.value === "number" ? r.value + 1 : null;
      } else {
        if (next === null) return fail(file, m, "enum member without initializer after a string member");
        out[key] = next++;
      }
    }
    return { ok: true, value: out };
  }

  // ───────────── expressions ─────────────

  foldExpr(file: ParsedFile, expr: ts.Expression, stack: Set<string>): Fold {
    const e = unwrap(expr);
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return { ok: true, value: e.text };
    if (ts.isNumericLiteral(e)) {
      const v = Number(e.text.replace(/_/g, ""));
      return Number.isFinite(v) ? { ok: true, value: v } : fail(file, e, "not a finite number");
    }
    switch (e.kind) {
      case ts.SyntaxKind.TrueKeyword:
        return { ok: true, value: true };
      case ts.SyntaxKind.FalseKeyword:
        return { ok: true, value: false };
      case ts.SyntaxKind.NullKeyword:
        return { ok: true, value: null };
    }
    if (ts.isPrefixUnaryExpression(e)) {
      const r = this.foldExpr(file, e.operand, stack);
      if (!r.ok) return r;
      if (e.operator === ts.SyntaxKind.MinusToken && typeof r.value === "number") return { ok: true, value: -r.value };
      if (e.operator === ts.SyntaxKind.PlusToken && typeof r.value === "number") return { ok: true, value: r.value };
      if (e.operator === ts.SyntaxKind.ExclamationToken && typeof r.value === "boolean") return { ok: true, value: !r.value };
      return fail(file, e, "unsupported unary operator");
    }
    if (ts.isTemplateExpression(e)) {
      let s = e.head.text;
      for (const span of e.templateSpans) {
        const r = this.foldExpr(file, span.expression, stack);
        if (!r.ok) return r;
        if (r.value !== null && typeof r.value === "object") return fail(file, span.expression, "an object or array inside a template literal");
        s += String(r.value) + span.literal.text;
      }
      return { ok: true, value: s };
    }
    if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const l = this.foldExpr(file, e.left, stack);
      if (!l.ok) return l;
      const r = this.foldExpr(file, e.right, stack);
      if (!r.ok) return r;
      if (typeof l.value === "number" && typeof r.value === "number") return { ok: true, value: l.value + r.value };
      if ((typeof l.value === "string" || typeof r.value === "string") && isScalar(l.value) && isScalar(r.value)) {
        return { ok: true, value: String(l.value) + String(r.value) };
      }
      return fail(file, e, "`+` on values that are not strings or numbers");
    }
    if (ts.isArrayLiteralExpression(e)) {
      const out: FoldedValue[] = [];
      for (const el of e.elements) {
        if (ts.isOmittedExpression(el)) return fail(file, e, "an array with holes");
        if (ts.isSpreadElement(el)) {
          const r = this.foldExpr(file, el.expression, stack);
          if (!r.ok) return r;
          if (!Array.isArray(r.value)) return fail(file, el, "spread of a value that is not an array");
          out.push(...r.value);
        } else {
          const r = this.foldExpr(file, el, stack);
          if (!r.ok) return r;
          out.push(r.value);
        }
      }
      return { ok: true, value: out };
    }
    if (ts.isObjectLiteralExpression(e)) return this.foldObject(file, e, stack, null);
    if (ts.isIdentifier(e)) {
      if (e.text === "undefined") return fail(file, e, "`undefined` has no JSON value");
      return this.foldBinding(this.resolveLocal(file, e.text, e, new Set()), stack);
    }
    if (ts.isPropertyAccessExpression(e)) {
      const ns = this.namespaceOf(file, e.expression);
      if (ns) return this.foldBinding(this.resolveExport(ns, e.name.text, new Set()), stack);
      const obj = this.foldExpr(file, e.expression, stack);
      if (!obj.ok) return obj;
      return member(obj.value, e.name.text, file, e);
    }
    if (ts.isElementAccessExpression(e)) {
      const obj = this.foldExpr(file, e.expression, stack);
      if (!obj.ok) return obj;
      const k = this.foldExpr(file, e.argumentExpression, stack);
      if (!k.ok) return k;
      if (typeof k.value !== "string" && typeof k.value !== "number") return fail(file, e.argumentExpression, "an index that is not a string or number");
      return member(obj.value, String(k.value), file, e);
    }
    if (ts.isCallExpression(e) || ts.isNewExpression(e)) return fail(file, e, "a call is evaluated at run time");
    if (ts.isArrowFunction(e) || ts.isFunctionExpression(e)) return fail(file, e, "a function has no static value");
    return fail(file, e, "unsupported expression");
  }

  /** Folds an object literal; with `partial`, keeps the fields that fold and stops at the first that does not. */
  foldObject(file: ParsedFile, e: ts.ObjectLiteralExpression, stack: Set<string>, partial: Record<string, FoldedValue> | null): Fold {
    const out: Record<string, FoldedValue> = partial ?? {};
    for (const p of e.properties) {
      if (ts.isPropertyAssignment(p)) {
        let key = propertyNameText(p.name);
        if (key === null && ts.isComputedPropertyName(p.name)) {
          const k = this.foldExpr(file, p.name.expression, stack);
          if (!k.ok) return k;
          if (typeof k.value !== "string" && typeof k.value !== "number") return fail(file, p.name, "a computed key that is not a string or number");
          key = String(k.value);
        }
        if (key === null) return fail(file, p.name, "unsupported property name");
        const r = this.foldExpr(file, p.initializer, stack);
        if (!r.ok) return r;
        out[key] = r.value;
      } else if (ts.isShorthandPropertyAssignment(p)) {
        const r = this.foldBinding(this.resolveLocal(file, p.name.text, p, new Set()), stack);
        if (!r.ok) return r;
        out[p.name.text] = r.value;
      } else if (ts.isSpreadAssignment(p)) {
        const r = this.foldExpr(file, p.expression, stack);
        if (!r.ok) return r;
        if (r.value === null || typeof r.value !== "object" || Array.isArray(r.value)) return fail(file, p, "spread of a value that is not an object");
        Object.assign(out, r.value);
      } else {
        return fail(file, p, "a method or accessor has no static value");
      }
    }
    return { ok: true, value: out };
  }

  private namespaceOf(file: ParsedFile, e: ts.Expression): ParsedFile | null {
    const u = unwrap(e);
    if (!ts.isIdentifier(u)) return null;
    const b = this.resolveLocal(file, u.text, u, new Set());
    return b.kind === "namespace" ? b.file : null;
  }

  /** Collects the rows of an array expression, following identifiers and spreads to their array literals. */
  collectRows(file: ParsedFile, expr: ts.Expression, rows: FoldedRow[], stack: Set<string>): { message: string; span: Span } | null {
    const e = unwrap(expr);
    if (ts.isIdentifier(e)) {
      const b = this.resolveLocal(file, e.text, e, new Set());
      if (b.kind === "error") return b;
      if (b.kind !== "expr" || b.path.length > 0) return { message: `\`${e.text}\` is not an array literal`, span: spanOf(file, e) };
      const key = `${b.file.abs}:${b.decl.pos}`;
      if (stack.has(key)) return { message: `circular reference in \`${e.text}\``, span: spanOf(file, e) };
      stack.add(key);
      const r = this.collectRows(b.file, b.expr, rows, stack);
      stack.delete(key);
      return r;
    }
    if (!ts.isArrayLiteralExpression(e)) return { message: `${quote(file, e)} is not an array literal`, span: spanOf(file, e) };
    for (const el of e.elements) {
      if (ts.isSpreadElement(el)) {
        const inner = unwrap(el.expression);
        if (ts.isIdentifier(inner) || ts.isArrayLiteralExpression(inner)) {
          const err = this.collectRows(file, inner, rows, stack);
          if (err) rows.push({ span: spanOf(file, el), error: err.message });
          continue;
        }
        const r = this.foldExpr(file, el.expression, stack);
        if (!r.ok) rows.push({ span: spanOf(file, el), error: r.message });
        else if (!Array.isArray(r.value)) rows.push({ span: spanOf(file, el), error: `spread of a value that is not an array: ${quote(file, el)}` });
        else for (const v of r.value) rows.push(rowOf(v, spanOf(file, el), quote(file, el)));
        continue;
      }
      if (ts.isOmittedExpression(el)) continue;
      const span = spanOf(file, el);
      const u = unwrap(el);
      if (ts.isObjectLiteralExpression(u)) {
        const partial: Record<string, FoldedValue> = {};
        const r = this.foldObject(file, u, stack, partial);
        rows.push(r.ok ? { span, value: r.value as Record<string, FoldedValue> } : { span, error: r.message, partial });
      } else {
        const r = this.foldExpr(file, el, stack);
        rows.push(r.ok ? rowOf(r.value, span, quote(file, el)) : { span, error: r.message });
      }
    }
    return null;
  }
}

function rowOf(v: FoldedValue, span: Span, what: string): FoldedRow {
  if (v !== null && typeof v === "object" && !Array.isArray(v)) return { span, value: v };
  return { span, error: `row ${what} is not an object` };
}

function member(v: FoldedValue, key: string, file: ParsedFile, at: ts.Node): Fold {
  if (Array.isArray(v)) {
    if (key === "length") return { ok: true, value: v.length };
    if (/^\d+$/.test(key) && Number(key) < v.length) return { ok: true, value: v[Number(key)] };
    return fail(file, at, `no element \`${key}\``);
  }
  if (v !== null && typeof v === "object" && Object.prototype.hasOwnProperty.call(v, key)) return { ok: true, value: v[key] };
  if (typeof v === "string" && key === "length") return { ok: true, value: v.length };
  return fail(file, at, `no property \`${key}\``);
}

function fail(file: ParsedFile, node: ts.Node, why: string): Fold & { ok: false } {
  return { ok: false, message: `cannot fold ${quote(file, node)}: ${why}`, span: spanOf(file, node) };
}

function quote(file: ParsedFile, node: ts.Node): string {
  return `\`${text(file, node)}\``;
}

function text(file: ParsedFile, node: ts.Node): string {
  const t = node.getText(file.sf).replace(/\s+/g, " ").trim();
  return t.length > MAX_TEXT ? `${t.slice(0, MAX_TEXT - 1)}…` : t;
}

function isScalar(v: FoldedValue): v is string | number | boolean | null {
  return v === null || typeof v !== "object";
}

function hasExport(node: ts.Node): boolean {
  return (ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) ?? false;
}

function bindsName(name: ts.BindingName, wanted: string): boolean {
  if (ts.isIdentifier(name)) return name.text === wanted;
  for (const el of name.elements) if (!ts.isOmittedExpression(el) && bindsName(el.name, wanted)) return true;
  return false;
}

/** `./x.js` → `./x.ts`, `./x.mjs` → `./x.mts`, `./x` → `./x.ts` / `./x/index.ts`. */
function moduleCandidates(base: string): string[] {
  const m = /\.(m|c)?jsx?$/.exec(base);
  if (m) {
    const stem = base.slice(0, -m[0].length);
    const k = m[1] ?? "";
    return [`${stem}.${k}ts`, `${stem}.tsx`, base];
  }
  if (/\.(m|c)?tsx?$/.test(base)) return [base];
  return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`];
}

function fileSpan(file: string): Span {
  return { file, line: 1, column: 1, endLine: 1, endColumn: 1 };
}
