/**
 * sade: `sade("tool").command("build <src>").option("-o, --output", …)`,
 * the chain reading of chain.ts (commander's shape: `.command(…)` returns the
 * command, options on the program are accepted by every command; a usage
 * starting with a positional names the default command). sade accepts
 * `--no-x` and `--dry-run` for `dryRun` (it parses with mri).
 */
import { type CliAdapter, defineReader } from "./adapter.js";
import { readChains } from "./chain.js";

export const sadeReader: CliAdapter = defineReader({
  id: "sade",
  docs: 'sade: `sade("tool").command("build <src>")`, `.option("-o, --output")` on the program (every command) or a command, `.alias()`',
  order: 35,
  packages: ["sade"],
  read: (files, ctx) =>
    readChains(files, ctx, {
      id: "sade",
      syntax: { camelKebab: true, negateBooleans: true, dotted: false },
      isDefaultSpec: (spec) => /^[<[]/.test(spec.trim()),
      rootOptionsInherited: true,
    }),
});

export default sadeReader;
