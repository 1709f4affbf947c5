/**
 * yargs: `.command(spec, desc, builder, handler)` and the object form
 * (`{ command, aliases, builder }`), builder callbacks and option records,
 * `.option(name, { alias, type })`, `.options({…})`, `$0` / `*` as the default
 * command, and single-command CLIs (`yargs(argv).options({…})` with no
 * `.command`): the program itself is the root command. yargs accepts
 * `--dry-run` for `--dryRun`, `--no-x` for every boolean and dotted options.
 * Command modules in other files: `.command(imported)` (a namespace import of
 * `export const command/builder`, a named import through barrels, a
 * `require`), and `.commandDir("cmds")` (every module in the folder); a
 * builder function's `.option(…)` calls are its command's. A module whose
 * `command` does not evaluate opens the list.
 */
import { type CliAdapter, defineReader } from "./adapter.js";
import { readChains } from "./chain.js";

export const yargsAdapter: CliAdapter = defineReader({
  id: "yargs",
  readsPassedProgram: true,
  docs: '`.command(spec, desc, builder)`, `.options({…})`, single-command CLIs, `$0`, command modules imported from other files (`.command(imported)`, `require`) and `.commandDir("cmds")`',
  order: 20,
  packages: ["yargs"],
  read: (files, ctx) =>
    readChains(files, ctx, {
      id: "yargs",
      syntax: { camelKebab: true, negateBooleans: true, dotted: true },
      isDefaultSpec: (spec) => /^(\$0|\*)(\s|$)/.test(spec.trim()),
      rootOptionsInherited: true,
      commandModules: true,
    }),
});

export default yargsAdapter;
