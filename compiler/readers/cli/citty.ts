/**
 * citty (unjs): `defineCommand({ meta, args, subCommands, sharedArgs })`, or
 * the same object without `defineCommand`. The command passed to
 * `runMain(…)` / `createMain(…)` is the root; `subCommands` keys are the
 * command words, their values commands defined anywhere in the code (a
 * variable, an import, or a lazy `() => import("./build").then((r) => r.default)`).
 * `args` keys are the flags: `type: "boolean"` (the default), `"string"` and
 * `"enum"` take a value, `"positional"` is an argument; `alias` adds names
 * (one letter → `-f`). citty accepts `--dry-run` for `dryRun` and `--no-x`.
 * A command's `sharedArgs` are accepted by its sub-commands.
 *
 * Open sets: an `args` or `subCommands` value that is not an object literal
 * docpact can follow (a call, a spread of something unknown), and a
 * sub-command whose definition is not found (its own flags).
 */
import type { CommandDecl, FlagArity, FlagSpec, PositionalSpec } from "../../model/cli.js";
import { calleeName, type ParsedFile, propertyNameText, spanOf, stringLiteral, ts, unwrap } from "../code-source.js";
import { type AdapterContext, type AdapterOutput, type CliAdapter, defineReader, command, flag, type Opening } from "./adapter.js";
import { declarationOf, defaultExport, resolveModule } from "./modules.js";
import { prop } from "./syntax.js";
import { shortened } from "../../util/text.js";

const short60 = (s: string) => shortened(s, 60, "...");

const SYNTAX = { camelKebab: true, negateBooleans: true, dotted: false };
const MAIN_CALLS = new Set(["runMain", "createMain"]);
const MAX_DEPTH = 12;

type Obj = { file: ParsedFile; obj: ts.ObjectLiteralExpression };

export const cittyAdapter: CliAdapter = defineReader({
  id: "citty",
  docs: "`defineCommand({ meta, args, subCommands, sharedArgs })` from `runMain(…)` down, sub-commands through variables, imports and lazy `import()`",
  order: 50,
  packages: ["citty"],
  read(files, ctx) {
    const reader = new CittyReader(ctx);
    const roots: { file: ParsedFile; expr: ts.Expression }[] = [];
    const defines: { file: ParsedFile; call: ts.CallExpression }[] = [];
    for (const file of files) {
      const local = cittyNames(file);
      const visit = (n: ts.Node): void => {
        if (ts.isCallExpression(n)) {
          const name = calleeName(n);
          if (name && local.main.has(name) && n.arguments[0]) roots.push({ file, expr: n.arguments[0] });
          if (name && local.define.has(name)) defines.push({ file, call: n });
        }
        ts.forEachChild(n, visit);
      };
      visit(file.sf);
    }
    // No `runMain` (the command is run elsewhere): a lone `defineCommand` is the root; several are not guessed at.
    if (roots.length === 0 && defines.length === 1) roots.push({ file: defines[0].file, expr: defines[0].call });
    for (const r of roots) reader.command(r.file, r.expr, [], [], 0);
    return reader.output();
  },
});

class CittyReader {
  private readonly commands: CommandDecl[] = [];
  private readonly openings: Opening[] = [];

  constructor(private readonly ctx: AdapterContext) {}

  output(): AdapterOutput {
    return { commands: this.commands, openings: this.openings };
  }

  /** Reads the command `expr` at `path`; `shared` are the flags its ancestors share with it. */
  command(file: ParsedFile, expr: ts.Expression, path: string[], shared: FlagSpec[], depth: number): void {
    const def = depth < MAX_DEPTH ? this.definition(file, expr, 0) : null;
    const span = spanOf(file, expr);
    if (!def) {
      this.commands.push(command(path, span, "citty", { isDefault: path.length === 0, syntax: SYNTAX, options: shared.map((f) => ({ ...f })) }));
      this.openings.push({ path, set: "flags", reason: `the command \`${short60(expr.getText(file.sf))}\` is not a definition docpact can follow`, span });
      return;
    }
    const options: FlagSpec[] = shared.map((f) => ({ ...f }));
    const positionals: PositionalSpec[] = [];
    const args = prop(def.obj, "args");
    if (args) this.args(def.file, args, path, options, positionals, false, 0);
    const mine: FlagSpec[] = [];
    const sharedArgs = prop(def.obj, "sharedArgs");
    if (sharedArgs) this.args(def.file, sharedArgs, path, mine, [], true, 0);
    options.push(...mine);
    const subs = prop(def.obj, "subCommands");
    const children = subs ? this.record(def.file, subs, 0) : null;
    if (subs && !children)
      this.openings.push({
        path,
        set: "commands",
        reason: `the sub-commands \`${short60(subs.getText(def.file.sf))}\` are not an object docpact can read`,
        span: spanOf(def.file, subs),
      });
    // A positional beside sub-commands, read by a `setup`/`run` hook (which runs first), may take other words (nuxi runs `nuxt-<word>` binaries).
    if (children && positionals.length > 0 && (prop(def.obj, "setup") || prop(def.obj, "run") || hasMethod(def.obj))) {
      this.openings.push({
        path,
        set: "commands",
        reason: `the command takes a positional (\`${positionals[0].name}\`) beside its sub-commands, and a hook may handle other words`,
        span: spanOf(def.file, def.obj),
      });
    }
    const verbs: string[] = [];
    for (const p of children?.obj.properties ?? []) {
      if (ts.isSpreadAssignment(p)) {
        this.openings.push({ path, set: "commands", reason: "a spread in `subCommands` is not read", span: spanOf(children!.file, p) });
        continue;
      }
      const word = p.name ? propertyNameText(p.name as ts.PropertyName) : null;
      const value = ts.isPropertyAssignment(p) ? p.initializer : ts.isShorthandPropertyAssignment(p) ? p.name : null;
      if (word === null || !value) continue;
      verbs.push(word);
      this.command(children!.file, value, [...path, word], [...shared, ...mine.map((f) => ({ ...f, inherited: true }))], depth + 1);
    }
    this.commands.push(
      command(path, spanOf(def.file, def.obj), "citty", {
        // citty reads the first word that is not a flag as a sub-command whenever there are any: arguments come after it.
        verbs: children ? verbs : null,
        options,
        positionals: children && verbs.length > 0 ? [] : positionals,
        // With sub-commands, the root's first word must name one (citty: "Unknown command"); without, it takes the arguments.
        isDefault: path.length === 0 && !(children && verbs.length > 0),
        syntax: SYNTAX,
        aliases: aliasesOf(def),
      }),
    );
  }

  /** The object literal of a command: `defineCommand({…})`, `{…}`, a variable or import of one, or a lazy import. */
  private definition(file: ParsedFile, expr: ts.Expression, depth: number): Obj | null {
    if (depth > 6) return null;
    const e = unwrap(expr);
    if (ts.isObjectLiteralExpression(e)) return { file, obj: e };
    if (ts.isCallExpression(e) && calleeName(e) !== null && cittyNames(file).define.has(calleeName(e)!) && e.arguments[0])
      return this.definition(file, e.arguments[0], depth + 1);
    if (ts.isIdentifier(e)) {
      const d = declarationOf(this.ctx.all, file, e.text);
      return d && !ts.isClassLike(d.node) && !ts.isFunctionDeclaration(d.node) ? this.definition(d.file, d.node as ts.Expression, depth + 1) : null;
    }
    // `() => import("./build").then((r) => r.default)`, `async () => (await import("./build")).default`, `import("./build")`.
    const dyn = dynamicImport(e);
    if (dyn) {
      const target = resolveModule(this.ctx.all, file, dyn);
      const def = target ? defaultExport(target) : null;
      return def && !ts.isClassLike(def.node) && !ts.isFunctionDeclaration(def.node) ? this.definition(def.file, def.node as ts.Expression, depth + 1) : null;
    }
    if ((ts.isArrowFunction(e) || ts.isFunctionExpression(e)) && ts.isExpression(e.body)) return this.definition(file, e.body, depth + 1);
    return null;
  }

  /** An object-valued option (`args`, `subCommands`), possibly a variable or a function returning one. */
  private record(file: ParsedFile, expr: ts.Expression, depth: number): Obj | null {
    if (depth > 6) return null;
    const e = unwrap(expr);
    if (ts.isObjectLiteralExpression(e)) return { file, obj: e };
    if (ts.isIdentifier(e)) {
      const d = declarationOf(this.ctx.all, file, e.text);
      return d && !ts.isClassLike(d.node) && !ts.isFunctionDeclaration(d.node) ? this.record(d.file, d.node as ts.Expression, depth + 1) : null;
    }
    if ((ts.isArrowFunction(e) || ts.isFunctionExpression(e)) && ts.isExpression(e.body)) return this.record(file, e.body, depth + 1);
    return null;
  }

  private args(
    file: ParsedFile,
    expr: ts.Expression,
    path: string[],
    options: FlagSpec[],
    positionals: PositionalSpec[],
    inherited: boolean,
    depth: number,
  ): void {
    const rec = this.record(file, expr, depth);
    if (!rec) {
      this.openings.push({
        path,
        set: "flags",
        reason: `the args \`${short60(expr.getText(file.sf))}\` are not an object docpact can read`,
        span: spanOf(file, expr),
      });
      return;
    }
    for (const p of rec.obj.properties) {
      if (ts.isSpreadAssignment(p)) {
        this.args(rec.file, p.expression, path, options, positionals, inherited, depth + 1);
        continue;
      }
      const name = p.name ? propertyNameText(p.name as ts.PropertyName) : null;
      const init = ts.isPropertyAssignment(p) ? p.initializer : ts.isShorthandPropertyAssignment(p) ? p.name : null;
      if (name === null || !init) {
        this.openings.push({ path, set: "flags", reason: "an arg name is computed", span: spanOf(rec.file, p) });
        continue;
      }
      const spec = this.record(rec.file, init, 0);
      const type = spec ? this.text(spec, "type") : undefined;
      if (type === "positional") {
        const required = spec ? prop(spec.obj, "required")?.kind !== ts.SyntaxKind.FalseKeyword && !prop(spec.obj, "default") : true;
        positionals.push({ name, required, variadic: false });
        continue;
      }
      if (type === null) {
        this.openings.push({ path, set: "flags", reason: `the type of arg \`${name}\` does not evaluate`, span: spanOf(rec.file, p) });
        continue;
      }
      const arity: FlagArity = type === undefined || type === "boolean" ? "boolean" : "value";
      const aliases = spec ? this.strings(spec, "alias") : [];
      const f = flag([`--${name}`, ...aliases.map((a) => (a.length === 1 ? `-${a}` : `--${a}`))], {
        arity,
        negatable: arity === "boolean",
        inherited,
        span: spanOf(rec.file, p.name ?? p),
      });
      if (f) options.push(f);
    }
  }

  /** A string member: its value, undefined when absent, null when it does not evaluate. */
  private text(o: Obj, key: string): string | null | undefined {
    const v = prop(o.obj, key);
    if (!v) return undefined;
    const s = stringLiteral(unwrap(v)) ?? this.ctx.fold(o.file, v);
    return typeof s === "string" ? s : null;
  }

  private strings(o: Obj, key: string): string[] {
    const v = prop(o.obj, key);
    if (!v) return [];
    const got = this.ctx.fold(o.file, v);
    if (typeof got === "string") return [got];
    return Array.isArray(got) ? got.filter((x): x is string => typeof x === "string") : [];
  }
}

/** Local names of citty's `runMain`/`createMain` and `defineCommand` in a file (`import { runMain as _runMain } from "citty"`). */
function cittyNames(file: ParsedFile): { main: Set<string>; define: Set<string> } {
  const main = new Set(MAIN_CALLS);
  const define = new Set(["defineCommand"]);
  for (const st of file.sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier) || st.moduleSpecifier.text !== "citty") continue;
    const nb = st.importClause?.namedBindings;
    if (!nb || !ts.isNamedImports(nb)) continue;
    for (const el of nb.elements) {
      const imported = (el.propertyName ?? el.name).text;
      if (MAIN_CALLS.has(imported)) main.add(el.name.text);
      if (imported === "defineCommand") define.add(el.name.text);
    }
  }
  return { main, define };
}

/** `setup() {}` / `run() {}` written as methods. */
function hasMethod(obj: ts.ObjectLiteralExpression): boolean {
  return obj.properties.some((p) => ts.isMethodDeclaration(p) && p.name && ["setup", "run"].includes(propertyNameText(p.name) ?? ""));
}

/** `meta: { alias: "i" | ["i"] }` (newer citty) names the command's other words. */
function aliasesOf(def: Obj): string[] {
  const meta = prop(def.obj, "meta");
  const m = meta ? unwrap(meta) : null;
  if (!m || !ts.isObjectLiteralExpression(m)) return [];
  const a = prop(m, "alias") ?? prop(m, "aliases");
  if (!a) return [];
  const u = unwrap(a);
  const one = stringLiteral(u);
  if (one) return [one];
  return ts.isArrayLiteralExpression(u) ? u.elements.map((x) => stringLiteral(unwrap(x as ts.Expression))).filter((x): x is string => !!x) : [];
}

/** The module of a dynamic `import("…")` anywhere in a small expression, or null. */
function dynamicImport(e: ts.Node): string | null {
  let found: string | null = null;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) found = stringLiteral(n.arguments[0]);
    else ts.forEachChild(n, visit);
  };
  visit(e);
  return found;
}

export default cittyAdapter;
