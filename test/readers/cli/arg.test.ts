import { describe, expect, it } from "vitest";
import { cliErrors } from "./helpers.js";

describe("arg reader: arg (vercel)", () => {
  it("valid invocations stay quiet; drift in docs/invalid.md is reported", async () => {
    expect(await cliErrors("cli-arg")).toEqual([
      "docs/invalid.md:3 cli/unknown-flag unknown flag `--prot` for `tool`",
      "docs/invalid.md:4 cli/unknown-flag unknown flag `--no-help` for `tool`",
    ]);
  });

  it("a renamed flag or command in the code is caught where the docs use the old name", async () => {
    const errors = await cliErrors("cli-arg", [{ file: "src/cli.ts", find: '"-p": "--port"', replace: '"-P": "--port"' }]);
    expect(errors).toContain("docs/valid.md:4 cli/unknown-flag unknown flag `-p` for `tool`");
  });

  it("what it cannot read opens the set instead of guessing (`permissive` passes unknown flags through)", async () => {
    const errors = await cliErrors("cli-arg", [
      { file: "src/cli.ts", find: "{ argv: process.argv.slice(2) }", replace: "{ argv: process.argv.slice(2), permissive: true }" },
    ]);
    expect(errors.filter((e) => e.includes("unknown-flag"))).toEqual([]);
  });
});
