import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { readCode } from "../../../compiler/readers/code.js";
import { cliErrors, surfaceOf, table } from "./helpers.js";

const DRIFT = [
  "docs/drift.md:5 cli/unknown-command unknown command `mycli helo`",
  "docs/drift.md:6 cli/unknown-command unknown command `mycli plugins instal`",
  "docs/drift.md:7 cli/unknown-flag unknown flag `--form` for `mycli hello`",
  "docs/drift.md:8 cli/unknown-flag unknown flag `--frce` for `mycli plugins install`",
  "docs/drift.md:9 cli/unknown-flag unknown flag `--local` for `mycli config set`",
  "docs/drift.md:10 cli/unknown-command unknown command `mycli config get`",
  "docs/drift.md:11 cli/unknown-flag unknown flag `--frm` for `mycli`",
];

describe("oclif adapter", () => {
  it("reads ids from file paths, flags, base flags, the JSON flag, args, aliases and topics", () => {
    expect(table(surfaceOf("cli-oclif", ["mycli"]))).toEqual({
      "(root)": "flags=--help,--version,-v",
      config: "flags=",
      "config set": "flags=--global,-g args=key,value?",
      "config:set": "flags=--global,-g args=key,value?",
      deploy: "flags= flags open: extends `SfCommand`, whose flags are not read",
      hello: "flags=--format,--from,--quiet,--sender,-F,-f,-q aliases=hi args=person",
      plugins: "flags=--core,--json",
      "plugins install": "flags=--force,--tag,--verbose,-f,-v aliases=add args=plugin...",
      "plugins:add": "flags=--force,--tag,--verbose,-f,-v args=plugin...",
      "plugins:install": "flags=--force,--tag,--verbose,-f,-v args=plugin...",
    });
  });

  it("a flag record a project function builds (`...makeFlags(PROMPTS)`) gives the evaluator's keys; keys that do not evaluate open the set", () => {
    const generator = [
      'import { Flags } from "@oclif/core";',
      "export function makeFlags(prompts) {",
      "  return Object.fromEntries(Object.entries(prompts).map(([key, value]) => [key, Flags.string({ description: value.message })]));",
      "}",
      "",
    ].join("\n");
    const command = (record: string) =>
      [
        'import { Command, Flags } from "@oclif/core";',
        'import { readFileSync } from "node:fs";',
        'import { makeFlags } from "../generator";',
        'const PROMPTS = { author: { message: "Author" }, "module-type": { message: "Module type" } };',
        "export default class Init extends Command {",
        `  static flags = { ...${record}, yes: Flags.boolean({ char: "y" }) };`,
        "}",
        "",
      ].join("\n");
    const read = (record: string) => {
      const texts = new Map([
        ["src/generator.ts", generator],
        ["src/commands/init.ts", command(record)],
      ]);
      const root = mkdtempSync(join(tmpdir(), "docpact-oclif-"));
      try {
        for (const [f, t] of texts) {
          mkdirSync(dirname(join(root, f)), { recursive: true });
          writeFileSync(join(root, f), t);
        }
        return table(readCode(root, [...texts.keys()], { binaries: ["mycli"], commandType: null, flagAccessors: [] }, texts).surface);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    };
    expect(read("makeFlags(PROMPTS)").init).toBe("flags=--author,--module-type,--yes,-y");
    expect(read('makeFlags(JSON.parse(readFileSync("p.json", "utf8")))').init).toMatch(/^flags=--yes,-y flags open: the flag record `makeFlags\(JSON/);
  });

  it("valid invocations stay quiet; drift is reported", async () => {
    expect(await cliErrors("cli-oclif")).toEqual(DRIFT);
  });

  it("a renamed command file, alias, flag and short name are each caught", async () => {
    const renamedFile = await cliErrors("cli-oclif", [{ file: "src/commands/config/set.ts", moveTo: "src/commands/config/put.ts" }]);
    expect(renamedFile).toContain("docs/usage.md:12 cli/unknown-command unknown command `mycli config set`");
    const alias = await cliErrors("cli-oclif", [{ file: "src/commands/hello.ts", find: 'aliases = ["hi"]', replace: 'aliases = ["hey"]' }]);
    expect(alias).toContain("docs/usage.md:7 cli/unknown-command unknown command `mycli hi`");
    const topicAlias = await cliErrors("cli-oclif", [{ file: "src/commands/plugins/install.ts", find: '"plugins:add"', replace: '"plugins:get"' }]);
    expect(topicAlias).toContain("docs/usage.md:10 cli/unknown-command unknown command `mycli plugins add`");
    const flag = await cliErrors("cli-oclif", [{ file: "src/commands/hello.ts", find: "from: Flags", replace: "sender2: Flags" }]);
    expect(flag).toContain("docs/usage.md:5 cli/unknown-flag unknown flag `--from` for `mycli hello`");
    const char = await cliErrors("cli-oclif", [{ file: "src/commands/config/set.ts", find: 'char: "g"', replace: 'char: "G"' }]);
    expect(char).toContain("docs/usage.md:12 cli/unknown-flag unknown flag `-g` for `mycli config set`");
    const base = await cliErrors("cli-oclif", [{ file: "src/base.ts", find: "verbose:", replace: "loud:" }]);
    expect(base).toContain("docs/usage.md:17 cli/unknown-flag unknown flag `--verbose` for `mycli plugins install`");
  });

  it("the bare binary takes the help and version flags only; a project hook that sees argv first, or `oclif.default`, opens them", async () => {
    const hooked = await cliErrors("cli-oclif", [
      { file: "package.json", find: '"bin": "mycli",', replace: '"bin": "mycli", "hooks": { "init": "./dist/hooks/init.js" },' },
    ]);
    expect(hooked).not.toContain("docs/drift.md:11 cli/unknown-flag unknown flag `--frm` for `mycli`");
    expect(hooked).toContain("docs/drift.md:5 cli/unknown-command unknown command `mycli helo`");
    const surface = surfaceOf("cli-oclif", ["mycli"]);
    expect(surface.commands.find((c) => c.path.length === 0)?.flagSet.closed).toBe(true);
    const defaulted = await cliErrors("cli-oclif", [{ file: "package.json", find: '"bin": "mycli",', replace: '"bin": "mycli", "default": "hello",' }]);
    expect(defaulted.filter((e) => e.startsWith("docs/drift.md:11"))).toEqual([]);
  });

  it("oclif's help plugin adds `help [COMMAND...]` with `-n, --nested-commands`; a plugin docpact does not read opens the command list", async () => {
    const plugins = (list: string) => ({ file: "package.json", find: '"bin": "mycli",', replace: `"bin": "mycli", "plugins": [${list}],` });
    const help = { file: "docs/drift.md", find: "# Drift", replace: "# Drift\n\n`mycli help hello --nested-commands`, not `mycli help -x`.\n" };
    const known = await cliErrors("cli-oclif", [plugins('"@oclif/plugin-help", "@oclif/plugin-not-found"'), help]);
    expect(known).toContain("docs/drift.md:3 cli/unknown-flag unknown flag `-x` for `mycli help`");
    expect(known.filter((e) => e.includes("--nested-commands"))).toEqual([]);
    expect(known).toContain("docs/drift.md:8 cli/unknown-command unknown command `mycli helo`");
    const other = await cliErrors("cli-oclif", [plugins('"@oclif/plugin-help", "@oclif/plugin-plugins"'), help]);
    expect(other.filter((e) => e.includes("`mycli helo`"))).toEqual([]);
  });

  it("with the default `:` separator a command id is one word", async () => {
    const errors = await cliErrors("cli-oclif", [{ file: "package.json", find: '"topicSeparator": " "', replace: '"topicSeparator": ":"' }]);
    expect(errors).toContain("docs/usage.md:12 cli/unknown-command unknown command `mycli config`");
    expect(errors.filter((e) => e.startsWith("docs/usage.md:11"))).toEqual([]);
  });

  it("reads the `single` and `explicit` command strategies", async () => {
    const single = await cliErrors("cli-oclif", [
      { file: "package.json", find: '"commands": "./dist/commands"', replace: '"commands": { "strategy": "single", "target": "./dist/commands/hello.js" }' },
    ]);
    expect(single).toContain("docs/usage.md:8 cli/unknown-flag unknown flag `--core` for `mycli`");
    const explicit = await cliErrors("cli-oclif", [
      {
        file: "package.json",
        find: '"commands": "./dist/commands"',
        replace: '"commands": { "strategy": "explicit", "target": "./dist/index.js", "identifier": "COMMANDS" }',
      },
    ]);
    expect(explicit).toContain("docs/usage.md:8 cli/unknown-command unknown command `mycli plugins`");
    expect(explicit.filter((e) => e.startsWith("docs/usage.md:5") || e.startsWith("docs/usage.md:12"))).toEqual([]);
  });
});
