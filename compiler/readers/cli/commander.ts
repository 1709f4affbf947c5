/**
 * commander: `new Command("name")`, `program.command("close <id>")` (returns
 * the new command), `.option("-f, --force")`, `.requiredOption`,
 * `.addOption(new Option(…))`, `.alias(…)`, nested commands through
 * variables. Program options are accepted by every command. No name
 * equivalences: `--no-x` only where declared. `.allowUnknownOption()` /
 * `.passThroughOptions()` open the command's flag set; a spec that does not
 * evaluate opens its level.
 */
import type { CliAdapter } from "./adapter.js";
import { readChains } from "./chain.js";

export const commanderAdapter: CliAdapter = {
  id: "commander",
  applies: (file) => /from\s+["']commander["']|require\(\s*["']commander["']\s*\)/.test(file.text),
  read: (files, ctx) =>
    readChains(files, ctx, {
      id: "commander",
      syntax: { camelKebab: false, negateBooleans: false, dotted: false },
      isDefaultSpec: () => false,
      rootOptionsInherited: true,
    }),
};
