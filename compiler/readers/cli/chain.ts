/**
 * Fluent builder chains, shared by the commander, yargs and cac adapters:
 * `.command("close <id>")`, nested commands through variables and builder
 * callbacks, `.option("-f, --force")`, `.options({…})`, `.alias("x")`,
 * options registered in loops over records. Each framework adapter gives its
 * dialect (what `.command(…)` returns, the flag syntax, what names the
 * default command); the walk is the same.
 */
import type { CommandDecl, FlagSpec, FlagSyntax, PositionalSpec } from "../../model/cli.js";
import type { Span } from "../../model/diagnostic.js";
import { calleeName, type ParsedFile, propertyNameText, spanOf, stringLiteral, ts, unwrap } from "../code-source.js";
import { type AdapterContext, type AdapterOutput, command, commandWords, type Opening, parseOptionSpec, positionalsOfSpec, excerpt } from "./adapter.js";
import type { FoldedValue } from "../constant-folder.js";
import { aliasNames, arityOf, flagsOfRecord, knownRecord } from "./flag-values.js";
import { foldAll } from "./loops.js";
import { declarationOf, defaultExport, resolveModule } from "./modules.js";
import { localInit, prop } from "./syntax.js";
import { escapeOf } from "./escapes.js";
import { isTestPath } from "../../util/test-paths.js";
import { posix } from "node:path";

// Every `.option(…)` of a chain is one step back to its command: real chains hold 50 and more (tsup's default command).
const MAX_DEPTH = 400;
const OPTION_CALLS = new Set(["option", "requiredOption", "options", "addOption"]);
/** Methods only a program or command object has: the name a chain of them starts from holds one. */
const PROGRAM_METHODS = new Set([
  ...OPTION_CALLS,
  "command",
  "alias",
  "aliases",
  "commandDir",
  "addCommand",
  "parse",
  "parseAsync",
  "action",
  "help",
  "version",
  "usage",
]);

export interface ChainDialect {
  id: string;
  syntax: FlagSyntax;
  /** Spec words that name the default command (`$0`, `*`, or a spec starting with a positional). */
  isDefaultSpec(spec: string): boolean;
  /** Options on the program are accepted by every command. */
  rootOptionsInherited: boolean;
  /** `.command(x)` with a variable, an import or a `require` names a command module and returns its receiver (yargs). */
  commandModules?: boolean;
  /** The program's `.version(v, flags?)` declares a version option: its flags spec when none is passed (cac `-v, --version`, commander `-V, --version`). */
  versionFlags?: string;
  /** A command with sub-commands accepts `help [command]` it does not declare (commander), unless `.helpCommand(false)` / `.addHelpCommand(false)` turns it off. */
  implicitHelpCommand?: boolean;
  /** A declared `--no-x` names the option `x` (cac strips `no-` from option names): `--x` is accepted as well. Commander's is `--no-x` alone. */
  negationNamesOption?: boolean;
}

interface Entry {
  decl: CommandDecl;
  call: ts.Node;
}

type Call = { file: ParsedFile; call: ts.CallExpression };

export function readChains(files: ParsedFile[], ctx: AdapterContext, d: ChainDialect): AdapterOutput {
  return new ChainReader(files, ctx, d).read();
}

class ChainReader {
  private readonly binaries: Set<string>;
  private readonly commandCalls: Call[] = [];
  private readonly optionCalls: Call[] = [];
  private readonly aliasCalls: Call[] = [];
  private readonly versionCalls: Call[] = [];
  private readonly parseCalls: Call[] = [];
  private readonly newCommands: { file: ParsedFile; node: ts.NewExpression }[] = [];
  /** The files of programs that parse their own argv, where there are several (mergedRoots). */
  private programFiles: string[] = [];
  private readonly paths = new Map<ts.CallExpression, string[] | null>();
  private readonly entries = new Map<string, Entry>();
  private readonly openings: Opening[] = [];
  private readonly rootOptions: FlagSpec[] = [];
  private rootSpan: Span | null = null;
  /** Builder functions of command modules in other files, with the command they configure. */
  private readonly builderOwners = new Map<ts.Node, string[]>();
  private readonly indexed = new Set<ParsedFile>();
  private readonly dirCalls: Call[] = [];
  private readonly addCalls: Call[] = [];
  /** Calls with a plain identifier among their arguments: a program handed to other code (escapes.ts). */
  private readonly argCalls: Call[] = [];
  /** Per file, the names a chain of program methods starts from (`cli` in `cli.on(…)`, `program.command(…)`). */
  private readonly programNames = new Map<ParsedFile, Set<string>>();
  /** `new Command("add")` mounted under another command by `.addCommand(…)`: its full path. */
  private readonly mounted = new Map<ts.Node, string[]>();

  constructor(
    private readonly files: ParsedFile[],
    private readonly ctx: AdapterContext,
    private readonly d: ChainDialect,
  ) {
    this.binaries = new Set(ctx.opts.binaries);
  }

  read(): AdapterOutput {
    for (const f of this.files) this.index(f);
    for (const { file, call } of this.commandCalls) this.commandOf(file, call);
    for (const { file, call } of this.dirCalls) this.commandDir(file, call);
    for (const { node, file } of this.newCommands) {
      const s = stringLiteral(node.arguments?.[0]);
      if (!s || this.binaries.has(s)) continue;
      const words = commandWords(s);
      if (words.length === 0 || this.entries.has(words[0])) continue;
      this.entries.set(words[0], {
        decl: command([words[0]], spanOf(file, node.arguments![0]), this.d.id, { syntax: this.d.syntax, via: "chain" }),
        call: node,
      });
    }
    for (const { file, call } of this.addCalls) this.addCommand(file, call);
    this.escapes();
    for (const { file, call } of this.optionCalls) this.readOption(file, call);
    if (this.d.versionFlags !== undefined) for (const { file, call } of this.versionCalls) this.readVersion(file, call, this.d.versionFlags);
    for (const { file, call } of this.aliasCalls) {
      const owner = this.ownerOf(file, (call.expression as ts.PropertyAccessExpression).expression, 0);
      if (!owner) continue;
      const e = this.entries.get(owner.join("\u0000"));
      if (!e) continue;
      for (const a of call.arguments) {
        const v = this.ctx.fold(file, a);
        for (const s of Array.isArray(v) ? v : [v]) if (typeof s === "string" && s) e.decl.aliases.push(s);
      }
    }
    const commands = [...this.entries.values()].map((e) => e.decl);
    if (this.rootOptions.length > 0 || commands.some((c) => c.path.length === 0) || commands.length === 0) {
      const root = this.entries.get("");
      const inherited = this.rootOptions.map((f) => ({ ...f, inherited: this.d.rootOptionsInherited }));
      if (root) root.decl.options.push(...inherited);
      else if (this.rootSpan) {
        // Options on the program itself: a single-command CLI (no `.command`) or options every command accepts.
        commands.push(command([], this.rootSpan, this.d.id, { options: inherited, isDefault: commands.length === 0, syntax: this.d.syntax, via: "chain" }));
      }
    }
    this.mergedRoots();
    if (this.d.implicitHelpCommand && !this.files.some((f) => /\.(?:add)?[hH]elpCommand\(\s*false\b/.test(f.text)))
      commands.push(...this.helpCommands(commands));
    if (this.d.negationNamesOption)
      for (const c of commands)
        c.options = c.options.map((f) => (f.long?.startsWith("--no-") ? { ...f, long: `--${f.long.slice(5)}`, aliases: [f.long, ...f.aliases] } : f));
    return { commands, openings: this.openings, ...(this.programFiles.length > 1 ? { programFiles: this.programFiles } : {}) };
  }

  /**
   * Programs that parse their own argv in different files (a scaffolder beside the tool: `new Command().option(…).parse()`
   * in each bin) share one surface, where their roots merge: a word after the binary may be one program's argument and the
   * other's command, so the root's command set is open. Their flags merge too, which only accepts more.
   */
  private mergedRoots(): void {
    const roots = this.parseCalls.filter(({ file, call }) => {
      // A program parses the process's arguments (none given, or `process.argv`); a test parses strings it makes up.
      const arg = call.arguments[0];
      if (isTestPath(file.rel) || (arg !== undefined && !/\bprocess\.argv\b|\bhideBin\(/.test(arg.getText(file.sf)))) return false;
      const owner = this.ownerOf(file, (call.expression as ts.PropertyAccessExpression).expression, 0);
      return owner !== null && owner.length === 0;
    });
    const files = [...new Set(roots.map((r) => r.file.rel))].sort();
    if (files.length < 2) return;
    const reason = `${files.length} programs parse their own arguments (${files.join(", ")}): their root commands merge, so a word after the binary is not judged`;
    const first = roots.find((r) => r.file.rel === files[0])!;
    this.openings.push({ path: [], set: "commands", reason, span: spanOf(first.file, first.call) });
    // Each a file the surface was read from: binaries whose entries reach different ones are read apart (binary-surfaces.ts).
    this.programFiles = files;
  }

  /** commander's implicit `help [command]` under each command that has sub-commands and declares no `help` of its own. */
  private helpCommands(commands: readonly CommandDecl[]): CommandDecl[] {
    const key = (path: readonly string[]) => path.join("\u0000");
    const declared = new Set(commands.flatMap((c) => [key(c.path), ...c.aliases.map((a) => key([...c.path.slice(0, -1), a]))]));
    const parents = new Map<string, { path: string[]; span: Span }>();
    for (const c of commands) {
      if (c.path.length === 0) continue;
      const path = c.path.slice(0, -1);
      if (!parents.has(key(path))) parents.set(key(path), { path, span: this.entries.get(key(path))?.decl.span ?? this.rootSpan ?? c.span });
    }
    const out: CommandDecl[] = [];
    for (const { path, span } of parents.values()) {
      if (declared.has(key([...path, "help"]))) continue;
      const positionals = [{ name: "command", required: false, variadic: false }];
      out.push(command([...path, "help"], span, this.d.id, { positionals, syntax: this.d.syntax, via: "chain" }));
    }
    return out;
  }

  /** A program (or command) object passed to code docpact does not read: its command list is open (escapes.ts). */
  private escapes(): void {
    for (const { file, call } of this.argCalls) {
      const names = this.programNames.get(file);
      const arg = names && call.arguments.map(unwrap).find((a): a is ts.Identifier => ts.isIdentifier(a) && names.has(a.text));
      if (!arg) continue;
      const why = escapeOf(file, call, names);
      if (why === null) continue;
      const owner = this.ownerOf(file, arg, 0);
      if (owner)
        this.openings.push({
          path: owner,
          set: "commands",
          reason: `\`${arg.text}\` is passed to ${why}: commands registered there are not read`,
          span: spanOf(file, call),
        });
    }
  }

  private programName(file: ParsedFile, receiver: ts.Expression): void {
    let root = unwrap(receiver);
    while (ts.isCallExpression(root) || ts.isPropertyAccessExpression(root)) root = unwrap(root.expression);
    if (!ts.isIdentifier(root)) return;
    let names = this.programNames.get(file);
    if (!names) this.programNames.set(file, (names = new Set()));
    names.add(root.text);
  }

  private index(file: ParsedFile): void {
    if (this.indexed.has(file)) return;
    this.indexed.add(file);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && node.arguments.some((a) => ts.isIdentifier(unwrap(a)))) this.argCalls.push({ file, call: node });
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const name = node.expression.name.text;
        // `.on(…)` is any emitter's; only commander's and cac's `command:*` listener marks a program.
        if (PROGRAM_METHODS.has(name) || (name === "on" && stringLiteral(node.arguments[0]) === "command:*"))
          this.programName(file, node.expression.expression);
        if (name === "command") this.commandCalls.push({ file, call: node });
        else if (OPTION_CALLS.has(name)) this.optionCalls.push({ file, call: node });
        else if (name === "alias" || name === "aliases") this.aliasCalls.push({ file, call: node });
        else if (name === "version") this.versionCalls.push({ file, call: node });
        else if (name === "parse" || name === "parseAsync") this.parseCalls.push({ file, call: node });
        else if (name === "commandDir") this.dirCalls.push({ file, call: node });
        else if (name === "addCommand") this.addCalls.push({ file, call: node });
        else if (name === "on" && stringLiteral(node.arguments[0]) === "command:*") {
          // commander's and cac's listener for commands the program does not declare: it runs them (plugins, aliases).
          const owner = this.ownerOf(file, node.expression.expression, 0);
          if (owner)
            this.openings.push({ path: owner, set: "commands", reason: '`.on("command:*")` handles commands it does not declare', span: spanOf(file, node) });
        } else if (name === "allowUnknownOption" || name === "passThroughOptions") {
          const owner = this.ownerOf(file, node.expression.expression, 0);
          if (owner) this.openings.push({ path: owner, set: "flags", reason: `\`.${name}()\` accepts flags it does not declare`, span: spanOf(file, node) });
        }
      } else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "Command") {
        this.newCommands.push({ file, node });
      }
      ts.forEachChild(node, visit);
    };
    visit(file.sf);
  }

  /** The path of the command a `.command(…)` call declares (registering it), or null when it declares none. */
  private commandOf(file: ParsedFile, call: ts.CallExpression, depth = 0): string[] | null {
    if (this.paths.has(call)) return this.paths.get(call) ?? null;
    this.paths.set(call, null);
    if (depth > MAX_DEPTH) return null;
    const parent = this.ownerOf(file, (call.expression as ts.PropertyAccessExpression).expression, depth + 1);
    if (parent === null) return null;
    const spec = this.chainSpec(file, call);
    if (!spec) {
      if (call.arguments[0]) {
        this.openings.push({
          path: parent,
          set: "commands",
          reason: `a command spec does not evaluate: \`${excerpt(call.arguments[0].getText(file.sf))}\``,
          span: spanOf(file, call.arguments[0]),
        });
      }
      return null;
    }
    const isDefault = this.d.isDefaultSpec(spec.text);
    const words = isDefault ? [] : commandWords(spec.text);
    if (!isDefault && words.length === 0) return null;
    const path = [...parent, ...words.slice(0, 1)];
    this.paths.set(call, path);
    this.moduleParts(path, spec);
    const key = path.join("\u0000");
    const positionals: PositionalSpec[] = positionalsOfSpec(spec.text);
    const prev = this.entries.get(key);
    if (prev) {
      prev.decl.options.push(...spec.flags);
      prev.decl.aliases.push(...spec.aliases);
      if (prev.decl.positionals.length === 0) prev.decl.positionals = positionals;
      prev.decl.isDefault ||= isDefault;
      return path;
    }
    this.entries.set(key, {
      decl: command(path, spanOf(file, spec.node), this.d.id, {
        options: [...spec.flags],
        aliases: [...spec.aliases],
        positionals,
        isDefault,
        syntax: this.d.syntax,
        via: "chain",
      }),
      call,
    });
    return path;
  }

  /**
   * The command path an expression in a chain evaluates to: `[]` for the
   * program itself, null when it cannot be told. Fluent calls return their
   * receiver; a `.command(…)` call with one or two arguments returns the new
   * command (commander, cac), one with three or more or an object argument
   * returns its receiver (yargs).
   */
  private ownerOf(file: ParsedFile, expr: ts.Expression, depth: number): string[] | null {
    if (depth > MAX_DEPTH) return null;
    const e = unwrap(expr);
    if (ts.isCallExpression(e)) {
      if (ts.isPropertyAccessExpression(e.expression)) {
        if (e.expression.name.text === "command" && !isYargsStyle(e) && !(this.d.commandModules && isModuleArg(e))) return this.commandOf(file, e, depth + 1);
        return this.ownerOf(file, e.expression.expression, depth + 1);
      }
      this.rootSpan ??= spanOf(file, e);
      return [];
    }
    if (ts.isNewExpression(e)) {
      const mounted = this.mounted.get(e);
      if (mounted) return mounted;
      const s = stringLiteral(e.arguments?.[0]);
      if (!s || this.binaries.has(s)) {
        this.rootSpan ??= spanOf(file, e);
        return [];
      }
      const w = commandWords(s);
      return w.length ? [w[0]] : [];
    }
    if (ts.isIdentifier(e)) {
      const owned = this.builderOwnerOf(e);
      if (owned) return owned;
      const builderOf = builderCommandCall(e);
      if (builderOf) return this.commandOf(file, builderOf, depth + 1);
      const init = localInit(e.text, e);
      if (init) return this.ownerOf(file, init, depth + 1);
      this.rootSpan ??= spanOf(file, e);
      return [];
    }
    return [];
  }

  /**
   * An options record that does not evaluate as a whole (a `describe` built
   * from imports, `default: defaults.x`): each option's `alias`, `type` and
   * arity members are evaluated one by one, so aliases are not lost.
   */
  private recordFlags(file: ParsedFile, obj: ts.ObjectLiteralExpression, span: Span): FlagSpec[] {
    const partial: Record<string, FoldedValue> = {};
    for (const p of obj.properties) {
      const key = ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p) ? propertyNameText(p.name) : null;
      if (key === null) continue;
      const init = ts.isPropertyAssignment(p) ? unwrap(p.initializer) : null;
      const whole = init ? this.ctx.fold(file, init) : undefined;
      if (whole !== undefined || !init || !ts.isObjectLiteralExpression(init)) {
        partial[key] = whole ?? {};
        continue;
      }
      const members: Record<string, FoldedValue> = {};
      for (const m of ["alias", "aliases", "short", "type", "boolean", "string", "number", "array", "nargs", "requiresArg"]) {
        const e = prop(init, m);
        const v = e ? this.ctx.fold(file, e) : undefined;
        if (v !== undefined) members[m] = v;
      }
      partial[key] = members;
    }
    return flagsOfRecord(partial, span);
  }

  /** A `.command(…)` call's spec string (or object form's `command`/`name`), its aliases and the flags its builder object names. */
  private chainSpec(file: ParsedFile, call: ts.CallExpression): Spec | null {
    const a0 = call.arguments[0];
    if (!a0) return null;
    const u = unwrap(a0);
    const builderFlags = (b: ts.Expression | undefined): FlagSpec[] => {
      const bu = b && unwrap(b);
      if (!bu) return [];
      if (!ts.isObjectLiteralExpression(bu)) {
        // A builder record held elsewhere (`builder: OPTIONS`): its keys, whatever its fields evaluate to.
        const known = ts.isIdentifier(bu) || ts.isPropertyAccessExpression(bu) ? knownRecord(this.ctx.evaluate(file, bu)) : null;
        return known ? flagsOfRecord(known, spanOf(file, bu)) : [];
      }
      const v = this.ctx.fold(file, bu);
      if (v && typeof v === "object" && !Array.isArray(v)) return flagsOfRecord(v, spanOf(file, bu));
      return this.recordFlags(file, bu, spanOf(file, bu));
    };
    const folded = this.ctx.fold(file, u);
    if (typeof folded === "string") {
      const [main, ...aliases] = folded.split(/\s+/)[0].includes("|") ? splitAliases(folded) : [folded];
      return { text: main, node: u, flags: builderFlags(call.arguments[2]), aliases };
    }
    if (Array.isArray(folded) && typeof folded[0] === "string") {
      return {
        text: folded[0],
        node: ts.isArrayLiteralExpression(u) ? u.elements[0] : u,
        flags: builderFlags(call.arguments[2]),
        aliases: folded
          .slice(1)
          .filter((x): x is string => typeof x === "string")
          .map((x) => commandWords(x)[0] ?? x),
      };
    }
    let obj = u;
    if (ts.isIdentifier(obj)) {
      const init = localInit(obj.text, obj);
      if (init) obj = unwrap(init);
    }
    if (ts.isObjectLiteralExpression(obj)) {
      const c = prop(obj, "command") ?? prop(obj, "name");
      if (!c) return null;
      const v = this.ctx.fold(file, c);
      const texts = typeof v === "string" ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
      if (texts.length === 0) return null;
      const al = prop(obj, "aliases");
      const alv = al ? this.ctx.fold(file, al) : undefined;
      const aliases = [...texts.slice(1), ...(Array.isArray(alv) ? alv : typeof alv === "string" ? [alv] : [])]
        .filter((x): x is string => typeof x === "string")
        .map((x) => commandWords(x)[0] ?? x);
      return { text: texts[0], node: unwrap(c), flags: builderFlags(prop(obj, "builder") ?? undefined), aliases };
    }
    // A command module in another file: `.command(imported)`, `import * as cmd`, `require("./cmd")`.
    const mod = commandModule(this.ctx.all, file, u);
    return mod ? this.moduleSpec(mod) : null;
  }

  /** The spec of a command module (`command`, `aliases`, `builder` as an object or a function configuring its parameter). */
  private moduleSpec(mod: ModuleProps): Spec | null {
    const c = mod.get("command");
    if (!c || !ts.isExpression(c.node)) return null;
    const v = this.ctx.fold(c.file, c.node);
    const texts = typeof v === "string" ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
    if (texts.length === 0) return null;
    const al = mod.get("aliases");
    const alv = al && ts.isExpression(al.node) ? this.ctx.fold(al.file, al.node) : undefined;
    const aliases = [...texts.slice(1), ...(Array.isArray(alv) ? alv : typeof alv === "string" ? [alv] : [])]
      .filter((x): x is string => typeof x === "string")
      .map((x) => commandWords(x)[0] ?? x);
    const spec: Spec = { text: texts[0], node: c.node, flags: [], aliases };
    const b = mod.get("builder");
    if (b) {
      const bn = ts.isExpression(b.node) ? unwrap(b.node) : b.node;
      if (ts.isObjectLiteralExpression(bn)) {
        const folded = this.ctx.fold(b.file, bn);
        spec.flags =
          folded && typeof folded === "object" && !Array.isArray(folded)
            ? flagsOfRecord(folded, spanOf(b.file, bn))
            : this.recordFlags(b.file, bn, spanOf(b.file, bn));
      } else if (ts.isFunctionLike(bn) && bn.parameters.length > 0) spec.builder = { file: b.file, fn: bn };
      else spec.flagsOpen = { reason: "the command module's `builder` is not an object or a function docpact can follow", span: spanOf(b.file, b.node) };
    }
    return spec;
  }

  /**
   * `parent.addCommand(sub)`: the `new Command("sub")` it mounts (through
   * variables, imports and factory functions in other modules) is declared
   * under `parent`, its options with it.
   */
  private addCommand(file: ParsedFile, call: ts.CallExpression): void {
    const owner = this.ownerOf(file, (call.expression as ts.PropertyAccessExpression).expression, 0);
    const arg = call.arguments[0];
    if (owner === null || owner.length === 0 || !arg) return;
    const nx = newCommandOf(this.ctx.all, file, arg, 0);
    const name = nx ? stringLiteral(nx.node.arguments?.[0]) : null;
    const words = name ? commandWords(name) : [];
    if (!nx || words.length === 0) return;
    const from = [words[0]].join("\u0000");
    const e = this.entries.get(from);
    if (!e || e.call !== nx.node) return;
    const path = [...owner, words[0]];
    this.entries.delete(from);
    e.decl.path = path;
    this.entries.set(path.join("\u0000"), e);
    this.mounted.set(nx.node, path);
  }

  /** A command module's builder function configures its command: its `.option(…)` calls are that command's. */
  private moduleParts(path: string[], spec: Spec): void {
    if (spec.builder) {
      this.builderOwners.set(spec.builder.fn, path);
      this.index(spec.builder.file);
    }
    if (spec.flagsOpen) this.openings.push({ path, set: "flags", ...spec.flagsOpen });
  }

  /** The command whose module builder has `id` as its parameter. */
  private builderOwnerOf(id: ts.Identifier): string[] | null {
    if (this.builderOwners.size === 0) return null;
    for (let n: ts.Node | undefined = id.parent; n; n = n.parent) {
      if (!ts.isFunctionLike(n)) continue;
      if (!n.parameters.some((p) => ts.isIdentifier(p.name) && p.name.text === id.text)) continue;
      return this.builderOwners.get(n) ?? null;
    }
    return null;
  }

  /**
   * `.commandDir("cmds")`: every module directly in that folder (below it with
   * `{ recurse: true }`) is a command module of the owner. The list stays open
   * when the folder does not evaluate, holds no code file docpact reads, or
   * one of its modules declares no command docpact can read.
   */
  private commandDir(file: ParsedFile, call: ts.CallExpression): void {
    const owner = this.ownerOf(file, (call.expression as ts.PropertyAccessExpression).expression, 0);
    const at = owner ?? [];
    const openDir = (why: string): void => {
      this.openings.push({ path: at, set: "commands", reason: `commands are loaded from a directory (\`.commandDir\`): ${why}`, span: spanOf(file, call) });
    };
    const dir = call.arguments[0] ? this.ctx.fold(file, call.arguments[0]) : undefined;
    if (owner === null || typeof dir !== "string") return openDir("its folder does not evaluate");
    const opts = call.arguments[1] ? this.ctx.fold(file, call.arguments[1]) : undefined;
    const recurse = !!opts && typeof opts === "object" && !Array.isArray(opts) && opts.recurse === true;
    if (
      opts !== undefined &&
      (typeof opts !== "object" || opts === null || Array.isArray(opts) || Object.keys(opts).some((k) => k !== "recurse" && k !== "extensions"))
    )
      return openDir("its options change which modules load");
    const base = posix.normalize(posix.join(posix.dirname(file.rel), dir));
    const modules = this.ctx.all
      .filter((f) => f.rel.startsWith(`${base}/`) && (recurse || !f.rel.slice(base.length + 1).includes("/")) && !/\.d\.[mc]?ts$/.test(f.rel))
      .sort((a, b) => (a.rel < b.rel ? -1 : 1));
    if (modules.length === 0) return openDir(`no code file under ${base}/ is read`);
    for (const m of modules) {
      const spec = this.moduleSpec(moduleProps(this.ctx.all, m));
      if (!spec) {
        openDir(`${m.rel} declares no \`command\` docpact can read`);
        continue;
      }
      const isDefault = this.d.isDefaultSpec(spec.text);
      const words = isDefault ? [] : commandWords(spec.text);
      if (!isDefault && words.length === 0) continue;
      const path = [...at, ...words.slice(0, 1)];
      const key = path.join("\u0000");
      if (!this.entries.has(key)) {
        this.entries.set(key, {
          decl: command(path, spanOf(m, spec.node), this.d.id, {
            options: [...spec.flags],
            aliases: [...spec.aliases],
            positionals: positionalsOfSpec(spec.text),
            isDefault,
            syntax: this.d.syntax,
            via: "chain",
          }),
          call,
        });
      }
      this.moduleParts(path, spec);
    }
  }

  private readOption(file: ParsedFile, call: ts.CallExpression): void {
    const owner = this.ownerOf(file, (call.expression as ts.PropertyAccessExpression).expression, 0);
    if (owner === null) return;
    const got = this.optionFlags(file, call);
    if (got === null) {
      this.openings.push({
        path: owner,
        set: "flags",
        reason: `an option does not evaluate: \`${excerpt(call.arguments[0]?.getText(file.sf) ?? call.getText(file.sf))}\``,
        span: spanOf(file, call),
      });
      return;
    }
    if (owner.length === 0) {
      this.rootOptions.push(...got);
      this.rootSpan ??= spanOf(file, call);
      return;
    }
    const e = this.entries.get(owner.join("\u0000"));
    if (e) e.decl.options.push(...got);
  }

  /** The program's `.version(v)`: an option with the dialect's flags, or those its second argument names (`"-V, --vers"`). */
  private readVersion(file: ParsedFile, call: ts.CallExpression, fallback: string): void {
    const owner = this.ownerOf(file, (call.expression as ts.PropertyAccessExpression).expression, 0);
    if (owner === null || owner.length > 0 || call.arguments.length === 0) return;
    const a1 = call.arguments[1];
    const spec = a1 === undefined ? fallback : this.ctx.fold(file, a1);
    const span = spanOf(file, call);
    if (typeof spec !== "string") {
      this.openings.push({ path: owner, set: "flags", reason: `the version option's flags do not evaluate: \`${excerpt(a1!.getText(file.sf))}\``, span });
      return;
    }
    const f = parseOptionSpec(spec, { span });
    if (!f) return;
    this.rootOptions.push(f);
    this.rootSpan ??= span;
  }

  /** The flags one option call declares; null when its spec does not evaluate. */
  private optionFlags(file: ParsedFile, call: ts.CallExpression): FlagSpec[] | null {
    const name = calleeName(call);
    const a0 = call.arguments[0];
    if (!a0) return [];
    const u = unwrap(a0);
    const span = spanOf(file, call);
    if (name === "addOption") {
      // `new Option("-v, --verbose")`, possibly configured in a chain (`.hideHelp().default(1)`).
      let o: ts.Expression = u;
      while (ts.isCallExpression(o) && ts.isPropertyAccessExpression(o.expression)) o = unwrap(o.expression.expression);
      const spec = ts.isNewExpression(o) ? o.arguments?.[0] : undefined;
      const specs = spec ? foldAll(this.ctx, file, spec) : null;
      if (specs === null || specs.some((s) => typeof s !== "string")) return null;
      return (specs as string[]).map((s) => parseOptionSpec(s, { span })).filter((f): f is FlagSpec => f !== null);
    }
    if (name === "options" || (ts.isObjectLiteralExpression(u) && call.arguments.length === 1)) {
      const v = this.ctx.fold(file, a0);
      if (v && typeof v === "object" && !Array.isArray(v)) return flagsOfRecord(v, span);
      if (ts.isObjectLiteralExpression(u)) return this.recordFlags(file, u, span);
      // A record from elsewhere with a field that does not evaluate (`default: resolveDefaults()`): the names are still known.
      const known = knownRecord(this.ctx.evaluate(file, u));
      return known ? flagsOfRecord(known, span) : null;
    }
    const specs = foldAll(this.ctx, file, a0);
    if (specs === null || specs.some((s) => typeof s !== "string")) return null;
    const opts = call.arguments[1] && unwrap(call.arguments[1]);
    const optsValue = opts && ts.isObjectLiteralExpression(opts) ? this.ctx.fold(file, opts) : undefined;
    const obj = optsValue && typeof optsValue === "object" && !Array.isArray(optsValue) ? optsValue : null;
    const out: FlagSpec[] = [];
    for (const s of specs as string[]) {
      const f = parseOptionSpec(s, { span });
      if (!f) continue;
      if (obj) {
        // yargs: `.option("retry", { alias: "r", type: "number" })`.
        for (const a of aliasNames(obj)) {
          const n = a.length === 1 ? `-${a}` : `--${a.replace(/^-+/, "")}`;
          if (n.startsWith("--")) f.aliases.push(n);
          else f.short.push(n);
        }
        if (f.arity === "boolean") f.arity = arityOf(obj);
      }
      out.push(f);
    }
    return out;
  }
}

interface Spec {
  text: string;
  node: ts.Node;
  flags: FlagSpec[];
  aliases: string[];
  /** A command module's builder function in another file. */
  builder?: { file: ParsedFile; fn: ts.SignatureDeclaration };
  flagsOpen?: { reason: string; span: Span };
}

/** A command module's members by name: an object literal's properties, or a module's exports. */
interface ModuleProps {
  get(name: string): { file: ParsedFile; node: ts.Node } | null;
}

/** The command module an argument of `.command(…)` names in another file (null: not one docpact can follow). */
function commandModule(files: readonly ParsedFile[], file: ParsedFile, e: ts.Expression): ModuleProps | null {
  if (ts.isCallExpression(e) && calleeName(e) === "require" && e.arguments[0]) {
    const spec = stringLiteral(unwrap(e.arguments[0]));
    const m = spec ? resolveModule(files, file, spec) : null;
    return m ? moduleProps(files, m) : null;
  }
  if (!ts.isIdentifier(e)) return null;
  const found = declarationOf(files, file, e.text);
  if (found && ts.isExpression(found.node)) {
    const o = unwrap(found.node);
    if (ts.isObjectLiteralExpression(o)) return objectProps(found.file, o);
    if (ts.isCallExpression(o) && calleeName(o) === "require") return commandModule(files, found.file, o);
  }
  // `import * as cmd from "./cmd"`
  for (const st of file.sf.statements) {
    const nb = ts.isImportDeclaration(st) ? st.importClause?.namedBindings : undefined;
    if (nb && ts.isNamespaceImport(nb) && nb.name.text === e.text && ts.isStringLiteral((st as ts.ImportDeclaration).moduleSpecifier)) {
      const m = resolveModule(files, file, ((st as ts.ImportDeclaration).moduleSpecifier as ts.StringLiteral).text);
      return m ? moduleProps(files, m) : null;
    }
  }
  return null;
}

function objectProps(file: ParsedFile, o: ts.ObjectLiteralExpression): ModuleProps {
  return {
    get(name) {
      for (const p of o.properties) {
        if (ts.isMethodDeclaration(p) && p.name && propertyNameText(p.name) === name) return { file, node: p };
      }
      const v = prop(o, name);
      return v ? { file, node: v } : null;
    },
  };
}

/** A module's exports as command-module members: `export const command = …`, `export function builder`, `module.exports = {…}`, `exports.x = …`, `export default {…}`. */
function moduleProps(files: readonly ParsedFile[], m: ParsedFile): ModuleProps {
  const def = defaultExport(m);
  if (def && ts.isExpression(def.node) && ts.isObjectLiteralExpression(unwrap(def.node)))
    return objectProps(def.file, unwrap(def.node) as ts.ObjectLiteralExpression);
  for (const st of m.sf.statements) {
    if (
      ts.isExpressionStatement(st) &&
      ts.isBinaryExpression(st.expression) &&
      st.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      st.expression.left.getText(m.sf) === "module.exports"
    ) {
      const r = unwrap(st.expression.right);
      if (ts.isObjectLiteralExpression(r)) return objectProps(m, r);
    }
  }
  return {
    get(name) {
      for (const st of m.sf.statements) {
        if (ts.isExpressionStatement(st) && ts.isBinaryExpression(st.expression) && st.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
          const t = st.expression.left.getText(m.sf);
          if (t === `exports.${name}` || t === `module.exports.${name}`) return { file: m, node: st.expression.right };
        }
      }
      const found = declarationOf(files, m, name);
      if (!found) return null;
      return { file: found.file, node: found.node };
    },
  };
}

function splitAliases(spec: string): string[] {
  const [head, ...rest] = spec.split(/\s+/);
  const names = head.split("|");
  return [[names[0], ...rest].join(" "), ...names.slice(1)];
}

function isYargsStyle(call: ts.CallExpression): boolean {
  let a0 = call.arguments[0] && unwrap(call.arguments[0]);
  // `.command(releasePrCommand)`: a yargs CommandModule object held in a variable.
  if (a0 && ts.isIdentifier(a0)) a0 = unwrap(localInit(a0.text, a0) ?? a0);
  return call.arguments.length >= 3 || (!!a0 && (ts.isObjectLiteralExpression(a0) || ts.isArrayLiteralExpression(a0)));
}

/** The `new Command("…")` an expression evaluates to: directly, at the bottom of a chain, through variables, imports and a factory's return. */
function newCommandOf(files: readonly ParsedFile[], file: ParsedFile, expr: ts.Expression, depth: number): { file: ParsedFile; node: ts.NewExpression } | null {
  if (depth > 6) return null;
  let e = unwrap(expr);
  while (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression)) e = unwrap(e.expression.expression);
  if (ts.isNewExpression(e)) return ts.isIdentifier(e.expression) && e.expression.text === "Command" ? { file, node: e } : null;
  if (ts.isCallExpression(e) && ts.isIdentifier(e.expression)) {
    const fn = declarationOf(files, file, e.expression.text);
    const body = fn && (ts.isFunctionDeclaration(fn.node) || ts.isArrowFunction(fn.node) || ts.isFunctionExpression(fn.node)) ? fn.node.body : undefined;
    if (!fn || !body) return null;
    if (!ts.isBlock(body)) return newCommandOf(files, fn.file, body, depth + 1);
    let found: { file: ParsedFile; node: ts.NewExpression } | null = null;
    const visit = (n: ts.Node): void => {
      if (found || ts.isFunctionLike(n)) return;
      if (ts.isReturnStatement(n) && n.expression) found = newCommandOf(files, fn.file, n.expression, depth + 1);
      else ts.forEachChild(n, visit);
    };
    ts.forEachChild(body, visit);
    return found;
  }
  if (ts.isIdentifier(e)) {
    const init = localInit(e.text, e);
    if (init) return newCommandOf(files, file, init, depth + 1);
    const found = declarationOf(files, file, e.text);
    return found && ts.isExpression(found.node) ? newCommandOf(files, found.file, found.node, depth + 1) : null;
  }
  return null;
}

/** `.command(imported)`, `.command(require("./cmd"))`: one argument that is not a literal. */
function isModuleArg(call: ts.CallExpression): boolean {
  const a0 = call.arguments.length === 1 ? unwrap(call.arguments[0]!) : null;
  return !!a0 && (ts.isIdentifier(a0) || (ts.isCallExpression(a0) && calleeName(a0) === "require"));
}

/** When `id` is the parameter of a yargs builder passed to `.command(…)`, that call. */
function builderCommandCall(id: ts.Identifier): ts.CallExpression | null {
  for (let n: ts.Node | undefined = id.parent; n; n = n.parent) {
    if (!ts.isFunctionLike(n)) continue;
    if (!n.parameters.some((p) => ts.isIdentifier(p.name) && p.name.text === id.text)) continue;
    // The `builder` of a command object: `{ builder: (y) => … }` or `{ builder(y) { … } }`.
    let obj: ts.Node | null = null;
    if (ts.isMethodDeclaration(n) && n.name && propertyNameText(n.name) === "builder") obj = n.parent;
    else if (ts.isPropertyAssignment(n.parent) && propertyNameText(n.parent.name) === "builder") obj = n.parent.parent;
    const p: ts.Node = obj ? obj.parent : n.parent;
    if (p && ts.isCallExpression(p) && calleeName(p) === "command") return p;
    // A CommandModule held in a variable: the `.command(variable)` call that registers it.
    if (obj && ts.isVariableDeclaration(p) && ts.isIdentifier(p.name)) return commandCallWith(p.name.text, id.getSourceFile());
    return null;
  }
  return null;
}

function commandCallWith(name: string, sf: ts.SourceFile): ts.CallExpression | null {
  let found: ts.CallExpression | null = null;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (
      ts.isCallExpression(n) &&
      calleeName(n) === "command" &&
      n.arguments[0] &&
      ts.isIdentifier(unwrap(n.arguments[0])) &&
      (unwrap(n.arguments[0]) as ts.Identifier).text === name
    )
      found = n;
    else ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}
