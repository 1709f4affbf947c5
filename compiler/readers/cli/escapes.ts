/**
 * A program object handed to code docpact does not read. `app.pluginAPI.applySyncOption("extendCli", cli)`,
 * `require(plugin)(program)`, `registerPlugins(program)` imported from a package: whatever that code registers
 * (plugins' commands) is not in the source, so the command list of that program stays open. In-repository code is
 * read anyway: its `.command(…)` calls join the reader that applies (surface.ts `withPassedProgram`) or open the
 * list themselves (`unreadRegistration`), so a call into it is no escape.
 */
import { builtinModules } from "node:module";
import { type ParsedFile, ts, unwrap } from "../code-source.js";
import { importSource } from "./modules.js";
import { localInit } from "./syntax.js";

/** Globals whose methods never register commands on an object they are given (`console.log(cli)`, `Object.keys(cli)`). */
const INERT_GLOBALS = new Set([
  "console",
  "process",
  "JSON",
  "Object",
  "Array",
  "Promise",
  "Reflect",
  "Math",
  "Number",
  "String",
  "Boolean",
  "Symbol",
  "Error",
]);

/**
 * Why `call`, which receives a program object as an argument, runs code docpact does not read, or null when its
 * callee is code of this repository, a global, or the program itself (`programs`: the names the file configures).
 */
export function escapeOf(file: ParsedFile, call: ts.CallExpression, programs: ReadonlySet<string>): string | null {
  const callee = unwrap(call.expression);
  if (ts.isCallExpression(callee) || ts.isElementAccessExpression(callee) || ts.isAwaitExpression(callee) || ts.isParenthesizedExpression(callee))
    return "a function computed at run time (`require(plugin)(program)`, `plugins[name](program)`)";
  if (ts.isIdentifier(callee)) {
    const pkg = packageOf(file, callee.text, callee);
    return pkg === null ? null : `\`${callee.text}(…)\` of the package \`${pkg}\``;
  }
  if (!ts.isPropertyAccessExpression(callee)) return null;
  let root: ts.Expression = unwrap(callee.expression);
  while (ts.isPropertyAccessExpression(root) || ts.isCallExpression(root) || ts.isElementAccessExpression(root)) root = unwrap(root.expression);
  if (!ts.isIdentifier(root)) return null;
  const name = root.text;
  if (programs.has(name) || INERT_GLOBALS.has(name)) return null;
  const method = `\`${callee.getText(file.sf).replace(/\s+/g, "")}(…)\``;
  const pkg = packageOf(file, name, root);
  if (pkg !== null) return `${method} of the package \`${pkg}\``;
  if (declaredWithoutValue(name, root)) return `${method} on \`${name}\`, an object assigned at run time`;
  const init = localInit(name, root);
  const made = init ? factoryPackage(file, init) : null;
  return made === null ? null : `${method} on an object the package \`${made}\` makes`;
}

/** The package (a bare specifier) `name` is imported or required from in `file`, or null (local, relative, global). */
function packageOf(file: ParsedFile, name: string, at: ts.Node): string | null {
  const imported = importSource(file, name);
  if (imported !== null) return bare(imported);
  const init = localInit(name, at) ?? requiredBinding(file, name);
  return init ? requiredPackage(init) : null;
}

/** `const { x } = require("pkg")` / `const x = require("pkg")` at the top of the file: the `require` call. */
function requiredBinding(file: ParsedFile, name: string): ts.Expression | null {
  for (const st of file.sf.statements) {
    if (!ts.isVariableStatement(st)) continue;
    for (const d of st.declarationList.declarations) {
      if (!d.initializer) continue;
      if (
        ts.isIdentifier(d.name)
          ? d.name.text === name
          : ts.isObjectBindingPattern(d.name) && d.name.elements.some((el) => ts.isIdentifier(el.name) && el.name.text === name)
      )
        return d.initializer;
    }
  }
  return null;
}

/** The bare package a `require("pkg")` (or `require("pkg").x`) expression loads, or null. */
function requiredPackage(e: ts.Expression): string | null {
  let u = unwrap(e);
  while (ts.isPropertyAccessExpression(u)) u = unwrap(u.expression);
  if (!ts.isCallExpression(u) || !ts.isIdentifier(u.expression) || u.expression.text !== "require") return null;
  const a = u.arguments[0];
  return a && ts.isStringLiteral(a) ? bare(a.text) : null;
}

/** The package whose function made the value `init` holds (`createApp(…)`, `await load(…)` imported from a package), or null. */
function factoryPackage(file: ParsedFile, init: ts.Expression): string | null {
  let u = unwrap(init);
  if (ts.isAwaitExpression(u)) u = unwrap(u.expression);
  if (!ts.isCallExpression(u) && !ts.isNewExpression(u)) return null;
  let c: ts.Expression = unwrap(u.expression);
  while (ts.isPropertyAccessExpression(c)) c = unwrap(c.expression);
  return ts.isIdentifier(c) ? packageOf(file, c.text, c) : null;
}

/** `let app` declared without a value in a scope visible from `at` (assigned later: what it holds is not known statically). */
function declaredWithoutValue(name: string, at: ts.Node): boolean {
  for (let n: ts.Node | undefined = at.parent; n; n = n.parent) {
    if (ts.isFunctionLike(n) && n.parameters.some((p) => ts.isIdentifier(p.name) && p.name.text === name)) return false;
    if (!(ts.isSourceFile(n) || ts.isBlock(n) || ts.isModuleBlock(n))) continue;
    for (const st of n.statements) {
      if (!ts.isVariableStatement(st)) continue;
      for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name) && d.name.text === name) return !d.initializer;
    }
  }
  return false;
}

const BUILTINS = new Set(builtinModules);
/** A package specifier, or null for a relative, absolute or Node built-in one (`./x`, `node:util`, `util`). */
const bare = (spec: string): string | null =>
  spec.startsWith(".") || spec.startsWith("/") || spec.startsWith("node:") || BUILTINS.has(spec.split("/")[0]) ? null : spec;
