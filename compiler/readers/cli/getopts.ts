/**
 * getopts: `getopts(process.argv.slice(2), { alias, boolean, string, default,
 * unknown })`, through the project's wrappers alike: the minimist-shaped
 * reading of argv.ts (`--no-x` accepted, names read off the result are flags
 * too, `._` dispatched as there).
 */
import type { CliAdapter } from "./adapter.js";
import { type ArgvDialect, argvReader } from "./argv.js";

const DIALECT: ArgvDialect = {
  id: "getopts",
  packages: ["getopts"],
  syntax: { camelKebab: false, negateBooleans: true, dotted: false },
  lists: { boolean: "boolean", string: "value" },
};

export const getoptsReader: CliAdapter = argvReader(
  DIALECT,
  "getopts: `alias`/`boolean`/`string`/`default` as the root's flags, through wrappers, `._` dispatch as argv",
  73,
);

export default getoptsReader;
