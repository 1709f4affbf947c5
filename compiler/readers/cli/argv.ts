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
 * The call is found through the project's own wrappers (program-argv.ts):
 * `parseArgv(process.argv.slice(2), opts)` calling `minimist(argv, opts)` in
 * another module reads `opts` where the caller writes it, and the result
 * where the caller holds it.
 *
 * The flag set is open when the options' names do not evaluate (an option
 * whose `default` does not evaluate keeps the names `boolean`, `string` and
 * `alias` give); the command list is open when the words are compared one by
 * one with nothing rejecting the rest. The same reading serves every
 * minimist-shaped parser (yargs-parser.ts, getopts.ts): `readArgvParsers`
 * with the parser's dialect.
 */
import { CLOSED, type Closure, type CommandDecl, type FlagArity, type FlagSpec, type FlagSyntax, open } from "../../model/cli.js";
import { type ParsedFile, propertyNameText, spanOf, stringLiteral, ts, unwrap } from "../code-source.js";
import type { EvaluatedValue } from "../constant-folder.js";
import { firstUnknown, isPlainObject, isUnknown, openOf, toPlain, Unknown } from "../evaluate/values.js";
import { type AdapterContext, type AdapterOutput, type CliAdapter, defineReader, command, flag } from "./adapter.js";
import { isWordOf, readWords, type WordAt } from "./dispatch.js";
import { declarationOf } from "./modules.js";
import { callsTo, evaluateAtSite, importedNames, parserSites } from "./program-argv.js";
import { paramNames } from "./syntax.js";

/** How one minimist-shaped parser is called and what its options say. */
export interface ArgvDialect {
  /** The reader id the commands carry. */
  id: string;
  packages: readonly string[];
  syntax: FlagSyntax;
  /** Option keys whose string or string-array value names flags, with the arity they give (`boolean` → boolean, `string` → a value). */
  lists: Readonly<Record<string, FlagArity>>;
}

const MRI: ArgvDialect = {
  id: "argv",
  packages: ["mri", "minimist"],
  syntax: { camelKebab: false, negateBooleans: true, dotted: false },
  lists: { boolean: "boolean", string: "value" },
};

export const argvAdapter: CliAdapter = argvReader(
  MRI,
  "mri/minimist options as the root's flags, through the project's wrappers in other modules; commands dispatched on the positional list outside any command object (`switch (input[0])` in the function `parsed._` is passed to), sub-verbs per `case`",
  70,
);

/** The descriptor of a minimist-shaped parser's reader: it applies where the parser is imported. */
export function argvReader(d: ArgvDialect, docs: string, order: number): CliAdapter {
  return defineReader({
    id: d.id,
    docs,
    order,
    packages: d.packages,
    applies: (file) =>
      d.packages.some((p) => file.text.includes(p)) && (importedNames(file, d.packages, null).size > 0 || callsTo(file, new Set(), d.packages).length > 0),
    read: (files, ctx) => readArgvParsers(files, ctx, d),
  });
}

/** Every call of the dialect's parser in `files` that parses the program's argv (directly or through wrappers). */
export function readArgvParsers(files: ParsedFile[], ctx: AdapterContext, d: ArgvDialect): AdapterOutput {
  const out: AdapterOutput = { commands: [], openings: [] };
  for (const file of files) {
    for (const call of callsTo(file, importedNames(file, d.packages, null), d.packages)) {
      const { sites, alsoElsewhere } = parserSites(ctx, file, call, call.arguments[0], false, d.id, out);
      for (const site of sites) {
        const opts = call.arguments[1];
        readParse(site.file, site.call, opts ? evaluateAtSite(ctx, file, opts, site.envs) : null, alsoElsewhere, ctx, out, d);
      }
    }
  }
  return out;
}

/** One parse of the program's argv whose result is bound to a variable: the root's flags, and the commands its `._` is dispatched on. */
function readParse(
  file: ParsedFile,
  call: ts.CallExpression,
  /** The parser's options evaluated where the outermost caller writes them (evaluateAtSite); null when none are passed. */
  opts: EvaluatedValue | null,
  /** The set when the same parser call also parses words docpact could not trace (untracedSet), else null. */
  alsoElsewhere: Closure | null,
  ctx: AdapterContext,
  out: AdapterOutput,
  d: ArgvDialect,
): void {
  const decl = call.parent;
  if (!ts.isVariableDeclaration(decl)) return;
  // `const parsed = parse(…)`, or the result destructured: `const { _: input, help } = parse(…)`.
  const pattern = ts.isObjectBindingPattern(decl.name) ? destructuredKeys(decl.name) : null;
  if (!ts.isIdentifier(decl.name) && !pattern) return;
  const result = ts.isIdentifier(decl.name) ? decl.name.text : null;
  const span = spanOf(file, call);
  const options: FlagSpec[] = [];
  let flagSet = CLOSED as CommandDecl["flagSet"];
  const folded = opts === null || firstUnknown(opts) ? undefined : toPlain(opts);
  if (folded !== undefined && folded !== null && typeof folded === "object" && !Array.isArray(folded) && !(folded instanceof Unknown)) {
    options.push(...parserFlags(folded as Record<string, unknown>, d));
  } else {
    // Not every field evaluates (`default: resolveDefaults(…)`): the names are still known when the name-giving fields are.
    const partial = opts !== null ? partialOptions(opts, d) : null;
    if (partial) options.push(...parserFlags(partial, d));
    else flagSet = open(opts !== null ? "the parser's options do not evaluate" : "the parser is called without options: any flag parses", span);
  }
  if (alsoElsewhere && flagSet.closed) flagSet = alsoElsewhere;
  // Names read off the result (`parsed.help`) are flags the program handles too.
  const known = new Set(options.flatMap((f) => [f.long, ...f.aliases, ...f.short]));
  const reads = new Set<string>(pattern ? [...pattern.keys()].filter((k) => k !== "_") : []);
  const scan = (n: ts.Node): void => {
    if (result === null) return;
    if (ts.isPropertyAccessExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === result && n.name.text !== "_") reads.add(n.name.text);
    // `argv["base-dir"]`: a name no identifier can spell.
    if (ts.isElementAccessExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === result) {
      const k = stringLiteral(unwrap(n.argumentExpression));
      if (k !== null && k !== "_" && k !== "") reads.add(k);
    }
    ts.forEachChild(n, scan);
  };
  scan(file.sf);
  for (const r of [...reads].sort()) {
    const f = flag([r]);
    if (f && !known.has(f.long ?? f.short[0])) options.push(f);
  }
  const listName = pattern?.get("_");
  const isList = (e: ts.Expression): boolean => {
    const u = unwrap(e);
    if (listName !== undefined) return ts.isIdentifier(u) && u.text === listName;
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
        const fn =
          target && (ts.isFunctionDeclaration(target.node) || ts.isArrowFunction(target.node) || ts.isFunctionExpression(target.node)) ? target.node : null;
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
        command([word], spanOf(site.file, body), d.id, {
          verbs: sub?.verbs ?? null,
          commandSet: sub?.closure ?? CLOSED,
          syntax: d.syntax,
          via: "dispatch",
        }),
      );
    }
    break;
  }
  if (!root.verbs && options.length === 0) return;
  commands.push(
    command([], span, d.id, {
      verbs: root.verbs,
      commandSet: root.closure,
      options: options.map((f) => ({ ...f, inherited: true, span })),
      flagSet,
      isDefault: true,
      syntax: d.syntax,
      via: "dispatch",
    }),
  );
  out.commands.push(...commands);
}

/** The keys an object pattern names → the local name each is bound to (none for a nested pattern); a rest element or a computed key names nothing. */
function destructuredKeys(pattern: ts.ObjectBindingPattern): Map<string, string | undefined> {
  const out = new Map<string, string | undefined>();
  for (const el of pattern.elements) {
    const key = el.dotDotDotToken ? null : el.propertyName ? propertyNameText(el.propertyName) : ts.isIdentifier(el.name) ? el.name.text : null;
    if (key !== null) out.set(key, ts.isIdentifier(el.name) ? el.name.text : undefined);
  }
  return out;
}

/**
 * The name-giving fields of an options object some of whose fields do not
 * evaluate: each of the dialect's lists and `alias` must be known (absent, or
 * strings); `default` contributes the keys it knows. Null when a name may be
 * missing (an unknown list, an unknown spread into the object).
 */
function partialOptions(v: EvaluatedValue, d: ArgvDialect): Record<string, unknown> | null {
  if (!isPlainObject(v) || openOf(v)) return null;
  const out: Record<string, unknown> = {};
  const strings = (x: EvaluatedValue): boolean => typeof x === "string" || (Array.isArray(x) && x.every((y) => typeof y === "string"));
  for (const k of [...Object.keys(d.lists), "alias"]) {
    const x = v[k];
    if (x === undefined) continue;
    if (k === "alias") {
      if (!isPlainObject(x) || openOf(x) || !Object.values(x).every(strings)) return null;
    } else if (!strings(x)) return null;
    out[k] = x;
  }
  const def = v.default;
  if (isPlainObject(def) && !openOf(def)) out.default = Object.fromEntries(Object.keys(def).map((k) => [k, isUnknown(def[k]) ? null : def[k]]));
  return out;
}

/** A minimist-shaped options record → flag specs (the dialect's lists, `alias`, and the keys of `default`). */
function parserFlags(o: Record<string, unknown>, d: ArgvDialect): FlagSpec[] {
  const list = (v: unknown): string[] => (typeof v === "string" ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
  const arities = new Map<string, Set<FlagArity>>();
  for (const [key, arity] of Object.entries(d.lists)) {
    for (const n of list(o[key])) arities.set(n, (arities.get(n) ?? new Set<FlagArity>()).add(arity));
  }
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
  // A name only given a default (minimist parses any flag; the program knows this one) is a flag too, unless an alias covers it.
  const aliasNames = new Set([...aliases.values()].flat());
  const defaults = o.default && typeof o.default === "object" && !Array.isArray(o.default) ? Object.keys(o.default).filter((k) => !aliasNames.has(k)) : [];
  const names = new Set([...arities.keys(), ...aliases.keys(), ...defaults]);
  const out: FlagSpec[] = [];
  for (const n of [...names].sort()) {
    const a = arities.get(n) ?? new Set<FlagArity>();
    const arity: FlagArity = a.has("variadic")
      ? "variadic"
      : a.has("boolean") && a.has("value")
        ? "optional"
        : a.has("value")
          ? "value"
          : a.size === 0 && defaults.includes(n)
            ? defaultArity((o.default as Record<string, unknown>)[n])
            : "boolean";
    const f = flag([n, ...(aliases.get(n) ?? [])], { arity });
    if (f) out.push(f);
  }
  return out;
}

function defaultArity(v: unknown): FlagArity {
  return typeof v === "boolean" ? "boolean" : v === null ? "optional" : "value";
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
