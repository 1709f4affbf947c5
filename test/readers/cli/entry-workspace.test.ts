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

  // In the helper the reader follows (it configures the passed program): what else it hands the program to.
  const passedTo = (call: string) => ({
    file: "packages/site/lib/register.js",
    find: "module.exports = function (cli) {",
    replace: `module.exports = function (cli) {\n  ${call}`,
  });

  it("a program passed to code docpact does not read (a package's function, an object assigned at run time, a computed function) leaves the command list open", async () => {
    const fromPackage = {
      file: "packages/site/lib/register.js",
      find: "module.exports",
      replace: "const { loadPlugins } = require('site-plugins')\nmodule.exports",
    };
    expect(await cliErrors("cli-workspace-passed", [fromPackage, passedTo("loadPlugins(cli)")])).toEqual([
      "docs/invalid.md:3 cli/unknown-flag unknown flag `--port` for `site build`",
    ]);
    expect(await cliErrors("cli-workspace-passed", [passedTo("let app\n    app = make()\n    app.plugins.apply('extendCli', cli)")])).toEqual([
      "docs/invalid.md:3 cli/unknown-flag unknown flag `--port` for `site build`",
    ]);
    expect(await cliErrors("cli-workspace-passed", [passedTo("require(process.env.PLUGIN)(cli)")])).toEqual([
      "docs/invalid.md:3 cli/unknown-flag unknown flag `--port` for `site build`",
    ]);
  });

  it("invalid: a program passed to this repository's code, a Node built-in or console stays judged", async () => {
    const local = {
      file: "packages/site/lib/register.js",
      find: "module.exports",
      replace: "const util = require('util')\nconst { helper } = require('./util')\nmodule.exports",
    };
    expect(await cliErrors("cli-workspace-passed", [local, passedTo("helper(cli); console.log(cli); util.inspect(cli)")])).toEqual([
      "docs/invalid.md:3 cli/unknown-flag unknown flag `--port` for `site build`",
      "docs/invalid.md:3 cli/unknown-command unknown command `site serve`",
    ]);
  });
});

describe("a workspace package imported by name from a binary's entry", () => {
  const UNREAD =
    "docs/invalid.md:3 cli/unread no CLI reader understood `tool` (entry `packages/cli/bin/tool.js`: no reader recognized how it parses its arguments (no known framework call, configured command type or flag accessor)): 5 documented mention(s) of it not judged";

  it("is followed into its source (exports → dist → src, a `./*` subpath too): its parser is read and judged", async () => {
    expect(await cliErrors("cli-workspace-bare")).toEqual([
      "docs/invalid.md:3 cli/unknown-flag unknown flag `--port` for `tool build`",
      "docs/invalid.md:3 cli/unknown-command unknown command `tool serve`",
    ]);
  });

  it("a package name no workspace declares is not followed: the binary is unread, its mentions counted, none judged", async () => {
    const edit = { file: "packages/cli/bin/tool.js", find: '"@tool/core"', replace: '"@elsewhere/core"' };
    expect(await cliErrors("cli-workspace-bare", [edit])).toEqual([UNREAD]);
  });

  it("a package that declares another binary is not entered: what this binary imports of it is its library", async () => {
    const edit = { file: "packages/core/package.json", find: '"type": "module",', replace: '"type": "module",\n  "bin": { "core": "bin/core.js" },' };
    expect(await cliErrors("cli-workspace-bare", [edit])).toEqual([UNREAD]);
  });

  it("a test fixture's package.json is never the package, even when it alone declares the name", async () => {
    // The fixture copy under packages/core/test/ declares `@tool/core` too; were it followed, `tool serve` would be known.
    const edit = { file: "packages/core/package.json", find: '"name": "@tool/core"', replace: '"name": "@tool/core-renamed"' };
    expect(await cliErrors("cli-workspace-bare", [edit])).toEqual([UNREAD]);
  });
});
