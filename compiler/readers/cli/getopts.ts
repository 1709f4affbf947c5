/**
 * getopts: `getopts(process.argv.slice(2), { alias, boolean, string, default,
 * unknown })`, through the project's wrappers alike: the minimist-shaped
 * reading of argv.ts (`--no-x` accepted, names read off the result are flags
 * too, `._` dispatched as there).
 */
import { type CliAdapter, defineReader } from "./adapter.js";
import { type ArgvDialect, readArgvParsers } from "./argv.js";
import { importedNames } from "./program-argv.js";

const DIALECT: ArgvDialect = {
  id: "getopts",
  packages: ["getopts"],
  syntax: { camelKebab: false, negateBooleans: true, dotted: false },
  lists: { boolean: "boolean", string: "value" },
};

export const getoptsReader: CliAdapter = defineReader({
  id: "getopts",
  docs: "getopts: `alias`/`boolean`/`string`/`default` as the root's flags, through wrappers, `._` dispatch as argv",
  order: 73,
  packages: DIALECT.packages,
  applies: (file) => file.text.includes("getopts") && importedNames(file, DIALECT.packages, null).size > 0,
  read: (files, ctx) => readArgvParsers(files, ctx, DIALECT),
});

export default getoptsReader;
