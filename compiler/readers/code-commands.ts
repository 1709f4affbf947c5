/**
 * The command surface: which commands, sub-verbs and flags the CLI's code
 * really implements, found syntactically (no type checker) from
 *
 * - object literals whose declared or contextual type is the configured
 *   command type (`const x: CliCommand = {…}`, `{…} satisfies CliCommand`,
 *   `{…} as CliCommand`, elements of `CliCommand[]`, values of
 *   `Record<string, CliCommand>`, returns of functions declared to return it,
 *   arguments of functions whose parameter is declared with it), with
 *   factories expanded at their call sites when `name` is a parameter;
 * - commander / yargs / cac chains (`.command("close <id>")`, nested
 *   commands, `.option("-f, --force")`);
 * - the `@docpact-command` JSDoc escape hatch;
 *
 * plus the global flag set: every `--name` literal and every name passed to a
 * configured flag accessor.
 */
import type { Span } from "../model/diagnostic.js";
import type { CommandDecl, CommandSurface } from "../model/types.js";
import { cmp } from "../model/diagnostic.js";
import { calleeName, jsDocTag, type ParsedFile, propertyNameText, spanOf, stringLiteral, ts, unwrap } from "./code-source.js";
import { foldExpression, type FoldedValue } from "./constant-folder.js";

export interface CommandOptions {
  /** The CLI's binaries: `new Command("aw")` names the program, not a command. */
  binaries: string[];
  /** Type names whose object literals declare commands (empty: none). */
  commandTypes: string[];
  /** Calls whose first string argument names a flag without its dashes. */
  flagAccessors: string[];
}

const VERB_PROPS = ["verbs", "subcommands", "subCommands", "commands", "children"];
const FLAG_PROPS = ["flags", "options"];
/** Properties that say a command object *does* something (auto-detection of the command type). */
const COMMAND_TYPE_PROPS = new Set([...VERB_PROPS, ...FLAG_PROPS, "run", "handler", "action", "execute"]);
const FLAG_LITERAL = /^(--[A-Za-z0-9][A-Za-z0-9-]*)(=.*)?$/s;
const SHORT_LITERAL = /^-[A-Za-z]$/;
const MAX_DEPTH = 12;

type Shape = "single" | "array" | "record";
type Ref = { file: ParsedFile; expr: ts.Expression };
/** Parameter name → the argument expression at one call site. */
type Env = Map<string, Ref>;

interface FnParamInfo {
  file: ParsedFile;
  index: number;
  shape: Shape;
  rest: boolean;
}

interface Found {
  decl: CommandDecl;
  /** The object literal or call the declaration came from (for de-duplicating nested ones). */
  origin: ts.Node | null;
  /** Sort key for a stable merge: file, offset. */
  order: [string, number];
  /** Reached as a child of another command (its path includes the parent's). */
  isNested?: boolean;
  /** A chain command whose spec declares positional arguments (`close <id>`). */
  hasArgs?: boolean;
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

export function readCommands(root: string, files: ParsedFile[], opts: CommandOptions): CommandSurface {
  return new CommandReader(root, files, opts).read();
}

class CommandReader {
  private readonly types: Set<string>;
  private readonly accessors: Set<string>;
  private readonly binaries: Set<string>;
  private readonly globalFlags = new Set<string>();
  /** Every call by callee name (identifier or member name). */
  private readonly calls = new Map<string, { file: ParsedFile; call: ts.CallExpression }[]>();
  private readonly typedParams = new Map<ts.SignatureDeclaration, FnParamInfo[]>();
  private readonly candidates = new Map<ts.ObjectLiteralExpression, ParsedFile>();
  private readonly commandCalls: { file: ParsedFile; call: ts.CallExpression }[] = [];
  private readonly optionCalls: { file: ParsedFile; call: ts.CallExpression }[] = [];
  private readonly newCommands: { file: ParsedFile; node: ts.NewExpression }[] = [];
  private readonly found: Found[] = [];
  /** Object literals reached as nested commands of another command. */
  private readonly nested = new Set<ts.Node>();

  constructor(
    private readonly root: string,
    private readonly files: ParsedFile[],
    opts: CommandOptions,
  ) {
    this.types = new Set(opts.commandTypes);
    this.accessors = new Set(opts.flagAccessors);
    this.binaries = new Set(opts.binaries);
  }

  read(): CommandSurface {
    for (const f of this.files) this.index(f);
    this.expandTypedParams();
    for (const [obj, file] of this.candidates) this.deriveRoot(file, obj);
    this.readChains();
    // A typed object that is also listed under another command's verbs is declared there, with its full path.
    const kept = this.found.filter((f) => f.isNested || !f.origin || !this.nested.has(f.origin));
    const commands = merge(kept);
    for (const c of commands) for (const fl of c.flags ?? []) this.globalFlags.add(fl);
    return { commands, globalFlags: [...this.globalFlags].sort() };
  }

  // ───────────── pass 1: one walk per file ─────────────

  private index(file: ParsedFile): void {
    const jsdoc = file.text.includes("@docpact-command");
    const visit = (node: ts.Node): void => {
      switch (node.kind) {
        case ts.SyntaxKind.StringLiteral:
        case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
          this.literalFlag((node as ts.StringLiteral).text);
          break;
        case ts.SyntaxKind.TemplateHead:
        case ts.SyntaxKind.TemplateMiddle:
        case ts.SyntaxKind.TemplateTail:
          for (const tok of (node as ts.TemplateLiteralLikeNode).text.split(/\s+/)) this.literalFlag(tok, true);
          break;
        case ts.SyntaxKind.CallExpression:
          this.indexCall(file, node as ts.CallExpression);
          break;
        case ts.SyntaxKind.NewExpression: {
          const n = node as ts.NewExpression;
          if (ts.isIdentifier(n.expression) && n.expression.text === "Command") this.newCommands.push({ file, node: n });
          break;
        }
        case ts.SyntaxKind.VariableDeclaration: {
          const d = node as ts.VariableDeclaration;
          const shape = this.shapeOf(d.type);
          if (shape && d.initializer) this.collectTyped(file, d.initializer, shape, 0);
          break;
        }
        case ts.SyntaxKind.PropertyDeclaration: {
          const d = node as ts.PropertyDeclaration;
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
      if (jsdoc) this.jsDocCommand(file, node);
      ts.forEachChild(node, visit);
    };
    visit(file.sf);
  }

  private literalFlag(text: string, inTemplate = false): void {
    const m = FLAG_LITERAL.exec(text);
    if (m) this.globalFlags.add(m[1]);
    else if (!inTemplate && SHORT_LITERAL.test(text)) this.globalFlags.add(text);
  }

  private indexCall(file: ParsedFile, call: ts.CallExpression): void {
    const name = calleeName(call);
    if (!name) return;
    let list = this.calls.get(name);
    if (!list) this.calls.set(name, (list = []));
    list.push({ file, call });
    if (this.accessors.has(name)) {
      const s = stringLiteral(call.arguments[0]);
      if (s) this.globalFlags.add(flagName(s));
    }
    if (ts.isPropertyAccessExpression(call.expression)) {
      if (name === "command") this.commandCalls.push({ file, call });
      else if (name === "option" || name === "requiredOption" || name === "options" || name === "addOption") this.optionCalls.push({ file, call });
    }
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
    const parametric = fn && [...FLAG_PROPS, ...VERB_PROPS, "name"].some((k) => {
      const v = prop(obj, k);
      const u = v && unwrap(v);
      return !!u && ts.isIdentifier(u) && params.has(u.text);
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
      const v = this.fold(ref);
      if (typeof v === "string") words = commandWords(v);
      span = spanOf(ref.file, ref.expr);
    } else {
      span = spanOf(file, obj);
    }
    if (!words && fallbackName !== undefined) words = commandWords(fallbackName);
    if (!words || words.length === 0) return null;
    if (site && via === "factory" && !nameExpr) span = spanOf(site.file, site.call);
    const path = [...parent, ...words];

    let verbs: string[] | null = null;
    for (const k of VERB_PROPS) {
      const v = prop(obj, k);
      if (!v) continue;
      const got = this.readVerbs({ file, expr: v }, env, path, via, depth);
      if (got) verbs = [...(verbs ?? []), ...got];
    }
    let flags: string[] | null = null;
    for (const k of FLAG_PROPS) {
      const v = prop(obj, k);
      if (!v) continue;
      const got = this.readFlags(this.subst({ file, expr: v }, env));
      if (got) flags = [...(flags ?? []), ...got];
    }
    const order: [string, number] = site ? [site.file.rel, site.call.pos] : [file.rel, obj.pos];
    this.found.push({ decl: { path, verbs, flags, via, span }, origin: obj, order, isNested: parent.length > 0 });
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
  private readFlags(ref: Ref): string[] | null {
    const e = unwrap(ref.expr);
    if (ts.isArrayLiteralExpression(e) || ts.isObjectLiteralExpression(e)) {
      // Fold element by element so one computed entry does not lose the rest.
      const out: string[] = [];
      if (ts.isArrayLiteralExpression(e)) {
        for (const el of e.elements) {
          const v = this.fold({ file: ref.file, expr: ts.isSpreadElement(el) ? el.expression : el });
          if (v !== undefined) out.push(...flagsOfValue(v, ts.isSpreadElement(el)));
        }
      } else {
        for (const p of e.properties) {
          if (ts.isSpreadAssignment(p)) {
            const v = this.fold({ file: ref.file, expr: p.expression });
            if (v && typeof v === "object" && !Array.isArray(v)) out.push(...flagsOfRecord(v));
            continue;
          }
          const key = p.name ? propertyNameText(p.name as ts.PropertyName) : null;
          if (key === null) continue;
          out.push(flagName(key));
          if (ts.isPropertyAssignment(p)) {
            const v = this.fold({ file: ref.file, expr: p.initializer });
            if (v && typeof v === "object" && !Array.isArray(v)) out.push(...aliasFlags(v));
          }
        }
      }
      return uniqSorted(out);
    }
    const v = this.fold(ref);
    if (v === undefined) return null;
    return uniqSorted(flagsOfValue(v, true));
  }

  private subst(ref: Ref, env: Env | null): Ref {
    if (!env) return ref;
    const u = unwrap(ref.expr);
    if (ts.isIdentifier(u)) return env.get(u.text) ?? ref;
    return ref;
  }

  /** A static value, or undefined when it does not fold. */
  private fold(ref: Ref, quick = false): FoldedValue | undefined {
    const s = stringLiteral(unwrap(ref.expr));
    if (s !== null) return s;
    if (quick && ts.isObjectLiteralExpression(unwrap(ref.expr))) return undefined;
    const r = foldExpression(this.root, ref.file, ref.expr);
    return r.ok ? r.value : undefined;
  }

  // ───────────── commander / yargs / cac ─────────────

  private readChains(): void {
    const paths = new Map<ts.CallExpression, string[] | null>();
    const rootFlags = new Set<string>();
    const chainFound = new Map<string, Found>();
    const pathOfCall = (file: ParsedFile, call: ts.CallExpression, depth: number): string[] | null => {
      if (paths.has(call)) return paths.get(call) ?? null;
      paths.set(call, null);
      const spec = chainSpec(call);
      if (!spec) return null;
      const words = commandWords(spec.text);
      const first = spec.text.trim().split(/\s+/)[0] ?? "";
      if (words.length === 0 || first !== words[0] || first === "$0" || first === "*") return null;
      const parent = this.ownerOf(file, (call.expression as ts.PropertyAccessExpression).expression, depth + 1, pathOfCall);
      if (parent === null) return null;
      const path = [...parent, words[0]];
      paths.set(call, path);
      return path;
    };
    for (const { file, call } of this.commandCalls) {
      const path = pathOfCall(file, call, 0);
      if (!path) continue;
      const spec = chainSpec(call)!;
      const key = path.join("\u0000");
      const flags = new Set<string>();
      for (const f of spec.flags) flags.add(f);
      const existing = chainFound.get(key);
      if (existing) {
        for (const f of flags) (existing.decl.flags ??= []).push(f);
        continue;
      }
      chainFound.set(key, {
        decl: { path, verbs: null, flags: flags.size ? [...flags] : null, via: "chain", span: spanOf(file, spec.node) },
        origin: call,
        order: [file.rel, call.pos],
        hasArgs: /[<[]/.test(spec.text),
      });
    }
    for (const { node, file } of this.newCommands) {
      const s = stringLiteral(node.arguments?.[0]);
      if (!s || this.binaries.has(s)) continue;
      const words = commandWords(s);
      if (words.length === 0 || chainFound.has(words[0])) continue;
      chainFound.set(words[0], { decl: { path: [words[0]], verbs: null, flags: null, via: "chain", span: spanOf(file, node.arguments![0]) }, origin: node, order: [file.rel, node.pos] });
    }
    for (const { file, call } of this.optionCalls) {
      const owner = this.ownerOf(file, (call.expression as ts.PropertyAccessExpression).expression, 0, pathOfCall);
      if (owner === null) continue;
      const names = optionFlags(call, (r) => this.fold(r), file);
      if (names.length === 0) continue;
      if (owner.length === 0) {
        for (const n of names) rootFlags.add(n);
        continue;
      }
      const f = chainFound.get(owner.join("\u0000"));
      if (f) (f.decl.flags ??= []).push(...names);
    }
    const all = [...chainFound.values()];
    for (const f of all) {
      const children = all.filter((c) => c.decl.path.length === f.decl.path.length + 1 && f.decl.path.every((w, i) => c.decl.path[i] === w));
      if (children.length > 0 && !f.hasArgs) f.decl.verbs = children.map((c) => c.decl.path[c.decl.path.length - 1]);
      if (f.decl.flags) f.decl.flags = uniqSorted([...f.decl.flags, ...rootFlags]);
      this.found.push(f);
    }
    for (const fl of rootFlags) this.globalFlags.add(fl);
  }

  /**
   * The command path an expression in a chain evaluates to: `[]` for the
   * program itself, null when it cannot be told. Fluent calls return their
   * receiver; a `.command(…)` call with one or two arguments returns the new
   * command (commander, cac), one with three or more or an object argument
   * returns its receiver (yargs).
   */
  private ownerOf(
    file: ParsedFile,
    expr: ts.Expression,
    depth: number,
    pathOfCall: (file: ParsedFile, call: ts.CallExpression, depth: number) => string[] | null,
  ): string[] | null {
    if (depth > MAX_DEPTH * 2) return null;
    const e = unwrap(expr);
    if (ts.isCallExpression(e)) {
      if (ts.isPropertyAccessExpression(e.expression)) {
        if (e.expression.name.text === "command" && !isYargsStyle(e)) return pathOfCall(file, e, depth + 1);
        return this.ownerOf(file, e.expression.expression, depth + 1, pathOfCall);
      }
      return [];
    }
    if (ts.isNewExpression(e)) {
      const s = stringLiteral(e.arguments?.[0]);
      if (!s || this.binaries.has(s)) return [];
      const w = commandWords(s);
      return w.length ? [w[0]] : [];
    }
    if (ts.isIdentifier(e)) {
      const builderOf = builderCommandCall(e);
      if (builderOf) return pathOfCall(file, builderOf, depth + 1);
      const init = localInit(e.text, e);
      if (init) return this.ownerOf(file, init, depth + 1, pathOfCall);
      return [];
    }
    return [];
  }

  // ───────────── JSDoc escape hatch ─────────────

  private jsDocCommand(file: ParsedFile, node: ts.Node): void {
    const docs = (node as { jsDoc?: ts.JSDoc[] }).jsDoc;
    if (!docs || docs.length === 0) return;
    const cmd = jsDocTag(node, "docpact-command");
    if (cmd === null) return;
    const path = cmd.split(/\s+/).filter(Boolean);
    if (path.length === 0) return;
    const flagsTag = jsDocTag(node, "docpact-flags");
    const verbsTag = jsDocTag(node, "docpact-verbs");
    const named = ts.isVariableStatement(node) ? node.declarationList.declarations[0]?.name : (node as { name?: ts.Node }).name;
    this.found.push({
      decl: {
        path,
        verbs: verbsTag === null ? null : verbsTag.split(/[\s,]+/).filter(Boolean),
        flags: flagsTag === null ? null : uniqSorted(flagsTag.split(/[\s,]+/).filter(Boolean).map(flagName)),
        via: "jsdoc",
        span: spanOf(file, named ?? node),
      },
      origin: null,
      order: [file.rel, node.pos],
    });
  }
}

// ───────────── helpers ─────────────

/** The command words of a name or spec: `close <id>` → `["close"]`, `flow advance` → `["flow", "advance"]`. */
function commandWords(spec: string): string[] {
  const out: string[] = [];
  for (const w of spec.trim().split(/\s+/)) {
    if (!w || /^[<[]/.test(w) || w.startsWith("-")) break;
    out.push(w.split("|")[0]);
  }
  return out;
}

/** `json` → `--json`, `f` → `-f`, `--json` / `-f` unchanged. */
export function flagName(s: string): string {
  const t = s.trim();
  if (t.startsWith("-")) return t.split("=")[0];
  return t.length === 1 ? `-${t}` : `--${t}`;
}

/** Every `-x` / `--name` in an option spec such as `-f, --force <value>`; a bare word is a long name. */
export function flagsOfSpec(spec: string): string[] {
  const found = spec.match(/(?<![\w-])--?[A-Za-z0-9][\w-]*/g);
  if (found && found.length > 0) return found;
  const word = spec.trim().split(/[\s,|]+/)[0];
  return word && /^[A-Za-z0-9][\w-]*$/.test(word) ? [flagName(word)] : [];
}

function flagsOfValue(v: FoldedValue, spread: boolean): string[] {
  if (typeof v === "string") return flagsOfSpec(v);
  if (Array.isArray(v)) return v.flatMap((x) => flagsOfValue(x, false));
  if (v && typeof v === "object") {
    const named = ["name", "long", "flag"].map((k) => v[k]).find((x) => typeof x === "string") as string | undefined;
    if (named !== undefined) return [...flagsOfSpec(named), ...aliasFlags(v)];
    return spread ? flagsOfRecord(v) : [];
  }
  return [];
}

function flagsOfRecord(v: { [k: string]: FoldedValue }): string[] {
  const out: string[] = [];
  for (const [k, val] of Object.entries(v)) {
    out.push(flagName(k));
    if (val && typeof val === "object" && !Array.isArray(val)) out.push(...aliasFlags(val));
  }
  return out;
}

/** `short: "f"`, `alias: "f" | ["f", "force"]` in a flag's options. */
function aliasFlags(v: { [k: string]: FoldedValue }): string[] {
  const out: string[] = [];
  for (const k of ["short", "alias", "aliases"]) {
    const a = v[k];
    for (const s of Array.isArray(a) ? a : [a]) if (typeof s === "string" && s) out.push(flagName(s));
  }
  return out;
}

/** A `.command(…)` call's spec string (or object form's `command`/`name`) and the flags its builder object names. */
function chainSpec(call: ts.CallExpression): { text: string; node: ts.Node; flags: string[] } | null {
  const a0 = call.arguments[0];
  if (!a0) return null;
  const u = unwrap(a0);
  const s = stringLiteral(u);
  if (s !== null) {
    const builder = call.arguments[2] && unwrap(call.arguments[2]);
    const flags = builder && ts.isObjectLiteralExpression(builder) ? recordKeys(builder).map(flagName) : [];
    return { text: s, node: u, flags };
  }
  if (ts.isArrayLiteralExpression(u)) {
    const first = stringLiteral(u.elements[0]);
    return first !== null ? { text: first, node: u.elements[0], flags: [] } : null;
  }
  if (ts.isObjectLiteralExpression(u)) {
    const c = prop(u, "command") ?? prop(u, "name");
    const text = c ? stringLiteral(unwrap(c)) : null;
    if (text === null || !c) return null;
    const b = prop(u, "builder");
    const bu = b && unwrap(b);
    const flags = bu && ts.isObjectLiteralExpression(bu) ? recordKeys(bu).map(flagName) : [];
    return { text, node: unwrap(c), flags };
  }
  return null;
}

function isYargsStyle(call: ts.CallExpression): boolean {
  const a0 = call.arguments[0] && unwrap(call.arguments[0]);
  return call.arguments.length >= 3 || (!!a0 && (ts.isObjectLiteralExpression(a0) || ts.isArrayLiteralExpression(a0)));
}

/** When `id` is the parameter of a yargs builder passed to `.command(…)`, that call. */
function builderCommandCall(id: ts.Identifier): ts.CallExpression | null {
  for (let n: ts.Node | undefined = id.parent; n; n = n.parent) {
    if (!ts.isFunctionLike(n)) continue;
    if (!n.parameters.some((p) => ts.isIdentifier(p.name) && p.name.text === id.text)) continue;
    let p: ts.Node = n.parent;
    if (ts.isPropertyAssignment(p) && propertyNameText(p.name) === "builder") p = p.parent.parent;
    if (p && ts.isCallExpression(p) && calleeName(p) === "command") return p;
    return null;
  }
  return null;
}

function optionFlags(call: ts.CallExpression, fold: (r: Ref) => FoldedValue | undefined, file: ParsedFile): string[] {
  const name = calleeName(call);
  const a0 = call.arguments[0];
  if (!a0) return [];
  const u = unwrap(a0);
  if (name === "addOption") {
    if (ts.isNewExpression(u)) {
      const s = stringLiteral(u.arguments?.[0]);
      return s ? flagsOfSpec(s) : [];
    }
    return [];
  }
  if (name === "options") {
    const v = fold({ file, expr: a0 });
    return v && typeof v === "object" && !Array.isArray(v) ? flagsOfRecord(v) : ts.isObjectLiteralExpression(u) ? recordKeys(u).map(flagName) : [];
  }
  const s = stringLiteral(u) ?? (() => {
    const v = fold({ file, expr: a0 });
    return typeof v === "string" ? v : null;
  })();
  if (s === null) return [];
  const out = flagsOfSpec(s);
  const opts = call.arguments[1] && unwrap(call.arguments[1]);
  if (opts && ts.isObjectLiteralExpression(opts)) {
    const v = fold({ file, expr: opts });
    if (v && typeof v === "object" && !Array.isArray(v)) out.push(...aliasFlags(v));
  }
  return out;
}

function recordKeys(o: ts.ObjectLiteralExpression): string[] {
  const out: string[] = [];
  for (const p of o.properties) {
    const k = p.name ? propertyNameText(p.name as ts.PropertyName) : null;
    if (k !== null) out.push(k);
  }
  return out;
}

function prop(obj: ts.ObjectLiteralExpression, key: string): ts.Expression | null {
  for (const p of obj.properties) {
    if (ts.isPropertyAssignment(p) && propertyNameText(p.name) === key) return p.initializer;
    if (ts.isShorthandPropertyAssignment(p) && p.name.text === key) return p.name;
  }
  return null;
}

/** The initializer of the variable `name` visible from `from` (any `const`/`let`/`var` in an enclosing block). */
function localInit(name: string, from: ts.Node): ts.Expression | null {
  for (let n: ts.Node | undefined = from.parent; n; n = n.parent) {
    if (ts.isFunctionLike(n) && n.parameters.some((p) => ts.isIdentifier(p.name) && p.name.text === name)) return null;
    if (!(ts.isSourceFile(n) || ts.isBlock(n) || ts.isModuleBlock(n))) continue;
    for (const st of n.statements) {
      if (!ts.isVariableStatement(st)) continue;
      for (const d of st.declarationList.declarations) {
        if (ts.isIdentifier(d.name) && d.name.text === name) return d.initializer ?? null;
      }
    }
  }
  return null;
}

function enclosingFunction(node: ts.Node): ts.SignatureDeclaration | null {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) if (ts.isFunctionLike(n)) return n;
  return null;
}

/** Names a function can be called by: its own name, or the variable / property / method holding it. */
function callableNames(fn: ts.SignatureDeclaration): string[] {
  if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn) || ts.isFunctionExpression(fn)) && fn.name && ts.isIdentifier(fn.name)) {
    if (!ts.isFunctionExpression(fn)) return [fn.name.text];
  }
  const p = fn.parent;
  if (p && ts.isVariableDeclaration(p) && ts.isIdentifier(p.name)) return [p.name.text];
  if (p && ts.isPropertyAssignment(p)) {
    const k = propertyNameText(p.name);
    return k ? [k] : [];
  }
  if (p && ts.isPropertyDeclaration(p) && ts.isIdentifier(p.name)) return [p.name.text];
  return [];
}

function paramNames(fn: ts.SignatureDeclaration): Set<string> {
  const out = new Set<string>();
  const add = (n: ts.BindingName) => {
    if (ts.isIdentifier(n)) out.add(n.text);
    else for (const el of n.elements) if (!ts.isOmittedExpression(el)) add(el.name);
  };
  for (const p of fn.parameters) add(p.name);
  return out;
}

/** Parameter names → the call's arguments (destructured object parameters → the argument's properties). */
function bindArgs(fn: ts.SignatureDeclaration, file: ParsedFile, call: ts.CallExpression): Env {
  const env: Env = new Map();
  fn.parameters.forEach((p, i) => {
    const arg = call.arguments[i];
    if (ts.isIdentifier(p.name)) {
      if (arg && !ts.isSpreadElement(arg)) env.set(p.name.text, { file, expr: arg });
      else if (p.initializer) env.set(p.name.text, { file: file, expr: p.initializer });
      return;
    }
    if (ts.isObjectBindingPattern(p.name) && arg) {
      const a = unwrap(arg);
      if (!ts.isObjectLiteralExpression(a)) return;
      for (const el of p.name.elements) {
        if (!ts.isIdentifier(el.name)) continue;
        const key = el.propertyName ? propertyNameText(el.propertyName) : el.name.text;
        const v = key ? prop(a, key) : null;
        if (v) env.set(el.name.text, { file, expr: v });
      }
    }
  });
  return env;
}

function uniqSorted(xs: string[]): string[] {
  return [...new Set(xs)].sort();
}

function comparePaths(a: string[], b: string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const c = cmp(a[i], b[i]);
    if (c) return c;
  }
  return a.length - b.length;
}

/** One declaration per path: the first by source position wins the span and `via`; verbs and flags are united. */
function merge(found: Found[]): CommandDecl[] {
  const sorted = [...found].sort((x, y) => cmp(x.order[0], y.order[0]) || x.order[1] - y.order[1]);
  const byPath = new Map<string, CommandDecl>();
  for (const { decl } of sorted) {
    const key = decl.path.join("\u0000");
    const prev = byPath.get(key);
    if (!prev) {
      byPath.set(key, {
        ...decl,
        verbs: decl.verbs ? uniqSorted(decl.verbs) : null,
        flags: decl.flags ? uniqSorted(decl.flags) : null,
      });
      continue;
    }
    if (decl.verbs) prev.verbs = uniqSorted([...(prev.verbs ?? []), ...decl.verbs]);
    if (decl.flags) prev.flags = uniqSorted([...(prev.flags ?? []), ...decl.flags]);
  }
  return [...byPath.values()].sort((a, b) => comparePaths(a.path, b.path));
}
