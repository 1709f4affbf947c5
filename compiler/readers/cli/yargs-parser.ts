/**
 * yargs-parser called directly: `parser(process.argv.slice(2), { boolean,
 * string, number, array, count, alias, default })`, through the project's
 * wrappers alike. The minimist-shaped reading of argv.ts with yargs-parser's
 * lists and syntax (`--dry-run` for `dryRun`, `--no-x`, dotted `--a.b`);
 * names read off the result are flags too, and `._` is dispatched as there.
 */
import type { CliAdapter } from "./adapter.js";
import { type ArgvDialect, argvReader } from "./argv.js";

const DIALECT: ArgvDialect = {
  id: "yargs-parser",
  packages: ["yargs-parser"],
  syntax: { camelKebab: true, negateBooleans: true, dotted: true },
  lists: { boolean: "boolean", count: "boolean", string: "value", number: "value", normalize: "value", array: "variadic" },
};

export const yargsParserReader: CliAdapter = argvReader(
  DIALECT,
  "yargs-parser called directly: `boolean`/`string`/`number`/`array`/`count`/`alias` lists as the root's flags, through wrappers, `._` dispatch as argv",
  71,
);

export default yargsParserReader;
