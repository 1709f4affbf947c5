import { describe, expect, test } from "vitest";
import rule from "../../compiler/rules/cli/unknown-flag.js";
import { cmd, modelWith, run } from "./cli-helpers.js";

const surface = [
  cmd("flow", ["advance", "status"], ["--json", "--dry-run", "-n"]),
  cmd("flow reset", null, ["--hard"]),
  cmd("session"),
  cmd("tar", null, ["-r", "-f"]),
];
const global = ["--json", "--verbose", "--session", "--code"];

const check = (...raws: string[]) => run(rule, modelWith(surface, global, raws));

describe("cli/unknown-flag", () => {
  test("meta", () => {
    expect(rule.meta.id).toBe("cli/unknown-flag");
    expect(rule.meta.defaultSeverity).toBe("error");
  });

  test("valid: own flags, verbs share them, parents' flags, global set when none declared, help/version, =value, clusters", () => {
    expect(
      check(
        "aw flow advance --json",
        "aw flow status --dry-run -n",
        "aw flow reset --hard --json",
        "aw session --verbose --code=abc",
        "aw session --session <id>",
        "aw flow advance --help",
        "aw -h",
        "aw session --version",
        "aw tar -rf",
        "aw flow advance -- --anything",
      ),
    ).toEqual([]);
  });

  test("invalid: against the command's own flags, with the closest flag as suggestion", () => {
    expect(check("aw flow advance --jsn", "aw flow advance --verbose", "aw flow reset --hrd", "aw tar -rx")).toEqual([
      "1:17 unknown flag `--jsn` for `aw flow advance` → --json",
      "2:17 unknown flag `--verbose` for `aw flow advance`",
      "3:15 unknown flag `--hrd` for `aw flow reset` → --hard",
      "4:8 unknown flag `-rx` for `aw tar`",
    ]);
  });

  test("invalid: against the global set when the command declares no flags", () => {
    expect(check("aw session --verbsoe", "aw session --colour=red")).toEqual([
      "1:12 unknown flag `--verbsoe` for `aw session` → --verbose",
      "2:12 unknown flag `--colour` for `aw session`",
    ]);
  });

  test("unknown commands are left to cli/unknown-command; an empty surface reports nothing", () => {
    expect(check("aw bogus --nope")).toEqual([]);
    expect(run(rule, modelWith([], [], ["aw flow --nope"]))).toEqual([]);
  });
});
