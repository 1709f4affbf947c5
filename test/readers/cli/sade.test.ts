import { describe, expect, it } from "vitest";
import { cliErrors } from "./helpers.js";

describe("sade reader: sade", () => {
  it("valid invocations stay quiet; drift in docs/invalid.md is reported", async () => {
    expect(await cliErrors("cli-sade")).toEqual([
      "docs/invalid.md:3 cli/unknown-flag unknown flag `--outptu` for `tool build`",
      "docs/invalid.md:4 cli/unknown-command unknown command `tool deploy`",
    ]);
  });

  it("a renamed flag or command in the code is caught where the docs use the old name", async () => {
    const errors = await cliErrors("cli-sade", [{ file: "src/cli.ts", find: '.command("serve")', replace: '.command("start")' }]);
    expect(errors).toContain("docs/valid.md:4 cli/unknown-command unknown command `tool serve`");
  });
});
