/**
 * command-line-args: `commandLineArgs([{ name: "src", alias: "s", type: String, multiple: true,
 * defaultOption: true }, { name: "verbose", alias: "v", type: Boolean }], { partial })`, the
 * option definitions as a data array (assembled across modules and spread together: the
 * evaluator follows them). Each definition's `name` is a `--name` flag and its one-letter
 * `alias` a `-a` flag; `type: Boolean` takes no value, any other type takes one (a missing
 * type: a value or none). The parser throws on an option it was not given (UNKNOWN_OPTION),
 * so the set is closed, unless `partial: true` (unknown options are collected) or
 * `stopAtFirstUnknown: true` (the rest of argv is passed on): then it is open. `argv` in the
 * second argument is the argv parsed (default `process.argv`). A definition whose `name` does
 * not evaluate opens the set.
 */
import type { FlagSpec } from "../../model/cli.js";
import { Builtin } from "../evaluate/values.js";
import { type CliAdapter, defineReader, flag } from "./adapter.js";
import { isPlainObject, isUnknown, objectArg, readOptionCalls, argvMember, type OptionsCallDialect } from "./options-call.js";

const dialect: OptionsCallDialect = {
  id: "command-line-args",
  packages: ["command-line-args"],
  exported: null,
  // `--no-x` is no option of command-line-args; names are as written (`camelCase: true` only renames the result).
  syntax: { camelKebab: false, negateBooleans: false, dotted: false },
  missingIsArgv: true,
  argv: (call) => argvMember(call, 1),
  flags(call, arg, ctx) {
    const ref = arg(0);
    const list = ref ? ctx.evaluate(ref.file, ref.expr) : undefined;
    if (!Array.isArray(list)) return { options: [], open: "the option definitions are not a list docpact can evaluate" };
    const out: FlagSpec[] = [];
    for (const d of list) {
      if (!isPlainObject(d)) return { options: out, open: "an option definition does not evaluate" };
      if (typeof d.name !== "string") return { options: out, open: "an option name does not evaluate" };
      if (d.alias !== undefined && typeof d.alias !== "string") return { options: out, open: `the alias of \`--${d.name}\` does not evaluate` };
      const type = isUnknown(d.type) ? null : d.type;
      const arity = type instanceof Builtin && type.name === "Boolean" ? "boolean" : type === undefined || type === null ? "optional" : "value";
      const f = flag([d.name, ...(typeof d.alias === "string" && d.alias ? [d.alias] : [])], { arity });
      if (f) out.push(f);
    }
    const options = call.arguments[1] ? objectArg(arg(1), ctx) : {};
    if (options === null) return { options: out, open: "command-line-args' options do not evaluate (`partial` may accept any flag)" };
    if (isUnknown(options.partial) || isUnknown(options.stopAtFirstUnknown))
      return { options: out, open: "`partial` or `stopAtFirstUnknown` does not evaluate" };
    if (options.partial === true) return { options: out, open: "`partial: true` collects unknown options instead of rejecting them" };
    if (options.stopAtFirstUnknown === true)
      return { options: out, open: "`stopAtFirstUnknown: true` passes the rest of argv on from the first unknown option" };
    return { options: out, open: null };
  },
};

export const commandLineArgsReader: CliAdapter = defineReader({
  id: "command-line-args",
  docs: "command-line-args: the option definitions array (`{ name, alias, type }`, assembled across modules), `Boolean` options take no value; `partial` or `stopAtFirstUnknown` open the set",
  order: 79,
  packages: dialect.packages,
  read: (files, ctx) => readOptionCalls(files, ctx, dialect),
});

export default commandLineArgsReader;
