import { describe, expect, it } from "vitest";
import { cliErrors } from "./helpers.js";

describe("yargs-parser reader: yargs-parser called directly", () => {
  it("valid invocations stay quiet; drift in docs/invalid.md is reported", async () => {
    expect(await cliErrors("cli-yargs-parser")).toEqual(["docs/invalid.md:3 cli/unknown-flag unknown flag `--prot` for `tool`"]);
  });

  it("a renamed flag or command in the code is caught where the docs use the old name", async () => {
    const errors = await cliErrors("cli-yargs-parser", [
      { file: "src/cli.ts", find: 'boolean: ["verbose", "dryRun"]', replace: 'boolean: ["verbose", "dry"]' },
    ]);
    expect(errors).toContain("docs/valid.md:4 cli/unknown-flag unknown flag `--dry-run` for `tool`");
  });

  it("what it cannot read opens the set instead of guessing (an unknown spread opens the flags)", async () => {
    const errors = await cliErrors("cli-yargs-parser", [
      { file: "src/cli.ts", find: "parser(process.argv.slice(2), {", replace: "parser(process.argv.slice(2), { ...loadConfig()," },
    ]);
    expect(errors.filter((e) => e.includes("unknown-flag"))).toEqual([]);
  });
});
