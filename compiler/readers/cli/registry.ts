/**
 * The command-type registry adapter: object literals whose declared or
 * contextual type is the configured (or detected) command type —
 * `const x: CliCommand = {…}`, `{…} satisfies CliCommand`, `{…} as CliCommand`,
 * elements of `CliCommand[]`, values of `Record<string, CliCommand>`, returns
 * of functions declared to return it, arguments of parameters declared with
 * it — with factories expanded at their call sites (`exportCommand("diagrams")`
 * with `name: \`export-${category}\``).
 *
 * Each object's `name` is the command, `verbs`/`subcommands`/`commands`/
 * `children` its sub-commands (strings or nested objects), `flags`/`options`
 * its flags. A name that does not evaluate opens the level's command list; a
 * verbs or flags value that does not evaluate opens that set. A command that
 * declares no flags reads the CLI's global set (flag accessors).
 */
import type { Span } from "../../model/diagnostic.js";
import { CLOSED, type Closure, type CommandDecl, type FlagSpec } from "../../model/cli.js";
import { readDispatch } from "./dispatch.js";
import { HandlerReader, handlerFunction, type Reads } from "./handler-reads.js";
import { unoptimized } from "../../util/optimizations.js";
import { type ParsedFile, propertyNameText, spanOf, stringLiteral, ts, unwrap } from "../code-source.js";
import type { FoldedValue } from "../constant-folder.js";
import { type AdapterContext, type AdapterOutput, type CliAdapter, defineReader, command, commandWords, flag, type Opening, excerpt } from "./adapter.js";
import { aliasNames, arityOf, flagsOfRecord, flagsOfValue } from "./flag-values.js";
import { bindArgs, callableNames, enclosingFunction, type Env, localInit, paramNames, prop, type Ref } from "./syntax.js";
import { weakMemo } from "../../util/memo.js";

const VERB_PROPS = ["verbs", "subcommands", "subCommands", "commands", "children"];
const FLAG_PROPS = ["flags", "options"];
/** Properties that say a command object *does* something (auto-detection of the command type). */
const COMMAND_TYPE_PROPS = new Set([...VERB_PROPS, ...FLAG_PROPS, "run", "handler", "action", "execute"]);
const MAX_DEPTH = 12;
const HANDLER_PROPS = new Set(["execute", "run", "handler", "action"]);

type Shape = "single" | "array" | "record";

interface FnParamInfo {
  file: ParsedFile;
  index: number;
  shape: Shape;
  rest: boolean;
}

interface Found {
  decl: CommandDecl;
  /** The object literal the declaration came from (for de-duplicating nested ones). */
  origin: ts.Node;
  /** Reached as a child of another command (its path includes the parent's). */
  isNested: boolean;
  /** For a command that declares no flags: what its handler reads (handler-reads.ts). */
  reads?: Reads;
}

/**
 * Finds type names that look like a command type when none is configured: an
 * interface or object type alias whose name ends in `Command` (optionally
 * `…CommandSpec`, `…CommandDef`, `…CommandDefinition`, `…CommandConfig`), with a
 * `name` property and at least one of verbs/subcommands/commands/flags/options/
 * run/handler/action/execute. Deliberately narrow: a guessed command type that
 * is wrong would switch command checking on for a project that never asked.
 */
export function detectCommandTypes(files: ParsedFile[]): string[] {
  const out = new Set<string>();
  for (const f of files) {
    for (const st of f.sf.statements) {
      let name: string | null = null;
      let members: ts.NodeArray<ts.TypeElement> | null = null;
      if (ts.isInterfaceDeclaration(st)) {
        name = st.name.text;
        members = st.members;
      } else if (ts.isTypeAliasDeclaration(st) && ts.isTypeLiteralNode(st.type)) {
        name = st.name.text;
        members = st.type.members;
      }
      if (!name || !members || !/Command(Spec|Def|Definition|Config)?$/.test(name)) continue;
      const props = new Set(members.map((m) => (m.name ? propertyNameText(m.name) : null)).filter((x): x is string => x !== null));
      if (props.has("name") && [...props].some((p) => COMMAND_TYPE_PROPS.has(p))) out.add(name);
    }
  }
  return [...out].sort();
}

export const registryAdapter: CliAdapter = defineReader({
  id: "registry",
  shownBy: {
    code: 'interface ToolCommand { name: string; run(): void }\nexport const build: ToolCommand = { name: "build", run() {} };\n',
    initSays: "cli.commandType: `ToolCommand`",
  },
  docs: 'object literals typed as `cli.commandType` (`const flow: CliCommand = { name: "flow", … }`), factories at their call sites (`` name: `export-${category}` ``)',
  order: 0,
  // Found by type, not by text: `cli.commandType`, or the type names detectCommandTypes finds.
  detect: () => false,
  applies: (file, opts) => opts.commandTypes.some((t) => file.text.includes(t)),
  read: (files, ctx) => new RegistryReader(files, ctx).read(),
});

/** What one file's walk added to the reader's candidates and typed parameters. */
interface FileIndex {
  typesKey: string;
  file: ParsedFile;
  candidates: Map<ts.ObjectLiteralExpression, ParsedFile>;
  typedParams: Map<ts.SignatureDeclaration, FnParamInfo[]>;
}
const fileIndexes = weakMemo<ts.SourceFile, FileIndex>("readers/cli/registry#fileIndexes");

class RegistryReader {
  private readonly types: Set<string>;
  private readonly calls: AdapterContext["calls"];
  private typedParams = new Map<ts.SignatureDeclaration, FnParamInfo[]>();
  private candidates = new Map<ts.ObjectLiteralExpression, ParsedFile>();
  private readonly found: Found[] = [];
  private readonly openings: Opening[] = [];
  /** Object literals reached as nested commands of another command. */
  private readonly nested = new Set<ts.Node>();
  private readonly handlerReader: HandlerReader;

  constructor(
    private readonly files: ParsedFile[],
    private readonly ctx: AdapterContext,
  ) {
    this.types = new Set(ctx.opts.commandTypes);
    this.handlerReader = new HandlerReader(ctx);
    // Factories are often called from files that never name the type.
    this.calls = ctx.calls;
  }

  read(): AdapterOutput {
    for (const f of this.files) this.merge(this.indexOnce(f));
    this.expandTypedParams();
    for (const [obj, file] of this.candidates) this.deriveRoot(file, obj);
    // A typed object that is also listed under another command's verbs is declared there, with its full path.
    const kept = this.found.filter((f) => f.isNested || !this.nested.has(f.origin));
    // Commands that read the global set: each one's own reads plus the program's, where both are known.
    const reading = kept.filter((f) => f.reads);
    if (reading.length > 0) {
      const outside = this.handlerReader.outside();
      if (outside.closure.closed) {
        for (const f of reading) if (f.reads!.closure.closed) f.decl.reads = [...new Set([...f.reads!.flags, ...outside.flags])].sort();
      }
    }
    return { commands: kept.map((f) => f.decl), openings: this.openings };
  }

  /**
   * A file's typed places depend on its syntax tree and the command types only (identifiers are
   * followed within the file), so they are kept per tree: a watch re-check walks only the edited files.
   */
  private indexOnce(file: ParsedFile): FileIndex {
    const typesKey = [...this.types].join("\0");
    const hit = fileIndexes.get(file.sf);
    if (hit && hit.typesKey === typesKey && hit.file === file) return hit;
    const candidates = this.candidates;
    const typedParams = this.typedParams;
    const own: FileIndex = { typesKey, file, candidates: new Map(), typedParams: new Map() };
    // The walk fills the reader's maps; pointed at the file's own, it records what this file adds.
    this.candidates = own.candidates;
    this.typedParams = own.typedParams;
    try {
      this.index(file);
    } finally {
      this.candidates = candidates;
      this.typedParams = typedParams;
    }
    if (!unoptimized()) fileIndexes.set(file.sf, own);
    return own;
  }

  /** Adds a file's typed places, in the order the walk found them (nodes are the file's own: none is there yet). */
  private merge(own: FileIndex): void {
    for (const [obj, f] of own.candidates) if (!this.candidates.has(obj)) this.candidates.set(obj, f);
    for (const [fn, list] of own.typedParams) {
      const mine = this.typedParams.get(fn);
      if (mine) mine.push(...list);
      else this.typedParams.set(fn, [...list]);
    }
  }

  private index(file: ParsedFile): void {
    const visit = (node: ts.Node): void => {
      switch (node.kind) {
        case ts.SyntaxKind.VariableDeclaration:
        case ts.SyntaxKind.PropertyDeclaration: {
          const d = node as ts.VariableDeclaration;
          const shape = this.shapeOf(d.type);
          if (shape && d.initializer) this.collectTyped(file, d.initializer, shape, 0);
          break;
        }
        case ts.SyntaxKind.SatisfiesExpression:
        case ts.SyntaxKind.AsExpression:
        case ts.SyntaxKind.TypeAssertionExpression: {
          const e = node as ts.AsExpression;
          const shape = this.shapeOf(e.type);
          if (shape) this.collectTyped(file, e.expression, shape, 0);
          break;
        }
      }
      if (ts.isFunctionLike(node) && this.types.size > 0) this.indexSignature(file, node);
      ts.forEachChild(node, visit);
    };
    visit(file.sf);
  }

  /** Parameters and return types declared with the command type. */
  private indexSignature(file: ParsedFile, fn: ts.SignatureDeclaration): void {
    fn.parameters.forEach((p, index) => {
      const shape = this.shapeOf(p.type);
      if (!shape) return;
      const rest = !!p.dotDotDotToken;
      let list = this.typedParams.get(fn);
      if (!list) this.typedParams.set(fn, (list = []));
      list.push({ file, index, shape: rest && shape === "array" ? "single" : shape, rest });
      if (p.initializer) this.collectTyped(file, p.initializer, shape, 0);
    });
    const shape = this.shapeOf(fn.type);
    if (!shape) return;
    const body = (fn as ts.FunctionLikeDeclaration).body;
    if (!body) return;
    if (!ts.isBlock(body)) {
      this.collectTyped(file, body, shape, 0);
      return;
    }
    const walk = (n: ts.Node): void => {
      if (ts.isReturnStatement(n) && n.expression) this.collectTyped(file, n.expression, shape, 0);
      if (!ts.isFunctionLike(n)) ts.forEachChild(n, walk);
    };
    ts.forEachChild(body, walk);
  }

  /** How a type annotation holds the command type: itself, an array of it, or a record of it. */
  private shapeOf(t: ts.TypeNode | undefined): Shape | null {
    if (!t || this.types.size === 0) return null;
    if (ts.isParenthesizedTypeNode(t)) return this.shapeOf(t.type);
    if (ts.isTypeReferenceNode(t)) {
      const name = ts.isIdentifier(t.typeName) ? t.typeName.text : t.typeName.right.text;
      if (this.types.has(name)) return "single";
      const args = t.typeArguments ?? [];
      if ((name === "Array" || name === "ReadonlyArray") && this.shapeOf(args[0]) === "single") return "array";
      if (name === "Record" && this.shapeOf(args[1]) === "single") return "record";
      if ((name === "Readonly" || name === "Partial") && args[0]) return this.shapeOf(args[0]);
      return null;
    }
    if (ts.isImportTypeNode(t) && t.qualifier) {
      const name = ts.isIdentifier(t.qualifier) ? t.qualifier.text : t.qualifier.right.text;
      return this.types.has(name) ? "single" : null;
    }
    if (ts.isArrayTypeNode(t)) return this.shapeOf(t.elementType) === "single" ? "array" : null;
    if (ts.isTypeOperatorNode(t)) return this.shapeOf(t.type);
    if (ts.isTypeLiteralNode(t) && t.members.length === 1 && ts.isIndexSignatureDeclaration(t.members[0])) {
      return this.shapeOf(t.members[0].type) === "single" ? "record" : null;
    }
    if (ts.isUnionTypeNode(t)) {
      for (const m of t.types) {
        const s = this.shapeOf(m);
        if (s) return s;
      }
    }
    return null;
  }

  /** Records the object literals an expression of the given shape holds. */
  private collectTyped(file: ParsedFile, expr: ts.Expression, shape: Shape, depth: number): void {
    if (depth > MAX_DEPTH) return;
    const e = unwrap(expr);
    if (ts.isConditionalExpression(e)) {
      this.collectTyped(file, e.whenTrue, shape, depth + 1);
      this.collectTyped(file, e.whenFalse, shape, depth + 1);
      return;
    }
    if (ts.isIdentifier(e)) {
      const init = localInit(e.text, e);
      if (init) this.collectTyped(file, init, shape, depth + 1);
      return;
    }
    if (shape === "single") {
      if (ts.isObjectLiteralExpression(e) && !this.candidates.has(e)) this.candidates.set(e, file);
    } else if (shape === "array") {
      if (!ts.isArrayLiteralExpression(e)) return;
      for (const el of e.elements) {
        if (ts.isSpreadElement(el)) this.collectTyped(file, el.expression, "array", depth + 1);
        else this.collectTyped(file, el, "single", depth + 1);
      }
    } else if (ts.isObjectLiteralExpression(e)) {
      for (const p of e.properties) {
        if (ts.isPropertyAssignment(p)) this.collectTyped(file, p.initializer, "single", depth + 1);
        else if (ts.isShorthandPropertyAssignment(p)) this.collectTyped(file, p.name, "single", depth + 1);
      }
    }
  }

  /** Arguments passed to parameters declared with the command type. */
  private expandTypedParams(): void {
    for (const [fn, params] of this.typedParams) {
      for (const name of callableNames(fn)) {
        for (const { file, call } of this.calls.get(name) ?? []) {
          for (const p of params) {
            const args = p.rest ? call.arguments.slice(p.index) : call.arguments.slice(p.index, p.index + 1);
            for (const a of args) {
              if (ts.isSpreadElement(a)) this.collectTyped(file, a.expression, "array", 0);
              else this.collectTyped(file, a, p.shape, 0);
            }
          }
        }
      }
    }
  }

  // ───────────── command objects ─────────────

  private deriveRoot(file: ParsedFile, obj: ts.ObjectLiteralExpression): void {
    const fn = enclosingFunction(obj);
    const params = fn ? paramNames(fn) : new Set<string>();
    const parametric =
      fn &&
      [...FLAG_PROPS, ...VERB_PROPS, "name"].some((k) => {
        const v = prop(obj, k);
        return !!v && mentions(v, params);
      });
    if (fn && parametric) {
      let expanded = 0;
      for (const name of callableNames(fn)) {
        for (const site of this.calls.get(name) ?? []) {
          const env = bindArgs(fn, site.file, site.call);
          if (this.deriveCommand(file, obj, env, [], "factory", 0, site)) expanded++;
        }
      }
      if (expanded > 0) return;
    }
    this.deriveCommand(file, obj, null, [], "command-type", 0, null);
  }

  /** Emits the command an object literal declares (and its nested ones); returns its name or null. */
  private deriveCommand(
    file: ParsedFile,
    obj: ts.ObjectLiteralExpression,
    env: Env | null,
    parent: string[],
    via: CommandDecl["via"],
    depth: number,
    site: { file: ParsedFile; call: ts.CallExpression } | null,
    fallbackName?: string,
  ): string[] | null {
    if (depth > MAX_DEPTH) return null;
    const nameExpr = prop(obj, "name");
    let words: string[] | null = null;
    let span: Span;
    if (nameExpr) {
      const ref = this.subst({ file, expr: nameExpr }, env);
      const v = this.foldEnv({ file, expr: nameExpr }, env);
      if (typeof v === "string") words = commandWords(v);
      span =
        site && ref.file === file && ref.expr === nameExpr && !ts.isStringLiteralLike(unwrap(nameExpr))
          ? spanOf(site.file, site.call)
          : spanOf(ref.file, ref.expr);
    } else {
      span = spanOf(file, obj);
    }
    if (!words && fallbackName !== undefined) words = commandWords(fallbackName);
    if (!words || words.length === 0) {
      // A command whose name cannot be told: the level's command list is not known completely.
      if (nameExpr)
        this.openings.push({
          path: parent,
          set: "commands",
          reason: `a command name does not evaluate: \`${excerpt(nameExpr.getText(file.sf))}\``,
          span: spanOf(file, nameExpr),
        });
      return null;
    }
    if (site && via === "factory" && !nameExpr) span = spanOf(site.file, site.call);
    const path = [...parent, ...words];

    let verbs: string[] | null = null;
    for (const k of VERB_PROPS) {
      const v = prop(obj, k);
      if (!v) continue;
      const got = this.readVerbs({ file, expr: v }, env, path, via, depth);
      if (got) verbs = [...(verbs ?? []), ...got];
      else this.openings.push({ path, set: "commands", reason: `\`${k}\` does not evaluate`, span: spanOf(file, v) });
    }
    let commandSet: Closure = CLOSED;
    if (verbs === null) {
      // Sub-verbs the handler dispatches itself (`switch (args.rest[0])`, `VERBS.includes(verb)`).
      const body = handlerBody(obj);
      const d = body ? readDispatch(file, body, this.ctx) : null;
      if (d) {
        verbs = d.verbs;
        commandSet = d.closure;
      }
    }
    const options: FlagSpec[] = [];
    let declared = false;
    for (const k of FLAG_PROPS) {
      const v = prop(obj, k);
      if (!v) continue;
      declared = true;
      const got = this.readFlags(this.subst({ file, expr: v }, env));
      if (got) options.push(...got);
      else this.openings.push({ path, set: "flags", reason: `\`${k}\` does not evaluate`, span: spanOf(file, v) });
    }
    const decl = command(path, span, "registry", { verbs, options, commandSet, flagScope: declared ? "declared" : "global", via });
    const handler = declared ? null : handlerFunction(obj, HANDLER_PROPS);
    this.found.push({ decl, origin: obj, isNested: parent.length > 0, ...(handler ? { reads: this.handlerReader.reads(file, handler) } : {}) });
    return words;
  }

  /** Sub-verbs: strings, nested command objects (→ nested paths), records of them, or a folded string array. */
  private readVerbs(ref: Ref, env: Env | null, path: string[], via: CommandDecl["via"], depth: number): string[] | null {
    const r = this.subst(ref, env);
    const e = unwrap(r.expr);
    const out: string[] = [];
    if (ts.isArrayLiteralExpression(e)) {
      for (const el of e.elements) {
        if (ts.isSpreadElement(el)) {
          const inner = this.readVerbs({ file: r.file, expr: el.expression }, env, path, via, depth + 1);
          if (inner) out.push(...inner);
          continue;
        }
        const s = this.fold({ file: r.file, expr: el }, true);
        if (typeof s === "string") {
          out.push(...commandWords(s).slice(0, 1));
          continue;
        }
        const child = this.objectOf({ file: r.file, expr: el }, env);
        if (child) {
          this.nested.add(child.expr);
          const name = this.deriveCommand(child.file, child.expr, child.file === r.file ? env : null, path, via, depth + 1, null);
          if (name) out.push(name[0]);
        }
      }
      return out;
    }
    if (ts.isObjectLiteralExpression(e)) {
      for (const p of e.properties) {
        if (!ts.isPropertyAssignment(p) && !ts.isShorthandPropertyAssignment(p)) continue;
        const key = propertyNameText(p.name);
        if (key === null) continue;
        const value = ts.isPropertyAssignment(p) ? p.initializer : p.name;
        const child = this.objectOf({ file: r.file, expr: value }, env);
        if (child) {
          this.nested.add(child.expr);
          const name = this.deriveCommand(child.file, child.expr, child.file === r.file ? env : null, path, via, depth + 1, null, key);
          out.push(name ? name[0] : key);
        } else out.push(key);
      }
      return out;
    }
    const v = this.fold(r);
    if (Array.isArray(v) && v.every((x) => typeof x === "string")) return (v as string[]).flatMap((s) => commandWords(s).slice(0, 1));
    if (v && typeof v === "object" && !Array.isArray(v)) return Object.keys(v);
    return null;
  }

  /** The object literal an expression is (or a local const is bound to). */
  private objectOf(ref: Ref, env: Env | null): { file: ParsedFile; expr: ts.ObjectLiteralExpression } | null {
    const r = this.subst(ref, env);
    let e = unwrap(r.expr);
    for (let i = 0; i < 4 && ts.isIdentifier(e); i++) {
      const init = localInit(e.text, e);
      if (!init) return null;
      e = unwrap(init);
    }
    return ts.isObjectLiteralExpression(e) ? { file: r.file, expr: e } : null;
  }

  /** Flags: arrays of strings or of `{ name | long | flag, short }` objects, or records keyed by flag name. */
  private readFlags(ref: Ref): FlagSpec[] | null {
    const e = unwrap(ref.expr);
    const span = spanOf(ref.file, e);
    if (ts.isArrayLiteralExpression(e) || ts.isObjectLiteralExpression(e)) {
      // Fold element by element so one computed entry does not lose the rest.
      const out: FlagSpec[] = [];
      let complete = true;
      if (ts.isArrayLiteralExpression(e)) {
        for (const el of e.elements) {
          const v = this.fold({ file: ref.file, expr: ts.isSpreadElement(el) ? el.expression : el });
          if (v !== undefined) out.push(...flagsOfValue(v, ts.isSpreadElement(el), spanOf(ref.file, el)));
          else complete = false;
        }
      } else {
        for (const p of e.properties) {
          if (ts.isSpreadAssignment(p)) {
            const v = this.fold({ file: ref.file, expr: p.expression });
            if (v && typeof v === "object" && !Array.isArray(v)) out.push(...flagsOfRecord(v, spanOf(ref.file, p)));
            else complete = false;
            continue;
          }
          const key = p.name ? propertyNameText(p.name as ts.PropertyName) : null;
          if (key === null) {
            complete = false;
            continue;
          }
          const v = ts.isPropertyAssignment(p) ? this.fold({ file: ref.file, expr: p.initializer }) : undefined;
          const obj = v && typeof v === "object" && !Array.isArray(v) ? v : null;
          const f = flag([key, ...(obj ? aliasNames(obj) : [])], { arity: obj ? arityOf(obj) : "boolean", span: spanOf(ref.file, p) });
          if (f) out.push(f);
        }
      }
      return complete ? out : null;
    }
    const v = this.fold(ref);
    if (v === undefined) return null;
    return flagsOfValue(v, true, span);
  }

  private subst(ref: Ref, env: Env | null): Ref {
    if (!env) return ref;
    const u = unwrap(ref.expr);
    if (ts.isIdentifier(u)) return env.get(u.text) ?? ref;
    return ref;
  }

  /** Folds with factory parameters bound: `\`export-${category}\``, `"x-" + kind`. */
  private foldEnv(ref: Ref, env: Env | null): FoldedValue | undefined {
    if (!env) return this.fold(ref);
    const u = unwrap(ref.expr);
    if (ts.isIdentifier(u)) {
      const bound = env.get(u.text);
      return bound ? this.fold(bound) : this.fold(ref);
    }
    if (ts.isTemplateExpression(u)) {
      let out = u.head.text;
      for (const span of u.templateSpans) {
        const v = this.foldEnv({ file: ref.file, expr: span.expression }, env);
        if (typeof v !== "string" && typeof v !== "number" && typeof v !== "boolean") return undefined;
        out += String(v) + span.literal.text;
      }
      return out;
    }
    if (ts.isBinaryExpression(u) && u.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const l = this.foldEnv({ file: ref.file, expr: u.left }, env);
      const r = this.foldEnv({ file: ref.file, expr: u.right }, env);
      if ((typeof l === "string" || typeof l === "number") && (typeof r === "string" || typeof r === "number")) return (l as string) + (r as string);
      return undefined;
    }
    return this.fold(ref);
  }

  /** A static value, or undefined when it does not fold. */
  private fold(ref: Ref, quick = false): FoldedValue | undefined {
    const s = stringLiteral(unwrap(ref.expr));
    if (s !== null) return s;
    if (quick && ts.isObjectLiteralExpression(unwrap(ref.expr))) return undefined;
    return this.ctx.fold(ref.file, ref.expr);
  }
}

/** The body of the object's handler (`execute`, `run`, `handler`, `action`), as a method or a function value. */
function handlerBody(obj: ts.ObjectLiteralExpression): ts.Node | null {
  for (const p of obj.properties) {
    const key = p.name ? propertyNameText(p.name as ts.PropertyName) : null;
    if (!key || !HANDLER_PROPS.has(key)) continue;
    if (ts.isMethodDeclaration(p) && p.body) return p.body;
    if (ts.isPropertyAssignment(p)) {
      const v = unwrap(p.initializer);
      if ((ts.isArrowFunction(v) || ts.isFunctionExpression(v)) && v.body) return v.body;
    }
  }
  return null;
}

/** Does the expression mention one of the names (a factory parameter)? */
function mentions(e: ts.Node, names: Set<string>): boolean {
  if (ts.isIdentifier(e) && names.has(e.text)) return true;
  return ts.forEachChild(e, (c) => (mentions(c, names) ? true : undefined)) === true;
}

export default registryAdapter;
