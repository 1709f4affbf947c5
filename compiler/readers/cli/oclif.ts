/**
 * oclif: one command class per file under the commands folder
 * (package.json `oclif.commands`, e.g. `./lib/commands`, read from its
 * sources `src/commands`), the id from the file's path
 * (`commands/plugins/install.ts` → `plugins install`, `index.ts` names its
 * folder's topic), `static flags = { force: Flags.boolean({ char: "f" }) }`,
 * `static baseFlags` and `enableJsonFlag` (own or inherited from a base class
 * in the project), `static args = { plugin: Args.string() }`, and
 * `static aliases = ["plugins:add"]`.
 *
 * Ids are written with the topic separator (`oclif.topicSeparator`): with the
 * default `:` a command is one word (`plugins:install`); with `" "` it is a
 * path (`plugins install`) and the colon spelling is accepted as well.
 *
 * Open sets: a flag record with a spread, a shorthand or an initializer that
 * is not followed, or a base class outside the project (its flags are not
 * read) opens the command's flags; `oclif.plugins` or `flexibleTaxonomy`
 * opens the top-level command list (plugins add commands, flexible taxonomy
 * accepts the topic words in any order). oclif adds `--help` everywhere.
 *
 * The bare binary (no root command): oclif reads its first word as a command
 * id after checking only for the help and version flags (`--help`,
 * `--version`, `oclif.additionalHelpFlags`/`additionalVersionFlags`), so
 * those are the root's flags; a project hook that sees argv first (`init`,
 * `preparse`, `command_not_found`) or `oclif.default` opens them.
 */
import { existsSync } from "../../util/input-fs.js";
import { guardedRead } from "../../util/guarded-read.js";
import { join, posix } from "node:path";
import type { CommandDecl, FlagArity, FlagSpec, PositionalSpec } from "../../model/cli.js";
import type { Span } from "../../model/diagnostic.js";
import { type ParsedFile, propertyNameText, spanOf, stringLiteral, ts, unwrap } from "../code-source.js";
import { type AdapterContext, type AdapterOutput, type CliAdapter, defineReader, command, flag, type Opening } from "./adapter.js";
import { baseClass, declarationOf, defaultExport, importSource, staticMember } from "./modules.js";
import { withParents } from "./parents.js";
import { prop } from "./syntax.js";
import { knownRecord } from "./flag-values.js";
import { shortened } from "../../util/text.js";

const short60 = (s: string) => shortened(s, 60, "...");

const OCLIF_MODULE = /^@oclif\/(core|command)(\/|$)/;
const BOOLEAN_KINDS = new Set(["boolean", "help", "version"]);

interface OclifConfig {
  /** Package folder relative to the root (`""` for the root). */
  dir: string;
  /** `pattern`: one command per file under `commandDirs`; `single`: the target's class is the root; `explicit`: the target exports `{ id: Class }`. */
  strategy: "pattern" | "single" | "explicit";
  /** Command folders relative to the package folder that hold sources (`src/commands`, `lib/commands`). */
  commandDirs: string[];
  /** For `single` and `explicit`: the target module's possible sources, relative to the package folder. */
  targets: string[];
  /** For `explicit`: the export holding the commands. */
  identifier: string;
  separator: string;
  /** `oclif.plugins`: the packages whose commands the CLI loads besides its own. */
  plugins: string[];
  flexibleTaxonomy: boolean;
  /** `--help` and `oclif.additionalHelpFlags`; `--version` and `oclif.additionalVersionFlags`: what the bare binary takes. */
  rootFlags: string[];
  /** The project's own hooks that see argv before a command is found (`init`, `preparse`, `command_not_found`), and `oclif.default`. */
  rootReaders: string[];
}

export const oclifAdapter: CliAdapter = defineReader({
  id: "oclif",
  docs: "one command class per file: the id from its path under the commands folder (`commands/plugins/install.ts` → `plugins install`), `static flags`/`baseFlags` with `Flags.*`, `static args`, `static aliases`, `enableJsonFlag`; the bare binary takes only the help and version flags",
  order: 40,
  packages: ["@oclif/core", "@oclif/command"],
  detect: (text, rel) =>
    /["']@oclif\/(core|command)["']/.test(text) || (/(^|\/)commands\//.test(rel) && /\bstatic\s+(flags|args|aliases|description)\b/.test(text)),
  read(files, ctx) {
    const configs = new Map<string, OclifConfig | null>();
    const commands: CommandDecl[] = [];
    const openings: Opening[] = [];
    const rootOpened = new Set<string>();
    for (const file of files) {
      const cfg = configFor(ctx.root, file.rel, configs);
      const importsOclif = /["']@oclif\/(core|command)["']/.test(file.text);
      if (!cfg && !importsOclif) continue;
      if (cfg && cfg.strategy !== "pattern") continue;
      const id = commandId(file.rel, cfg);
      if (id === null) continue;
      const cls = commandClass(file);
      if (cls) addCommand(id, cls, file, cfg);
    }
    function addCommand(id: string[], cls: ts.ClassLikeDeclaration, file: ParsedFile, cfg: OclifConfig | null): void {
      const read = readClass(cls, file, ctx.all, (f, e) => ctx.evaluate(f, e));
      const separator = cfg?.separator ?? ":";
      const span = spanOf(file, cls.name ?? cls);
      const aliases = stringList(staticMember(cls, "aliases"))
        .concat(stringList(staticMember(cls, "hiddenAliases")))
        .map((a) => a.split(/[: ]/).filter(Boolean));
      for (const d of declarations(id, aliases, separator, span, read)) {
        commands.push(d);
        if (read.flagsOpen) openings.push({ path: d.path, set: "flags", reason: read.flagsOpen.reason, span: read.flagsOpen.span });
      }
      if (cfg && !rootOpened.has(cfg.dir)) {
        rootOpened.add(cfg.dir);
        const manifest = { file: posix.join(cfg.dir, "package.json"), line: 1, column: 1, endLine: 1, endColumn: 1 };
        // The plugins whose commands are known (`@oclif/plugin-help`'s `help`) add them; any other opens the list.
        for (const p of cfg.plugins) for (const d of KNOWN_PLUGINS[p]?.(manifest) ?? []) commands.push(d);
        const unknown = cfg.plugins.filter((p) => !Object.hasOwn(KNOWN_PLUGINS, p));
        const why =
          unknown.length > 0
            ? `oclif plugins (package.json \`oclif.plugins\`: ${unknown.map((p) => `\`${p}\``).join(", ")}) add commands docpact does not read`
            : cfg.flexibleTaxonomy
              ? "oclif `flexibleTaxonomy` accepts a command's topic words in any order"
              : null;
        if (why) openings.push({ path: [], set: "commands", reason: why, span: manifest });
      }
    }
    // `single` and `explicit` name one module (which need not import oclif itself).
    for (const cfg of [...configs.values()].sort((a, b) => (a && b ? (a.dir < b.dir ? -1 : 1) : 0))) {
      if (!cfg || cfg.strategy === "pattern") continue;
      const target = cfg.targets
        .map((t) => posix.join(cfg.dir, t))
        .map((t) => ctx.all.find((f) => f.rel === t))
        .find(Boolean);
      if (target) for (const { id, cls, file } of targetCommands(target, cfg, ctx)) addCommand(id, cls, file, cfg);
    }
    // The bare binary of a CLI with no root command: oclif takes its first word as a command id, so only the help and
    // version flags it checks before looking the id up are accepted there (`mycli --x` is "command --x not found").
    // One package's CLI only: with several, which binary a bare invocation runs is not this reader's to know.
    const withCommands = [...configs.values()].filter((cfg) => cfg && commands.some((c) => configFor(ctx.root, c.span.file, configs) === cfg));
    const cfg = withCommands.length === 1 ? withCommands[0] : null;
    if (cfg && cfg.strategy !== "single" && !commands.some((c) => c.path.length === 0)) {
      const span = { file: posix.join(cfg.dir, "package.json"), line: 1, column: 1, endLine: 1, endColumn: 1 };
      const options = cfg.rootFlags.map((f) => flag([f], { span })).filter((f): f is FlagSpec => f !== null);
      commands.push(command([], span, "oclif", { options, via: "oclif-root" }));
      if (cfg.rootReaders.length > 0)
        openings.push({ path: [], set: "flags", reason: `${cfg.rootReaders.join(" and ")} may read the bare binary's flags`, span });
    }
    return { commands: withParents(commands, "oclif"), openings } satisfies AdapterOutput;
  },
});

// ───────────── where commands are ─────────────

/** The `oclif` section of the nearest package.json above the file (within the root), or null. */
function configFor(root: string, rel: string, cache: Map<string, OclifConfig | null>): OclifConfig | null {
  for (let dir = posix.dirname(rel); ; dir = posix.dirname(dir)) {
    const d = dir === "." ? "" : dir;
    if (existsSync(join(root, d, "package.json"))) {
      if (!cache.has(d)) cache.set(d, readConfig(root, d));
      return cache.get(d) ?? null;
    }
    if (d === "") return null;
  }
}

/** The package.json `oclif` section of folder `dir`; null when there is no package.json or no `oclif` key. */
function readConfig(root: string, dir: string): OclifConfig | null {
  const file = join(root, dir, "package.json");
  let pkg: { oclif?: Record<string, unknown> };
  const read = guardedRead(root, file, posix.join(dir, "package.json"));
  if (!read.ok) return null;
  try {
    pkg = JSON.parse(read.text);
  } catch {
    return null;
  }
  const o = pkg.oclif;
  if (!o || typeof o !== "object") return null;
  const spec = o.commands;
  const obj = spec && typeof spec === "object" ? (spec as Record<string, unknown>) : null;
  const strategy = obj?.strategy === "single" || obj?.strategy === "explicit" ? obj.strategy : "pattern";
  const configured = clean(typeof spec === "string" ? spec : typeof obj?.target === "string" ? obj.target : "lib/commands");
  return {
    dir,
    strategy,
    commandDirs: strategy === "pattern" ? sourcesOf(configured) : [],
    targets:
      strategy === "pattern"
        ? []
        : sourcesOf(configured.replace(/\.[cm]?js$/, "")).flatMap((t) => [".ts", ".mts", ".js", ".mjs", "/index.ts", "/index.js"].map((x) => t + x)),
    identifier: typeof obj?.identifier === "string" ? obj.identifier : "default",
    separator: typeof o.topicSeparator === "string" ? o.topicSeparator : ":",
    plugins: Array.isArray(o.plugins) ? o.plugins.map((p) => (typeof p === "string" ? p : "(a plugin not named by a string)")) : [],
    flexibleTaxonomy: o.flexibleTaxonomy === true,
    rootFlags: ["--help", ...strings(o.additionalHelpFlags), "--version", ...strings(o.additionalVersionFlags)],
    rootReaders: [
      ...(o.hooks && typeof o.hooks === "object"
        ? ARGV_HOOKS.filter((h) => h in (o.hooks as object)).map((h) => `the \`${h}\` hook (package.json \`oclif.hooks\`)`)
        : []),
      ...(o.default !== undefined ? ["`oclif.default`, a command run for the bare binary"] : []),
    ],
  };
}

/** Hooks that run with the program's argv before (or instead of) the command it names. */
const ARGV_HOOKS = ["init", "preparse", "command_not_found"];

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string" && x.startsWith("-")) : []);

function clean(p: string): string {
  return posix.normalize(p).replace(/^\.\//, "").replace(/\/$/, "");
}

/** A configured path is the compiled one (`lib/commands`, `dist/index.js`); its sources live under `src/`. */
function sourcesOf(configured: string): string[] {
  const tail = configured.split("/").slice(1).join("/") || configured;
  return [...new Set([configured, `src/${tail}`])];
}

/** The command id words of a file (`[]` for the root command), or null when it is not under a commands folder. */
function commandId(rel: string, cfg: OclifConfig | null): string[] | null {
  if (/\.d\.[cm]?ts$|\.(test|spec)\.[cm]?[jt]sx?$/.test(rel)) return null;
  const inPkg = cfg && cfg.dir ? rel.slice(cfg.dir.length + 1) : rel;
  let rest: string | null = null;
  if (cfg) {
    for (const d of cfg.commandDirs) if (inPkg.startsWith(`${d}/`)) rest = inPkg.slice(d.length + 1);
  } else {
    const m = /(?:^|\/)commands\/(.+)$/.exec(inPkg);
    rest = m ? m[1] : null;
  }
  if (rest === null) return null;
  const words = rest.replace(/\.[cm]?[jt]sx?$/, "").split("/");
  if (words.some((w) => w.startsWith("_") || w === "__tests__")) return null;
  if (words[words.length - 1] === "index") words.pop();
  return words;
}

/**
 * The commands of oclif's own plugins whose command set is fixed and small: `@oclif/plugin-help` adds `help
 * [COMMAND...]` with `-n, --nested-commands`; `plugin-not-found` and `plugin-warn-if-update-available` are hooks and
 * add none. Any other plugin (`plugin-plugins`, a third party's) is not read: it leaves the command list open.
 */
const KNOWN_PLUGINS: Readonly<Record<string, (span: Span) => CommandDecl[]>> = {
  "@oclif/plugin-help": (span) => {
    const nested = flag(["--nested-commands", "-n"], { arity: "boolean", span });
    return [
      command(["help"], span, "oclif", {
        options: nested ? [nested] : [],
        positionals: [{ name: "COMMAND", required: false, variadic: true }],
        via: "oclif-plugin",
      }),
    ];
  },
  "@oclif/plugin-not-found": () => [],
  "@oclif/plugin-warn-if-update-available": () => [],
};

/** `single`: the target's command class is the root; `explicit`: `export const COMMANDS = { "plugins:install": Install }`. */
function targetCommands(file: ParsedFile, cfg: OclifConfig, ctx: AdapterContext): { id: string[]; cls: ts.ClassLikeDeclaration; file: ParsedFile }[] {
  if (cfg.strategy === "single") {
    const cls = commandClass(file);
    return cls ? [{ id: [], cls, file }] : [];
  }
  const found = cfg.identifier === "default" ? defaultExport(file) : declarationOf(ctx.all, file, cfg.identifier);
  const obj = found && !ts.isClassLike(found.node) && !ts.isFunctionDeclaration(found.node) ? unwrap(found.node as ts.Expression) : null;
  if (!found || !obj || !ts.isObjectLiteralExpression(obj)) return [];
  const out: { id: string[]; cls: ts.ClassLikeDeclaration; file: ParsedFile }[] = [];
  for (const p of obj.properties) {
    const key = p.name ? propertyNameText(p.name as ts.PropertyName) : null;
    const value = ts.isPropertyAssignment(p) ? unwrap(p.initializer) : ts.isShorthandPropertyAssignment(p) ? p.name : null;
    if (key === null || !value || !ts.isIdentifier(value)) continue;
    const d = declarationOf(ctx.all, found.file, value.text);
    if (d && (ts.isClassDeclaration(d.node) || ts.isClassExpression(d.node))) out.push({ id: key.split(/[: ]/).filter(Boolean), cls: d.node, file: d.file });
  }
  return out;
}

/** The class a command file exports: its default export, else the first exported class with oclif statics. */
function commandClass(file: ParsedFile): ts.ClassLikeDeclaration | null {
  const def = defaultExport(file);
  if (def && (ts.isClassDeclaration(def.node) || ts.isClassExpression(def.node))) return def.node;
  for (const st of file.sf.statements) {
    if (ts.isClassDeclaration(st) && (ts.getModifiers(st) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
      if (staticMember(st, "flags") || staticMember(st, "args") || staticMember(st, "description")) return st;
    }
  }
  return null;
}

// ───────────── one command class ─────────────

interface ClassRead {
  options: FlagSpec[];
  positionals: PositionalSpec[];
  flagsOpen: { reason: string; span: Span } | null;
}

/** The evaluator's value of an expression (adapter context `evaluate`). */
type Evaluate = AdapterContext["evaluate"];

function readClass(cls: ts.ClassLikeDeclaration, file: ParsedFile, all: readonly ParsedFile[], evaluate?: Evaluate): ClassRead {
  const out: ClassRead = { options: [], positionals: [], flagsOpen: null };
  const openFlags = (reason: string, span: Span) => {
    out.flagsOpen ??= { reason, span };
  };
  for (const member of ["baseFlags", "flags"]) {
    const got = inheritedStatic(cls, file, all, member);
    if (got === "unknown") openFlags(`extends \`${baseClass(cls)?.getText(file.sf) ?? "?"}\`, whose flags are not read`, spanOf(file, baseClass(cls) ?? cls));
    else if (got) readFlagRecord(got.file, got.expr, all, out.options, openFlags, 0, evaluate);
  }
  const json = inheritedStatic(cls, file, all, "enableJsonFlag");
  if (json && json !== "unknown" && json.expr.kind === ts.SyntaxKind.TrueKeyword) out.options.push(flag(["--json"])!);
  const args = inheritedStatic(cls, file, all, "args");
  if (args && args !== "unknown") out.positionals = readArgs(args.expr);
  const strict = inheritedStatic(cls, file, all, "strict");
  if (strict && strict !== "unknown" && strict.expr.kind === ts.SyntaxKind.FalseKeyword) {
    // `strict = false` takes any number of arguments.
    const last = out.positionals[out.positionals.length - 1];
    if (last) last.variadic = true;
    else out.positionals.push({ name: "argv", required: false, variadic: true });
  }
  return out;
}

/**
 * A static member, own or inherited through base classes in the project;
 * undefined when no class in the chain sets it (oclif's `Command` sets none
 * that matter), "unknown" when a base class is not followed.
 */
function inheritedStatic(
  cls: ts.ClassLikeDeclaration,
  file: ParsedFile,
  all: readonly ParsedFile[],
  name: string,
  depth = 0,
): { file: ParsedFile; expr: ts.Expression } | "unknown" | undefined {
  const own = staticMember(cls, name);
  if (own) return { file, expr: own };
  const base = baseClass(cls);
  if (!base || depth > 6) return undefined;
  if (ts.isIdentifier(base)) {
    const src = importSource(file, base.text);
    if (src && OCLIF_MODULE.test(src)) return undefined;
    const found = declarationOf(all, file, base.text);
    if (found && (ts.isClassDeclaration(found.node) || ts.isClassExpression(found.node))) return inheritedStatic(found.node, found.file, all, name, depth + 1);
  }
  // `Command` from `@oclif/core` reached as `oclif.Command`, or a base from another package.
  if (ts.isPropertyAccessExpression(base) && ts.isIdentifier(base.expression)) {
    const src = importSource(file, base.expression.text);
    if (src && OCLIF_MODULE.test(src)) return undefined;
  }
  return "unknown";
}

/** `{ force: Flags.boolean({ char: "f" }), ...BaseCommand.baseFlags, verbose }` → flag specs. */
function readFlagRecord(
  file: ParsedFile,
  expr: ts.Expression,
  all: readonly ParsedFile[],
  out: FlagSpec[],
  openFlags: (reason: string, span: Span) => void,
  depth: number,
  evaluate?: Evaluate,
): void {
  const e = unwrap(expr);
  const resolved = depth < 6 ? followRecord(file, e, all) : null;
  if (!resolved) {
    // A record a function builds (`...makeFlags(PROMPTS)`): the evaluator's keys are the flags' names, whatever
    // their fields evaluate to (a name known keeps the set closed; only a name that is not known opens it).
    const known = evaluate && depth < 6 ? knownRecord(evaluate(file, e)) : null;
    const keys = known ? Object.keys(known) : [];
    if (known && keys.every((k) => /^[A-Za-z0-9][\w.-]*$/.test(k))) {
      for (const k of keys) out.push(flag([`--${k}`], { arity: "optional", span: spanOf(file, e) })!);
      return;
    }
    openFlags(`the flag record \`${short60(e.getText(file.sf))}\` is not read`, spanOf(file, e));
    return;
  }
  const { file: f, obj } = resolved;
  for (const p of obj.properties) {
    if (ts.isSpreadAssignment(p)) {
      readFlagRecord(f, p.expression, all, out, openFlags, depth + 1, evaluate);
      continue;
    }
    const key = p.name ? propertyNameText(p.name as ts.PropertyName) : null;
    if (key === null) {
      openFlags("a flag name is computed", spanOf(f, p));
      continue;
    }
    const init = ts.isPropertyAssignment(p) ? p.initializer : ts.isShorthandPropertyAssignment(p) ? p.name : null;
    const spec = init ? flagOf(f, key, init, all) : null;
    if (spec) out.push(spec);
  }
}

function followRecord(file: ParsedFile, e: ts.Expression, all: readonly ParsedFile[]): { file: ParsedFile; obj: ts.ObjectLiteralExpression } | null {
  if (ts.isObjectLiteralExpression(e)) return { file, obj: e };
  if (ts.isIdentifier(e)) {
    const d = declarationOf(all, file, e.text);
    return d && !ts.isClassLike(d.node) && !ts.isFunctionDeclaration(d.node) ? followRecord(d.file, unwrap(d.node as ts.Expression), all) : null;
  }
  // `BaseCommand.baseFlags`, `super.flags` is not followed.
  if (ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.expression)) {
    const d = declarationOf(all, file, e.expression.text);
    if (d && (ts.isClassDeclaration(d.node) || ts.isClassExpression(d.node))) {
      const m = inheritedStatic(d.node, d.file, all, e.name.text);
      if (m && m !== "unknown") return followRecord(m.file, unwrap(m.expr), all);
    }
  }
  return null;
}

/** One flag: `Flags.boolean({ char: "f", aliases: ["frc"], allowNo: true })`, a shared flag constant, or a flag factory. */
function flagOf(file: ParsedFile, key: string, init: ts.Expression, all: readonly ParsedFile[]): FlagSpec | null {
  let e = unwrap(init);
  let f = file;
  for (let i = 0; i < 4 && ts.isIdentifier(e); i++) {
    const d = declarationOf(all, f, e.text);
    if (!d || ts.isClassLike(d.node) || ts.isFunctionDeclaration(d.node)) break;
    f = d.file;
    e = unwrap(d.node as ts.Expression);
  }
  const names = [`--${key}`];
  let arity: FlagArity = "optional";
  let negatable = false;
  // `Flags.custom({...})()` and `Flags.option({ options })({ char: "z" })` are calls of a call: options are on either.
  const call = ts.isCallExpression(e) ? (ts.isCallExpression(e.expression) ? e.expression : e) : null;
  if (call && ts.isPropertyAccessExpression(call.expression)) {
    const kind = call.expression.name.text;
    arity = BOOLEAN_KINDS.has(kind) ? "boolean" : "value";
    const calls = call === e ? [call] : [call, e as ts.CallExpression];
    for (const c of calls) {
      const opts = c.arguments[0] && ts.isObjectLiteralExpression(unwrap(c.arguments[0])) ? (unwrap(c.arguments[0]) as ts.ObjectLiteralExpression) : null;
      if (!opts) continue;
      const ch = stringLiteral(unwrap(prop(opts, "char") ?? opts));
      if (ch) names.push(`-${ch}`);
      for (const a of stringList(prop(opts, "aliases"))) names.push(a.length === 1 ? `-${a}` : `--${a}`);
      for (const a of stringList(prop(opts, "charAliases"))) names.push(`-${a}`);
      if (prop(opts, "allowNo")?.kind === ts.SyntaxKind.TrueKeyword) negatable = true;
      if (arity === "value" && prop(opts, "multiple")?.kind === ts.SyntaxKind.TrueKeyword) arity = "variadic";
    }
  }
  return flag(names, { arity, negatable, span: spanOf(file, init) });
}

/** `{ plugin: Args.string({ required: true }) }` (oclif 2+) or `[{ name: "file", required: true }]` (oclif 1). */
function readArgs(expr: ts.Expression): PositionalSpec[] {
  const e = unwrap(expr);
  const out: PositionalSpec[] = [];
  if (ts.isObjectLiteralExpression(e)) {
    for (const p of e.properties) {
      const name = p.name ? propertyNameText(p.name as ts.PropertyName) : null;
      if (!name) continue;
      const init = ts.isPropertyAssignment(p) ? unwrap(p.initializer) : null;
      const opts =
        init && ts.isCallExpression(init) && init.arguments[0] && ts.isObjectLiteralExpression(unwrap(init.arguments[0]))
          ? (unwrap(init.arguments[0]) as ts.ObjectLiteralExpression)
          : null;
      out.push({ name, required: opts ? prop(opts, "required")?.kind === ts.SyntaxKind.TrueKeyword : false, variadic: false });
    }
  } else if (ts.isArrayLiteralExpression(e)) {
    for (const el of e.elements) {
      const o = unwrap(el as ts.Expression);
      if (!ts.isObjectLiteralExpression(o)) continue;
      const name = stringLiteral(unwrap(prop(o, "name") ?? o));
      if (name) out.push({ name, required: prop(o, "required")?.kind === ts.SyntaxKind.TrueKeyword, variadic: false });
    }
  }
  return out;
}

// ───────────── declarations ─────────────

/** The command under each accepted spelling, and its aliases (same-topic aliases as alias words, others as their own commands). */
function declarations(id: string[], aliases: string[][], separator: string, span: Span, read: ClassRead): CommandDecl[] {
  const parts = (extra: Partial<CommandDecl> = {}) => ({
    options: read.options.map((f) => ({ ...f })),
    positionals: read.positionals.map((p) => ({ ...p })),
    isDefault: id.length === 0,
    ...extra,
  });
  const out: CommandDecl[] = [];
  const colon = (words: string[]) => [words.join(":")];
  if (separator === " ") {
    const same = aliases.filter((a) => a.length === id.length && a.slice(0, -1).join(" ") === id.slice(0, -1).join(" "));
    out.push(command(id, span, "oclif", parts({ aliases: same.map((a) => a[a.length - 1]) })));
    for (const a of aliases.filter((x) => !same.includes(x))) out.push(command(a, span, "oclif", parts({ isDefault: false })));
    // `mycli plugins:install` is accepted beside `mycli plugins install`.
    if (id.length > 1) out.push(command(colon(id), span, "oclif", parts()));
    for (const a of aliases) if (a.length > 1) out.push(command(colon(a), span, "oclif", parts({ isDefault: false })));
  } else {
    out.push(command(id.length === 0 ? [] : colon(id), span, "oclif", parts({ aliases: aliases.filter((a) => a.length > 0).map((a) => a.join(":")) })));
  }
  return out;
}

function stringList(e: ts.Expression | null): string[] {
  if (!e) return [];
  const u = unwrap(e);
  if (!ts.isArrayLiteralExpression(u)) return [];
  return u.elements.map((x) => stringLiteral(unwrap(x as ts.Expression))).filter((x): x is string => x !== null);
}

export default oclifAdapter;
