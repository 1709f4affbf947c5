/** The CLI rules with the flag model: values, file arguments, equivalences, open sets, the default command. */
import { describe, expect, test } from "vitest";
import { open } from "../../compiler/model/cli.js";
import { flag, parseOptionSpec } from "../../compiler/readers/cli/adapter.js";
import unknownCommand from "../../compiler/rules/cli/unknown-command.js";
import unknownFlag from "../../compiler/rules/cli/unknown-flag.js";
import unmatchedConfig from "../../compiler/rules/cli/unmatched-config.js";
import { makeModel } from "../helpers/model.js";
import { cmd, modelWith, run } from "./cli-helpers.js";

const camel = { camelKebab: true, negateBooleans: true, dotted: true };
const root = cmd("", ["build"], null, {
  options: [parseOptionSpec("--retry <n>")!, parseOptionSpec("--debug [filter]")!, flag(["--dry-run"])!, parseOptionSpec("--sequence <o>")!],
  flagScope: "declared",
  positionals: [{ name: "filters", required: false, variadic: true }],
  isDefault: true,
  syntax: camel,
  aliases: ["run"],
});
const build = cmd("build", null, ["--minify"], { syntax: camel });

describe("flag model", () => {
  const both = (...raws: string[]) => {
    const nj: string[] = [];
    const m = modelWith([root, build], [], raws);
    return { found: [...run(unknownCommand, m, nj), ...run(unknownFlag, m, nj)], nj };
  };

  test("a flag's value and a file argument are never command words", () => {
    expect(both("aw --retry 3 build", "aw src/foo.test.ts:10", "aw --debug hmr", "aw run --retry 2").found).toEqual([]);
  });

  test("kebab/camel, --no-x and dotted names where the framework accepts them", () => {
    expect(both("aw --dryRun", "aw --no-dry-run", "aw --sequence.shuffle", "aw build --no-minify").found).toEqual([]);
    expect(both("aw --retries 3").found).toEqual(["1:4 unknown flag `--retries` for `aw` → --retry"]);
  });

  test("a word close to a command may be an argument of the default command: not judged", () => {
    const r = both("aw biuld");
    expect(r.found).toEqual([]);
    expect(r.nj).toEqual(["1:4 a word close to a command may be an argument of the default command"]);
  });

  test("an open command list or flag set is not judged, and counted", () => {
    const flow = cmd("flow", ["advance"], null, { commandSet: open("verbs compared one by one", null) });
    const nj: string[] = [];
    const m = modelWith([flow], ["--json"], ["aw flow advanse", "aw flow advance --jsn"], { globalFlagSet: open("no accessor", null) });
    expect([...run(unknownCommand, m, nj), ...run(unknownFlag, m, nj)]).toEqual([]);
    expect(nj).toEqual(["1:9 open command list: verbs compared one by one", "2:17 open flag set: no accessor"]);
  });

  test("with the same sets closed, both are reported", () => {
    const m = modelWith([cmd("flow", ["advance"])], ["--json"], ["aw flow advanse", "aw flow advance --jsn"]);
    expect([...run(unknownCommand, m), ...run(unknownFlag, m)]).toEqual([
      "1:9 unknown command `aw flow advanse` → aw flow advance",
      "2:17 unknown flag `--jsn` for `aw flow advance` → --json",
    ]);
  });
});

describe("cli/unmatched-config", () => {
  test("names the configured value that matches nothing", () => {
    const base = makeModel();
    const m = makeModel({ surface: { ...base.surface, warnings: [{ message: "the configured command type `CliCommand` (cli.commandType) matches no command object in the code", span: null }] } });
    expect(run(unmatchedConfig, m)).toEqual(["1:1 the configured command type `CliCommand` (cli.commandType) matches no command object in the code"]);
    expect(unmatchedConfig.meta.defaultSeverity).toBe("warning");
  });
});
