/**
 * Parsers called once with every option in one argument (node:util
 * `parseArgs`, arg, meow, optionator): the shared walk. Each reader gives its
 * dialect — which package export is the parser, where the argv argument is,
 * and how its evaluated options become flags; this module finds the calls
 * (through the project's wrappers, see program-argv.ts), evaluates the
 * options where they are written and declares the root command: a
 * single-command CLI whose flags every word accepts.
 *
 * Partial models stay useful: the options are evaluated with unknown parts
 * kept (ctx.evaluate), so an option whose name is known keeps it even when its
 * `default` or `description` does not evaluate; only a name that cannot be
 * known (an unknown spread, a computed key, an unknown list) opens the set.
 */
import { CLOSED, type Closure, type FlagSpec, type FlagSyntax, open } from "../../model/cli.js";
import { type ParsedFile, spanOf, ts, unwrap } from "../code-source.js";
import type { EvaluatedValue } from "../constant-folder.js";
import { isPlainObject, isUnknown, openOf } from "../evaluate/values.js";
import { type AdapterContext, type AdapterOutput, command } from "./adapter.js";
import { callsTo, importedNames, parserSites, throughWrappers } from "./program-argv.js";
import { prop, type Ref } from "./syntax.js";

export interface OptionsCallDialect {
  id: string;
  packages: readonly string[];
  /** The package export that is the parser (`parseArgs`), or null for the default export. */
  exported: string | null;
  syntax: FlagSyntax;
  /** The call's argv argument (undefined: not passed) and whether leaving it out parses `process.argv`. */
  argv(call: ts.CallExpression, ctx: AdapterContext, file: ParsedFile): ts.Expression | undefined;
  missingIsArgv: boolean;
  /** The flags the call declares, with the options read where they are written (`arg(i)`: argument i through wrappers). */
  flags(call: ts.CallExpression, arg: (i: number) => Ref | null, ctx: AdapterContext): ReadFlags;
}

export interface ReadFlags {
  options: FlagSpec[];
  /** Why the set is not known completely, or null. */
  open: string | null;
  /** The syntax, when the options change it (`allowNegative: true`). */
  syntax?: FlagSyntax;
}

export function readOptionCalls(files: ParsedFile[], ctx: AdapterContext, d: OptionsCallDialect): AdapterOutput {
  const out: AdapterOutput = { commands: [], openings: [] };
  for (const file of files) {
    for (const call of callsTo(file, importedNames(file, d.packages, d.exported))) {
      const { sites, alsoElsewhere } = parserSites(ctx, file, call, d.argv(call, ctx, file), d.missingIsArgv, d.id, out);
      for (const site of sites) {
        const read = d.flags(call, (i) => throughWrappers(file, call.arguments[i], site.envs), ctx);
        const span = spanOf(site.file, site.call);
        const flagSet: Closure = read.open === null ? (alsoElsewhere ?? CLOSED) : open(read.open, span);
        out.commands.push(
          command([], span, d.id, {
            options: read.options.map((f) => ({ ...f, inherited: true, span: f.span ?? span })),
            flagSet,
            isDefault: true,
            syntax: read.syntax ?? d.syntax,
            via: d.id,
          }),
        );
      }
    }
  }
  return out;
}

/** The `argv` member of the options object written as argument `index` (`arg(spec, { argv })`), or undefined. */
export function argvMember(call: ts.CallExpression, index: number): ts.Expression | undefined {
  const o = call.arguments[index] && unwrap(call.arguments[index]!);
  return o && ts.isObjectLiteralExpression(o) ? (prop(o, "argv") ?? undefined) : undefined;
}

/** The object an argument evaluates to (unknown parts kept), or null when it is not a plain object whose keys are all known. */
export function objectArg(ref: Ref | null, ctx: AdapterContext): Record<string, EvaluatedValue> | null {
  if (!ref) return null;
  const v = ctx.evaluate(ref.file, ref.expr);
  return isPlainObject(v) && !openOf(v) ? v : null;
}

/** A known string, or a list of them (`alias: "f"`, `aliases: ["f", "force"]`); null when unknown. */
export function names(v: EvaluatedValue): string[] | null {
  if (v === undefined) return [];
  if (typeof v === "string") return [v];
  if (Array.isArray(v) && v.every((x) => typeof x === "string")) return v as string[];
  return null;
}

export { isPlainObject, isUnknown, openOf };
