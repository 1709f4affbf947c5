import { describe, expect, it } from "vitest";
import { cliErrors } from "./helpers.js";

describe("CLI code from the entry point: an extensionless bin, its requires, minimist required in place", () => {
  it("the bin script's closure is read though the config includes only the bin; options come from a `var` in another module", async () => {
    expect(await cliErrors("cli-entry")).toEqual(["docs/invalid.md:4 cli/unknown-flag unknown flag `--gzipped` for `serve-like`"]);
  });

  it("a flag renamed in the required options module is caught in the docs", async () => {
    const errors = await cliErrors("cli-entry", [{ file: "lib/options.js", find: "'proxy-all'", replace: "'proxy-every'" }]);
    expect(errors).toContain("docs/valid.md:4 cli/unknown-flag unknown flag `--proxy-all` for `serve-like`");
  });

  it("an options object that is assigned again is not trusted: the set opens instead of guessing", async () => {
    const errors = await cliErrors("cli-entry", [{ file: "bin/serve-like", find: "var port", replace: "options = loadOptions();\nvar port" }]);
    expect(errors).toEqual([]);
  });
});
