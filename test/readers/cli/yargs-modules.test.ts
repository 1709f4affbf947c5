import { describe, expect, it } from "vitest";
import { cliErrors } from "./helpers.js";

describe("yargs command modules imported from other files, and commandDir", () => {
  it("reads `.command(imported)` (namespace, named through a barrel, require) and `.commandDir` modules with their builders", async () => {
    expect(await cliErrors("cli-yargs-modules")).toEqual([
      "docs/invalid.md:3 cli/unknown-flag unknown flag `--tempalte` for `tool init`",
      "docs/invalid.md:4 cli/unknown-flag unknown flag `--regoin` for `tool deploy`",
      "docs/invalid.md:5 cli/unknown-flag unknown flag `--prot` for `tool serve`",
      "docs/invalid.md:6 cli/unknown-command unknown command `tool publish`",
    ]);
  });

  it("a renamed option in a builder function of another module is caught", async () => {
    const errors = await cliErrors("cli-yargs-modules", [{ file: "src/commands/init.ts", find: '.option("force"', replace: '.option("overwrite"' }]);
    expect(errors).toContain("docs/valid.md:3 cli/unknown-flag unknown flag `--force` for `tool init`");
  });

  it("a module in the command folder without a readable `command` opens the command list", async () => {
    const errors = await cliErrors("cli-yargs-modules", [
      { file: "src/cmds/serve.ts", find: 'export const command = "serve";', replace: "export const command = process.env.NAME;" },
    ]);
    expect(errors.filter((e) => e.includes("unknown-command"))).toEqual([]);
  });
});
