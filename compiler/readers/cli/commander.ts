/**
 * commander: `new Command("name")`, `program.command("close <id>")` (returns
 * the new command), `.option("-f, --force")`, `.requiredOption`,
 * `.addOption(new Option(…))`, `.alias(…)`, nested commands through
 * variables. Program options are accepted by every command. No name
 * equivalences: `--no-x` only where declared. `.allowUnknownOption()` /
 * `.passThroughOptions()` open the command's flag set; a spec that does not
 * evaluate opens its level. A command with sub-commands also has commander's
 * implicit `help [command]` (unless `.helpCommand(false)`).
 */
import { type CliAdapter, defineReader } from "./adapter.js";
import { readChains } from "./chain.js";

export const commanderAdapter: CliAdapter = defineReader({
  id: "commander",
  readsPassedProgram: true,
  docs: '`program.command("close <id>")`, `.option("-f, --force")`, `.alias()`, nested commands, `.addCommand(…)` of commands built in other modules (variables, factories), options from a loop over an array of option objects, the implicit `help [command]` under a command with sub-commands',
  order: 10,
  packages: ["commander"],
  read: (files, ctx) =>
    readChains(files, ctx, {
      id: "commander",
      syntax: { camelKebab: false, negateBooleans: false, dotted: false },
      isDefaultSpec: () => false,
      rootOptionsInherited: true,
      versionFlags: "-V, --version",
      implicitHelpCommand: true,
    }),
});

export default commanderAdapter;
