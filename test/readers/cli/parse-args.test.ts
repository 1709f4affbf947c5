import { describe, expect, it } from "vitest";
import { cliErrors } from "./helpers.js";

describe("parse-args reader: node:util parseArgs", () => {
  it("valid invocations stay quiet; drift in docs/invalid.md is reported", async () => {
    expect(await cliErrors("cli-parseargs")).toEqual([
      "docs/invalid.md:3 cli/unknown-flag unknown flag `--wacth` for `tool`",
      "docs/invalid.md:4 cli/unknown-flag unknown flag `--no-watch` for `tool`",
    ]);
  });

  it("a renamed flag or command in the code is caught where the docs use the old name", async () => {
    const errors = await cliErrors("cli-parseargs", [{ file: "src/cli.ts", find: 'short: "w"', replace: 'short: "W"' }]);
    expect(errors).toContain("docs/valid.md:4 cli/unknown-flag unknown flag `-w` for `tool`");
  });

  it("what it cannot read opens the set instead of guessing (`strict: false` accepts any flag)", async () => {
    const errors = await cliErrors("cli-parseargs", [
      { file: "src/cli.ts", find: "allowPositionals: true,", replace: "allowPositionals: true,\n  strict: false," },
    ]);
    expect(errors.filter((e) => e.includes("unknown-flag"))).toEqual([]);
  });
});
