import { describe, expect, it } from "vitest";
import { check } from "../../../compiler/api.js";
import { copyProject } from "../../helpers/cli.js";
import { cliErrors } from "./helpers.js";

// Prettier's shape: a bin that loads the program by path behind `new Function`, `run(args = process.argv.slice(2))`
// that nothing calls by name, option records named through `dashify`, minimist behind two wrappers, and a second
// parse (with the plugins' options) from words held on `this`.
const fixture = "cli-option-records";
// The plugins' parse removed: the parse docpact traces is then the program's only one.
const onlyTraced = { file: "src/cli/context.js", find: "this.argv = parseArgv(rawArguments, [", replace: "this.argv = ([" };

describe("option records: flags named by evaluating the records through the project's wrappers", () => {
  it("valid: the records' names are the flags (`printWidth` is `--print-width`); a parse of words docpact cannot trace leaves the rest open, not wrong", async () => {
    expect(await cliErrors(fixture)).toEqual([]);
    const report = await check({ root: copyProject(`test/fixtures/${fixture}`) });
    const flags = report.summary.notJudged.byRule["cli/unknown-flag"];
    expect(flags?.reasons).toEqual({
      "open flag set: the parser is also called from src/cli/context.js:12, with words docpact could not trace to the program's argv": 2,
    });
    // --check, --print-width, --use-tabs, -w, --log-level, --plugin are judged; --ruby-quotes and --line-width are counted.
    expect(report.summary.coverage?.flags).toMatchObject({ found: 8, judged: 6, notJudged: 2 });
  });

  it("invalid: with only the traced parse, a flag no record names is reported, and a renamed record is caught", async () => {
    expect(await cliErrors(fixture, [onlyTraced])).toEqual([
      "docs/invalid.md:4 cli/unknown-flag unknown flag `--line-width` for `fmt`",
      "docs/valid.md:7 cli/unknown-flag unknown flag `--ruby-quotes` for `fmt`",
    ]);
    // A caller that writes its words out is not a parse of the program's argv: the set stays closed.
    const literal = {
      file: "src/cli/index.js",
      find: "export async function run",
      replace: 'export const probe = () => parseArgvWithoutPlugins(["--check"]);\nexport async function run',
    };
    expect(await cliErrors(fixture, [onlyTraced, literal])).toHaveLength(2);
    const renamed = { file: "src/main/core-options.js", find: "useTabs:", replace: "indentWithTabs:" };
    expect(await cliErrors(fixture, [onlyTraced, renamed])).toContain("docs/valid.md:5 cli/unknown-flag unknown flag `--use-tabs` for `fmt`");
  });

  it("invalid: a record whose name does not evaluate opens the set instead of guessing", async () => {
    const computed = { file: "src/main/core-options.js", find: "printWidth:", replace: "[process.env.WIDTH_OPTION]:" };
    expect(await cliErrors(fixture, [onlyTraced, computed])).toEqual([]);
  });
});
