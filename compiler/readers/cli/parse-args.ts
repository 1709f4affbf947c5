/**
 * node:util `parseArgs({ args, options, strict, allowPositionals, allowNegative })`:
 * the keys of `options` are the root's flags (`type: "boolean"` or
 * `"string"`, `short: "w"`, `multiple: true`). `args` defaults to the
 * program's argv; `strict: false` accepts any flag (the set is open, the
 * declared options still read);
 * `allowNegative: true` accepts `--no-x` for booleans. The call may sit in
 * the project's own wrapper (see program-argv.ts).
 */
import type { FlagArity, FlagSpec } from "../../model/cli.js";
import { ts, unwrap } from "../code-source.js";
import { type CliAdapter, defineReader, flag } from "./adapter.js";
import { isPlainObject, isUnknown, names, objectArg, openOf, readOptionCalls, type OptionsCallDialect } from "./options-call.js";
import { localInit, prop } from "./syntax.js";

const SYNTAX = { camelKebab: false, negateBooleans: false, dotted: false };

const dialect: OptionsCallDialect = {
  id: "parseArgs",
  packages: ["node:util", "util"],
  exported: "parseArgs",
  syntax: SYNTAX,
  missingIsArgv: true,
  argv(call) {
    let config = call.arguments[0] && unwrap(call.arguments[0]);
    if (config && ts.isIdentifier(config)) config = unwrap(localInit(config.text, config) ?? config);
    if (!config) return undefined;
    return ts.isObjectLiteralExpression(config) ? (prop(config, "args") ?? undefined) : undefined;
  },
  flags(_call, arg, ctx) {
    const config = objectArg(arg(0), ctx);
    if (!config) return { options: [], open: "the parseArgs config does not evaluate" };
    // `strict: false` opens the set, but the declared options are still the CLI's: a documented one is judged known.
    const open =
      config.strict === undefined || config.strict === true
        ? null
        : config.strict === false
          ? "`strict: false` accepts any flag"
          : "`strict` does not evaluate";
    const options = config.options;
    if (options === undefined) return { options: [], open };
    if (!isPlainObject(options) || isUnknown(options)) return { options: [], open: open ?? "`options` does not evaluate" };
    // An open `options` (keys added at run time) still has the keys docpact read: names the CLI surely declares.
    let why = open ?? (openOf(options) ? `\`options\` is not known completely (${openOf(options)!.unknown})` : null);
    const out: FlagSpec[] = [];
    for (const [name, o] of Object.entries(options)) {
      const short = isPlainObject(o) ? names(o.short) : null;
      if (short === null) {
        // The name is known, its short name is not: the long flag is declared, a short one could be anything.
        why ??= `the short name of \`--${name}\` does not evaluate`;
        const f = flag([name], { arity: "optional" });
        if (f) out.push(f);
        continue;
      }
      const type = isPlainObject(o) ? o.type : undefined;
      const arity: FlagArity =
        type === "boolean" ? "boolean" : type === "string" ? (isPlainObject(o) && o.multiple === true ? "variadic" : "value") : "optional";
      const f = flag([name, ...short], { arity });
      if (f) out.push(f);
    }
    return { options: out, open: why, syntax: config.allowNegative === true ? { ...SYNTAX, negateBooleans: true } : SYNTAX };
  },
};

export const parseArgsReader: CliAdapter = defineReader({
  id: "parseArgs",
  docs: "node:util `parseArgs({ options, strict, allowNegative })`: the option keys as the root's flags, `short`, `multiple`; `strict: false` opens the set (the declared options are still judged known), as does an `options` object a loop fills at run time (the names it surely has are kept)",
  order: 72,
  packages: dialect.packages,
  example: (pkg) => `import { parseArgs } from "${pkg}";`,
  detect: (text) => text.includes("parseArgs") && /["'](node:)?util["']/.test(text),
  read: (files, ctx) => readOptionCalls(files, ctx, dialect),
});

export default parseArgsReader;
