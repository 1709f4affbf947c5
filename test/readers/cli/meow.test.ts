import { describe, expect, it } from "vitest";
import { cliErrors } from "./helpers.js";

describe("meow reader: meow", () => {
  it("valid invocations stay quiet; drift in docs/invalid.md is reported", async () => {
    expect(await cliErrors("cli-meow")).toEqual(["docs/invalid.md:3 cli/unknown-flag unknown flag `--outdir` for `tool`"]);
  });

  it("a renamed flag or command in the code is caught where the docs use the old name", async () => {
    const errors = await cliErrors("cli-meow", [{ file: "src/cli.ts", find: 'aliases: ["out"]', replace: 'aliases: ["dest"]' }]);
    expect(errors).toContain("docs/valid.md:5 cli/unknown-flag unknown flag `--out` for `tool`");
  });

  it("what it cannot read opens the set instead of guessing (an unknown spread into `flags` opens the set)", async () => {
    const errors = await cliErrors("cli-meow", [{ file: "src/cli.ts", find: "flags: {", replace: "flags: {\n      ...process.env.EXTRA," }]);
    expect(errors.filter((e) => e.includes("unknown-flag"))).toEqual([]);
  });
});

describe("meow behind the program's own functions (stylelint's shape)", () => {
  it("follows argv from the bin entry through a default-imported main and a helper to the meow call", async () => {
    expect(await cliErrors("cli-meow-wrapper")).toEqual(["docs/usage.md:4 cli/unknown-flag unknown flag `--fxi` for `tool`"]);
  });
});
