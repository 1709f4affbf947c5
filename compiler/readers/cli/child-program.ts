/**
 * "The rest of argv is another program": a CLI whose argv is handed to a
 * child process it starts, with no parser package in between —
 *
 *   // bin: crossEnv(process.argv.slice(2))
 *   export function crossEnv(args) {
 *     const [env, command, commandArgs] = parseCommand(args)
 *     spawn(command, commandArgs, { env })      // child_process, cross-spawn, execa
 *   }
 *
 * The function holding the spawn call takes the program's argv as a parameter
 * (followed back through up to four wrappers: program-argv.ts), and a value
 * computed from that parameter (through local variables and calls: a
 * destructured `parseCommand(args)`) is the spawn's command or its
 * arguments.
 *
 * What it declares: the root command, taking any words (the command to run
 * and its arguments), so an invocation's command words are judged (they are
 * arguments, never unknown commands). Its flags are the child program's: the
 * flag set is open with that reason, so no flag is reported against this CLI
 * and each is counted as not judged. Flags the CLI declares itself (a
 * hand-rolled chain, argv-flags.ts) are still judged as known.
 */
import { open } from "../../model/cli.js";
import { type ParsedFile, calleeName, spanOf, ts, unwrap } from "../code-source.js";
import { type AdapterContext, type AdapterOutput, command, defineReader } from "./adapter.js";
import { importsParser } from "./argv-flags.js";
import { argvSites, importedNames } from "./program-argv.js";
import { enclosingFunction } from "./syntax.js";

const SPAWNERS = ["child_process", "node:child_process", "cross-spawn", "execa"];
const SPAWN_FUNCTIONS = ["spawn", "spawnSync", "execFile", "execFileSync", "fork", "sync", "execa", "execaSync", "execaNode"];

/** Names the spawn functions are bound to in the file: `spawn` from child_process, cross-spawn's default, `execa`. */
function spawnNames(file: ParsedFile): Set<string> {
  const out = new Set<string>();
  for (const name of [null, ...SPAWN_FUNCTIONS]) for (const n of importedNames(file, SPAWNERS, name)) out.add(n);
  return out;
}

/** Identifiers in `fn` whose value is computed from `param` (declarations whose initializer mentions a tainted name), to a fixpoint. */
function taintedNames(fn: ts.SignatureDeclaration, param: string): Set<string> {
  const tainted = new Set([param]);
  const mentions = (e: ts.Node): boolean => {
    let hit = false;
    const visit = (n: ts.Node): void => {
      if (hit) return;
      if (ts.isIdentifier(n) && tainted.has(n.text)) hit = true;
      else ts.forEachChild(n, visit);
    };
    visit(e);
    return hit;
  };
  const bind = (name: ts.BindingName): boolean => {
    if (ts.isIdentifier(name)) {
      if (tainted.has(name.text)) return false;
      tainted.add(name.text);
      return true;
    }
    let grew = false;
    for (const el of name.elements) if (!ts.isOmittedExpression(el) && bind(el.name)) grew = true;
    return grew;
  };
  for (let round = 0; round < 4; round++) {
    let grew = false;
    const visit = (n: ts.Node): void => {
      if (ts.isVariableDeclaration(n) && n.initializer && mentions(n.initializer) && bind(n.name)) grew = true;
      if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isIdentifier(n.left) && mentions(n.right) && bind(n.left))
        grew = true;
      ts.forEachChild(n, visit);
    };
    const body = (fn as ts.FunctionLikeDeclaration).body;
    if (body) visit(body);
    if (!grew) break;
  }
  return tainted;
}

export function readChildProgram(files: ParsedFile[], ctx: AdapterContext): AdapterOutput {
  const out: AdapterOutput = { commands: [] };
  if (importsParser(ctx, "child-program")) return out;
  for (const file of files) {
    const names = spawnNames(file);
    if (names.size === 0) continue;
    const visit = (n: ts.Node): void => {
      ts.forEachChild(n, visit);
      if (!ts.isCallExpression(n)) return;
      const callee = unwrap(n.expression);
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? calleeName(n) : null;
      if (
        !name ||
        !(names.has(name) || (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && names.has(`${callee.expression.text}.${name}`)))
      )
        return;
      const fn = enclosingFunction(n);
      if (!fn) return;
      const spawned = n.arguments.slice(0, 2);
      for (const p of fn.parameters) {
        if (!ts.isIdentifier(p.name)) continue;
        const tainted = taintedNames(fn, p.name.text);
        const fromParam = spawned.some((a) => {
          let hit = false;
          const look = (x: ts.Node): void => {
            if (ts.isIdentifier(x) && tainted.has(x.text)) hit = true;
            else if (!hit) ts.forEachChild(x, look);
          };
          look(a);
          return hit;
        });
        if (!fromParam) continue;
        // The parameter is the program's argv where the function is called (`crossEnv(process.argv.slice(2))`), or its default is.
        const reaches =
          argvSites(ctx, file, n, p.name, false).length > 0 || (p.initializer !== undefined && argvSites(ctx, file, n, p.initializer, false).length > 0);
        if (!reaches) continue;
        const span = spanOf(file, n);
        out.commands.push(
          command([], span, "child-program", {
            positionals: [{ name: "command", required: false, variadic: true }],
            flagSet: open(`the rest of argv is another program: it is handed to \`${name}(…)\`, so its flags are that program's`, span),
            isDefault: true,
            via: "child-program",
          }),
        );
        return;
      }
    };
    visit(file.sf);
  }
  return out;
}

export default defineReader({
  id: "child-program",
  shownBy: {
    code: 'import { spawn } from "node:child_process";\nexport function run(args: string[]) { return spawn(args[0], args.slice(1)); }\nrun(process.argv.slice(2));\n',
  },
  docs: "the rest of argv is another program: a function that takes the program's argv (through wrappers) and hands a value computed from it to `spawn`/`execFile`/`fork` (child_process, cross-spawn, execa), with no parser package; its words are arguments, its flags the child's (open: not judged)",
  order: 84,
  detect: (text) => /(?:from\s+|require\(\s*)["'](?:node:)?(?:child_process|cross-spawn|execa)["']/.test(text),
  read: readChildProgram,
});
