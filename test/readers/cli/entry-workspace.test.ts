import { describe, expect, it } from "vitest";
import { cliErrors } from "./helpers.js";

describe("a workspace package's bin, and a program passed to a helper module", () => {
  it("follows the bin of the workspace package that declares the binary; commands a helper registers on the passed program are read", async () => {
    expect(await cliErrors("cli-workspace-passed")).toEqual([
      "docs/invalid.md:3 cli/unknown-flag unknown flag `--port` for `site build`",
      "docs/invalid.md:3 cli/unknown-command unknown command `site serve`",
    ]);
  });

  it('a helper that listens for undeclared commands (`.on("command:*")`) leaves the command list open', async () => {
    const edit = {
      file: "packages/site/lib/register.js",
      find: "module.exports = function (cli) {",
      replace: "module.exports = function (cli) {\n  cli.on('command:*', () => {})",
    };
    expect(await cliErrors("cli-workspace-passed", [edit])).toEqual(["docs/invalid.md:3 cli/unknown-flag unknown flag `--port` for `site build`"]);
  });

  it("with two readers of passed programs applying, whose program the helper configures is a guess: not read, the list open", async () => {
    const edit = {
      file: "packages/site/cli.js",
      find: "#!/usr/bin/env node",
      replace: "#!/usr/bin/env node\nconst { Command } = require('commander')\nnew Command('other')",
    };
    expect(await cliErrors("cli-workspace-passed", [edit])).toEqual([]);
  });
});
