import { describe, expect, it } from "vitest";
import { cliErrors } from "./helpers.js";

describe("argv-wrapper reader: minimist behind the project's wrapper in another module (re-exported through a barrel), options with an unevaluable default", () => {
  it("valid invocations stay quiet; drift in docs/invalid.md is reported", async () => {
    expect(await cliErrors("cli-argv-wrapper")).toEqual([
      "docs/invalid.md:3 cli/unknown-flag unknown flag `--wacth` for `tool build`",
      "docs/invalid.md:4 cli/unknown-command unknown command `tool deploy`",
    ]);
  });

  it("a renamed flag or command in the code is caught where the docs use the old name", async () => {
    const errors = await cliErrors("cli-argv-wrapper", [{ file: "src/cli.ts", find: 'boolean: ["watch", "dry-run"]', replace: 'boolean: ["watch", "dry"]' }]);
    expect(errors).toContain("docs/valid.md:5 cli/unknown-flag unknown flag `--dry-run` for `tool build`");
  });

  it("what it cannot read opens the set instead of guessing (a list of names that does not evaluate opens the flags)", async () => {
    const errors = await cliErrors("cli-argv-wrapper", [
      { file: "src/cli.ts", find: 'boolean: ["watch", "dry-run"]', replace: 'boolean: resolveDefaults(process.env) ? ["watch"] : ["dry-run"]' },
    ]);
    expect(errors.filter((e) => e.includes("unknown-flag"))).toEqual([]);
  });
});
