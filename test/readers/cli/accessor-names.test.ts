/** The global flag set read through configured flag accessors: a name that cannot be known opens it, a known one never does. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { CommandSurface } from "../../../compiler/model/cli.js";
import { readCode } from "../../../compiler/readers/code.js";

function surfaceOfText(text: string, flagAccessors: string[]): CommandSurface {
  const root = mkdtempSync(join(tmpdir(), "docpact-accessors-"));
  try {
    writeFileSync(join(root, "cli.ts"), text);
    return readCode(root, ["cli.ts"], { binaries: ["tool"], commandType: null, flagAccessors }, new Map([["cli.ts", text]])).surface;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const HEAD = "declare function flag(name: string): boolean;\ndeclare function flagValue(values: object, name: string): string;\nconst values = {};\n";

describe("flag accessors", () => {
  test("string literals and constants: closed", () => {
    const s = surfaceOfText(`${HEAD}const NAME = "width";\nflag("json");\nflag(NAME);\nflagValue(values, "depth");\n`, ["flag", "flagValue"]);
    expect(s.globalFlags).toEqual(["--depth", "--json", "--width"]);
    expect(s.globalFlagSet).toEqual({ closed: true });
  });

  test("a loop variable over a constant list reads every name of the list: closed", () => {
    const s = surfaceOfText(`${HEAD}const LAYERS = ["core", "ui"] as const;\nfor (const layer of LAYERS) flag(layer);\n`, ["flag"]);
    expect(s.globalFlags).toEqual(["--core", "--ui"]);
    expect(s.globalFlagSet.closed).toBe(true);
  });

  test("a loop variable over a list that does not evaluate opens the set (it was a false 'closed')", () => {
    const s = surfaceOfText(`${HEAD}declare const layers: string[];\nflag("json");\nfor (const layer of layers) flag(layer);\n`, ["flag"]);
    expect(s.globalFlagSet.closed).toBe(false);
    expect(s.globalFlagSet.closed === false && s.globalFlagSet.reason).toBe(
      "the flag name passed to `flag` does not evaluate: `layer` is a loop variable over `layers`",
    );
  });

  test("a run-time value as the name opens the set, also behind a values object", () => {
    const a = surfaceOfText(`${HEAD}declare function pick(): string;\nflag("json");\nflag(pick());\n`, ["flag"]);
    expect(a.globalFlagSet.closed === false && a.globalFlagSet.reason).toBe("the flag name passed to `flag` does not evaluate: `pick()`");
    const b = surfaceOfText(`${HEAD}declare const names: string[];\nflagValue(values, "depth");\nfor (const n of names) flagValue(values, n);\n`, [
      "flagValue",
    ]);
    expect(b.globalFlagSet.closed === false && b.globalFlagSet.reason).toBe(
      "the flag name passed to `flagValue` does not evaluate: `n` is a loop variable over `names`",
    );
  });

  test("a wrapper's own parameter is not judged by its body (its call sites count)", () => {
    const s = surfaceOfText(`${HEAD}function on(name: string) { return flag(name); }\nflag("json");\n`, ["flag"]);
    expect(s.globalFlags).toEqual(["--json"]);
    expect(s.globalFlagSet.closed).toBe(true);
  });
});
