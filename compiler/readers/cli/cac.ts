/**
 * cac: `cli.command("build [root]")` (returns the command), `.option(spec)`
 * on the CLI (every command) or on a command, `.alias(…)`, options
 * registered in a loop over a record (`cli.option(\`--${name}\`, …)`), and
 * the default command, whose spec starts with a positional (`"[root]"`,
 * `"[...filters]"`, `""`): the root, whose positionals take any word. cac
 * accepts `--dry-run` for `--dryRun`, `--no-x` and dotted options; a declared `--no-x` is the option `x`, so `--x`
 * is accepted too.
 */
import { type CliAdapter, defineReader } from "./adapter.js";
import { readChains } from "./chain.js";

export const cacAdapter: CliAdapter = defineReader({
  id: "cac",
  readsPassedProgram: true,
  docs: '`cli.command("build [root]")`, the default command `"[...files]"`, options registered in a loop',
  order: 30,
  packages: ["cac"],
  read: (files, ctx) =>
    readChains(files, ctx, {
      id: "cac",
      syntax: { camelKebab: true, negateBooleans: true, dotted: true },
      isDefaultSpec: (spec) => spec.trim() === "" || /^[<[]/.test(spec.trim()),
      rootOptionsInherited: true,
      versionFlags: "-v, --version",
      negationNamesOption: true,
    }),
});

export default cacAdapter;
