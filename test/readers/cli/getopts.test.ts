import { describe, expect, it } from "vitest";
import { cliErrors } from "./helpers.js";

describe("getopts reader: getopts", () => {
  it("valid invocations stay quiet; drift in docs/invalid.md is reported", async () => {
    expect(await cliErrors("cli-getopts")).toEqual(["docs/invalid.md:3 cli/unknown-flag unknown flag `--output` for `tool`"]);
  });

  it("a renamed flag or command in the code is caught where the docs use the old name", async () => {
    const errors = await cliErrors("cli-getopts", [{ file: "src/cli.ts", find: 'o: "out"', replace: 'x: "out"' }]);
    expect(errors).toContain("docs/valid.md:4 cli/unknown-flag unknown flag `-o` for `tool`");
  });

  it("what it cannot read opens the set instead of guessing (a list that does not evaluate opens the flags)", async () => {
    const errors = await cliErrors("cli-getopts", [{ file: "src/cli.ts", find: 'string: ["out"]', replace: 'string: process.env.X ? ["out"] : []' }]);
    expect(errors.filter((e) => e.includes("unknown-flag"))).toEqual([]);
  });
});
