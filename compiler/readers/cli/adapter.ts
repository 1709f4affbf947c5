/**
 * The CLI adapter interface: one module per way a CLI declares its commands
 * (a framework such as commander, yargs or cac; a project's own command-type
 * registry; code that dispatches sub-verbs itself; the `@docpact-command`
 * JSDoc escape hatch).
 *
 * An adapter is `{ id, applies, read }`:
 * - `applies(file, opts)` is a cheap test on one parsed file (its imports or text:
 *   `file.text.includes("commander")`), run on every code file. Only files it
 *   applies to are handed to `read` (`ctx.all` has every file, for factories
 *   and constants defined elsewhere).
 * - `read(files, ctx)` returns the commands it found (built with `command()`
 *   and `flag()` below, one flag model per command) and the sets it could not
 *   read completely (`openings`: a command name or an option record that did
 *   not evaluate). It never judges and never throws on odd code: what it cannot
 *   read it leaves out and, when that makes a set incomplete, opens the set
 *   with the reason and the place.
 *
 * The surface reader (surface.ts) runs every applicable adapter, merges their
 * commands by path (flags and sub-commands united, any opening wins) and
 * decides the global flag set.
 *
 * Adding a reader (e.g. oclif) — nothing else is edited by hand:
 * 1. one module `compiler/readers/cli/<id>.ts` whose default export is the
 *    descriptor built with `defineReader({ id, docs, packages, order, read })`
 *    (generated/cli-readers.ts lists every default export of the folder;
 *    `docpact build` regenerates it; `init`, the README reader table and
 *    docs/cli/README.md derive from it);
 * 2. fixtures `test/fixtures/cli-<id>/` (a small CLI plus docs with valid and
 *    invalid invocations);
 * 3. a test `test/readers/cli/<id>.test.ts` asserting the commands read and
 *    that a rename of each kind is caught (a page `docs/cli/<id>.md` says what
 *    it reads and what makes a set open).
 * Values (names, option records) go through `ctx.fold`, never through
 * executing the code.
 */
import type { Span } from "../../model/diagnostic.js";
import {
  CLOSED,
  type Closure,
  type CommandDecl,
  type CommandVia,
  type FlagArity,
  type FlagSpec,
  type FlagSyntax,
  PLAIN_SYNTAX,
  type PositionalSpec,
  type SurfaceWarning,
  type UnreachedCall,
} from "../../model/cli.js";
import type { ParsedFile, ts } from "../code-source.js";
import type { EvaluatedValue, FoldedValue } from "../constant-folder.js";
import { weakMemo } from "../../util/memo.js";

export interface CliReadOptions {
  /** The CLI's binaries: `new Command("aw")` names the program, not a command. */
  binaries: string[];
  /** Type names whose object literals declare commands (configured, or detected). */
  commandTypes: string[];
  /** True when `commandTypes` came from the config (a type matching nothing is then a warning). */
  commandTypeConfigured: boolean;
  /** Calls that read a flag by name: `get` (`values.get("x")`), `values.get`, `flagValue` (name in any string argument). */
  flagAccessors: string[];
}

export interface AdapterContext {
  root: string;
  opts: CliReadOptions;
  /** Every code file (for factories, constants and types defined elsewhere). */
  all: ParsedFile[];
  /** A static value, or undefined when it does not evaluate; `bindings` give names a value first (a loop variable for one element). */
  fold(file: ParsedFile, expr: ts.Expression, bindings?: Readonly<Record<string, EvaluatedValue>>): FoldedValue | undefined;
  /** The evaluator's value, unknown parts and all (what a loop walks, whose elements become bindings); `bindings` as for fold. */
  evaluate(file: ParsedFile, expr: ts.Expression, bindings?: Readonly<Record<string, EvaluatedValue>>): EvaluatedValue;
  /** Every call in `all` by callee name (identifier or member name), from the one shared walk. */
  calls: ReadonlyMap<string, readonly { file: ParsedFile; call: ts.CallExpression }[]>;
  /** Every reader of this run (a fallback reader checks whether a parser reader's package is used anywhere). */
  readers?: readonly CliAdapter[];
}

/** A set an adapter could not read completely. `path` is the command (`[]`: the top level). */
export interface Opening {
  path: string[];
  set: "flags" | "commands";
  reason: string;
  span: Span;
}

export interface AdapterOutput {
  commands: CommandDecl[];
  openings?: Opening[];
  warnings?: SurfaceWarning[];
  /** Flag names read in code outside any command's declaration (accessor calls), for the global set. */
  globalFlags?: string[];
  /** Parser calls found whose argv could not be traced to the program's: no command came of them. */
  unreached?: UnreachedCall[];
  /** Files that each hold a program parsing the process's own argv, where several do (their roots merged into one). */
  programFiles?: string[];
}

export interface CliAdapter {
  id: string;
  /** One line: what the reader reads (the README reader table, docs/cli/README.md, `init`). */
  docs: string;
  /** Packages whose import marks a file this reader reads (`commander`, `node:util`); `[]`: detected otherwise. */
  packages: readonly string[];
  /** Merge order (lower first): where two readers find one command, the earlier one's declaration comes first. */
  order: number;
  /** The smallest code that shows the reader applies, per package (its test is generated from it): by default `import * as cli from "<package>";`. */
  example(pkg: string): string;
  /**
   * A reader with no package (found by a marker, a type or a code shape): the smallest code that shows it, and what
   * `init` then prints (by default "the <id> adapter applies"). test/readers/cli/readers-registry.test.ts is generated from it.
   */
  shownBy?: { code: string; initSays?: string };
  /**
   * The program object this reader's files create is configured in other modules too: a function that takes it as a
   * parameter and registers commands on it (`module.exports = (cli) => { cli.command("dev") … }`, called as
   * `registerCommands(cli)`). Such files, which import no parser, are read with this reader's when it is the only
   * reader of this kind that applies (compiler/readers/cli/surface.ts).
   */
  readsPassedProgram?: boolean;
  /** The text test `init` and `applies` use: does this file (its text alone) look like this reader's? */
  detect(text: string, rel: string): boolean;
  /** Cheap: imports or text of one file (by default `detect`). */
  applies(file: ParsedFile, opts: CliReadOptions): boolean;
  read(files: ParsedFile[], ctx: AdapterContext): AdapterOutput;
}

/** A reader descriptor with the defaults filled in: `detect` from `packages`, `applies` from `detect`. */
export function defineReader(
  d: Pick<CliAdapter, "id" | "docs" | "order" | "read"> &
    Partial<Pick<CliAdapter, "packages" | "detect" | "applies" | "example" | "shownBy" | "readsPassedProgram">>,
): CliAdapter {
  const packages = d.packages ?? [];
  const imports = importsOf(packages);
  const detect = d.detect ?? ((text: string) => imports !== null && imports.test(text));
  const example = d.example ?? ((pkg: string) => `import * as cli from "${pkg}";`);
  const reader: CliAdapter = {
    id: d.id,
    docs: d.docs,
    order: d.order,
    packages,
    example,
    shownBy: d.shownBy,
    ...(d.readsPassedProgram ? { readsPassedProgram: true } : {}),
    detect,
    applies: d.applies ?? ((file) => detects(reader, file)),
    read: d.read,
  };
  return reader;
}

/** Per parsed file (the same object while its text and path are unchanged: watch keeps the trees), each reader's `detect` answer. */
const detected = weakMemo<ParsedFile, Map<CliAdapter["detect"], boolean>>("readers/cli/adapter#detected");

/** `reader.detect` on the file's text and path, asked once per reader and parsed file (detect is a pure test of the two). */
export function detects(reader: Pick<CliAdapter, "detect">, file: ParsedFile): boolean {
  let answers = detected.get(file);
  if (!answers) detected.set(file, (answers = new Map()));
  let yes = answers.get(reader.detect);
  if (yes === undefined) answers.set(reader.detect, (yes = reader.detect(file.text, file.rel)));
  return yes;
}

/** `import … from "pkg"` / `"pkg/sub"`, `require("pkg")`, `import("pkg")` for any of the packages; null for none. */
export function importsOf(packages: readonly string[]): RegExp | null {
  if (packages.length === 0) return null;
  const alt = packages.map((p) => p.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join("|");
  return new RegExp(`(?:from\\s+|require\\(\\s*|import\\(\\s*)["'](?:${alt})(?:\\/[\\w./-]+)?["']`);
}

/** A command declaration with the defaults filled in; `flags` is derived when the surface is assembled. */
export function command(
  path: string[],
  span: Span,
  adapter: string,
  parts: Partial<Pick<CommandDecl, "aliases" | "verbs" | "options" | "positionals" | "flagScope" | "flagSet" | "commandSet" | "isDefault" | "syntax">> & {
    via?: CommandVia;
  } = {},
): CommandDecl {
  return {
    path,
    aliases: parts.aliases ?? [],
    verbs: parts.verbs ?? null,
    flags: null,
    options: parts.options ?? [],
    flagScope: parts.flagScope ?? "declared",
    positionals: parts.positionals ?? [],
    flagSet: parts.flagSet ?? CLOSED,
    commandSet: parts.commandSet ?? CLOSED,
    isDefault: parts.isDefault ?? false,
    syntax: parts.syntax ?? PLAIN_SYNTAX,
    adapter,
    via: parts.via ?? adapter,
    span,
  };
}

/** A flag spec from names as written (`--dry-run`, `-n`, `dry-run`, `n`). The first long name is canonical. */
export function flag(names: string[], parts: Partial<{ arity: FlagArity; negatable: boolean; inherited: boolean; span: Span | null }> = {}): FlagSpec | null {
  const longs: string[] = [];
  const short: string[] = [];
  for (const n of names.map(flagName)) {
    if (n.startsWith("--")) {
      if (!longs.includes(n)) longs.push(n);
    } else if (!short.includes(n)) short.push(n);
  }
  if (longs.length === 0 && short.length === 0) return null;
  let negatable = parts.negatable ?? false;
  // commander and cac: `--no-color` declares `--color` negatable (and `--no-color` itself).
  const canonical = longs[0] ?? null;
  if (canonical && canonical.startsWith("--no-")) negatable = true;
  return {
    long: canonical,
    short,
    aliases: longs.slice(1),
    arity: parts.arity ?? "boolean",
    negatable,
    inherited: parts.inherited ?? false,
    span: parts.span ?? null,
  };
}

/** `json` → `--json`, `f` → `-f`, `--json` / `-f` unchanged (a `=value` is dropped). */
export function flagName(s: string): string {
  const t = s.trim();
  if (t.startsWith("-")) return t.split("=")[0];
  return t.length === 1 ? `-${t}` : `--${t}`;
}

/**
 * An option spec as frameworks write it: `-f, --force`, `--retry <n>`,
 * `--debug [filter]`, `--files <paths...>`, `-c|--config <file>`; a bare word
 * is a long name.
 */
export function parseOptionSpec(spec: string, parts: { inherited?: boolean; span?: Span | null } = {}): FlagSpec | null {
  // `--env.* <value>` (cac's dotted options) names `--env`.
  const names: string[] = [...(spec.match(/(?<![\w-])--?[A-Za-z0-9][\w.-]*/g) ?? [])].map((n) => n.replace(/\.+$/, ""));
  if (names.length === 0) {
    const word = spec.trim().split(/[\s,|]+/)[0];
    if (word && /^[A-Za-z0-9][\w.-]*$/.test(word)) names.push(flagName(word));
  }
  let arity: FlagArity = "boolean";
  if (/<[^>]*\.\.\.\s*>|\[[^\]]*\.\.\.\s*\]/.test(spec)) arity = "variadic";
  else if (/<[^>]+>/.test(spec)) arity = "value";
  else if (/\[[^\]]+\]/.test(spec)) arity = "optional";
  return flag(names, { arity, inherited: parts.inherited, span: parts.span });
}

/** Positionals of a command spec: `close <id> [reason]`, `[...files]`, `<paths...>`. */
export function positionalsOfSpec(spec: string): PositionalSpec[] {
  const out: PositionalSpec[] = [];
  for (const m of spec.matchAll(/([<[])\s*(\.\.\.)?\s*([^\]>\s.]+)\s*(\.\.\.)?\s*[>\]]/g)) {
    out.push({ name: m[3], required: m[1] === "<", variadic: !!(m[2] || m[4]) });
  }
  return out;
}

/** The command words of a name or spec: `close <id>` → `["close"]`, `flow advance` → `["flow", "advance"]`. */
export function commandWords(spec: string): string[] {
  const out: string[] = [];
  for (const w of spec.trim().split(/\s+/)) {
    if (!w || /^[<[]/.test(w) || w.startsWith("-")) break;
    out.push(w.split("|")[0]);
  }
  return out;
}

/** Source text for a message: one line, at most 60 characters. */
export function excerpt(s: string): string {
  const one = s.replace(/\s+/g, " ");
  return one.length > 60 ? `${one.slice(0, 57)}...` : one;
}

export type { Closure, FlagSyntax };
