/**
 * Hand-rolled CLIs that read their command word straight off the program's
 * argv, with no parser at all:
 *
 *   a = process.argv[2]                    // or `const [, , cmd] = process.argv`, `p = process; p.argv[2]`
 *   if (a == "init") { …; process.exit() }
 *   if (["add", "set"].includes(a)) { … }
 *   run(a)                                 // any other word is an argument (a folder)
 *
 * The words compared with the variable (`===`/`==`, `switch` cases, a
 * constant list's `includes`) are the root's commands (dispatch.ts reads
 * them: a `switch` with a `default` or a guard that turns other words away
 * closes the list). When the word is also handed on as a value outside the
 * branches that compare it (`run(a)`, `i(a == "install" ? undefined : a)`),
 * every other word is an argument of the root: the root declares one optional
 * positional, so other words are judged as arguments, not commands.
 *
 * The program parses no flags, so the root's flag set is open (a `--x` is
 * just another word to it); words starting with `-` are not commands.
 */
import { CLOSED, open, type PositionalSpec } from "../../model/cli.js";
import { type ParsedFile, spanOf, stringLiteral, ts, unwrap } from "../code-source.js";
import { type AdapterContext, type AdapterOutput, command, defineReader } from "./adapter.js";
import { readWords, type WordAt } from "./dispatch.js";

/** `process.argv[2]`, `p.argv[2]` (with `p` only ever `process`), the index, or null. */
function argvIndex(e: ts.Expression, processNames: ReadonlySet<string>): number | null {
  const u = unwrap(e);
  if (!ts.isElementAccessExpression(u) || !ts.isNumericLiteral(u.argumentExpression)) return null;
  return isArgv(u.expression, processNames) ? Number(u.argumentExpression.text) : null;
}

function isArgv(e: ts.Expression, processNames: ReadonlySet<string>): boolean {
  const a = unwrap(e);
  return ts.isPropertyAccessExpression(a) && a.name.text === "argv" && ts.isIdentifier(a.expression) && processNames.has(a.expression.text);
}

/** `process`, and variables whose every assignment and initializer in the file is `process` (`let p; p = process`). */
function processAliases(file: ParsedFile): Set<string> {
  const good = new Set<string>();
  const bad = new Set<string>();
  const note = (name: string, value: ts.Expression | undefined) => {
    const v = value && unwrap(value);
    if (v && ts.isIdentifier(v) && v.text === "process") good.add(name);
    else if (value !== undefined) bad.add(name);
  };
  const visit = (n: ts.Node): void => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name)) note(n.name.text, n.initializer);
    if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isIdentifier(n.left)) note(n.left.text, n.right);
    ts.forEachChild(n, visit);
  };
  visit(file.sf);
  const out = new Set(["process"]);
  for (const g of good) if (!bad.has(g)) out.add(g);
  return out;
}

/** The variable the command word is bound to: `a = process.argv[2]` or `const [, , cmd] = process.argv`; the lowest index wins. */
function wordVariable(file: ParsedFile, names: ReadonlySet<string>): { name: string; node: ts.Node } | null {
  let best: { name: string; node: ts.Node; index: number } | null = null;
  const take = (name: string, index: number, node: ts.Node) => {
    if (index >= 2 && (!best || index < best.index)) best = { name, node, index };
  };
  const visit = (n: ts.Node): void => {
    if (ts.isVariableDeclaration(n) && n.initializer) {
      if (ts.isIdentifier(n.name)) {
        const i = argvIndex(n.initializer, names);
        if (i !== null) take(n.name.text, i, n);
      } else if (ts.isArrayBindingPattern(n.name) && isArgv(n.initializer, names)) {
        n.name.elements.forEach((el, i) => {
          if (!ts.isOmittedExpression(el) && !el.dotDotDotToken && ts.isIdentifier(el.name)) take(el.name.text, i, n);
        });
      }
    }
    if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isIdentifier(n.left)) {
      const i = argvIndex(n.right, names);
      if (i !== null) take(n.left.text, i, n);
    }
    ts.forEachChild(n, visit);
  };
  visit(file.sf);
  return best;
}

/** Does a condition compare the word (`a == "x"`, `LIST.includes(a)`)? */
function comparesWord(cond: ts.Expression, isWord: (e: ts.Expression) => boolean): boolean {
  let found = false;
  const visit = (n: ts.Node): void => {
    if (ts.isBinaryExpression(n) && [ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.EqualsEqualsEqualsToken].includes(n.operatorToken.kind)) {
      if ((isWord(n.left) && stringLiteral(unwrap(n.right)) !== null) || (isWord(n.right) && stringLiteral(unwrap(n.left)) !== null)) found = true;
    }
    if (
      ts.isCallExpression(n) &&
      ts.isPropertyAccessExpression(n.expression) &&
      n.expression.name.text === "includes" &&
      n.arguments[0] &&
      isWord(n.arguments[0])
    )
      found = true;
    ts.forEachChild(n, visit);
  };
  visit(cond);
  return found;
}

/**
 * Is the word handed on as a value where it is not known to be one of the
 * compared words: an argument of a call, outside the `then` branch of an
 * `if` (and the `true` branch of a `?:`) whose condition compares it.
 */
function passedOn(body: ts.Node, isWord: (e: ts.Expression) => boolean): boolean {
  let found = false;
  const guarded = (n: ts.Node): boolean => {
    for (let c: ts.Node = n, p = n.parent; p && p !== body; c = p, p = p.parent) {
      if (ts.isIfStatement(p) && c === p.thenStatement && comparesWord(p.expression, isWord)) return true;
      if (ts.isConditionalExpression(p) && c === p.whenTrue && comparesWord(p.condition, isWord)) return true;
      if (ts.isCaseClause(p)) return true;
    }
    return false;
  };
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (ts.isCallExpression(n)) {
      for (const a of n.arguments) {
        const u = unwrap(a);
        const val = ts.isConditionalExpression(u) ? [u.whenTrue, u.whenFalse].map(unwrap) : [u];
        if (
          val.some((x) => isWord(x)) &&
          !(ts.isPropertyAccessExpression(n.expression) && n.expression.name.text === "includes") &&
          !guarded(val.find((x) => isWord(x))!)
        )
          found = true;
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(body);
  return found;
}

export function readArgvWords(files: ParsedFile[], ctx: AdapterContext): AdapterOutput {
  const out: AdapterOutput = { commands: [], openings: [] };
  for (const file of files) {
    const names = processAliases(file);
    const v = wordVariable(file, names);
    if (!v) continue;
    const isWord = (e: ts.Expression): boolean => {
      const u = unwrap(e);
      return ts.isIdentifier(u) && u.text === v.name;
    };
    // dispatch.ts reads the words compared with "word `index` of a list", or with the word itself.
    const at: WordAt = { isList: () => false, index: 0, word: isWord };
    const words = readWords(file, file.sf, ctx, at);
    if (!words) continue;
    const verbs = words.verbs.filter((w) => !w.startsWith("-"));
    if (verbs.length === 0) continue;
    const span = spanOf(file, v.node);
    const positionals: PositionalSpec[] = passedOn(file.sf, isWord) ? [{ name: v.name, required: false, variadic: false }] : [];
    out.commands.push(
      command([], span, "argv-words", {
        verbs,
        commandSet: positionals.length > 0 ? CLOSED : words.closure,
        positionals,
        flagSet: open("the program parses no flags: it reads its argv words itself (`process.argv[…]`)", span),
        isDefault: true,
        via: "dispatch",
      }),
    );
  }
  return out;
}

export default defineReader({
  id: "argv-words",
  shownBy: { code: 'const a = process.argv[2];\nif (a === "init") console.log(a);\n' },
  docs: "hand-rolled: the command word read straight off `process.argv[2]` (or a destructured argv) and compared with literals, `switch` cases or a constant list's `includes`; a word also handed on as a value makes other words arguments; no flags are parsed (the flag set is open)",
  order: 80,
  detect: (text) => /\.argv\s*\[\s*[2-9]\s*\]|\[\s*,\s*,\s*[A-Za-z_$][\w$]*\s*\]\s*=\s*process\.argv/.test(text),
  read: readArgvWords,
});
