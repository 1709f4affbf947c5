/**
 * A few pure functions of common packages, modeled by what they are
 * documented to return: the case converters CLIs derive flag names with
 * (prettier's `dashify(option.name)` turns the option record `printWidth` into
 * `--print-width`). Packages are otherwise not followed (modules.ts). A model
 * answers only for input whose result is certain — an identifier-like ASCII
 * name, no options argument — and is an unknown otherwise: a value that might
 * differ from the package's own is not a value.
 */
import { Builtin, type Value } from "./values.js";

/** `printWidth` → `print-width`: a dash before each upper-case letter that follows a lower-case one, then lower case. */
function kebab(s: string): string {
  return s.replace(/([a-z])([A-Z])/g, "$1-$2").toLowerCase();
}

/** `print-width`, `print_width` → `printWidth`; an already camel-cased name stays. */
function camel(s: string): string {
  return s.replace(/[-_]+([a-z])/g, (_, c: string) => c.toUpperCase());
}

/**
 * Inputs whose result every version of these packages agrees on: camel case with words of two letters or more
 * (`jsxBracketSameLine`; not `fooBAR`, `a1B`), or lower-case words joined by single dashes (or underscores), digits
 * only at the end.
 */
const CAMEL_INPUT = /^[a-z]+(?:[A-Z][a-z]+)*[0-9]*$/;
const DASHED_INPUT = /^[a-z]+(?:-[a-z]+)*[0-9]*$/;
const WORDS_INPUT = /^[a-z]+(?:[-_][a-z]+)*[0-9]*$/;

function model(name: string, convert: (s: string) => string, accepts: (s: string) => boolean): Builtin {
  return new Builtin(name, (_self, args, at) => {
    const [s, options] = args;
    if (args.length > 1 && options !== undefined) return at.unknown(`\`${name}\` with options is not modeled`);
    if (typeof s !== "string") return at.unknown(`\`${name}\` of a value that is not a known string`);
    if (!accepts(s)) return at.unknown(`\`${name}\` is modeled only for plain camel-case or dashed names, not ${JSON.stringify(s)}`);
    return convert(s);
  });
}

const dashify = model("dashify", kebab, (s) => CAMEL_INPUT.test(s) || DASHED_INPUT.test(s));
const decamelize = model(
  "decamelize",
  (s) => s.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase(),
  (s) => CAMEL_INPUT.test(s),
);
const camelcase = model("camelcase", camel, (s) => WORDS_INPUT.test(s) || CAMEL_INPUT.test(s));

/** Package → export (`default` for the module itself) → its model. */
const MODELS: Readonly<Record<string, Readonly<Record<string, Value>>>> = {
  dashify: { default: dashify },
  decamelize: { default: decamelize },
  camelcase: { default: camelcase },
};

/** The model of `imported` (`default`, or `*` for the module object) of package `spec`, or undefined when it is not modeled. */
export function packageExport(spec: string, imported: string): Value | undefined {
  const m = MODELS[spec];
  if (!m) return undefined;
  return imported === "*" ? m.default : m[imported];
}
