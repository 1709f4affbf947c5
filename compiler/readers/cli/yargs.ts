/**
 * yargs: `.command(spec, desc, builder, handler)` and the object form
 * (`{ command, aliases, builder }`), builder callbacks and option records,
 * `.option(name, { alias, type })`, `.options({…})`, `$0` / `*` as the default
 * command, and single-command CLIs (`yargs(argv).options({…})` with no
 * `.command`): the program itself is the root command. yargs accepts
 * `--dry-run` for `--dryRun`, `--no-x` for every boolean and dotted options.
 * `.commandDir()` opens the command list.
 */
import type { CliAdapter } from "./adapter.js";
import { readChains } from "./chain.js";

export const yargsAdapter: CliAdapter = {
  id: "yargs",
  applies: (file) => /from\s+["']yargs(\/[\w/]+)?["']|require\(\s*["']yargs["']\s*\)/.test(file.text),
  read: (files, ctx) =>
    readChains(files, ctx, {
      id: "yargs",
      syntax: { camelKebab: true, negateBooleans: true, dotted: true },
      isDefaultSpec: (spec) => /^(\$0|\*)(\s|$)/.test(spec.trim()),
      rootOptionsInherited: true,
    }),
};
