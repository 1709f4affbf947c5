import { describe, expect, it } from "vitest";
import { cliErrors, surfaceOf, table } from "./helpers.js";

const DRIFT = [
  "docs/drift.md:5 cli/unknown-command unknown command `pm instal`",
  "docs/drift.md:6 cli/unknown-command unknown command `pm cache purge`",
  "docs/drift.md:7 cli/unknown-flag unknown flag `--frozen-lockfile` for `pm install`",
  "docs/drift.md:8 cli/unknown-command unknown command `pm workspaces foreach`",
  "docs/drift.md:9 cli/unknown-flag unknown flag `--force` for `pm cache clean`",
];

describe("clipanion adapter", () => {
  it("reads static paths (several per class, multi-word), every Option kind and inherited options", () => {
    expect(table(surfaceOf("cli-clipanion", ["pm"]))).toEqual({
      cache: "flags=",
      "cache clean": "flags=--all,-a",
      "cache clear": "flags=--all,-a",
      i: "flags=--cwd,--immutable,--inline-builds,--mode,--tag,--verbose,-t,-v args=packages?...",
      install: "flags=--cwd,--immutable,--inline-builds,--mode,--tag,--verbose,-t,-v args=packages?...",
      run: "flags=--top-level,-T args=scriptName,args?... flags open: `Option.Proxy()` forwards every other flag",
      workspaces: "flags=",
      "workspaces list": "flags=--json",
    });
  });

  it("valid invocations stay quiet (negation, counters, optional values, proxies); drift is reported", async () => {
    expect(await cliErrors("cli-clipanion")).toEqual(DRIFT);
  });

  it("a renamed path, path alias, option and short name are each caught", async () => {
    const path = await cliErrors("cli-clipanion", [{ file: "src/commands/workspaces.ts", find: "[`workspaces`, `list`]", replace: "[`workspaces`, `ls`]" }]);
    expect(path).toContain("docs/usage.md:13 cli/unknown-command unknown command `pm workspaces list`");
    const alias = await cliErrors("cli-clipanion", [{ file: "src/commands/install.ts", find: "[`install`], [`i`]", replace: "[`install`], [`add`]" }]);
    expect(alias).toContain("docs/usage.md:7 cli/unknown-command unknown command `pm i`");
    const option = await cliErrors("cli-clipanion", [{ file: "src/commands/install.ts", find: "`--immutable`", replace: "`--frozen`" }]);
    expect(option).toContain("docs/usage.md:6 cli/unknown-flag unknown flag `--immutable` for `pm install`");
    const short = await cliErrors("cli-clipanion", [{ file: "src/commands/cache.ts", find: "`-a,--all`", replace: "`--all`" }]);
    expect(short).toContain("docs/usage.md:10 cli/unknown-flag unknown flag `-a` for `pm cache clear`");
    const inherited = await cliErrors("cli-clipanion", [{ file: "src/commands/base.ts", find: "`--cwd`", replace: "`--dir`" }]);
    expect(inherited).toContain("docs/usage.md:7 cli/unknown-flag unknown flag `--cwd` for `pm i`");
  });

  it("a Cli created in a branch leaves the top-level command list open", async () => {
    const errors = await cliErrors("cli-clipanion", [
      {
        file: "src/main.ts",
        find: 'const cli = new Cli({ binaryName: "pm" });',
        replace: 'const cli = process.argv[2] === "yarn" ? null! : new Cli({ binaryName: "pm" });',
      },
    ]);
    expect(errors).toEqual(DRIFT.slice(1));
  });
});
