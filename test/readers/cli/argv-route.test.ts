import { describe, expect, it } from "vitest";
import { readCode } from "../../../compiler/readers/code.js";
import { repoRoot } from "../../helpers/cli.js";
import { table } from "./helpers.js";

function surface(files: Record<string, string>) {
  return readCode(repoRoot, Object.keys(files), { binaries: ["tool"], commandType: null, flagAccessors: [] }, new Map(Object.entries(files))).surface;
}

// A parser wrapped the way mocha wraps node:util parseArgs: its argv is a call result of a local
// computed from the wrapper's parameter, and the wrappers sit in CommonJS modules.
const PARSER = [
  'import { parseArgs } from "node:util";',
  "const pre = (a) => a.map((w) => w.trim());",
  "export const parseToolArgs = (args = []) => {",
  '  const all = Array.isArray(args) ? args : args.split(" ");',
  '  return parseArgs({ args: pre(all), options: { watch: { type: "boolean", short: "w" } }, allowPositionals: true });',
  "};",
].join("\n");
const OPTIONS = [
  'const { parseToolArgs } = require("./parse-args.js");',
  "const parse = (args = []) => {",
  "  try { return parseToolArgs(args); } catch (e) { process.exit(1); }",
  "};",
  "const loadOptions = (argv = []) => parse(argv);",
  "exports.loadOptions = loadOptions;",
].join("\n");

describe("from the bin to the parser through call results and CommonJS wrappers", () => {
  it("follows `pre(all)`, a local `?:` of the parameter, a destructured require and `exports.x = x` back to process.argv", () => {
    const s = surface({
      "parse-args.js": PARSER,
      "options.cjs": OPTIONS,
      "bin.js": 'import { loadOptions } from "./options.cjs";\nloadOptions(process.argv.slice(2));\n',
    });
    expect(table(s)).toEqual({ "(root)": "flags=--watch,-w" });
  });

  it("`const main = require('./cli')` of `module.exports = main` is a wrapper too; a fixed list is not the program's argv", () => {
    const cli = 'const { parseToolArgs } = require("./parse-args.js");\nfunction main(argv) { return parseToolArgs(argv); }\nmodule.exports = main;\n';
    expect(
      table(surface({ "parse-args.js": PARSER, "cli.cjs": cli, "bin.cjs": 'const main = require("./cli.cjs");\nmain(process.argv.slice(2));\n' })),
    ).toEqual({
      "(root)": "flags=--watch,-w",
    });
    expect(surface({ "parse-args.js": PARSER, "cli.cjs": cli, "bin.cjs": 'const main = require("./cli.cjs");\nmain(["--watch"]);\n' }).adapters).toEqual([]);
  });
});
