/**
 * Modules: files are read through the source host (never from disk here),
 * parsed once, and indexed by their top-level declarations, imports and
 * exports. A top-level name is evaluated the first time it is read and then
 * remembered; imports and re-exports (`export { X } from`, `export * from`,
 * `export * as ns from`, namespace imports, JSON modules) are followed
 * through relative specifiers. Packages are not followed: their values are
 * unknowns that say so, but for the few pure functions packages.ts models.
 */
import { posix } from "node:path";
import type { Span } from "../../model/diagnostic.js";
import { decodeSource } from "../../util/text.js";
import { absPath, type ParsedFile, parseText, propertyNameText, spanOf, ts } from "../code-source.js";
import { Abort, hasModifier, type Interp, textOf } from "./interp.js";
import { packageExport } from "./packages.js";
import { Env } from "./scope.js";
import { Closure, Namespace, Unknown, type Value, type ObjectValue, markShared, setProp } from "./values.js";
import { weakMemo } from "../../util/memo.js";

/** Where the evaluator gets file texts: the read stage, which owns file access and confinement. */
export interface SourceHost {
  /** The text of a root-relative (`/`-separated) file, or undefined when it does not exist or cannot be read. */
  read(relPath: string): string | undefined;
}

/** What `Modules.top` returns for a name the module does not declare. */
export const NOT_DECLARED: unique symbol = Symbol("not declared");

type TopDecl =
  | { kind: "var"; st: ts.VariableStatement; decl: ts.VariableDeclaration }
  | { kind: "function"; node: ts.FunctionDeclaration }
  | { kind: "class"; node: ts.ClassDeclaration }
  | { kind: "enum"; nodes: ts.EnumDeclaration[] }
  | { kind: "import"; st: ts.ImportDeclaration; imported: string | "*"; node: ts.Node }
  | { kind: "import-equals"; node: ts.ImportEqualsDeclaration };

type ExportEntry =
  | { local: string; node: ts.Node }
  | { from: ts.Expression | undefined; imported: string | "*"; node: ts.Node }
  | { expr: ts.Expression; node: ts.Node };

export interface ModuleRecord {
  file: ParsedFile;
  /** A JSON module's value. */
  json?: Value;
  env: Env;
  decls: Map<string, TopDecl>;
  exports: Map<string, ExportEntry>;
  stars: ts.ExportDeclaration[];
  values: Map<string, Value>;
  evaluating: Set<string>;
  /** CommonJS: the module assigns `module.exports = …` (its value is the `default` export and what `require` gives). */
  commonjs?: boolean;
}

const fileSpan = (file: string): Span => ({ file, line: 1, column: 1, endLine: 1, endColumn: 1 });

export class Modules {
  private readonly byRel = new Map<string, ModuleRecord | null>();
  private readonly byFile = new WeakMap<ParsedFile, ModuleRecord>();
  interp!: Interp;
  /** Evaluates an expression in a module's scope (set by the evaluator). */
  evalIn!: (file: ParsedFile, env: Env, expr: ts.Expression) => Value;
  /** Binds a destructuring pattern (set by the evaluator). */
  bind!: (file: ParsedFile, env: Env, name: ts.BindingName, value: Value, mutable: boolean) => void;
  /** The project's own package a bare specifier names, as a root-relative source file (Evaluator.resolveBare). */
  bare: ((spec: string) => string | null) | null = null;

  constructor(
    readonly root: string,
    readonly host: SourceHost,
  ) {}

  /** The module of a root-relative path, read through the host; null when it cannot be read. */
  load(rel: string): ModuleRecord | null {
    if (this.byRel.has(rel)) return this.byRel.get(rel) ?? null;
    const raw = this.host.read(rel);
    let rec: ModuleRecord | null = null;
    if (raw !== undefined) {
      const text = decodeSource(raw).text;
      if (/\.json$/i.test(rel)) {
        // A JSON module has no syntax to walk; an empty parse gives it a file for spans.
        rec = this.record(parseText(this.root, absPath(this.root, rel), ""));
        try {
          rec.json = JSON.parse(text) as Value;
        } catch (e) {
          rec.json = new Unknown(`${rel} is not valid JSON: ${e instanceof Error ? e.message : String(e)}`, fileSpan(rel));
        }
      } else {
        rec = this.record(parseText(this.root, absPath(this.root, rel), text));
      }
    }
    this.byRel.set(rel, rec);
    return rec;
  }

  /** The module of an already parsed file (the code reader's). */
  of(file: ParsedFile): ModuleRecord {
    const hit = this.byFile.get(file);
    if (hit) return hit;
    const rec = this.record(file);
    if (!this.byRel.has(file.rel)) this.byRel.set(file.rel, rec);
    return rec;
  }

  private record(file: ParsedFile): ModuleRecord {
    const rec: ModuleRecord = { file, env: new Env(null), decls: new Map(), exports: new Map(), stars: [], values: new Map(), evaluating: new Set() };
    index(rec);
    this.byFile.set(file, rec);
    return rec;
  }

  // ───────────── names ─────────────

  /** The value of a top-level name of `file`; NOT_DECLARED when the module declares no such name (`const X = null` is null). */
  top(file: ParsedFile, name: string): Value | typeof NOT_DECLARED {
    const rec = this.of(file);
    if (rec.values.has(name)) return rec.values.get(name);
    const d = rec.decls.get(name);
    if (!d) return NOT_DECLARED;
    if (rec.evaluating.has(name)) {
      const node = d.kind === "var" ? d.decl : d.kind === "enum" ? d.nodes[0] : d.node;
      return new Unknown(`circular reference in \`${textOf(file, node)}\``, spanOf(file, node));
    }
    rec.evaluating.add(name);
    let v: Value;
    try {
      v = this.evaluateDecl(rec, name, d);
    } catch (e) {
      if (!(e instanceof Abort)) throw e;
      v = e.value;
    } finally {
      rec.evaluating.delete(name);
    }
    // Budget exhaustion is not a property of the declaration: do not remember it.
    if (v !== this.interp.exhausted) {
      markShared(v);
      rec.values.set(name, v);
    }
    return v;
  }

  private evaluateDecl(rec: ModuleRecord, name: string, d: TopDecl): Value {
    const file = rec.file;
    switch (d.kind) {
      case "var": {
        // A `let` or `var` no statement of the file assigns again (`var argv = require("minimist")(…)`) holds its initializer's value.
        if (!(d.st.declarationList.flags & ts.NodeFlags.Const) && (reassignments(rec).has(name) || !ts.isIdentifier(d.decl.name))) {
          return new Unknown(`\`${name}\` is not a const, so its value is not static`, spanOf(file, d.decl));
        }
        const changed = mutations(rec).get(name);
        if (changed)
          return new Unknown(
            `\`${name}\` is changed at ${file.rel}:${spanOf(file, changed).line} (\`${textOf(file, changed)}\`), so its value is not static`,
            spanOf(file, changed),
          );
        if (!d.decl.initializer) return new Unknown(`\`${name}\` has no initializer`, spanOf(file, d.decl));
        const v = this.evalIn(file, rec.env, d.decl.initializer);
        if (ts.isIdentifier(d.decl.name)) return v;
        // Destructuring: bind every name of the pattern at once.
        const env = new Env(null);
        this.bind(file, env, d.decl.name, v, false);
        for (const n of namesOf(d.decl.name)) rec.values.set(n, env.lookup(n)?.value);
        return env.lookup(name)?.value;
      }
      case "function":
        return new Closure(d.node, file, rec.env, name);
      case "class":
        return new Unknown(`\`${name}\` is a class; its instances have state, so docpact does not evaluate it`, spanOf(file, d.node));
      case "enum":
        return this.enumValue(rec, d.nodes);
      case "import":
        return this.imported(file, d.st.moduleSpecifier, d.imported, d.node);
      case "import-equals": {
        const ref = d.node.moduleReference;
        if (ts.isExternalModuleReference(ref)) return this.imported(file, ref.expression, "*", d.node);
        return new Unknown(`\`${textOf(file, d.node)}\` is not evaluated`, spanOf(file, d.node));
      }
    }
  }

  private enumValue(rec: ModuleRecord, nodes: ts.EnumDeclaration[]): Value {
    const file = rec.file;
    const out: ObjectValue = {};
    const env = new Env(rec.env);
    for (const decl of nodes) {
      let next: Value = 0;
      for (const m of decl.members) {
        const key = propertyNameText(m.name);
        if (key === null) return new Unknown(`cannot fold \`${textOf(file, m)}\`: computed enum member name`, spanOf(file, m));
        let v: Value;
        if (m.initializer) v = this.evalIn(file, env, m.initializer);
        else if (typeof next === "number") v = next;
        else return new Unknown(`cannot fold \`${textOf(file, m)}\`: enum member without initializer after a string member`, spanOf(file, m));
        setProp(out, key, v);
        env.declare(key, v, false);
        // Numeric members map back to their names, as TypeScript emits them.
        if (typeof v === "number") {
          setProp(out, String(v), key);
          next = v + 1;
        } else next = undefined;
      }
    }
    return out;
  }

  // ───────────── imports and exports ─────────────

  /** The module a specifier names, or an unknown saying why it is not followed. */
  resolve(file: ParsedFile, spec: ts.Expression | undefined, at: ts.Node): ModuleRecord | Unknown {
    const s = spec && ts.isStringLiteralLike(spec) ? spec.text : null;
    if (s === null) return new Unknown("module specifier is not a string", spanOf(file, at));
    if (!s.startsWith("./") && !s.startsWith("../") && s !== "." && s !== "..") {
      // One of the project's own packages (a monorepo's workspace) is read from its source; any other is not followed.
      const own = this.bare?.(s);
      const rec = own ? this.load(own) : null;
      return rec ?? new Unknown(`import from package \`${s}\` is not followed`, spanOf(file, at));
    }
    const base = posix.normalize(posix.join(posix.dirname(file.rel), s));
    if (base === ".." || base.startsWith("../") || posix.isAbsolute(base)) return new Unknown(`module \`${s}\` is outside the root`, spanOf(file, at));
    for (const c of moduleCandidates(base)) {
      const rec = this.load(c);
      if (rec) return rec;
    }
    return new Unknown(`cannot resolve module \`${s}\` from ${file.rel}`, spanOf(file, at));
  }

  private imported(file: ParsedFile, spec: ts.Expression | undefined, imported: string | "*", at: ts.Node): Value {
    const modeled = spec && ts.isStringLiteralLike(spec) ? packageExport(spec.text, imported) : undefined;
    if (modeled !== undefined) return modeled;
    const rec = this.resolve(file, spec, at);
    if (rec instanceof Unknown) return rec;
    if (imported === "*") return this.namespace(rec);
    const v = this.exported(rec, imported, new Set());
    return v === null ? new Unknown(`${rec.file.rel} has no export \`${imported}\``, spanOf(file, at)) : v;
  }

  /** `require("./x.json")` / `require("./x")`: the module's namespace (or JSON value). */
  require(file: ParsedFile, spec: ts.Expression, at: ts.Node): Value {
    const modeled = ts.isStringLiteralLike(spec) ? packageExport(spec.text, "*") : undefined;
    if (modeled !== undefined) return modeled;
    const rec = this.resolve(file, spec, at);
    if (rec instanceof Unknown) return rec;
    if (rec.json !== undefined) return rec.json;
    // CommonJS `module.exports = value`: require gives the value itself.
    return rec.commonjs ? (this.exported(rec, "default", new Set()) ?? undefined) : this.namespace(rec);
  }

  namespace(rec: ModuleRecord): Value {
    if (rec.json !== undefined) return rec.json;
    return new Namespace(
      rec.file,
      (n) => this.exported(rec, n, new Set()) ?? undefined,
      () => this.exportNames(rec, new Set()),
    );
  }

  /** The value of export `name`; null when the module has no such export. */
  exported(rec: ModuleRecord, name: string, seen: Set<string>): Value | null {
    if (rec.json !== undefined) return name === "default" ? rec.json : null;
    const key = `${rec.file.rel}#${name}`;
    if (seen.has(key)) return null;
    seen.add(key);
    const e = rec.exports.get(name);
    if (e) {
      if ("local" in e) {
        const v = this.top(rec.file, e.local);
        return v === NOT_DECLARED ? new Unknown(`\`${e.local}\` is not declared in ${rec.file.rel}`, spanOf(rec.file, e.node)) : v;
      }
      if ("expr" in e) {
        const memo = `default#${e.node.pos}`;
        if (rec.values.has(memo)) return rec.values.get(memo);
        let v: Value;
        try {
          v = this.evalIn(rec.file, rec.env, e.expr);
        } catch (err) {
          if (!(err instanceof Abort)) throw err;
          v = err.value;
        }
        rec.values.set(memo, v);
        return v;
      }
      const target = this.resolve(rec.file, e.from, e.node);
      if (target instanceof Unknown) return target;
      if (e.imported === "*") return this.namespace(target);
      return this.exported(target, e.imported, seen) ?? new Unknown(`${target.file.rel} has no export \`${e.imported}\``, spanOf(rec.file, e.node));
    }
    if (name === "default") return null;
    for (const st of rec.stars) {
      const target = this.resolve(rec.file, st.moduleSpecifier, st);
      if (target instanceof Unknown) continue;
      const v = this.exported(target, name, seen);
      if (v !== null) return v;
    }
    return null;
  }

  exportNames(rec: ModuleRecord, seen: Set<string>): string[] {
    if (seen.has(rec.file.rel)) return [];
    seen.add(rec.file.rel);
    const names = new Set(rec.exports.keys());
    for (const st of rec.stars) {
      const target = this.resolve(rec.file, st.moduleSpecifier, st);
      if (target instanceof Unknown) continue;
      for (const n of this.exportNames(target, seen)) if (n !== "default") names.add(n);
    }
    return [...names].sort();
  }

  /** Where export `name` is declared (for spans of whole exports). */
  exportSpan(rec: ModuleRecord, name: string, seen = new Set<string>()): Span {
    const e = rec.exports.get(name);
    const key = `${rec.file.rel}#${name}`;
    if (seen.has(key)) return fileSpan(rec.file.rel);
    seen.add(key);
    if (e && "local" in e) {
      const d = rec.decls.get(e.local);
      if (d?.kind === "var") return spanOf(rec.file, d.decl);
      if (d?.kind === "import") {
        const target = this.resolve(rec.file, d.st.moduleSpecifier, d.node);
        if (!(target instanceof Unknown) && d.imported !== "*") return this.exportSpan(target, d.imported, seen);
      }
      if (d) return spanOf(rec.file, d.kind === "enum" ? d.nodes[0] : d.node);
    }
    if (e && "from" in e && e.imported !== "*") {
      const target = this.resolve(rec.file, e.from, e.node);
      if (!(target instanceof Unknown)) return this.exportSpan(target, e.imported, seen);
    }
    if (e) return spanOf(rec.file, e.node);
    for (const st of rec.stars) {
      const target = this.resolve(rec.file, st.moduleSpecifier, st);
      if (!(target instanceof Unknown) && this.exported(target, name, new Set()) !== null) return this.exportSpan(target, name, seen);
    }
    return fileSpan(rec.file.rel);
  }
}

const MUTATING_METHODS = new Set(["push", "pop", "shift", "unshift", "splice", "sort", "reverse", "fill", "copyWithin", "set", "add", "delete", "clear"]);
/** By syntax tree, not module record: a watch session keeps the trees of unchanged files, and each run builds new records. */
const mutationIndex = weakMemo<ts.SourceFile, Map<string, ts.Node>>("readers/evaluate/modules#mutationIndex");

/**
 * Places anywhere in the module (top-level code run at load, or functions)
 * that change a name's value in place: `X.a = …`, `X[k] += …`, `X.push(…)`,
 * `Object.assign(X, …)`. Syntax only; a change through an alias is not seen.
 */
const reassignmentIndex = weakMemo<ts.SourceFile, Set<string>>("readers/evaluate/modules#reassignmentIndex");

/** Names the file assigns to anywhere (`x = …`, `x += …`, `x++`, `for (x of …)`, a second `var x`), in any scope (a shadowing inner name counts too: cautious). */
function reassignments(rec: ModuleRecord): Set<string> {
  let found = reassignmentIndex.get(rec.file.sf);
  if (found) return found;
  const out = new Set<string>();
  const declared = new Set<string>();
  const target = (e: ts.Node): void => {
    const u = ts.isParenthesizedExpression(e) ? e.expression : e;
    if (ts.isIdentifier(u)) out.add(u.text);
    else if (ts.isArrayLiteralExpression(u)) u.elements.forEach((x) => target(ts.isSpreadElement(x) ? x.expression : x));
    else if (ts.isObjectLiteralExpression(u)) {
      for (const p of u.properties) {
        if (ts.isShorthandPropertyAssignment(p)) out.add(p.name.text);
        else if (ts.isPropertyAssignment(p)) target(p.initializer);
        else if (ts.isSpreadAssignment(p)) target(p.expression);
      }
    } else if (ts.isBinaryExpression(u) && u.operatorToken.kind === ts.SyntaxKind.EqualsToken) target(u.left);
  };
  const visit = (n: ts.Node): void => {
    if (ts.isBinaryExpression(n) && n.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && n.operatorToken.kind <= ts.SyntaxKind.LastAssignment)
      target(n.left);
    else if (
      (ts.isPrefixUnaryExpression(n) || ts.isPostfixUnaryExpression(n)) &&
      (n.operator === ts.SyntaxKind.PlusPlusToken || n.operator === ts.SyntaxKind.MinusMinusToken)
    )
      target(n.operand);
    else if ((ts.isForOfStatement(n) || ts.isForInStatement(n)) && !ts.isVariableDeclarationList(n.initializer)) target(n.initializer);
    else if (ts.isVariableStatement(n) && n.parent === rec.file.sf && !(n.declarationList.flags & (ts.NodeFlags.Const | ts.NodeFlags.Let))) {
      for (const d of n.declarationList.declarations) if (ts.isIdentifier(d.name)) declared.has(d.name.text) ? out.add(d.name.text) : declared.add(d.name.text);
    }
    ts.forEachChild(n, visit);
  };
  visit(rec.file.sf);
  reassignmentIndex.set(rec.file.sf, out);
  found = out;
  return found;
}

function mutations(rec: ModuleRecord): Map<string, ts.Node> {
  let found = mutationIndex.get(rec.file.sf);
  if (found) return found;
  const out = new Map<string, ts.Node>();
  found = out;
  const base = (e: ts.Expression): string | null => {
    let x = e;
    while (
      ts.isPropertyAccessExpression(x) ||
      ts.isElementAccessExpression(x) ||
      ts.isParenthesizedExpression(x) ||
      ts.isNonNullExpression(x) ||
      ts.isAsExpression(x)
    )
      x = x.expression;
    return ts.isIdentifier(x) ? x.text : null;
  };
  const note = (name: string | null, node: ts.Node) => {
    if (name !== null && !out.has(name)) out.set(name, node);
  };
  const visit = (n: ts.Node): void => {
    if (ts.isBinaryExpression(n) && n.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && n.operatorToken.kind <= ts.SyntaxKind.LastAssignment) {
      if (ts.isPropertyAccessExpression(n.left) || ts.isElementAccessExpression(n.left)) note(base(n.left), n);
    } else if (
      (ts.isPrefixUnaryExpression(n) || ts.isPostfixUnaryExpression(n)) &&
      (n.operator === ts.SyntaxKind.PlusPlusToken || n.operator === ts.SyntaxKind.MinusMinusToken)
    ) {
      if (ts.isPropertyAccessExpression(n.operand) || ts.isElementAccessExpression(n.operand)) note(base(n.operand), n);
    } else if (ts.isDeleteExpression(n)) {
      note(base(n.expression), n);
    } else if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression)) {
      const m = n.expression.name.text;
      if (MUTATING_METHODS.has(m)) note(base(n.expression.expression), n);
      if (
        (m === "assign" || m === "defineProperty" || m === "defineProperties" || m === "setPrototypeOf") &&
        ts.isIdentifier(n.expression.expression) &&
        n.expression.expression.text === "Object" &&
        n.arguments[0]
      ) {
        note(base(n.arguments[0]), n);
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(rec.file.sf);
  mutationIndex.set(rec.file.sf, out);
  return out;
}

function index(rec: ModuleRecord): void {
  const { decls, exports } = rec;
  const exported = (st: ts.Node) => hasModifier(st, ts.SyntaxKind.ExportKeyword);
  const isDefault = (st: ts.Node) => hasModifier(st, ts.SyntaxKind.DefaultKeyword);
  for (const st of rec.file.sf.statements) {
    if (ts.isVariableStatement(st)) {
      if (hasModifier(st, ts.SyntaxKind.DeclareKeyword)) continue;
      for (const d of st.declarationList.declarations) {
        for (const n of namesOf(d.name)) {
          decls.set(n, { kind: "var", st, decl: d });
          if (exported(st)) exports.set(n, { local: n, node: d });
        }
      }
    } else if (ts.isFunctionDeclaration(st) && st.body) {
      const name = st.name?.text ?? "default";
      if (!decls.has(name)) decls.set(name, { kind: "function", node: st });
      if (exported(st)) exports.set(isDefault(st) ? "default" : name, { local: name, node: st });
    } else if (ts.isClassDeclaration(st)) {
      const name = st.name?.text ?? "default";
      decls.set(name, { kind: "class", node: st });
      if (exported(st)) exports.set(isDefault(st) ? "default" : name, { local: name, node: st });
    } else if (ts.isEnumDeclaration(st)) {
      const prev = decls.get(st.name.text);
      if (prev?.kind === "enum") prev.nodes.push(st);
      else decls.set(st.name.text, { kind: "enum", nodes: [st] });
      if (exported(st)) exports.set(st.name.text, { local: st.name.text, node: st });
    } else if (ts.isImportDeclaration(st) && st.importClause && !st.importClause.isTypeOnly) {
      const c = st.importClause;
      if (c.name) decls.set(c.name.text, { kind: "import", st, imported: "default", node: c.name });
      const nb = c.namedBindings;
      if (nb && ts.isNamespaceImport(nb)) decls.set(nb.name.text, { kind: "import", st, imported: "*", node: nb });
      if (nb && ts.isNamedImports(nb)) {
        for (const el of nb.elements) {
          if (el.isTypeOnly) continue;
          const imported = el.propertyName ? (propertyNameText(el.propertyName as ts.PropertyName) ?? el.propertyName.text) : el.name.text;
          decls.set(el.name.text, { kind: "import", st, imported, node: el });
        }
      }
    } else if (ts.isImportEqualsDeclaration(st) && !st.isTypeOnly) {
      decls.set(st.name.text, { kind: "import-equals", node: st });
    } else if (ts.isExportAssignment(st) && !st.isExportEquals) {
      exports.set("default", { expr: st.expression, node: st });
    } else if (ts.isExpressionStatement(st) && ts.isBinaryExpression(st.expression) && st.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      // CommonJS: `module.exports = value` (the default export), `exports.x = …` / `module.exports.x = …` (named ones).
      const { left, right } = st.expression;
      if (isModuleExports(left)) {
        exports.set("default", { expr: right, node: st });
        rec.commonjs = true;
      } else if (
        ts.isPropertyAccessExpression(left) &&
        (isModuleExports(left.expression) || (ts.isIdentifier(left.expression) && left.expression.text === "exports")) &&
        !rec.commonjs
      ) {
        exports.set(left.name.text, { expr: right, node: st });
      }
    } else if (ts.isExportDeclaration(st) && !st.isTypeOnly) {
      const clause = st.exportClause;
      if (!clause) rec.stars.push(st);
      else if (ts.isNamespaceExport(clause)) exports.set(clause.name.text, { from: st.moduleSpecifier, imported: "*", node: st });
      else {
        for (const el of clause.elements) {
          if (el.isTypeOnly) continue;
          const local = el.propertyName ? (propertyNameText(el.propertyName as ts.PropertyName) ?? el.propertyName.text) : el.name.text;
          if (st.moduleSpecifier) exports.set(el.name.text, { from: st.moduleSpecifier, imported: local, node: el });
          else exports.set(el.name.text, { local, node: el });
        }
      }
    }
  }
}

/** `module.exports` */
function isModuleExports(e: ts.Expression): boolean {
  return ts.isPropertyAccessExpression(e) && e.name.text === "exports" && ts.isIdentifier(e.expression) && e.expression.text === "module";
}

/** Every name a binding pattern binds. */
export function namesOf(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  const out: string[] = [];
  for (const el of name.elements) if (!ts.isOmittedExpression(el)) out.push(...namesOf(el.name));
  return out;
}

/** `./x.js` → `./x.ts`, `./x.mjs` → `./x.mts`, `./x` → `./x.ts` / `./x/index.ts`; `.json` as it is. */
function moduleCandidates(base: string): string[] {
  if (/\.json$/i.test(base)) return [base];
  const m = /\.(m|c)?jsx?$/.exec(base);
  if (m) {
    const stem = base.slice(0, -m[0].length);
    const k = m[1] ?? "";
    return [`${stem}.${k}ts`, `${stem}.tsx`, base];
  }
  if (/\.(m|c)?tsx?$/.test(base)) return [base];
  return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}.js`, `${base}/index.js`];
}
