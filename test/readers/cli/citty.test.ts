import { describe, expect, it } from "vitest";
import { cliErrors, surfaceOf, table } from "./helpers.js";

describe("citty adapter", () => {
  it("reads the runMain root, sub-commands (inline, imported, lazy, nested), args, aliases and shared args", () => {
    expect(table(surfaceOf("cli-citty", ["nx"]))).toEqual({
      "(root)": "flags=--cwd",
      build: "flags=--cwd,--prerender,--preset args=root?",
      dev: "flags=--cwd,--host,--logLevel,--open,--port,-o,-p",
      generate: "flags=--cwd,--dotenv flags open: the args `extraArgs()` are not an object docpact can read",
      module: "flags=--cwd",
      "module add": "flags=--cwd,--skipInstall args=name",
      "module search": "flags=--cwd args=query?",
      plugin: "flags=--cwd flags open: the command `() => loadPlugins()` is not a definition docpact can follow",
    });
  });

  it("valid invocations stay quiet (kebab/camel, --no-x, values, open sets); drift is reported", async () => {
    expect(await cliErrors("cli-citty")).toEqual([
      "docs/drift.md:5 cli/unknown-command unknown command `nx biuld`",
      "docs/drift.md:6 cli/unknown-command unknown command `nx module remove`",
      "docs/drift.md:7 cli/unknown-flag unknown flag `--prerendr` for `nx build`",
      "docs/drift.md:8 cli/unknown-flag unknown flag `--prot` for `nx dev`",
      "docs/drift.md:9 cli/unknown-flag unknown flag `--skip` for `nx module add`",
    ]);
  });

  it("a renamed sub-command, nested sub-command, arg and alias are each caught", async () => {
    const sub = await cliErrors("cli-citty", [{ file: "src/cli.ts", find: "build: () =>", replace: "bundle: () =>" }]);
    expect(sub).toContain("docs/usage.md:5 cli/unknown-command unknown command `nx build`");
    const nested = await cliErrors("cli-citty", [{ file: "src/cli.ts", find: "search: defineCommand", replace: "find: defineCommand" }]);
    expect(nested).toContain("docs/usage.md:11 cli/unknown-command unknown command `nx module search`");
    const arg = await cliErrors("cli-citty", [{ file: "src/commands/build.ts", find: "prerender: {", replace: "ssg: {" }]);
    expect(arg).toContain("docs/usage.md:6 cli/unknown-flag unknown flag `--prerender` for `nx build`");
    const alias = await cliErrors("cli-citty", [{ file: "src/cli.ts", find: 'alias: "p"', replace: 'alias: "P"' }]);
    expect(alias).toContain("docs/usage.md:9 cli/unknown-flag unknown flag `-p` for `nx dev`");
    const shared = await cliErrors("cli-citty", [{ file: "src/args.ts", find: "logLevel:", replace: "verbosity:" }]);
    expect(shared).toContain("docs/usage.md:8 cli/unknown-flag unknown flag `--log-level` for `nx dev`");
  });

  it("a root positional beside sub-commands, with a hook that runs first, leaves the command list open", async () => {
    const errors = await cliErrors("cli-citty", [
      { file: "src/cli.ts", find: "  sharedArgs: {", replace: '  args: { command: { type: "positional", required: false } },\n  setup() {},\n  sharedArgs: {' },
    ]);
    expect(errors).not.toContain("docs/drift.md:5 cli/unknown-command unknown command `nx biuld`");
    expect(errors).toContain("docs/drift.md:6 cli/unknown-command unknown command `nx module remove`");
  });
});
