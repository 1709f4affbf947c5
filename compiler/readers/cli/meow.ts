/**
 * meow: `meow(help, { importMeta, flags: { outDir: { type: "string",
 * shortFlag: "o", aliases: ["out"], isMultiple: true } } })` (or the options
 * alone). The `flags` keys are the root's flags, written in kebab case on the
 * command line (`--out-dir` for `outDir`); booleans accept `--no-x`; `--help`
 * and `--version` are added unless `autoHelp` / `autoVersion` is false. meow
 * reads the program's argv itself (`argv` overrides it).
 */
import type { FlagArity, FlagSpec } from "../../model/cli.js";
import { ts, unwrap } from "../code-source.js";
import { type CliAdapter, defineReader, flag } from "./adapter.js";
import { isPlainObject, isUnknown, names, objectArg, openOf, readOptionCalls, argvMember, type OptionsCallDialect } from "./options-call.js";

/** The options argument: the second, or the first when there is no help text. */
function optionsIndex(call: ts.CallExpression): number {
  const a0 = call.arguments[0] && unwrap(call.arguments[0]);
  return call.arguments.length >= 2 || !a0 || !ts.isObjectLiteralExpression(a0) ? 1 : 0;
}

const dialect: OptionsCallDialect = {
  id: "meow",
  packages: ["meow"],
  exported: null,
  syntax: { camelKebab: true, negateBooleans: true, dotted: false },
  missingIsArgv: true,
  argv: (call) => argvMember(call, optionsIndex(call)),
  flags(call, arg, ctx) {
    const options = arg(optionsIndex(call)) ? objectArg(arg(optionsIndex(call)), ctx) : {};
    if (!options) return { options: [], open: "meow's options do not evaluate" };
    const flags = options.flags;
    const out: FlagSpec[] = [];
    if (options.autoHelp !== false) out.push(flag(["help"])!);
    if (options.autoVersion !== false) out.push(flag(["version"])!);
    if (flags === undefined) return { options: out, open: null };
    if (!isPlainObject(flags) || isUnknown(flags) || openOf(flags)) return { options: out, open: "`flags` does not evaluate" };
    for (const [name, o] of Object.entries(flags)) {
      const spec = isPlainObject(o) ? o : {};
      const others = [names(spec.shortFlag), names(spec.alias), names(spec.aliases)];
      if (others.some((x) => x === null)) return { options: out, open: `the other names of \`${name}\` do not evaluate` };
      const arity: FlagArity =
        spec.isMultiple === true ? "variadic" : spec.type === "boolean" ? "boolean" : spec.type === "string" || spec.type === "number" ? "value" : "optional";
      const f = flag([name, ...others.flatMap((x) => x ?? [])], { arity });
      if (f) out.push(f);
    }
    return { options: out, open: null };
  },
};

export const meowReader: CliAdapter = defineReader({
  id: "meow",
  docs: "meow: `flags` keys as the root's flags (`--out-dir` for `outDir`), `shortFlag`, `aliases`, `isMultiple`, `--help`/`--version` unless turned off",
  order: 76,
  packages: dialect.packages,
  read: (files, ctx) => readOptionCalls(files, ctx, dialect),
});

export default meowReader;
