import { describe, expect, it } from "vitest";
import { cliErrors } from "./helpers.js";

describe("command-line-args reader: option definitions (plain JavaScript, spread from another module)", () => {
  it("valid invocations stay quiet; drift in docs/invalid.md is reported (no `--no-x` negation in command-line-args)", async () => {
    expect(await cliErrors("cli-command-line-args")).toEqual([
      "docs/invalid.md:3 cli/unknown-flag unknown flag `--outdir` for `bundle`",
      "docs/invalid.md:4 cli/unknown-flag unknown flag `--no-minify` for `bundle`",
    ]);
  });

  it("a renamed option in the code is caught where the docs use the old name", async () => {
    const errors = await cliErrors("cli-command-line-args", [{ file: "lib/definitions.js", find: 'name: "minify"', replace: 'name: "compress"' }]);
    expect(errors).toContain("docs/valid.md:3 cli/unknown-flag unknown flag `--minify` for `bundle`");
  });

  it("what it cannot know opens the set: `partial: true` (unknown options collected), a name that does not evaluate", async () => {
    const partial = await cliErrors("cli-command-line-args", [
      { file: "bin/bundle.js", find: "commandLineArgs(definitions)", replace: "commandLineArgs(definitions, { partial: true })" },
    ]);
    expect(partial.filter((e) => e.includes("unknown-flag"))).toEqual([]);
    const computed = await cliErrors("cli-command-line-args", [
      { file: "lib/definitions.js", find: '{ name: "config" },', replace: "{ name: process.env.NAME }," },
    ]);
    expect(computed.filter((e) => e.includes("unknown-flag"))).toEqual([]);
  });

  // The programmatic API many CLIs export: argv is a member of an options object, process.argv by default.
  const wrapped = (call: string) => ({
    file: "bin/bundle.js",
    find: "const options = commandLineArgs(definitions);",
    replace: `function readArgs({ argv = process.argv } = {}) {\n  return commandLineArgs(definitions, { argv });\n}\nfunction start(opts = {}) {\n  const { argv = process.argv } = opts;\n  return readArgs({ argv });\n}\nconst options = ${call};`,
  });

  it("argv given as an options member defaulting to process.argv (`{ argv = process.argv } = {}`, through a second wrapper) is the program's", async () => {
    expect(await cliErrors("cli-command-line-args", [wrapped("start()")])).toEqual([
      "docs/invalid.md:3 cli/unknown-flag unknown flag `--outdir` for `bundle`",
      "docs/invalid.md:4 cli/unknown-flag unknown flag `--no-minify` for `bundle`",
    ]);
  });

  it("invalid: an options member set to other words (`start({ argv: ['x'] })`) is not the program's argv: nothing is declared, cli/unread says so", async () => {
    const errors = await cliErrors("cli-command-line-args", [wrapped('start({ argv: ["--fixed"] })')]);
    expect(errors.filter((e) => e.includes("unknown-flag"))).toEqual([]);
    // cli/unread names the call that was found and what could not be followed, not "no reader recognized".
    expect(errors.find((e) => e.includes("cli/unread"))).toContain(
      "the command-line-args reader found a parser call at bin/bundle.js:7, but what it parses could not be traced to the program's argv (`process.argv`)",
    );
  });
});
