import { describe, expect, it } from "vitest";
import { cliErrors, surfaceOf, table } from "./helpers.js";

describe("options registered in a loop over an array of option objects (evaluator bindings)", () => {
  it("reads one flag per element, through a loop-body template, and `--no-x` only where the `if` holds", () => {
    expect(table(surfaceOf("cli-option-loop", ["up"]))).toEqual({
      "(root)": "flags=--cacheFile,--color,--no-color,--no-upgrade,--reject,--target,--upgrade,--versionAlias,-t,-u,-v,-x",
    });
  });

  it("valid invocations stay quiet; drift is reported", async () => {
    expect(await cliErrors("cli-option-loop")).toEqual([
      "docs/drift.md:3 cli/unknown-flag unknown flag `--rejct` for `up`",
      "docs/drift.md:4 cli/unknown-flag unknown flag `--no-target` for `up`",
      "docs/drift.md:5 cli/unknown-flag unknown flag `-q` for `up`",
      "docs/options.md:15 cli/unknown-flag unknown flag `--rejectt` for `up`",
    ]);
  });

  it("a renamed option or short name in the array is caught", async () => {
    const long = await cliErrors("cli-option-loop", [{ file: "src/options.ts", find: 'long: "reject"', replace: 'long: "exclude"' }]);
    expect(long).toContain("docs/usage.md:4 cli/unknown-flag unknown flag `--reject` for `up`");
    const short = await cliErrors("cli-option-loop", [{ file: "src/options.ts", find: 'short: "u"', replace: 'short: "U"' }]);
    expect(short).toContain("docs/usage.md:3 cli/unknown-flag unknown flag `-u` for `up`");
    // The option table under `## Usage` › `### Options` of a single-command CLI counts too.
    const upgrade = await cliErrors("cli-option-loop", [{ file: "src/options.ts", find: 'long: "upgrade"', replace: 'long: "overwrite"' }]);
    expect(upgrade).toContain("docs/options.md:13 cli/unknown-flag unknown flag `--upgrade` for `up`");
  });

  it("an element whose name does not evaluate leaves the flag set open (nothing judged)", async () => {
    const errors = await cliErrors("cli-option-loop", [{ file: "src/options.ts", find: 'long: "color"', replace: "long: process.env.COLOR_FLAG!" }]);
    expect(errors).toEqual([]);
  });
});
