/**
 * yargs-parser called directly: `parser(process.argv.slice(2), { boolean,
 * string, number, array, count, alias, default })`, through the project's
 * wrappers alike. The minimist-shaped reading of argv.ts with yargs-parser's
 * lists and syntax (`--dry-run` for `dryRun`, `--no-x`, dotted `--a.b`);
 * names read off the result are flags too, and `._` is dispatched as there.
 */
import { type CliAdapter, defineReader } from "./adapter.js";
import { type ArgvDialect, readArgvParsers } from "./argv.js";
import { importedNames } from "./program-argv.js";

const DIALECT: ArgvDialect = {
  id: "yargs-parser",
  packages: ["yargs-parser"],
  syntax: { camelKebab: true, negateBooleans: true, dotted: true },
  lists: { boolean: "boolean", count: "boolean", string: "value", number: "value", normalize: "value", array: "variadic" },
};

export const yargsParserReader: CliAdapter = defineReader({
  id: "yargs-parser",
  docs: "yargs-parser called directly: `boolean`/`string`/`number`/`array`/`count`/`alias` lists as the root's flags, through wrappers, `._` dispatch as argv",
  order: 71,
  packages: DIALECT.packages,
  applies: (file) => file.text.includes("yargs-parser") && importedNames(file, DIALECT.packages, null).size > 0,
  read: (files, ctx) => readArgvParsers(files, ctx, DIALECT),
});

export default yargsParserReader;
