import { describe, expect, test } from "vitest";
import rule from "../../compiler/rules/cli/unknown-command.js";
import { cmd, modelWith, run } from "./cli-helpers.js";

const surface = [
  cmd("flow", ["advance", "status", "reset"], ["--json"]),
  cmd("session"),
  cmd("inbox", ["list", "read"]),
  cmd("inbox list", null, ["--unread"]),
  cmd("close"),
];

const check = (...raws: string[]) => run(rule, modelWith(surface, ["--json", "--verbose"], raws));

describe("cli/unknown-command", () => {
  test("meta", () => {
    expect(rule.meta.id).toBe("cli/unknown-command");
    expect(rule.meta.defaultSeverity).toBe("error");
    expect(rule.meta.explanation.length).toBeGreaterThan(100);
  });

  test("valid: known paths, verbs, arguments after a command without verbs, flags before words, bare binary", () => {
    expect(
      check(
        "aw flow advance",
        "aw flow advance --json",
        "aw flow",
        "aw --verbose flow status",
        "aw session 42 extra words",
        "aw close <id>",
        "aw inbox list --unread",
        "aw inbox read",
        "aw flow advance now",
        "aw",
        "aw --help",
        'aw "quoted" anything',
        "aw <command>",
      ),
    ).toEqual([]);
  });

  test("invalid: unknown first word, with the closest known path as suggestion", () => {
    expect(check("aw bogus", "aw flw advance", "aw sesion", "aw totally-different thing")).toEqual([
      "1:4 unknown command `aw bogus`",
      "2:4 unknown command `aw flw` → aw flow advance",
      "3:4 unknown command `aw sesion` → aw session",
      "4:4 unknown command `aw totally-different`",
    ]);
  });

  test("invalid: a word that fails to match a declared sub-verb", () => {
    expect(check("aw flow advanse --json", "aw inbox lst", "aw flow zzzzzz")).toEqual([
      "1:9 unknown command `aw flow advanse` → aw flow advance",
      "2:10 unknown command `aw inbox lst` → aw inbox list",
      "3:9 unknown command `aw flow zzzzzz`",
    ]);
  });

  test("placeholders and quoted words end the command path", () => {
    expect(check("aw flow <verb>", 'aw flow "advance"', "aw flow -- nonsense")).toEqual([]);
  });

  test("a surface without commands reports nothing", () => {
    expect(run(rule, modelWith([], ["--json"], ["aw bogus"]))).toEqual([]);
  });
});
