/**
 * From a parser call back to the program's argv, through the project's own
 * wrappers: `minimist(argv, opts)` inside `function parseArgv(argv, opts)`,
 * called as `parseArgv(process.argv.slice(2), options)` in another module
 * (or from a wrapper of the wrapper), also as a member of an options object with
 * `process.argv` as its default (`function read({ argv = process.argv } = {})`). Each place the chain reaches
 * `process.argv` is one *site*: the call whose result the program holds (its
 * variable is where flags are read off and `._` is dispatched on) and the
 * parameters of every wrapper on the way bound to the caller's arguments,
 * so the parser's options are evaluated where they are written.
 *
 * Also the names a parser package is imported under, for every reader of a
 * parser function (`import mri from "mri"`, `const { parseArgs } =
 * require("node:util")`, `import * as util from "node:util"` → `util.parseArgs`).
 *
 * Syntax only: calls are found by the callee's name and checked to resolve
 * to the wrapper (a local or imported declaration); nothing is executed.
 */
import { type Closure, open } from "../../model/cli.js";
import type { Span } from "../../model/diagnostic.js";
import { isTestPath } from "../../util/test-paths.js";
import { calleeName, type ParsedFile, spanOf, stringLiteral, ts, unwrap } from "../code-source.js";
import type { EvaluatedValue } from "../constant-folder.js";
import type { AdapterContext, AdapterOutput } from "./adapter.js";
import { declarationOf, moduleExports, resolveModule } from "./modules.js";
import { bindArgs, callableNames, enclosingFunction, type Env, localInit, type Ref } from "./syntax.js";

const MAX_WRAPPERS = 4;
/** Steps within one function from a parser's argv back to a parameter (`pre(all)` → `all` → `isArray(args) ? args : …`). */
const MAX_STEPS = 8;

/** One place the program's argv reaches a parser call. */
export interface ArgvSite {
  /** The outermost call: `parseArgv(process.argv.slice(2), opts)` (the parser call itself when it takes argv directly). */
  file: ParsedFile;
  call: ts.CallExpression;
  /** Wrapper parameters bound to arguments, innermost wrapper first. */
  envs: Env[];
}

/** `process.argv`, `process.argv.slice(n)`, or a local variable bound to one. */
export function isProcessArgv(e: ts.Expression, sliced = true): boolean {
  let u = unwrap(e);
  if (ts.isIdentifier(u)) {
    const init = localInit(u.text, u);
    if (!init) return false;
    u = unwrap(init);
  }
  const isArgv = (x: ts.Expression) => {
    const a = unwrap(x);
    return ts.isPropertyAccessExpression(a) && a.name.text === "argv" && ts.isIdentifier(a.expression) && a.expression.text === "process";
  };
  if (!sliced && isArgv(u)) return true;
  return ts.isCallExpression(u) && ts.isPropertyAccessExpression(u.expression) && u.expression.name.text === "slice" && isArgv(u.expression.expression);
}

/**
 * The sites where `argv` (an argument of the parser call `call` in `file`)
 * is the program's argv: directly, or as a parameter of the enclosing
 * function whose callers pass it (`missing`: the parser's own default applies
 * when the argument is left out, e.g. parseArgs reads `process.argv`).
 */
export function argvSites(
  ctx: AdapterContext,
  file: ParsedFile,
  call: ts.CallExpression,
  argv: ts.Expression | undefined,
  missingIsArgv: boolean,
  untraced?: Span[],
): ArgvSite[] {
  return sitesOf(ctx, file, call, argv, missingIsArgv, [], 0, 0, untraced);
}

/**
 * A parser call's sites (argvSites) as a reader uses them: a call reaching none is recorded in `out.unreached`
 * for `reader`, and `alsoElsewhere` is the set to use when some callers' words could not be traced (untracedSet).
 */
export function parserSites(
  ctx: AdapterContext,
  file: ParsedFile,
  call: ts.CallExpression,
  argv: ts.Expression | undefined,
  missingIsArgv: boolean,
  reader: string,
  out: AdapterOutput,
): { sites: ArgvSite[]; alsoElsewhere: Closure | null } {
  const untraced: Span[] = [];
  const sites = argvSites(ctx, file, call, argv, missingIsArgv, untraced);
  if (sites.length === 0) (out.unreached ??= []).push({ reader, span: spanOf(file, call) });
  return { sites, alsoElsewhere: untracedSet(untraced) };
}

/**
 * The parser's flag set when some of its calls were traced to the program's argv and others (`untraced`) lead to
 * words docpact could not follow: those calls may parse the argv with other options (prettier parses once for
 * `--plugin`, then again with the plugins' options from `this`), so the set is open; null when nothing is untraced.
 */
function untracedSet(untraced: readonly Span[]): Closure | null {
  const first = untraced[0];
  if (!first) return null;
  const more = untraced.length > 1 ? ` (and ${untraced.length - 1} more)` : "";
  return open(`the parser is also called from ${first.file}:${first.line}${more}, with words docpact could not trace to the program's argv`, first);
}

/**
 * Words a caller writes out (`parse(["--x"])`, `parse("a b".split(" "))` of a literal, nothing at all): not the
 * program's argv, and not a path to it docpact failed to follow.
 */
function literalWords(e: ts.Expression | undefined): boolean {
  if (e === undefined) return true;
  const u = unwrap(e);
  return ts.isArrayLiteralExpression(u) || ts.isStringLiteralLike(u) || ts.isTemplateExpression(u);
}

function sitesOf(
  ctx: AdapterContext,
  file: ParsedFile,
  call: ts.CallExpression,
  argv: ts.Expression | undefined,
  missingIsArgv: boolean,
  envs: Env[],
  depth: number,
  steps = 0,
  untraced?: Span[],
): ArgvSite[] {
  if (argv === undefined) return missingIsArgv ? [{ file, call, envs }] : [];
  if (isProcessArgv(argv) || isProcessArgv(argv, false)) return [{ file, call, envs }];
  const u = unwrap(argv);
  if (depth >= MAX_WRAPPERS || steps >= MAX_STEPS) return [];
  // A value computed from the argv is still the program's words: `preprocess(args)`, `args.map(…)`, `isArray(args) ? args : […]`.
  const derived = derivedFrom(u);
  if (derived.length > 0) return derived.flatMap((d) => sitesOf(ctx, file, call, d, false, envs, depth, steps + 1, untraced));
  if (!ts.isIdentifier(u)) return [];
  const fn = enclosingFunction(call);
  if (!fn) return [];
  const index = fn.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === u.text);
  // An options object's member: `function read({ argv = process.argv } = {})`, `const { argv = process.argv } = options`.
  const member = index < 0 ? destructured(fn, u) : null;
  if (member) {
    const out: ArgvSite[] = [];
    for (const { site, env, value } of memberAtCallSites(ctx, file, call, fn, member.param, member.key)) {
      if (value === undefined) {
        // Left out: the default, when it is the program's argv.
        if (member.init && (isProcessArgv(member.init, false) || isProcessArgv(member.init)))
          out.push({ file: site.file, call: site.call, envs: [...envs, env] });
      } else if (value !== null) out.push(...sitesOf(ctx, site.file, site.call, value, false, [...envs, env], depth + 1, 0, untraced));
      else if (!isTestPath(site.file.rel)) untraced?.push(spanOf(site.file, site.call));
    }
    return out;
  }
  if (index < 0) {
    // A local constant bound to such a value (`const allArgs = Array.isArray(args) ? args : …`).
    const init = localInit(u.text, u);
    return init && init !== argv ? sitesOf(ctx, file, call, init, false, envs, depth, steps + 1, untraced) : [];
  }
  const out: ArgvSite[] = [];
  const p = fn.parameters[index]!;
  const argvDefault = p.initializer !== undefined && (isProcessArgv(p.initializer) || isProcessArgv(p.initializer, false));
  let callers = 0;
  for (const name of namesCalledBy(ctx, file, fn)) {
    for (const site of ctx.calls.get(name) ?? []) {
      if (site.call === call || !callsFunction(ctx, site.file, site.call, fn)) continue;
      callers++;
      const env = bindArgs(fn, site.file, site.call);
      const arg = site.call.arguments[index];
      const passed = arg && !ts.isSpreadElement(arg) ? arg : undefined;
      if (passed === undefined && argvDefault) {
        out.push({ file: site.file, call: site.call, envs: [...envs, env] });
        continue;
      }
      const [sites, deeper] = [out.length, untraced?.length ?? 0];
      out.push(...sitesOf(ctx, site.file, site.call, passed, false, [...envs, env], depth + 1, 0, untraced));
      // A caller whose words lead nowhere docpact can follow (`this.rawArguments`): the parser may parse the argv there.
      if (out.length === sites && (untraced?.length ?? 0) === deeper && !literalWords(passed) && !isTestPath(site.file.rel))
        untraced?.push(spanOf(site.file, site.call));
    }
  }
  // `async function run(args = process.argv.slice(2))` that no code docpact reads calls by name (a loader's
  // `cli.run()` on a module it imports by path): the default is what it was written for, the program's argv.
  if (callers === 0 && argvDefault) out.push({ file, call, envs });
  return out;
}

/**
 * `name` as a member of an options object `fn` receives: a parameter's object pattern
 * (`{ argv = process.argv }: Params = {}`) or a `const { argv = process.argv } = options` of a parameter
 * `options` in `fn`'s body. Its parameter index, the member's key and its default; null otherwise.
 */
function destructured(fn: ts.SignatureDeclaration, name: ts.Identifier): { param: number; key: string; init: ts.Expression | undefined } | null {
  const element = (pattern: ts.BindingName) =>
    ts.isObjectBindingPattern(pattern)
      ? pattern.elements.find((el) => !el.dotDotDotToken && ts.isIdentifier(el.name) && el.name.text === name.text)
      : undefined;
  const keyOf = (el: ts.BindingElement) =>
    el.propertyName ? (ts.isIdentifier(el.propertyName) || ts.isStringLiteral(el.propertyName) ? el.propertyName.text : null) : (el.name as ts.Identifier).text;
  for (let i = 0; i < fn.parameters.length; i++) {
    const el = element(fn.parameters[i]!.name);
    const key = el && keyOf(el);
    if (el && key) return { param: i, key, init: el.initializer };
  }
  const body = ts.isFunctionLike(fn) && "body" in fn && fn.body && ts.isBlock(fn.body as ts.Node) ? (fn.body as ts.Block) : null;
  for (const st of body?.statements ?? []) {
    if (!ts.isVariableStatement(st)) continue;
    for (const d of st.declarationList.declarations) {
      const el = element(d.name);
      const src = d.initializer && unwrap(d.initializer);
      if (!el || !src || !ts.isIdentifier(src)) continue;
      const param = fn.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === src.text);
      const key = keyOf(el);
      if (param >= 0 && key) return { param, key, init: el.initializer };
    }
  }
  return null;
}

/**
 * At each call of `fn` (other than `call`), what the options object passed as argument `param` holds under `key`:
 * undefined when the argument or the member is left out (the default applies), null when it cannot be told
 * (an object that is not written out), else the member's expression.
 */
function memberAtCallSites(
  ctx: AdapterContext,
  file: ParsedFile,
  call: ts.CallExpression,
  fn: ts.SignatureDeclaration,
  param: number,
  key: string,
): { site: { file: ParsedFile; call: ts.CallExpression }; env: Env; value: ts.Expression | null | undefined }[] {
  const out: { site: { file: ParsedFile; call: ts.CallExpression }; env: Env; value: ts.Expression | null | undefined }[] = [];
  for (const name of namesCalledBy(ctx, file, fn)) {
    for (const site of ctx.calls.get(name) ?? []) {
      if (site.call === call || !callsFunction(ctx, site.file, site.call, fn)) continue;
      const arg = site.call.arguments[param];
      const env = bindArgs(fn, site.file, site.call);
      if (arg === undefined) {
        out.push({ site, env, value: undefined });
        continue;
      }
      const a = unwrap(arg);
      if (!ts.isObjectLiteralExpression(a)) {
        out.push({ site, env, value: null });
        continue;
      }
      let value: ts.Expression | null | undefined;
      for (const p of a.properties) {
        if (ts.isSpreadAssignment(p)) value = null;
        else if (ts.isShorthandPropertyAssignment(p) && p.name.text === key) value = p.name;
        else if (ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === key) value = p.initializer;
      }
      out.push({ site, env, value });
    }
  }
  return out;
}

/**
 * The expressions a value is computed from when it is the argv transformed:
 * both branches of a `?:`, the receiver of an array method (`args.map(…)`,
 * `args.slice(1)`), the identifier arguments of a project call
 * (`preprocessArgs(allArgs)`). Empty for anything else.
 */
function derivedFrom(u: ts.Expression): ts.Expression[] {
  if (ts.isConditionalExpression(u)) return [u.whenTrue, u.whenFalse];
  if (!ts.isCallExpression(u)) return [];
  const callee = unwrap(u.expression);
  if (ts.isPropertyAccessExpression(callee) && ARRAY_METHODS.has(callee.name.text)) return [callee.expression];
  if (ts.isIdentifier(callee) && callee.text !== "require") return u.arguments.filter((a) => ts.isIdentifier(unwrap(a)));
  return [];
}

const ARRAY_METHODS = new Set(["map", "filter", "slice", "concat", "flatMap", "split"]);

/** The names `fn` is called by: its own, and those other modules import it under (`import cli from "../lib/cli.mjs"` of an `export default function main`). */
function namesCalledBy(ctx: AdapterContext, file: ParsedFile, fn: ts.SignatureDeclaration): string[] {
  const own = callableNames(fn);
  const names = new Set(own);
  const isDefault = ts.canHaveModifiers(fn) && (ts.getModifiers(fn) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
  if (!isDefault && own.length === 0) return [];
  for (const other of ctx.all) {
    if (other === file || !other.text.includes(file.rel.slice(file.rel.lastIndexOf("/") + 1).replace(/\.[^.]+$/, ""))) continue;
    for (const st of other.sf.statements) {
      // CommonJS: `const { main } = require("./cli")`, `const main = require("./cli")` of `module.exports = main`.
      if (ts.isVariableStatement(st)) {
        for (const d of st.declarationList.declarations) {
          if (!d.initializer || requiredFile(ctx, other, d.initializer) !== file) continue;
          if (ts.isIdentifier(d.name) && moduleExports(file)?.node === (ts.isVariableDeclaration(fn.parent) ? fn.parent.initializer : fn))
            names.add(d.name.text);
          if (ts.isObjectBindingPattern(d.name))
            for (const el of d.name.elements) {
              const key = el.propertyName && ts.isIdentifier(el.propertyName) ? el.propertyName.text : ts.isIdentifier(el.name) ? el.name.text : null;
              if (key && own.includes(key) && ts.isIdentifier(el.name)) names.add(el.name.text);
            }
        }
        continue;
      }
      if (!ts.isImportDeclaration(st) || !st.importClause || !ts.isStringLiteral(st.moduleSpecifier)) continue;
      if (resolveModule(ctx.all, other, st.moduleSpecifier.text) !== file) continue;
      if (isDefault && st.importClause.name) names.add(st.importClause.name.text);
      const nb = st.importClause.namedBindings;
      if (nb && ts.isNamedImports(nb)) for (const el of nb.elements) if (el.propertyName && own.includes(el.propertyName.text)) names.add(el.name.text);
    }
  }
  return [...names];
}

/** The relative module `require("./x")` names, or null. */
function requiredFile(ctx: AdapterContext, file: ParsedFile, e: ts.Expression): ParsedFile | null {
  const u = unwrap(e);
  if (!ts.isCallExpression(u) || calleeName(u) !== "require") return null;
  const spec = stringLiteral(u.arguments[0] ?? u);
  return spec ? resolveModule(ctx.all, file, spec) : null;
}

/** Does the call's callee resolve to `fn` (a local or imported declaration of that name; a method call by name)? */
function callsFunction(ctx: AdapterContext, file: ParsedFile, call: ts.CallExpression, fn: ts.SignatureDeclaration): boolean {
  const e = call.expression;
  if (ts.isPropertyAccessExpression(e)) return ts.isMethodDeclaration(fn) || ts.isPropertyAssignment(fn.parent);
  if (!ts.isIdentifier(e)) return false;
  const found = declarationOf(ctx.all, file, e.text);
  if (!found) return false;
  return found.node === fn || (ts.isVariableDeclaration(fn.parent) && found.node === fn.parent.initializer) || unwrap(found.node as ts.Expression) === fn;
}

/**
 * An expression inside the innermost wrapper (the parser call's options, `{ ...options, default: newDefaults }`)
 * evaluated with each wrapper's parameters bound to what its caller passes, itself evaluated in the caller's
 * wrapper: the options are known where the outermost caller writes them, however they are passed on and rebuilt.
 */
export function evaluateAtSite(ctx: AdapterContext, file: ParsedFile, expr: ts.Expression, envs: readonly Env[]): EvaluatedValue {
  const bindingsAt = (k: number): Record<string, EvaluatedValue> | undefined => {
    if (k >= envs.length) return undefined;
    const outer = bindingsAt(k + 1);
    return Object.fromEntries([...envs[k]!].map(([name, ref]) => [name, ctx.evaluate(ref.file, ref.expr, outer)]));
  };
  return ctx.evaluate(file, expr, bindingsAt(0));
}

/** An argument of the parser call as written where it is known: a wrapper parameter is replaced by the caller's argument. */
export function throughWrappers(file: ParsedFile, expr: ts.Expression | undefined, envs: readonly Env[]): Ref | null {
  if (!expr) return null;
  let ref: Ref = { file, expr };
  for (const env of envs) {
    const u = unwrap(ref.expr);
    if (!ts.isIdentifier(u)) break;
    const bound = env.get(u.text);
    if (!bound) break;
    ref = bound;
  }
  return ref;
}

/**
 * The local names a package's export is bound to in `file`: the default or
 * namespace import (`export: null`), or the named export (`parseArgs`), by
 * `import` or `require`. A namespace binding of a named export is returned
 * as `ns.name`.
 */
export function importedNames(file: ParsedFile, packages: readonly string[], exported: string | null): Set<string> {
  const out = new Set<string>();
  const pkg = (s: string | null) => s !== null && packages.includes(s);
  for (const st of file.sf.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier) && pkg(st.moduleSpecifier.text)) {
      const c = st.importClause;
      if (!c || c.isTypeOnly) continue;
      if (exported === null && c.name) out.add(c.name.text);
      const nb = c.namedBindings;
      if (nb && ts.isNamespaceImport(nb)) out.add(exported === null ? nb.name.text : `${nb.name.text}.${exported}`);
      if (nb && ts.isNamedImports(nb)) {
        for (const el of nb.elements) if ((el.propertyName ?? el.name).text === (exported ?? "default")) out.add(el.name.text);
      }
    }
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) {
        const init = d.initializer && unwrap(d.initializer);
        if (!init) continue;
        // `require("x")`, `require("x").default`, `require("x").parseArgs`
        let req: ts.Expression = init;
        let member: string | null = null;
        if (ts.isPropertyAccessExpression(req)) {
          member = req.name.text;
          req = unwrap(req.expression);
        }
        if (!ts.isCallExpression(req) || calleeName(req) !== "require" || !pkg(stringLiteral(req.arguments[0] ?? req))) continue;
        if (ts.isIdentifier(d.name)) {
          if (member === null) out.add(exported === null ? d.name.text : `${d.name.text}.${exported}`);
          else if (member === (exported ?? "default")) out.add(d.name.text);
        } else if (ts.isObjectBindingPattern(d.name) && member === null && exported !== null) {
          for (const el of d.name.elements) {
            const key = el.propertyName && ts.isIdentifier(el.propertyName) ? el.propertyName.text : ts.isIdentifier(el.name) ? el.name.text : null;
            if (key === exported && ts.isIdentifier(el.name)) out.add(el.name.text);
          }
        }
      }
    }
  }
  return out;
}

/**
 * Calls in `file` whose callee is one of `names` (`parse`, or `ns.parse` for a
 * namespace binding), and, given `packages`, calls of a package's default
 * export required in place: `require("minimist")(process.argv.slice(2), …)`.
 */
export function callsTo(file: ParsedFile, names: ReadonlySet<string>, packages: readonly string[] = []): ts.CallExpression[] {
  const out: ts.CallExpression[] = [];
  if (names.size === 0 && (packages.length === 0 || !packages.some((p) => file.text.includes(p)))) return out;
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n)) {
      const e = n.expression;
      const inner = unwrap(e);
      if (
        packages.length > 0 &&
        ts.isCallExpression(inner) &&
        calleeName(inner) === "require" &&
        ts.isIdentifier(inner.expression) &&
        packages.includes(stringLiteral(inner.arguments[0] ?? inner) ?? "")
      )
        out.push(n);
      else if (ts.isIdentifier(e) && names.has(e.text)) out.push(n);
      else if (ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.expression) && names.has(`${e.expression.text}.${e.name.text}`)) out.push(n);
    }
    ts.forEachChild(n, visit);
  };
  visit(file.sf);
  return out;
}
