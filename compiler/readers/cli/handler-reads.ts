/**
 * Per-command flag sets of a command-type registry whose commands declare no
 * flags and read them from the parsed arguments (`execute(args) { …
 * args.flags.has("--reopen") … args.values.get("code") … }`): the flags a
 * command's handler reads, and the flags read anywhere outside every handler
 * (the program's own, accepted by every command).
 *
 * A handler's reads are every `--name` literal in its body and in the
 * project functions it hands its arguments object to (followed by name, a few
 * levels deep), every string a call on that object passes (`args.values.get("code")`
 * reads `--code`) and every name a configured flag accessor is given. The set
 * is known only when every use of the arguments object is one of those: a
 * name that does not evaluate, the object handed to a function docpact cannot
 * follow, stored, spread or destructured, leaves it unknown (null), and the
 * command keeps the CLI's global set.
 */
import { CLOSED, type Closure, open } from "../../model/cli.js";
import { calleeName, type ParsedFile, spanOf, stringLiteral, ts, unwrap } from "../code-source.js";
import { type AdapterContext, excerpt, flagName } from "./adapter.js";
import { accessorName, calleeMatches, literalFlag, walkEvents } from "./surface.js";
import { weakMemo } from "../../util/memo.js";

export interface Reads {
  flags: Set<string>;
  closure: Closure;
}

type Fn = ts.FunctionDeclaration | ts.FunctionExpression | ts.ArrowFunction | ts.MethodDeclaration;

interface FnEntry {
  file: ParsedFile;
  fn: Fn;
}

const MAX_DEPTH = 4;
/** Methods that look a name up: what they are given may be a flag read. */
const LOOKUPS = new Set(["get", "has", "includes", "getAll", "indexOf"]);

/** The project's named functions (declarations and `const f = (…) => …`), by name; several with one name are not followed. */
const indexes = weakMemo<readonly ParsedFile[], Map<string, FnEntry[]>>("readers/cli/handler-reads#indexes");
function functionIndex(files: readonly ParsedFile[]): Map<string, FnEntry[]> {
  let m = indexes.get(files);
  if (m) return m;
  m = new Map();
  const add = (name: string, e: FnEntry) => {
    const list = m!.get(name);
    if (list) list.push(e);
    else m!.set(name, [e]);
  };
  for (const file of files) {
    for (const st of file.sf.statements) {
      if (ts.isFunctionDeclaration(st) && st.name && st.body) add(st.name.text, { file, fn: st });
      if (ts.isVariableStatement(st)) {
        for (const d of st.declarationList.declarations) {
          const init = d.initializer ? unwrap(d.initializer) : null;
          if (ts.isIdentifier(d.name) && init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) add(d.name.text, { file, fn: init });
        }
      }
    }
  }
  indexes.set(files, m);
  return m;
}

/** The handler function of a command object (`execute`, `run`, `handler`, `action`). */
export function handlerFunction(obj: ts.ObjectLiteralExpression, props: ReadonlySet<string>): Fn | null {
  for (const p of obj.properties) {
    const key = p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : null;
    if (!key || !props.has(key)) continue;
    if (ts.isMethodDeclaration(p) && p.body) return p;
    if (ts.isPropertyAssignment(p)) {
      const v = unwrap(p.initializer);
      if ((ts.isArrowFunction(v) || ts.isFunctionExpression(v)) && v.body) return v;
    }
  }
  return null;
}

export class HandlerReader {
  private readonly fns: Map<string, FnEntry[]>;
  /** Every function body a handler's reads were taken from (handlers and the functions they hand their arguments to). */
  readonly reached = new Set<ts.Node>();
  /** Handler bodies. */
  readonly handlers = new Set<ts.Node>();

  constructor(private readonly ctx: AdapterContext) {
    this.fns = functionIndex(ctx.all);
  }

  /**
   * The flags read outside every handler (the program's own: the parser's,
   * the dispatcher's), accepted by every command: the `--name` literals and
   * accessor names of the code, leaving out the handlers' bodies and the
   * functions only they call. Open when an accessor's name there does not
   * evaluate.
   */
  outside(): Reads {
    const out: Reads = { flags: new Set(), closure: CLOSED };
    const skip = new Set<ts.Node>(this.handlers);
    const inSkipped = (n: ts.Node) => {
      for (let p: ts.Node | undefined = n.parent; p; p = p.parent) if (skip.has(p) || this.handlers.has(p)) return true;
      return false;
    };
    for (const body of this.reached) {
      if (this.handlers.has(body)) continue;
      const fn = body.parent;
      const name =
        fn &&
        (ts.isFunctionDeclaration(fn) && fn.name
          ? fn.name.text
          : ts.isVariableDeclaration(fn.parent) && ts.isIdentifier(fn.parent.name)
            ? fn.parent.name.text
            : null);
      const sites = name ? (this.ctx.calls.get(name) ?? []) : [];
      if (sites.length > 0 && sites.every((s) => inSkipped(s.call))) skip.add(body);
    }
    // The file walk's findings (walkEvents, shared with the global scan), less those inside a skipped body.
    const skipped = (n: ts.Node) => {
      for (let p: ts.Node | undefined = n; p; p = p.parent) if (skip.has(p)) return true;
      return false;
    };
    const accessors = this.ctx.opts.flagAccessors;
    for (const file of this.ctx.all) {
      let last: ts.CallExpression | null = null;
      for (const e of walkEvents(file, accessors)) {
        if (e.kind === "call") continue;
        if (e.kind === "flag") {
          if (!skipped(e.node)) out.flags.add(e.name);
          continue;
        }
        // One accessor per call, the first that matches (a call matching two is read once).
        if (e.call === last || skipped(e.call)) continue;
        last = e.call;
        const got = accessorName(file, e.call, this.ctx);
        if (got === "skip") {
          // a wrapper's own body
        } else if (typeof got === "string") out.flags.add(flagName(got));
        else if (Array.isArray(got)) for (const g of got) out.flags.add(flagName(g));
        else if (out.closure.closed && (e.accessor.includes(".") || ts.isIdentifier(e.call.expression)))
          out.closure = open(`the flag name passed to \`${e.accessor}\` does not evaluate: \`${excerpt(got.text)}\``, got.span);
      }
    }
    return out;
  }

  /** The flags a handler reads through its first parameter (the arguments object), or null when it cannot be told. */
  reads(file: ParsedFile, fn: Fn): Reads {
    const out: Reads = { flags: new Set(), closure: CLOSED };
    if (fn.body) this.handlers.add(fn.body);
    this.walk(file, fn, 0, out, 0, new Set());
    return out;
  }

  private walk(file: ParsedFile, fn: Fn, index: number, out: Reads, depth: number, seen: Set<ts.Node>): void {
    if (seen.has(fn) || !fn.body) return;
    seen.add(fn);
    this.reached.add(fn.body);
    const param = fn.parameters[index];
    const name = param && ts.isIdentifier(param.name) ? param.name.text : null;
    const fail = (reason: string, node: ts.Node) => {
      if (out.closure.closed) out.closure = open(reason, spanOf(file, node));
    };
    if (!param) fail("the handler takes no arguments object", fn);
    else if (name === null) fail("the handler destructures its arguments object", param);
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
        const f = literalFlag(node.text, false);
        if (f) out.flags.add(f);
      } else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
        for (const tok of node.text.split(/\s+/)) {
          const f = literalFlag(tok, true);
          if (f) out.flags.add(f);
        }
      } else if (ts.isCallExpression(node) && this.ctx.opts.flagAccessors.some((a) => calleeMatches(node, a))) {
        const got = accessorName(file, node, this.ctx);
        if (got === "skip") {
          // a wrapper's own body: the name is its parameter, its call sites count
        } else if (typeof got === "string") out.flags.add(flagName(got));
        else if (Array.isArray(got)) for (const g of got) out.flags.add(flagName(g));
        else fail(`the flag name passed to \`${excerpt(node.expression.getText(file.sf))}\` does not evaluate: \`${excerpt(got.text)}\``, node);
      } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && LOOKUPS.has(node.expression.name.text)) {
        // `x.get("name")`, `x.has("--name")` on any object (a parsed result kept elsewhere): a name it may read, accepted.
        for (const a of node.arguments) {
          const v = stringLiteral(unwrap(a));
          if (v !== null && /^-{0,2}[A-Za-z][\w.-]*$/.test(v)) out.flags.add(flagName(v));
        }
      }
      if (name !== null && ts.isIdentifier(node) && node.text === name && node !== param?.name) {
        this.use(file, node, out, depth, seen, fail);
      }
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(fn.body, visit);
  }

  /** One use of the arguments object: what it reads, or why its reads cannot be told. */
  private use(file: ParsedFile, id: ts.Identifier, out: Reads, depth: number, seen: Set<ts.Node>, fail: (reason: string, node: ts.Node) => void): void {
    const p = id.parent;
    // A property name (`x.args`), or a shorthand key: not the object.
    if (ts.isPropertyAccessExpression(p) && p.name === id) return;
    let top: ts.Expression = id;
    while (
      (ts.isPropertyAccessExpression(top.parent) && top.parent.expression === top) ||
      (ts.isNonNullExpression(top.parent) && top.parent.expression === top) ||
      (ts.isElementAccessExpression(top.parent) && top.parent.expression === top && stringLiteral(unwrap(top.parent.argumentExpression)) === null)
    ) {
      top = top.parent as ts.Expression;
    }
    const parent = top.parent;
    if (ts.isCallExpression(parent) && parent.expression === top) {
      // A method of the object (`args.values.get("code")`): each string it passes is a name it reads.
      if (top === id) return fail("the handler calls its arguments object", parent);
      for (const a of parent.arguments) {
        const u = unwrap(a);
        if (ts.isNumericLiteral(u) || ts.isFunctionLike(u)) continue;
        const v = this.ctx.fold(file, u);
        if (typeof v === "string") out.flags.add(flagName(v));
        else if (!(typeof v === "number" || typeof v === "boolean" || v === null))
          fail(`a name read from the arguments object does not evaluate: \`${excerpt(u.getText(file.sf))}\``, u);
      }
      return;
    }
    // A value read off the object (`args.rest[0]`, `args.command`, `args.rest.length`) keeps nothing of it.
    if (!(top === id || isContainer(top))) return;
    if (ts.isCallExpression(parent) && parent.arguments.includes(top as ts.Expression)) {
      if (this.ctx.opts.flagAccessors.some((a) => calleeMatches(parent, a))) return; // its name is read where the call is visited
      const callee = calleeName(parent);
      const targets = callee && ts.isIdentifier(parent.expression) ? this.fns.get(callee) : undefined;
      if (!targets || targets.length !== 1 || depth >= MAX_DEPTH)
        return fail(`the handler hands its arguments to \`${excerpt(parent.expression.getText(file.sf))}\`, which docpact does not follow`, parent);
      const t = targets[0];
      this.walk(t.file, t.fn, parent.arguments.indexOf(top as ts.Expression), out, depth + 1, seen);
      return;
    }
    if (isComparison(parent)) return;
    fail(`the handler hands on its arguments object (\`${excerpt(parent.getText(file.sf))}\`)`, parent);
  }
}

/** A comparison or test of the object that keeps nothing of it (`args.flags === undefined`, `!args.values`, `typeof args`). */
function isComparison(parent: ts.Node): boolean {
  if (ts.isBinaryExpression(parent)) {
    const k = parent.operatorToken.kind;
    return (
      k === ts.SyntaxKind.EqualsEqualsEqualsToken ||
      k === ts.SyntaxKind.ExclamationEqualsEqualsToken ||
      k === ts.SyntaxKind.EqualsEqualsToken ||
      k === ts.SyntaxKind.ExclamationEqualsToken ||
      k === ts.SyntaxKind.InstanceOfKeyword
    );
  }
  return ts.isPrefixUnaryExpression(parent) || ts.isTypeOfExpression(parent);
}

/** `args.values`, `args.flags`: a container of what was parsed, not a value (storing or handing it on hides its reads). */
function isContainer(top: ts.Expression): boolean {
  return ts.isPropertyAccessExpression(top) && ts.isIdentifier(top.expression);
}
