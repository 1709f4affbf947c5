import { describe, expect, it } from "vitest";
import { cliErrors } from "./helpers.js";

describe("optionator reader: optionator (plain JavaScript, options spread and mapped from another module)", () => {
  it("valid invocations stay quiet; drift in docs/invalid.md is reported", async () => {
    expect(await cliErrors("cli-optionator")).toEqual(["docs/invalid.md:3 cli/unknown-flag unknown flag `--formatt` for `tool`"]);
  });

  it("a renamed flag or command in the code is caught where the docs use the old name", async () => {
    const errors = await cliErrors("cli-optionator", [{ file: "lib/output-options.js", find: 'option: "format"', replace: 'option: "reporter"' }]);
    expect(errors).toContain("docs/valid.md:4 cli/unknown-flag unknown flag `--format` for `tool`");
  });

  it("what it cannot read opens the set instead of guessing (an option name that does not evaluate opens the set)", async () => {
    const errors = await cliErrors("cli-optionator", [
      {
        file: "lib/options.js",
        find: '{ heading: "Basic configuration" },',
        replace: '{ heading: "Basic configuration" },\n    { option: process.env.NAME, type: "String" },',
      },
    ]);
    expect(errors.filter((e) => e.includes("unknown-flag"))).toEqual([]);
  });
});
