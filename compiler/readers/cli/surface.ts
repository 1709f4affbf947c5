/**
 * The command surface: runs every CLI adapter that applies to the code,
 * merges what they found into one declaration per command path, and decides
 * the global flag set (every `--name` literal in the code, plus every name
 * read through a configured flag accessor) and whether it is closed.
 */
import type { Span } from "../../model/diagnostic.js";
import { cmp } from "../../model/diagnostic.js";
import {
  CLOSED,
  type Closure,
  type CommandDecl,
  type CommandSurface,
  type FlagSpec,
  flagNames,
  open,
  type SurfaceWarning,
  type UnreachedCall,
} from "../../model/cli.js";
import { calleeName, type ParsedFile, spanOf, stringLiteral, ts, unwrap } from "../code-source.js";
import { evaluateValue, foldExpression, type FoldedValue } from "../constant-folder.js";
import { type AdapterContext, type AdapterOutput, type CliAdapter, type CliReadOptions, flagName, type Opening, excerpt } from "./adapter.js";
import { weakMemo } from "../../util/memo.js";

const FLAG_LITERAL = /^(--[A-Za-z0-9][A-Za-z0-9-]*)(=.*)?$/s;
const SHORT_LITERAL = /^-[A-Za-z]$/;

export function readSurface(root: string, files: ParsedFile[], opts: CliReadOptions, adapters: readonly CliAdapter[]): CommandSurface {
  const calls = new Map<string, { file: ParsedFile; call: ts.CallExpression }[]>();
  const ctx: AdapterContext = {
    calls,
    root,
    opts,
    all: files,
    fold(file, expr, bindings) {
      const s = stringLiteral(unwrap(expr));
      if (s !== null) return s;
      const r = foldExpression(root, file, expr, bindings);
      return r.ok ? r.value : undefined;
    },
    evaluate: (file, expr, bindings) => evaluateValue(root, file, expr, bindings),
    readers: adapters,
  };
  // One walk over every file: flag literals, accessor calls and the call index adapters share.
  const globals = scanGlobals(files, opts, ctx, calls);
  const outputs: { id: string; out: AdapterOutput }[] = [];
  const claimed = new Set<ParsedFile>();
  const applied = adapters.map((a) => ({ a, mine: files.filter((f) => a.applies(f, opts)) }));
  withPassedProgram(applied, files, calls);
  for (const { a, mine } of applied) {
    if (mine.length === 0) continue;
    for (const f of mine) claimed.add(f);
    outputs.push({ id: a.id, out: a.read(mine, ctx) });
  }
  const commands = mergeCommands(outputs.flatMap((o) => o.out.commands));
  const byPath = new Map(commands.map((c) => [c.path.join("\u0000"), c]));
  const unread = unreadRegistration(calls, claimed);
  let commandSet: Closure = unread ?? CLOSED;
  const rootCommand = byPath.get("");
  if (unread && rootCommand && rootCommand.commandSet.closed) rootCommand.commandSet = unread;
  for (const o of outputs.flatMap((x) => x.out.openings ?? []).sort(byOpening)) {
    const c = byPath.get(o.path.join("\u0000"));
    const closure = open(o.reason, o.span);
    if (o.set === "commands" && o.path.length === 0 && commandSet.closed) commandSet = closure;
    if (!c) continue;
    if (o.set === "commands" && c.commandSet.closed) c.commandSet = closure;
    if (o.set === "flags" && c.flagSet.closed) c.flagSet = closure;
  }
  const globalFlags = new Set(globals.flags);
  for (const o of outputs) for (const f of o.out.globalFlags ?? []) globalFlags.add(f);
  for (const c of commands) for (const f of c.flags ?? []) globalFlags.add(f);
  const warnings: SurfaceWarning[] = [...outputs.flatMap((o) => o.out.warnings ?? []), ...globals.warnings];
  if (opts.commandTypeConfigured && !commands.some((c) => c.adapter === "registry")) {
    for (const t of opts.commandTypes)
      warnings.push({ message: `the configured command type \`${t}\` (cli.commandType) matches no command object in the code`, span: null });
  }
  return {
    commands,
    globalFlags: [...globalFlags].sort(),
    globalFlagSet: globals.closure,
    commandSet,
    adapters: outputs
      .filter((o) => o.out.commands.length > 0)
      .map((o) => o.id)
      .sort(),
    ...unreachedOf(outputs.flatMap((o) => o.out.unreached ?? [])),
    ...programFilesOf(outputs.flatMap((o) => o.out.programFiles ?? [])),
    warnings: warnings.sort((a, b) => cmp(a.span?.file ?? "", b.span?.file ?? "") || (a.span?.line ?? 0) - (b.span?.line ?? 0) || cmp(a.message, b.message)),
  };
}

/** The files of programs parsing their own argv, sorted, once each (absent when there are none). */
function programFilesOf(files: string[]): { programFiles?: string[] } {
  return files.length === 0 ? {} : { programFiles: [...new Set(files)].sort(cmp) };
}

/** The unreached parser calls, in file order, as the surface keeps them (absent when there are none). */
function unreachedOf(calls: UnreachedCall[]): { unreached?: UnreachedCall[] } {
  if (calls.length === 0) return {};
  return { unreached: [...calls].sort((a, b) => cmp(a.span.file, b.span.file) || a.span.line - b.span.line || a.span.column - b.span.column) };
}

/**
 * Files that import no parser but configure a program object a function receives as a parameter
 * (`module.exports = function (cli, options) { cli.command("dev [dir]") … }`; `.option(…)`, `.on("command:*")`): the helper a program is passed to.
 * They join the files of the one reader that reads passed programs (commander, yargs, cac) when exactly one of them
 * applies; with two, whose program it is would be a guess, and the calls stay unread (unreadRegistration opens the list).
 */
function withPassedProgram(
  applied: { a: CliAdapter; mine: ParsedFile[] }[],
  files: readonly ParsedFile[],
  calls: ReadonlyMap<string, { file: ParsedFile; call: ts.CallExpression }[]>,
): void {
  const takers = applied.filter((x) => x.a.readsPassedProgram && x.mine.length > 0);
  if (takers.length !== 1) return;
  const any = new Set(applied.flatMap((x) => x.mine));
  const helpers = new Set<ParsedFile>();
  const registrations = [
    ...(calls.get("command") ?? []),
    ...(calls.get("option") ?? []),
    ...(calls.get("on") ?? []).filter(({ call }) => stringLiteral(call.arguments[0]) === "command:*"),
  ];
  for (const { file, call } of registrations) {
    if (any.has(file) || helpers.has(file) || !ts.isPropertyAccessExpression(call.expression)) continue;
    const root = receiverRoot(call.expression.expression);
    if (root !== null && isParameter(root)) helpers.add(file);
  }
  if (helpers.size === 0) return;
  const mine = new Set([...takers[0]!.mine, ...helpers]);
  takers[0]!.mine = files.filter((f) => mine.has(f));
}

/** The identifier a chain of calls and property reads starts from (`cli` in `cli.command("a").option("-x")`), or null. */
function receiverRoot(e: ts.Expression): ts.Identifier | null {
  let x = unwrap(e);
  for (;;) {
    if (ts.isCallExpression(x)) x = unwrap(x.expression);
    else if (ts.isPropertyAccessExpression(x)) x = unwrap(x.expression);
    else return ts.isIdentifier(x) ? x : null;
  }
}

/**
 * A `.command("word …")` call in a file no adapter read (a home-made
 * commander-like class, a program object passed in without an import): the
 * code registers commands docpact does not see, so the top-level list is
 * open. The first such call in file order is the reason.
 */
function unreadRegistration(calls: Map<string, { file: ParsedFile; call: ts.CallExpression }[]>, claimed: ReadonlySet<ParsedFile>): Closure | null {
  let first: Span | null = null;
  let text = "";
  for (const { file, call } of calls.get("command") ?? []) {
    if (claimed.has(file) || !ts.isPropertyAccessExpression(call.expression) || call.arguments.length === 0) continue;
    const spec = stringLiteral(unwrap(call.arguments[0]!));
    if (spec === null || !/^[A-Za-z][\w:-]*(\s|$)/.test(spec)) continue;
    const span = spanOf(file, call);
    if (first === null || cmp(span.file, first.file) < 0 || (span.file === first.file && (span.line - first.line || span.column - first.column) < 0)) {
      first = span;
      text = spec;
    }
  }
  return first
    ? open(`\`.command(${JSON.stringify(text)})\` registers a command through an object no CLI adapter reads (its file imports no known CLI framework)`, first)
    : null;
}

function byOpening(a: Opening, b: Opening): number {
  return cmp(a.span.file, b.span.file) || a.span.line - b.span.line || a.span.column - b.span.column;
}

// ───────────── the global flag set ─────────────

/** Does the call's callee end with the accessor's dotted name (`values.get` matches `args.values.get(…)`, `get` matches any `.get(…)`)? */
export function calleeMatches(call: ts.CallExpression, accessor: string): boolean {
  const want = accessor.split(".");
  let e: ts.Expression = call.expression;
  for (let i = want.length - 1; i >= 0; i--) {
    if (ts.isPropertyAccessExpression(e)) {
      if (e.name.text !== want[i]) return false;
      e = e.expression;
    } else if (ts.isIdentifier(e)) {
      return i === 0 && e.text === want[0];
    } else return false;
  }
  return true;
}

interface Globals {
  flags: string[];
  closure: Closure;
  warnings: SurfaceWarning[];
}

/**
 * Every `--name` literal (and `-x` string literal) in the code, and every
 * name passed to a configured accessor: the first string argument of the call
 * (`values.get("root")`, `flagValue(args, "command")`). A name that does not
 * evaluate opens the set, except inside a wrapper whose parameter it is (its
 * call sites are what count) and for a bare method name such as `get`, which
 * is too common to judge by.
 */
function scanGlobals(
  files: ParsedFile[],
  opts: CliReadOptions,
  ctx: AdapterContext,
  calls: Map<string, { file: ParsedFile; call: ts.CallExpression }[]>,
): Globals {
  const flags = new Set<string>();
  const matched = new Set<string>();
  let closure: Closure | null = null;
  const accessors = opts.flagAccessors;
  for (const file of files) {
    // What the walk found, in walk order; the accessor names are evaluated here, each run (they may read other files).
    for (const e of walkEvents(file, accessors)) {
      if (e.kind === "flag") flags.add(e.name);
      else if (e.kind === "call") {
        let list = calls.get(e.name);
        if (!list) calls.set(e.name, (list = []));
        list.push({ file, call: e.call });
      } else {
        const a = e.accessor;
        const call = e.call;
        const got = accessorName(file, call, ctx);
        if (got === "skip") continue;
        matched.add(a);
        if (typeof got === "string") flags.add(flagName(got));
        else if (Array.isArray(got)) for (const g of got) flags.add(flagName(g));
        else if (closure === null && (a.includes(".") || ts.isIdentifier(call.expression))) {
          closure = open(`the flag name passed to \`${a}\` does not evaluate: \`${excerpt(got.text)}\``, got.span);
        }
      }
    }
  }
  const warnings: SurfaceWarning[] = [];
  for (const a of accessors) {
    if (!matched.has(a)) warnings.push({ message: `the configured flag accessor \`${a}\` (cli.flagAccessors) matches no call in the code`, span: null });
  }
  if (closure === null) {
    closure =
      matched.size > 0
        ? CLOSED
        : open("no flag accessor is configured or matched (cli.flagAccessors): the global set holds only the `--name` literals found in the code", null);
  }
  return { flags: [...flags], closure, warnings };
}

export function literalFlag(text: string, inTemplate: boolean): string | null {
  const m = FLAG_LITERAL.exec(text);
  if (m) return m[1];
  return !inTemplate && SHORT_LITERAL.test(text) ? text : null;
}

/** One finding of the walk over a file: a flag literal, a call (for the call index), or a call of a configured accessor. */
type WalkEvent =
  | { kind: "flag"; name: string; node: ts.Node }
  | { kind: "call"; name: string; call: ts.CallExpression }
  | { kind: "accessor"; accessor: string; call: ts.CallExpression };

/**
 * The walk's findings for one file, kept by parsed file (its syntax tree) and the accessors: a
 * watch re-check after a TS edit walks only the edited file (an unchanged file keeps its tree).
 */
const walked = weakMemo<ParsedFile, { accessors: string; events: WalkEvent[] }>("readers/cli/surface#walked");
export function walkEvents(file: ParsedFile, accessors: readonly string[]): readonly WalkEvent[] {
  const key = accessors.join("\u0000");
  const hit = walked.get(file);
  if (hit && hit.accessors === key) return hit.events;
  const events: WalkEvent[] = [];
  const flag = (name: string | null, node: ts.Node) => {
    if (name !== null) events.push({ kind: "flag", name, node });
  };
  const visit = (node: ts.Node): void => {
    switch (node.kind) {
      case ts.SyntaxKind.StringLiteral:
      case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
        flag(literalFlag((node as ts.StringLiteral).text, false), node);
        break;
      case ts.SyntaxKind.TemplateHead:
      case ts.SyntaxKind.TemplateMiddle:
      case ts.SyntaxKind.TemplateTail:
        for (const tok of (node as ts.TemplateLiteralLikeNode).text.split(/\s+/)) flag(literalFlag(tok, true), node);
        break;
      case ts.SyntaxKind.CallExpression: {
        const call = node as ts.CallExpression;
        const name = calleeName(call);
        if (name) events.push({ kind: "call", name, call });
        for (const a of accessors) if (calleeMatches(call, a)) events.push({ kind: "accessor", accessor: a, call });
        break;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file.sf);
  walked.set(file, { accessors: key, events });
  return events;
}

/**
 * The flag name(s) an accessor call reads: its first string argument; the
 * values of the list a loop variable walks (`for (const layer of LAYERS)
 * flag(layer)` with a constant `LAYERS`); "skip" for a wrapper's own body (the
 * name is its parameter: its call sites count) or a call with no name
 * argument; otherwise the expression that does not evaluate (a loop variable
 * over an unknown list, a run-time value), which opens the set.
 */
export function accessorName(file: ParsedFile, call: ts.CallExpression, ctx: AdapterContext): string | string[] | "skip" | { text: string; span: Span } {
  for (const arg of call.arguments) {
    const s = stringLiteral(unwrap(arg));
    if (s !== null) return s;
  }
  const args = call.arguments.map((a) => unwrap(a));
  if (args.length === 0) return "skip";
  // `flag(values, name)`: a first identifier that is no string is the values object; the name comes next.
  let u = args[0]!;
  if (args.length > 1 && ts.isIdentifier(u) && typeof ctx.fold(file, u) !== "string") u = args[1]!;
  if (!mayBeName(u)) return "skip";
  if (ts.isIdentifier(u) && isParameter(u)) return "skip";
  const v: FoldedValue | undefined = ctx.fold(file, u);
  if (typeof v === "string") return v;
  if (ts.isIdentifier(u)) {
    const loop = loopOver(u);
    if (loop) {
      const list = ctx.fold(file, loop);
      if (Array.isArray(list) && list.length > 0 && list.every((x): x is string => typeof x === "string")) return list;
      return { text: `${u.text}\` is a loop variable over \`${excerpt(loop.getText(file.sf))}`, span: spanOf(file, u) };
    }
  }
  return { text: u.getText(file.sf), span: spanOf(file, u) };
}

/** An argument that can carry a flag name (not a literal object, array, function, number or boolean). */
function mayBeName(u: ts.Expression): boolean {
  return !(
    ts.isObjectLiteralExpression(u) ||
    ts.isArrayLiteralExpression(u) ||
    ts.isFunctionLike(u) ||
    ts.isNumericLiteral(u) ||
    u.kind === ts.SyntaxKind.TrueKeyword ||
    u.kind === ts.SyntaxKind.FalseKeyword ||
    u.kind === ts.SyntaxKind.NullKeyword ||
    u.kind === ts.SyntaxKind.UndefinedKeyword
  );
}

/** A parameter of an enclosing function (a wrapper's name argument: its call sites are what count). */
function isParameter(id: ts.Identifier): boolean {
  for (let n: ts.Node | undefined = id.parent; n; n = n.parent) {
    if (loopBinds(n, id.text)) return false;
    if (ts.isFunctionLike(n) && n.parameters.some((p) => bindsName(p.name, id.text))) return true;
  }
  return false;
}

/** The list a `for…of` loop around `id` walks when it binds `id` itself (`for (const x of LIST)`); null otherwise. */
function loopOver(id: ts.Identifier): ts.Expression | null {
  for (let n: ts.Node | undefined = id.parent; n; n = n.parent) {
    if (ts.isFunctionLike(n)) return null;
    if (ts.isForOfStatement(n) && loopBinds(n, id.text)) {
      const init = n.initializer as ts.VariableDeclarationList;
      const d = init.declarations[0];
      return d && ts.isIdentifier(d.name) ? n.expression : null;
    }
  }
  return null;
}

/** Whether `n` is a `for…of` / `for…in` loop that declares `name`. */
function loopBinds(n: ts.Node, name: string): boolean {
  if (!ts.isForOfStatement(n) && !ts.isForInStatement(n)) return false;
  const init = n.initializer;
  return ts.isVariableDeclarationList(init) && init.declarations.some((d) => bindsName(d.name, name));
}

function bindsName(n: ts.BindingName, name: string): boolean {
  if (ts.isIdentifier(n)) return n.text === name;
  return n.elements.some((el) => !ts.isOmittedExpression(el) && bindsName(el.name, name));
}

// ───────────── merging ─────────────

function comparePaths(a: string[], b: string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const c = cmp(a[i], b[i]);
    if (c) return c;
  }
  return a.length - b.length;
}

function flagKey(f: FlagSpec): string {
  return f.long ?? f.short[0] ?? "";
}

function mergeOptions(into: FlagSpec[], more: FlagSpec[]): void {
  for (const f of more) {
    const prev = into.find((x) => flagKey(x) === flagKey(f));
    if (!prev) {
      into.push({ ...f, short: [...f.short], aliases: [...f.aliases] });
      continue;
    }
    for (const s of f.short) if (!prev.short.includes(s)) prev.short.push(s);
    for (const a of f.aliases) if (!prev.aliases.includes(a)) prev.aliases.push(a);
    prev.negatable ||= f.negatable;
    prev.inherited ||= f.inherited;
    if (prev.arity === "boolean") prev.arity = f.arity;
  }
}

/**
 * One declaration per path, sorted by path: the first by source position wins
 * the span, adapter and `via`; flags, sub-commands and aliases are united; an
 * open set stays open. Every child path is a verb of its parent.
 */
export function mergeCommands(found: CommandDecl[]): CommandDecl[] {
  const sorted = [...found].sort((x, y) => cmp(x.span.file, y.span.file) || x.span.line - y.span.line || x.span.column - y.span.column);
  const byPath = new Map<string, CommandDecl>();
  for (const d of sorted) {
    const key = d.path.join("\u0000");
    const prev = byPath.get(key);
    if (!prev) {
      byPath.set(key, {
        ...d,
        aliases: [...d.aliases],
        verbs: d.verbs ? [...d.verbs] : null,
        options: [],
        positionals: [...d.positionals],
        syntax: { ...d.syntax },
        ...(d.reads ? { reads: [...d.reads] } : {}),
      });
      mergeOptions(byPath.get(key)!.options, d.options);
      continue;
    }
    for (const a of d.aliases) if (!prev.aliases.includes(a)) prev.aliases.push(a);
    if (d.verbs) prev.verbs = [...new Set([...(prev.verbs ?? []), ...d.verbs])];
    mergeOptions(prev.options, d.options);
    if (prev.positionals.length === 0) prev.positionals = [...d.positionals];
    if (prev.flagSet.closed && !d.flagSet.closed) prev.flagSet = d.flagSet;
    if (prev.commandSet.closed && !d.commandSet.closed) prev.commandSet = d.commandSet;
    if (d.flagScope === "declared") prev.flagScope = "declared";
    // Two declarations of one path: reads united when both are known, else the global set.
    if (prev.reads && d.reads) prev.reads = [...new Set([...prev.reads, ...d.reads])].sort(cmp);
    else if (prev.reads && d.flagScope === "global") delete prev.reads;
    prev.isDefault ||= d.isDefault;
    prev.syntax = {
      camelKebab: prev.syntax.camelKebab || d.syntax.camelKebab,
      negateBooleans: prev.syntax.negateBooleans || d.syntax.negateBooleans,
      dotted: prev.syntax.dotted || d.syntax.dotted,
    };
  }
  const all = [...byPath.values()];
  for (const c of all) {
    if (c.path.length === 0) continue;
    const parent = byPath.get(c.path.slice(0, -1).join("\u0000"));
    if (parent) {
      const w = c.path[c.path.length - 1];
      parent.verbs = [...new Set([...(parent.verbs ?? []), w])];
    }
  }
  for (const c of all) {
    if (c.verbs) c.verbs.sort(cmp);
    c.aliases.sort(cmp);
    c.options.sort((a, b) => cmp(flagKey(a), flagKey(b)));
    for (const f of c.options) {
      f.short.sort(cmp);
      f.aliases.sort(cmp);
    }
    const names = [...new Set(c.options.flatMap(flagNames))].sort(cmp);
    c.flags = names.length > 0 ? names : c.flagScope === "global" ? null : [];
  }
  return all.sort((a, b) => comparePaths(a.path, b.path));
}
