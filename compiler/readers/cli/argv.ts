/**
 * CLIs that parse their argv (`process.argv.slice(2)`) with a small parser
 * (mri, minimist) and dispatch their commands themselves, outside any command
 * object:
 *
 *   const parsed = mri(argv, { boolean: ["verbose"], string: ["otp"], alias: { v: "verbose" } });
 *   run(parsed._, flags);                        // or switch (parsed._[0]) right here
 *   function run(input: string[]) { switch (input[0]) { case "add": …; default: throw … } }
 *
 * The parser's options give the flag model of the root (`boolean` → boolean,
 * `string` → takes a value, both → optional value, `alias` keys → other names,
 * a one-letter name → a short flag), inherited by every command, plus the
 * names the program reads off the result (`parsed.help`); mri and minimist
 * accept `--no-x` for any flag. The positional list (`parsed._`) is followed
 * into the function it is passed to (a relative import or a local function);
 * the words compared with its first element are the commands (closed when the
 * `switch` has a `default`, see dispatch.ts), and the words compared with its
 * second element inside a command's `case` are that command's sub-verbs.
 *
 * The flag set is open when the options object does not evaluate; the command
 * list is open when the words are compared one by one with nothing rejecting
 * the rest.
 */
import { CLOSED, type CommandDecl, type FlagSpec, open } from "../../model/cli.js";
import { calleeName, type ParsedFile, spanOf, stringLiteral, ts, unwrap } from "../code-source.js";
import { type AdapterContext, type AdapterOutput, type CliAdapter, defineReader, command, flag } from "./adapter.js";
import { isWordOf, readWords, type WordAt } from "./dispatch.js";
import { declarationOf } from "./modules.js";
import { localInit, paramNames } from "./syntax.js";

const PARSERS = new Set(["mri", "minimist"]);
const SYNTAX = { camelKebab: false, negateBooleans: true, dotted: false };

export const argvAdapter: CliAdapter = defineReader({
  id: "argv",
  docs: "mri/minimist options as the root's flags; commands dispatched on the positional list outside any command object (`switch (input[0])` in the function `parsed._` is passed to), sub-verbs per `case`",
  order: 70,
  packages: ["mri", "minimist"],
  applies: (file) => (file.text.includes("mri") || file.text.includes("minimist")) && parserNames(file).size > 0,
  read(files, ctx) {
    const out: AdapterOutput = { commands: [], openings: [] };
    for (const file of files) {
      const names = parserNames(file);
      const visit = (n: ts.Node): void => {
        if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && names.has(n.expression.text)) readParse(file, n, ctx, out);
        ts.forEachChild(n, visit);
      };
      visit(file.sf);
    }
    return out;
  },
});

/** Local names the parsers are imported under: `import mri from "mri"`, `const minimist = require("minimist")`. */
function parserNames(file: ParsedFile): Set<string> {
  const out = new Set<string>();
  for (const st of file.sf.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier) && PARSERS.has(st.moduleSpecifier.text)) {
      const name = st.importClause?.name?.text;
      if (name) out.add(name);
      const nb = st.importClause?.namedBindings;
      if (nb && ts.isNamespaceImport(nb)) out.add(nb.name.text);
    }
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) {
        const init = d.initializer && unwrap(d.initializer);
        if (ts.isIdentifier(d.name) && init && ts.isCallExpression(init) && calleeName(init) === "require" && PARSERS.has(stringLiteral(init.arguments[0] ?? init) ?? "")) out.add(d.name.text);
      }
    }
  }
  return out;
}

/** One `mri(argv, options)` call bound to a variable: the root's flags, and the commands its `._` is dispatched on. */
function readParse(file: ParsedFile, call: ts.CallExpression, ctx: AdapterContext, out: AdapterOutput): void {
  const decl = call.parent;
  if (!ts.isVariableDeclaration(decl) || !ts.isIdentifier(decl.name)) return;
  // The program's own argv (a script that parses some other list is not the CLI).
  if (!call.arguments[0] || !isProcessArgv(call.arguments[0])) return;
  const result = decl.name.text;
  const span = spanOf(file, call);
  const options: FlagSpec[] = [];
  let flagSet = CLOSED as CommandDecl["flagSet"];
  const optsArg = call.arguments[1];
  const folded = optsArg ? ctx.fold(file, optsArg) : undefined;
  if (!optsArg || folded === undefined || folded === null || typeof folded !== "object" || Array.isArray(folded)) {
    flagSet = open(optsArg ? "the parser's options do not evaluate" : "the parser is called without options: any flag parses", span);
  } else {
    options.push(...parserFlags(folded as Record<string, unknown>));
  }
  // Names read off the result (`parsed.help`) are flags the program handles too.
  const known = new Set(options.flatMap((f) => [f.long, ...f.aliases, ...f.short]));
  const reads = new Set<string>();
  const scan = (n: ts.Node): void => {
    if (ts.isPropertyAccessExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === result && n.name.text !== "_") reads.add(n.name.text);
    ts.forEachChild(n, scan);
  };
  scan(file.sf);
  for (const r of [...reads].sort()) {
    const f = flag([r]);
    if (f && !known.has(f.long ?? f.short[0])) options.push(f);
  }
  const isList = (e: ts.Expression): boolean => {
    const u = unwrap(e);
    return ts.isPropertyAccessExpression(u) && u.name.text === "_" && ts.isIdentifier(u.expression) && u.expression.text === result;
  };
  const commands: CommandDecl[] = [];
  // Dispatch right here (`switch (parsed._[0])`), or in the function `parsed._` is passed to.
  const sites: { file: ParsedFile; body: ts.Node; at: (i: number) => WordAt }[] = [{ file, body: file.sf, at: (index) => ({ isList, index }) }];
  const passes = (n: ts.Node): void => {
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression)) {
      const i = n.arguments.findIndex((a) => isList(a));
      if (i >= 0) {
        const target = declarationOf(ctx.all, file, n.expression.text);
        const fn = target && (ts.isFunctionDeclaration(target.node) || ts.isArrowFunction(target.node) || ts.isFunctionExpression(target.node)) ? target.node : null;
        const p = fn?.parameters[i];
        if (fn?.body && p && ts.isIdentifier(p.name)) {
          const name = p.name.text;
          const isParam = (e: ts.Expression): boolean => {
            const u = unwrap(e);
            return ts.isIdentifier(u) && u.text === name;
          };
          if (target && paramNames(fn).has(name)) sites.push({ file: target.file, body: fn.body, at: (index) => ({ isList: isParam, index }) });
        }
      }
    }
    ts.forEachChild(n, passes);
  };
  passes(file.sf);
  let root = { verbs: null as string[] | null, closure: CLOSED as CommandDecl["commandSet"] };
  for (const site of sites) {
    const top = readWords(site.file, site.body, ctx, site.at(0));
    if (!top) continue;
    root = { verbs: top.verbs, closure: top.closure };
    for (const [word, body] of handlers(site.body, site.at(0))) {
      const sub = readWords(site.file, body, ctx, site.at(1));
      commands.push(
        command([word], spanOf(site.file, body), "argv", {
          verbs: sub?.verbs ?? null,
          commandSet: sub?.closure ?? CLOSED,
          syntax: SYNTAX,
          via: "dispatch",
        }),
      );
    }
    break;
  }
  if (!root.verbs && options.length === 0) return;
  commands.push(
    command([], span, "argv", {
      verbs: root.verbs,
      commandSet: root.closure,
      options: options.map((f) => ({ ...f, inherited: true, span })),
      flagSet,
      isDefault: true,
      syntax: SYNTAX,
      via: "dispatch",
    }),
  );
  out.commands.push(...commands);
}

/** `process.argv.slice(2)`, or a variable bound to it. */
function isProcessArgv(e: ts.Expression): boolean {
  let u = unwrap(e);
  if (ts.isIdentifier(u)) {
    const init = localInit(u.text, u);
    if (!init) return false;
    u = unwrap(init);
  }
  if (!ts.isCallExpression(u) || !ts.isPropertyAccessExpression(u.expression) || u.expression.name.text !== "slice") return false;
  const argv = unwrap(u.expression.expression);
  return ts.isPropertyAccessExpression(argv) && argv.name.text === "argv" && ts.isIdentifier(argv.expression) && argv.expression.text === "process";
}

/** The mri/minimist options record → flag specs. */
function parserFlags(o: Record<string, unknown>): FlagSpec[] {
  const list = (v: unknown): string[] => (typeof v === "string" ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
  const bool = new Set(list(o.boolean));
  const str = new Set(list(o.string));
  const aliases = new Map<string, string[]>();
  if (o.alias && typeof o.alias === "object" && !Array.isArray(o.alias)) {
    for (const [k, v] of Object.entries(o.alias as Record<string, unknown>)) {
      for (const target of list(v)) {
        // mri and minimist treat an alias pair symmetrically: the longer name is the canonical one here.
        const [main, other] = k.length >= target.length ? [k, target] : [target, k];
        aliases.set(main, [...(aliases.get(main) ?? []), other]);
      }
    }
  }
  const names = new Set([...bool, ...str, ...aliases.keys()]);
  const out: FlagSpec[] = [];
  for (const n of [...names].sort()) {
    const arity = bool.has(n) && str.has(n) ? "optional" : str.has(n) ? "value" : "boolean";
    const f = flag([n, ...(aliases.get(n) ?? [])], { arity });
    if (f) out.push(f);
  }
  return out;
}

/** Each command word with the code that handles it: a `case` clause (fall-through cases share the next body), or an `if (word === "x")` branch. */
function handlers(body: ts.Node, at: WordAt): [string, ts.Node][] {
  const out: [string, ts.Node][] = [];
  const isWord = (e: ts.Expression): boolean => isWordOf(e, at);
  const visit = (n: ts.Node): void => {
    if (ts.isSwitchStatement(n) && isWord(n.expression)) {
      let pending: string[] = [];
      for (const c of n.caseBlock.clauses) {
        const s = ts.isCaseClause(c) ? stringLiteral(unwrap(c.expression)) : null;
        if (s) pending.push(s);
        if (c.statements.length === 0) continue;
        for (const w of pending) out.push([w, c]);
        pending = [];
      }
    } else if (ts.isIfStatement(n) && ts.isBinaryExpression(n.expression) && n.expression.operatorToken.kind === ts.SyntaxKind.EqualsEqualsEqualsToken) {
      const e = n.expression;
      const s = isWord(e.left) ? stringLiteral(unwrap(e.right)) : isWord(e.right) ? stringLiteral(unwrap(e.left)) : null;
      if (s) out.push([s, n.thenStatement]);
    }
    ts.forEachChild(n, visit);
  };
  visit(body);
  return out;
}

export default argvAdapter;
