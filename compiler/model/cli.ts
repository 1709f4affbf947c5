/**
 * The command model: what a CLI's code implements, read by the CLI adapters
 * (compiler/readers/cli/) and judged against by the `cli/*` rules.
 *
 * Every command carries one flag model (long and short names, aliases,
 * arity, negation, inherited flags), its positionals and aliases, and two
 * closures: whether docpact knows *all* of its flags, and whether it knows
 * *all* of its sub-commands. A rule gives a verdict only against a closed set;
 * an open one keeps the reason and the place that made it open, so
 * `docpact inspect commands` can say why nothing was judged there.
 *
 * Plain JSON (cacheable), like every reader output.
 */
import type { Span } from "./diagnostic.js";

/** How a flag takes its value: `--json` / `--retry 3` / `--debug [filter]` / `--files a b c`. */
export type FlagArity = "boolean" | "value" | "optional" | "variadic";

/** One flag a command accepts. */
export interface FlagSpec {
  /** Canonical long name with dashes (`--dry-run`); null for a short-only flag. */
  long: string | null;
  /** Short names with their dash (`-n`). */
  short: string[];
  /** Other long names that mean the same flag (`--dryrun`), with dashes. */
  aliases: string[];
  arity: FlagArity;
  /** `--no-<long>` is accepted (declared as such, or a boolean in a framework that negates booleans). */
  negatable: boolean;
  /** Accepted by every sub-command below the one that declares it (program options, commander `.option` on a parent). */
  inherited: boolean;
  span: Span | null;
}

/** A positional argument: `close <id>`, `[root]`, `[...files]`. */
export interface PositionalSpec {
  name: string;
  required: boolean;
  variadic: boolean;
}

/** A set docpact knows completely, or one it does not (and why, and where). */
/** A set docpact knows completely, or one it does not (and why, and where; `span` null when no place in the code is to blame). */
export type Closure = { closed: true } | { closed: false; reason: string; span: Span | null };

/** Name equivalences a framework applies when it parses flags. */
export interface FlagSyntax {
  /** `--dry-run` and `--dryRun` are the same flag (yargs, cac). */
  camelKebab: boolean;
  /** `--no-x` negates every boolean `--x` (yargs, cac); otherwise only flags declared negatable. */
  negateBooleans: boolean;
  /** `--a.b` sets a nested option `a` (yargs, cac): a declared `--a` accepts any `--a.*`. */
  dotted: boolean;
}

export const PLAIN_SYNTAX: FlagSyntax = { camelKebab: false, negateBooleans: false, dotted: false };

/** How a command was found: the adapter's id, plus the legacy fine-grained kinds of the registry adapter. */
export type CommandVia = "command-type" | "factory" | "chain" | "jsdoc" | "dispatch" | (string & {});

/** A command the code implements. The root command (a single-command CLI, a default command) has path `[]`. */
export interface CommandDecl {
  /** Command path without the binary: `[]` (the root), `["flow"]`, `["flow", "advance"]`. */
  path: string[];
  /** Other names of the last path word (`.alias("serve")`, `aliases: [...]`). */
  aliases: string[];
  /** Sub-command words known at this level (declared verbs and nested commands); null when none are declared. */
  verbs: string[] | null;
  /** Every flag name the command declares itself (with dashes, sorted: long, short, aliases); null when it declares none. Derived from `options`. */
  flags: string[] | null;
  /** The flag model: the flags the command declares itself (inherited ones are on its ancestors, with `inherited`). */
  options: FlagSpec[];
  positionals: PositionalSpec[];
  /**
   * Which flags the command accepts: `declared` — its `options` plus the
   * inherited options of its ancestors; `global` — it declares none itself and
   * reads flags from the whole CLI's set (`CommandSurface.globalFlags`), as a
   * command-type registry whose handlers call flag accessors does.
   */
  flagScope: "declared" | "global";
  /**
   * For a `global` command whose handler's reads are all known: the flags it
   * accepts — those its handler (and the functions it hands its arguments to)
   * reads, and those the program reads outside every handler. Absent: the
   * whole global set applies.
   */
  reads?: string[];
  /** Closed when every flag of the command's own declaration is known (the global set has its own closure). */
  flagSet: Closure;
  /** Closed when every sub-command word is known (`verbs`, possibly none). */
  commandSet: Closure;
  /** Runs when no sub-command word is given (cac `[root]`, yargs `$0`/`*`, a single-command CLI). */
  isDefault: boolean;
  syntax: FlagSyntax;
  /** The adapter that found it (`registry`, `commander`, `yargs`, `cac`, `dispatch`, `jsdoc`, …). */
  adapter: string;
  via: CommandVia;
  span: Span;
}

/** A problem the CLI reading wants the user to see (a configured name that matches nothing). */
export interface SurfaceWarning {
  message: string;
  span: Span | null;
}

export interface CommandSurface {
  /** Sorted by path; one declaration per path. The root (`[]`) is present only when the code declares it. */
  commands: CommandDecl[];
  /** Every `--name` literal in the CLI code plus names passed to flag accessors. */
  globalFlags: string[];
  /**
   * Whether `globalFlags` is every flag the CLI can read: closed when the
   * flags are read only through configured accessors whose names all
   * resolved (or declared by a framework); open otherwise.
   */
  globalFlagSet: Closure;
  /** Closed when every top-level command is known. */
  commandSet: Closure;
  /** Ids of the adapters that found something, sorted. */
  adapters: string[];
  /** Configured names that matched nothing, and similar. */
  warnings: SurfaceWarning[];
  /** Parser calls a reader found whose argv it could not trace to the program's (no command came of them); absent: none. */
  unreached?: UnreachedCall[];
  /** Files that each hold a program parsing the process's own argv, where a reader found several (their roots merged); absent: none. */
  programFiles?: string[];
}

/**
 * The surface of some binaries alone, read from the files their entries reach
 * (readers/cli/binary-surfaces.ts): a scaffolder beside its tool (`create-x`
 * and `x`) each with a CLI of its own. Their mentions are judged against it.
 */
export interface BinarySurface {
  /** The binaries whose entries reach the same files (one program), sorted. */
  binaries: string[];
  surface: CommandSurface;
}

/** A parser call (`commandLineArgs(defs, { argv })`) whose argv is not known to be the program's. */
export interface UnreachedCall {
  /** The reader that found it. */
  reader: string;
  span: Span;
}

export const CLOSED: Closure = { closed: true };

export function open(reason: string, span: Span | null): Closure {
  return { closed: false, reason, span };
}

/** An empty surface: no CLI code. */
export function emptySurface(): CommandSurface {
  return { commands: [], globalFlags: [], globalFlagSet: CLOSED, commandSet: CLOSED, adapters: [], warnings: [] };
}

/** Every name of a flag spec (long, aliases, shorts), with dashes. */
export function flagNames(f: FlagSpec): string[] {
  return [...(f.long ? [f.long] : []), ...f.aliases, ...f.short];
}
