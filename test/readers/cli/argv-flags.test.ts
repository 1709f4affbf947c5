import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { check } from "../../../compiler/api.js";
import { readCode } from "../../../compiler/readers/code.js";
import { repoRoot } from "../../helpers/cli.js";
import { cliErrors, table } from "./helpers.js";

const OPEN =
  "open flag set: hand-rolled flag comparisons that do not reject other flags (no throw or exit after the last): an undeclared flag is passed on to the program it runs";

/** The surface of in-memory files (no fixture tree: the reader alone). */
function surface(files: Record<string, string>) {
  return readCode(repoRoot, Object.keys(files), { binaries: ["tool"], commandType: null, flagAccessors: [] }, new Map(Object.entries(files))).surface;
}

describe("argv-flags reader: hand-rolled flag comparisons", () => {
  it("reads the flags of an if-chain reached from a CommonJS bin; undeclared flags are passed on, so they stay not judged", async () => {
    const report = await check({ root: join(repoRoot, "test/fixtures/cli-argv-flags") });
    expect(report.diagnostics.filter((d) => d.rule.startsWith("cli/"))).toEqual([]);
    // --watch, --delay, -V, -w, --no-colors judged as known; --inspect (node's) and the misspelt --wach not judged.
    expect(report.summary.coverage?.flags).toEqual({ found: 7, judged: 5, notJudged: 2 });
    expect(report.summary.notJudged?.byRule["cli/unknown-flag"]?.reasons).toEqual({ [OPEN]: 2 });
  });

  it("a last `else` that throws closes the set: a misspelt flag is reported", async () => {
    const errors = await cliErrors("cli-argv-flags", [
      { file: "lib/cli/parse.js", find: "    return false;\n", replace: "    throw new Error('unknown option ' + arg);\n" },
    ]);
    expect(errors).toEqual([
      "docs/drift.md:4 cli/unknown-flag unknown flag `--wach` for `watchrun`",
      "docs/usage.md:6 cli/unknown-flag unknown flag `--inspect` for `watchrun`",
    ]);
  });

  it("a `switch` with flag cases: a case that reads the next word takes a value; a throwing `default` closes the set, one that keeps the word does not", () => {
    const s = surface({
      "cli.js": [
        "const args = process.argv.slice(2);",
        "for (let i = 0; i < args.length; i++) {",
        "  switch (args[i]) {",
        "    case '--out': case '-o': out = args[++i]; break;",
        "    case '--json': json = true; break;",
        "    case '--quiet': quiet = true; break;",
        "    default: throw new Error('unknown ' + args[i]);",
        "  }",
        "}",
      ].join("\n"),
    });
    expect(table(s)).toEqual({ "(root)": "flags=--json,--out,--quiet,-o args=args?..." });
    expect(s.commands[0]!.options.map((o) => `${o.long}:${o.arity}`)).toEqual(["--json:boolean", "--out:value", "--quiet:boolean"]);
    const t = surface({
      "cli.js": [
        "const args = process.argv.slice(2);",
        "for (const a of args) {",
        "  switch (a) {",
        "    case '--out': case '-o': out = next(); break;",
        "    case '--json': json = true; break;",
        "    case '--quiet': quiet = true; break;",
        "    default: rest.push(a);",
        "  }",
        "}",
      ].join("\n"),
    });
    // A `default` that keeps the word: other flags are passed on.
    expect(table(t)["(root)"]).toMatch(/^flags=--json,--out,--quiet,-o args=args\?\.\.\. flags open: hand-rolled/);
  });

  it("reads nothing where the code uses a parser package (that reader knows the flags) or compares fewer than three flags", () => {
    const chain = "function opt(a) {\n  if (a === '--x') {} else if (a === '--y') {} else if (a === '--z') {} else { return false; }\n}\n";
    expect(
      surface({ "helper.js": chain, "cli.js": "import { Command } from 'commander';\nnew Command('tool').option('--out <dir>').parse();\n" }).adapters,
    ).toEqual(["commander"]);
    expect(surface({ "helper.js": "function opt(a) {\n  if (a === '--x') {} else if (a === '--y') {}\n}\n" }).adapters).toEqual([]);
    expect(surface({ "helper.js": chain }).adapters).toEqual(["argv-flags"]);
  });
});
