/**
 * optionator: `optionator({ prepend, options: [{ heading: "Options" },
 * { option: "out-dir", alias: "o", type: "path::String" }, …] })`, the options
 * as a data array (plain JavaScript alike, often assembled from several
 * modules and spread together: the evaluator follows them). Each entry with an
 * `option` is a flag, `alias` (a string, space/comma separated, or a list)
 * its other names; `type: "Boolean"` takes no value and accepts `--no-x`,
 * any other type takes one; `heading` entries are skipped. The parser object
 * reads whatever argv it is given (`parseArgv(process.argv)`), so every
 * `optionator({…})` call declares the CLI's options. An entry whose `option`
 * does not evaluate opens the set.
 */
import type { FlagSpec } from "../../model/cli.js";
import { type CliAdapter, defineReader, flag } from "./adapter.js";
import { isPlainObject, isUnknown, objectArg, readOptionCalls, type OptionsCallDialect } from "./options-call.js";

const dialect: OptionsCallDialect = {
  id: "optionator",
  packages: ["optionator"],
  exported: null,
  syntax: { camelKebab: false, negateBooleans: true, dotted: false },
  missingIsArgv: true,
  argv: () => undefined,
  flags(_call, arg, ctx) {
    const config = objectArg(arg(0), ctx);
    if (!config) return { options: [], open: "optionator's config does not evaluate" };
    const list = config.options;
    if (!Array.isArray(list)) return { options: [], open: "`options` is not a list docpact can evaluate" };
    const out: FlagSpec[] = [];
    for (const o of list) {
      if (!isPlainObject(o)) return { options: out, open: "an entry of `options` does not evaluate" };
      if (o.option === undefined && o.heading !== undefined) continue;
      if (typeof o.option !== "string") return { options: out, open: "an option name does not evaluate" };
      const alias = o.alias;
      if (alias !== undefined && typeof alias !== "string" && !(Array.isArray(alias) && alias.every((x) => typeof x === "string"))) {
        return { options: out, open: `the alias of \`--${o.option}\` does not evaluate` };
      }
      const aliases = (typeof alias === "string" ? alias.split(/[\s,]+/) : ((alias as string[] | undefined) ?? [])).filter(Boolean);
      const type = isUnknown(o.type) ? null : o.type;
      const arity = type === "Boolean" ? "boolean" : type === null ? "optional" : "value";
      const f = flag([o.option, ...aliases], { arity });
      if (f) out.push(f);
    }
    return { options: out, open: null };
  },
};

export const optionatorReader: CliAdapter = defineReader({
  id: "optionator",
  docs: "optionator: the `options` data array (`{ option, alias, type }`, headings skipped, assembled across modules), `Boolean` options negatable",
  order: 78,
  packages: dialect.packages,
  read: (files, ctx) => readOptionCalls(files, ctx, dialect),
});

export default optionatorReader;
