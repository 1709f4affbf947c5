/**
 * clipanion: command classes with `static paths = [["cache", "clean"], ["cache", "clear"]]`
 * (`Command.Default` or no paths: the default command) and options as class
 * properties: `Option.Boolean("-g,--global")` (negatable: `--no-global`),
 * `Option.Counter("-v,--verbose")`, `Option.String("-o,--output")` (a value;
 * `tolerateBoolean` makes it optional), `Option.Array("--tag")`, and the
 * positionals `Option.String()` and `Option.Rest()`. Options of a base class
 * in the project are inherited. clipanion 2's decorators (`@Command.Path(…)`,
 * `@Command.Boolean(…)`, …) are read the same way.
 *
 * Open sets: `Option.Proxy()` forwards every other flag (the command's flags
 * are open); an option whose names do not evaluate, or a base class outside
 * the project, opens the command's flags; a `Cli` created in a branch
 * (`if (!request) { const cli = new Cli(…) }`) opens the top-level command
 * list, since the code around it handles other first words.
 */
import type { CommandDecl, FlagArity, FlagSpec, PositionalSpec } from "../../model/cli.js";
import type { Span } from "../../model/diagnostic.js";
import { calleeName, type ParsedFile, spanOf, stringLiteral, ts, unwrap } from "../code-source.js";
import { type AdapterContext, type AdapterOutput, type CliAdapter, defineReader, command, flag, type Opening } from "./adapter.js";
import { baseClass, declarationOf, hasModifier, importSource, staticMember } from "./modules.js";
import { withParents } from "./parents.js";
import { prop } from "./syntax.js";

const OPTION_KINDS = new Set(["Boolean", "Counter", "String", "Array", "Rest", "Proxy"]);

interface ClassOptions {
  options: FlagSpec[];
  positionals: PositionalSpec[];
  open: { reason: string; span: Span } | null;
}

export const clipanionAdapter: CliAdapter = defineReader({
  id: "clipanion",
  docs: "classes with `static paths` (several, multi-word, `Command.Default`), `Option.Boolean/Counter/String/Array/Rest/Proxy`, options of base classes",
  order: 60,
  packages: ["clipanion"],
  detect: (text) => /["']clipanion["']/.test(text) || (/\bstatic\s+paths\s*=/.test(text) && /\bOption\.\w+\(/.test(text)),
  read(files, ctx) {
    const commands: CommandDecl[] = [];
    const openings: Opening[] = [];
    const registered = new Set<string>();
    let branchCli: Opening | null = null;
    for (const file of files) {
      const visit = (n: ts.Node): void => {
        if (ts.isCallExpression(n) && calleeName(n) === "register" && n.arguments[0] && ts.isIdentifier(unwrap(n.arguments[0])))
          registered.add((unwrap(n.arguments[0]) as ts.Identifier).text);
        if (ts.isNewExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === "Cli" && importSource(file, "Cli") === "clipanion" && inBranch(n)) {
          branchCli ??= {
            path: [],
            set: "commands",
            reason: "the clipanion `Cli` is created in a branch: the code around it handles other first words",
            span: spanOf(file, n),
          };
        }
        ts.forEachChild(n, visit);
      };
      visit(file.sf);
    }
    for (const file of files) {
      for (const st of file.sf.statements) {
        if (!ts.isClassDeclaration(st) || !st.name) continue;
        const paths = pathsOf(file, st, ctx);
        // A clipanion command extends clipanion's `Command`, directly or through a base class in the project.
        if (!extendsCommand(file, st, ctx.all)) continue;
        const isCommand = paths !== null || registered.has(st.name.text);
        if (!isCommand) continue;
        const read = classOptions(file, st, ctx, 0);
        const span = spanOf(file, st.name);
        for (const path of paths ?? [[]]) {
          commands.push(
            command(path, span, "clipanion", {
              options: read.options.map((f) => ({ ...f })),
              positionals: read.positionals.map((p) => ({ ...p })),
              isDefault: path.length === 0,
            }),
          );
          if (read.open) openings.push({ path, set: "flags", reason: read.open.reason, span: read.open.span });
        }
      }
    }
    if (branchCli) openings.push(branchCli);
    return { commands: withParents(commands, "clipanion"), openings } satisfies AdapterOutput;
  },
});

/** `static paths = [["cache", "clean"], Command.Default]`, or `@Command.Path("cache", "clean")` on a method; null when the class declares none. */
function pathsOf(file: ParsedFile, cls: ts.ClassDeclaration, ctx: AdapterContext): string[][] | null {
  const init = staticMember(cls, "paths");
  if (init) {
    const e = unwrap(init);
    if (!ts.isArrayLiteralExpression(e)) return null;
    const out: string[][] = [];
    for (const el of e.elements) {
      const u = unwrap(el as ts.Expression);
      if (ts.isPropertyAccessExpression(u) && u.name.text === "Default") out.push([]);
      else if (ts.isArrayLiteralExpression(u)) {
        const words = u.elements.map((w) => stringLiteral(unwrap(w as ts.Expression)) ?? foldString(ctx, file, w as ts.Expression));
        if (words.every((w): w is string => w !== null)) out.push(words);
      }
    }
    return out;
  }
  const out: string[][] = [];
  for (const m of cls.members) {
    for (const d of ts.canHaveDecorators(m) ? (ts.getDecorators(m) ?? []) : []) {
      const call = d.expression;
      if (ts.isCallExpression(call) && ts.isPropertyAccessExpression(call.expression) && call.expression.name.text === "Path") {
        out.push(call.arguments.map((a) => stringLiteral(unwrap(a))).filter((w): w is string => w !== null));
      }
    }
  }
  return out.length > 0 ? out : null;
}

function extendsCommand(file: ParsedFile, cls: ts.ClassDeclaration, all: readonly ParsedFile[], depth = 0): boolean {
  const base = baseClass(cls);
  if (!base || !ts.isIdentifier(base) || depth > 6) return false;
  if (importSource(file, base.text) === "clipanion") return true;
  const d = declarationOf(all, file, base.text);
  return !!d && ts.isClassDeclaration(d.node) && extendsCommand(d.file, d.node, all, depth + 1);
}

/** The class's options and positionals, with those of its base classes in the project first. */
function classOptions(file: ParsedFile, cls: ts.ClassDeclaration, ctx: AdapterContext, depth: number): ClassOptions {
  const out: ClassOptions = { options: [], positionals: [], open: null };
  const base = baseClass(cls);
  if (base && depth < 6) {
    const name = ts.isIdentifier(base) ? base.text : null;
    const fromClipanion = name !== null && importSource(file, name) === "clipanion";
    const d = name !== null && !fromClipanion ? declarationOf(ctx.all, file, name) : null;
    if (d && ts.isClassDeclaration(d.node)) {
      const inherited = classOptions(d.file, d.node, ctx, depth + 1);
      out.options.push(...inherited.options);
      out.positionals.push(...inherited.positionals);
      out.open = inherited.open;
    } else if (!fromClipanion) {
      out.open = { reason: `extends \`${base.getText(file.sf)}\`, whose options are not read`, span: spanOf(file, base) };
    }
  }
  for (const m of cls.members) {
    if (!ts.isPropertyDeclaration(m) || hasModifier(m, ts.SyntaxKind.StaticKeyword)) continue;
    const call = optionCall(m);
    if (!call) continue;
    const kind = (call.expression as ts.PropertyAccessExpression).name.text;
    const prop0 = m.name && ts.isIdentifier(m.name) ? m.name.text : "arg";
    if (kind === "Proxy") {
      out.open ??= { reason: "`Option.Proxy()` forwards every other flag", span: spanOf(file, call) };
      out.positionals.push({ name: prop0, required: false, variadic: true });
      continue;
    }
    if (kind === "Rest") {
      out.positionals.push({ name: prop0, required: false, variadic: true });
      continue;
    }
    const first = call.arguments[0];
    const names = first ? (stringLiteral(unwrap(first)) ?? foldString(ctx, file, first)) : null;
    const namesGiven = !!first && !ts.isObjectLiteralExpression(unwrap(first));
    if (!namesGiven) {
      // `Option.String()`, `Option.String({ required: false })`: a positional.
      if (kind === "String") out.positionals.push({ name: prop0, required: !isFalse(optionsArg(call), "required"), variadic: false });
      continue;
    }
    if (names === null) {
      out.open ??= { reason: `the names of option \`${prop0}\` do not evaluate`, span: spanOf(file, first) };
      continue;
    }
    const opts = optionsArg(call);
    let arity: FlagArity = kind === "Boolean" || kind === "Counter" ? "boolean" : "value";
    if (kind === "String" && opts && isTrue(opts, "tolerateBoolean")) arity = "optional";
    const f = flag(
      names
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
      { arity, negatable: arity === "boolean", span: spanOf(file, first) },
    );
    if (f) out.options.push(f);
  }
  return out;
}

/** `x = Option.Boolean(…)` or clipanion 2's `@Command.Boolean(…) x`. */
function optionCall(m: ts.PropertyDeclaration): ts.CallExpression | null {
  const init = m.initializer ? unwrap(m.initializer) : null;
  if (
    init &&
    ts.isCallExpression(init) &&
    ts.isPropertyAccessExpression(init.expression) &&
    OPTION_KINDS.has(init.expression.name.text) &&
    /^(Option|Command)$/.test(init.expression.expression.getText())
  )
    return init;
  for (const d of ts.canHaveDecorators(m) ? (ts.getDecorators(m) ?? []) : []) {
    const c = d.expression;
    if (ts.isCallExpression(c) && ts.isPropertyAccessExpression(c.expression) && OPTION_KINDS.has(c.expression.name.text)) return c;
  }
  return null;
}

/** The options object of an option call (the last object-literal argument). */
function optionsArg(call: ts.CallExpression): ts.ObjectLiteralExpression | null {
  for (let i = call.arguments.length - 1; i >= 0; i--) {
    const a = unwrap(call.arguments[i]);
    if (ts.isObjectLiteralExpression(a)) return a;
  }
  return null;
}

function isTrue(o: ts.ObjectLiteralExpression, key: string): boolean {
  return prop(o, key)?.kind === ts.SyntaxKind.TrueKeyword;
}

function isFalse(o: ts.ObjectLiteralExpression | null, key: string): boolean {
  return !!o && prop(o, key)?.kind === ts.SyntaxKind.FalseKeyword;
}

function foldString(ctx: AdapterContext, file: ParsedFile, e: ts.Expression): string | null {
  const v = ctx.fold(file, e);
  return typeof v === "string" ? v : null;
}

/** Inside an `if`, a conditional, a `case` or a logical operand (up to the enclosing function). */
function inBranch(n: ts.Node): boolean {
  for (let p = n.parent; p && !ts.isSourceFile(p); p = p.parent) {
    if (ts.isIfStatement(p) || ts.isConditionalExpression(p) || ts.isCaseClause(p)) return true;
    if (ts.isFunctionLike(p)) return false;
  }
  return false;
}

export default clipanionAdapter;
