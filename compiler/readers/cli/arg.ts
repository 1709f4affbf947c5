/**
 * arg (vercel): `arg({ "--port": Number, "-p": "--port", "--tag": [String],
 * "--verbose": arg.COUNT }, { argv, permissive })`. Each key is a flag; a
 * string value makes the key another name of that flag; `Boolean`,
 * `arg.COUNT` and `arg.flag(…)` take no value, an array is repeatable, any
 * other handler takes a value. `argv` defaults to the program's argv;
 * `permissive: true` passes unknown flags through (the set is open). arg
 * accepts no `--no-x`.
 */
import type { FlagArity, FlagSpec } from "../../model/cli.js";
import { propertyNameText, stringLiteral, ts, unwrap } from "../code-source.js";
import { type CliAdapter, defineReader, flag } from "./adapter.js";
import { argvMember, objectArg, readOptionCalls, type OptionsCallDialect } from "./options-call.js";
import { localInit } from "./syntax.js";

const dialect: OptionsCallDialect = {
  id: "arg",
  packages: ["arg"],
  exported: null,
  syntax: { camelKebab: false, negateBooleans: false, dotted: false },
  missingIsArgv: true,
  argv: (call) => argvMember(call, 1),
  flags(call, arg, ctx) {
    const settings = arg(1) ? objectArg(arg(1), ctx) : {};
    if (!settings) return { options: [], open: "arg's settings do not evaluate" };
    if (settings.permissive !== undefined && settings.permissive !== false) return { options: [], open: "`permissive` passes unknown flags through" };
    const ref = arg(0);
    let spec = ref && unwrap(ref.expr);
    if (spec && ts.isIdentifier(spec)) spec = unwrap(localInit(spec.text, spec) ?? spec);
    if (!spec || !ts.isObjectLiteralExpression(spec)) return { options: [], open: "arg's spec is not an object literal docpact can read" };
    const arity = new Map<string, FlagArity>();
    const aliases = new Map<string, string[]>();
    for (const p of spec.properties) {
      const key = ts.isPropertyAssignment(p) ? propertyNameText(p.name) : null;
      if (!key || !ts.isPropertyAssignment(p))
        return { options: [], open: `a spec entry is not a plain \`"--name": handler\`: \`${p.getText(ref!.file.sf).slice(0, 40)}\`` };
      const v = unwrap(p.initializer);
      const target = stringLiteral(v);
      if (target !== null) aliases.set(target, [...(aliases.get(target) ?? []), key]);
      else arity.set(key, handlerArity(v));
    }
    const out: FlagSpec[] = [];
    for (const [name, a] of arity) {
      const f = flag([name, ...(aliases.get(name) ?? [])], { arity: a });
      if (f) out.push(f);
    }
    return { options: out, open: null };
  },
};

function handlerArity(v: ts.Expression): FlagArity {
  const text = v.getText();
  if (ts.isArrayLiteralExpression(v))
    return v.elements.length === 1 && handlerArity(unwrap(v.elements[0] as ts.Expression)) === "boolean" ? "boolean" : "variadic";
  if (text === "Boolean" || /\.COUNT$/.test(text) || (ts.isCallExpression(v) && /\.flag$/.test(v.expression.getText()))) return "boolean";
  return "value";
}

export const argReader: CliAdapter = defineReader({
  id: "arg",
  docs: 'arg: `arg({ "--port": Number, "-p": "--port", "--tag": [String] })` keys as the root\'s flags, string values as their other names; `permissive` opens the set',
  order: 74,
  packages: dialect.packages,
  read: (files, ctx) => readOptionCalls(files, ctx, dialect),
});

export default argReader;
