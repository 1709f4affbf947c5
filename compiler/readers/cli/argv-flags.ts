/**
 * Hand-rolled flag parsing: a chain of comparisons of one word with flag
 * literals, in a CLI that uses no parser package at all:
 *
 *   function option(options, arg, eatNext) {
 *     if (arg === '--help' || arg === '-h') { … }
 *     else if (arg === '--watch' || arg === '-w') { options.watch.push(eatNext()) }
 *     else { return false }                  // not ours: the caller passes it on
 *   }
 *
 * (or a `switch (arg)` whose cases are flag literals). Each `if` (or run of
 * `case`s) is one flag, its literals the flag's names; a branch that takes the
 * next word (calls a parameter of the function: `eatNext()`, or reads
 * `args[++i]`, `args[i + 1]`, `args.shift()`) makes the flag take a value.
 *
 * The set is closed only when the chain's last `else` (or the `switch`'s
 * `default`) rejects the word: it throws or exits. Otherwise a flag the chain
 * does not name is not this program's error — it is passed on (nodemon hands
 * it to the script it runs) — so the declared flags are judged as known and
 * any other stays not judged, with that reason.
 *
 * Read only where no parser package is imported anywhere in the code (a
 * framework's reader knows the flags there; a helper's comparisons must not
 * open its set), and only for chains of three flags or more.
 */
import { CLOSED, type FlagArity, type FlagSpec, open } from "../../model/cli.js";
import { type ParsedFile, spanOf, stringLiteral, ts, unwrap } from "../code-source.js";
import { type AdapterContext, type AdapterOutput, command, defineReader, detects, flag } from "./adapter.js";
import { enclosingFunction } from "./syntax.js";

const FLAG_LITERAL = /^--?[A-Za-z][\w.-]*$/;
const MIN_FLAGS = 3;

/** Does any file use a parser package some reader reads (its `detect`: commander, yargs, minimist, `parseArgs` from node:util, …)? Then that reader knows the flags. */
export function importsParser(ctx: AdapterContext, self: string): boolean {
  const parsers = (ctx.readers ?? []).filter((r) => r.id !== self && r.packages.length > 0);
  return ctx.all.some((f) => parsers.some((r) => detects(r, f)));
}

/** The flag literals a condition compares `word` with (`w === '--a' || w === '-a'`), or null when it compares anything else. */
function flagTerms(cond: ts.Expression, word: string | null): { word: string; names: string[] } | null {
  const terms: ts.Expression[] = [];
  const split = (e: ts.Expression): void => {
    const u = unwrap(e);
    if (ts.isBinaryExpression(u) && u.operatorToken.kind === ts.SyntaxKind.BarBarToken) {
      split(u.left);
      split(u.right);
    } else terms.push(u);
  };
  split(cond);
  let w = word;
  const names: string[] = [];
  for (const t of terms) {
    if (!ts.isBinaryExpression(t)) return null;
    const k = t.operatorToken.kind;
    if (k !== ts.SyntaxKind.EqualsEqualsEqualsToken && k !== ts.SyntaxKind.EqualsEqualsToken) return null;
    const l = unwrap(t.left);
    const r = unwrap(t.right);
    const [id, lit] = ts.isIdentifier(l) ? [l, stringLiteral(r)] : ts.isIdentifier(r) ? [r, stringLiteral(l)] : [null, null];
    // `-?` is compared like a flag but is no name a doc can write as one.
    if (!id || lit === null || !lit.startsWith("-") || lit === "-" || lit === "--") return null;
    if (w !== null && id.text !== w) return null;
    w = id.text;
    if (FLAG_LITERAL.test(lit)) names.push(lit);
  }
  return w !== null && names.length > 0 ? { word: w, names } : null;
}

/** The branch takes the next word: calls a parameter of the enclosing function, or reads `x[++i]`, `x[i + 1]`, `x.shift()`. */
function takesValue(body: ts.Node, params: ReadonlySet<string>, word: string): boolean {
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (ts.isCallExpression(n)) {
      const c = unwrap(n.expression);
      if (ts.isIdentifier(c) && params.has(c.text) && c.text !== word) found = true;
      if (ts.isPropertyAccessExpression(c) && c.name.text === "shift") found = true;
    }
    if (ts.isElementAccessExpression(n)) {
      const a = unwrap(n.argumentExpression);
      if (ts.isPrefixUnaryExpression(a) && a.operator === ts.SyntaxKind.PlusPlusToken) found = true;
      if (ts.isBinaryExpression(a) && a.operatorToken.kind === ts.SyntaxKind.PlusToken && ts.isNumericLiteral(unwrap(a.right))) found = true;
    }
    ts.forEachChild(n, visit);
  };
  visit(body);
  return found;
}

/** The statement rejects the word: its last statement throws or calls `process.exit`. */
function rejects(st: ts.Statement | undefined): boolean {
  if (!st) return false;
  const last = ts.isBlock(st) ? st.statements[st.statements.length - 1] : st;
  if (!last) return false;
  if (ts.isThrowStatement(last)) return true;
  if (ts.isExpressionStatement(last) && ts.isCallExpression(last.expression)) {
    const c = last.expression.expression;
    return ts.isPropertyAccessExpression(c) && c.name.text === "exit" && ts.isIdentifier(c.expression) && c.expression.text === "process";
  }
  return false;
}

interface Chain {
  node: ts.Node;
  flags: { names: string[]; arity: FlagArity; span: ts.Node }[];
  /** The word is turned away when no flag matches. */
  rejectsOthers: boolean;
}

function paramsOf(node: ts.Node): Set<string> {
  const fn = enclosingFunction(node);
  const out = new Set<string>();
  for (const p of fn?.parameters ?? []) if (ts.isIdentifier(p.name)) out.add(p.name.text);
  return out;
}

/** `if (w === '--a') … else if (w === '--b') … else …` from its first `if`. */
function ifChain(first: ts.IfStatement): Chain | null {
  const head = flagTerms(first.expression, null);
  if (!head) return null;
  const params = paramsOf(first);
  const flags: Chain["flags"] = [];
  let st: ts.Statement | undefined = first;
  while (st && ts.isIfStatement(st)) {
    const terms = flagTerms(st.expression, head.word);
    if (!terms) return null;
    flags.push({ names: terms.names, arity: takesValue(st.thenStatement, params, head.word) ? "value" : "boolean", span: st.expression });
    st = st.elseStatement;
  }
  return { node: first, flags, rejectsOthers: rejects(st) };
}

/** `switch (w) { case '--a': case '-a': …; default: … }` with flag-literal cases. */
function switchChain(sw: ts.SwitchStatement): Chain | null {
  const word = unwrap(sw.expression);
  const params = paramsOf(sw);
  const flags: Chain["flags"] = [];
  let names: string[] = [];
  let rejectsOthers = false;
  for (const c of sw.caseBlock.clauses) {
    if (ts.isDefaultClause(c)) {
      rejectsOthers = c.statements.some((s) => rejects(s));
      names = [];
      continue;
    }
    const lit = stringLiteral(unwrap(c.expression));
    if (lit === null || !lit.startsWith("-") || lit === "-" || lit === "--") return null;
    if (FLAG_LITERAL.test(lit)) names.push(lit);
    if (c.statements.length === 0) continue;
    flags.push({
      names,
      arity: c.statements.some((s) => takesValue(s, params, ts.isIdentifier(word) ? word.text : "")) ? "value" : "boolean",
      span: c.expression,
    });
    names = [];
  }
  return { node: sw, flags, rejectsOthers };
}

function chainsOf(file: ParsedFile): Chain[] {
  const out: Chain[] = [];
  const visit = (n: ts.Node): void => {
    const isElse = ts.isIfStatement(n) && ts.isIfStatement(n.parent) && n.parent.elseStatement === n;
    const chain = ts.isIfStatement(n) && !isElse ? ifChain(n) : ts.isSwitchStatement(n) ? switchChain(n) : null;
    if (chain && chain.flags.length >= MIN_FLAGS) out.push(chain);
    ts.forEachChild(n, visit);
  };
  visit(file.sf);
  return out;
}

export function readArgvFlags(files: ParsedFile[], ctx: AdapterContext): AdapterOutput {
  const out: AdapterOutput = { commands: [] };
  if (importsParser(ctx, "argv-flags")) return out;
  for (const file of files) {
    for (const chain of chainsOf(file)) {
      const span = spanOf(file, chain.node);
      const options = chain.flags.map((f) => flag(f.names, { arity: f.arity, span: spanOf(file, f.span) })).filter((f): f is FlagSpec => f !== null);
      out.commands.push(
        command([], span, "argv-flags", {
          options,
          positionals: [{ name: "args", required: false, variadic: true }],
          flagSet: chain.rejectsOthers
            ? CLOSED
            : open(
                "hand-rolled flag comparisons that do not reject other flags (no throw or exit after the last): an undeclared flag is passed on to the program it runs",
                span,
              ),
          isDefault: true,
          via: "argv-flags",
        }),
      );
    }
  }
  return out;
}

export default defineReader({
  id: "argv-flags",
  shownBy: { code: 'export function opt(a: string) {\n  if (a === "--x") {} else if (a === "--y") {} else if (a === "--z") {} else { return false; }\n}\n' },
  docs: "hand-rolled flags: a chain of `if (arg === '--watch' || arg === '-w')` (or a `switch` with flag-literal cases, three flags or more) in code that imports no parser package; a branch that takes the next word makes the flag take a value; the set is closed only when the last `else`/`default` throws or exits (otherwise undeclared flags are passed on: not judged)",
  order: 82,
  detect: (text) => (text.match(/(?:[=!]==?|\bcase)\s*['"]--?[A-Za-z][\w.-]*['"]/g)?.length ?? 0) >= MIN_FLAGS,
  read: readArgvFlags,
});
