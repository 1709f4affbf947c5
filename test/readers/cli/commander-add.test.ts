import { describe, expect, it } from "vitest";
import { cliErrors } from "./helpers.js";

describe("commander addCommand with commands imported from other modules", () => {
  it("mounts each `new Command(…)` (a variable, a factory's return, a chain) under the command that adds it", async () => {
    expect(await cliErrors("cli-commander-add")).toEqual([
      "docs/invalid.md:3 cli/unknown-flag unknown flag `--wacth` for `tool build`",
      "docs/invalid.md:4 cli/unknown-flag unknown flag `--fetsh` for `tool remote add`",
      "docs/invalid.md:5 cli/unknown-command unknown command `tool remote rename`",
    ]);
  });

  it("a renamed sub-command in its own module is caught", async () => {
    const errors = await cliErrors("cli-commander-add", [{ file: "src/commands/remote-add.ts", find: 'new Command("add")', replace: 'new Command("create")' }]);
    expect(errors).toContain("docs/valid.md:4 cli/unknown-command unknown command `tool remote add`");
  });
});
