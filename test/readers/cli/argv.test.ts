import { describe, expect, it } from "vitest";
import { cliErrors, surfaceOf, table } from "./helpers.js";

describe("argv adapter (mri / minimist, dispatch outside any command object)", () => {
  it("reads the parser's flags onto the root and the commands the positional list is dispatched on", () => {
    const t = table(surfaceOf("cli-argv", ["rel"]));
    expect(t).toEqual({
      "(root)": "flags=--empty,--git-tag,--gitTag,--help,--message,--otp,--since,--snapshot,--verbose,-m,-v",
      add: "flags=",
      init: "flags=",
      pre: "flags=",
      publish: "flags=",
      release: "flags=",
      status: "flags=",
    });
    const pre = surfaceOf("cli-argv", ["rel"]).commands.find((c) => c.path.join(" ") === "pre");
    expect(pre?.verbs).toEqual(["enter", "exit"]);
    expect(pre?.commandSet.closed).toBe(true);
  });

  it("valid invocations stay quiet (synopsis fences, --no-x, aliases, values, runners); drift is reported", async () => {
    expect(await cliErrors("cli-argv")).toEqual([
      "docs/drift.md:5 cli/unknown-command unknown command `rel pubish`",
      "docs/drift.md:6 cli/unknown-command unknown command `rel pre leave`",
      "docs/drift.md:7 cli/unknown-flag unknown flag `--sinse` for `rel status`",
      "docs/drift.md:8 cli/unknown-flag unknown flag `--token` for `rel publish`",
      "docs/options.md:11 cli/unknown-flag unknown flag `--tagg` for `rel publish`",
      "docs/options.md:20 cli/unknown-flag unknown flag `--sinse` for `rel status`",
      "docs/options.md:34 cli/unknown-flag unknown flag `--whatever` for `rel`",
      "docs/options.md:36 cli/unknown-flag unknown flag `--verbos` for `rel status`",
    ]);
  });

  it("a bare flag is judged only where its section ties it to one command", async () => {
    // `--otp` in the `## publish` list, `--since` in the `## status` table: renamed in the code, each is reported there.
    const otp = await cliErrors("cli-argv", [{ file: "src/index.ts", find: '["otp",', replace: '["code",' }]);
    expect(otp).toContain("docs/options.md:9 cli/unknown-flag unknown flag `--otp` for `rel publish`");
    const since = await cliErrors("cli-argv", [{ file: "src/index.ts", find: '"since", "snapshot"]', replace: '"from", "snapshot"]' }]);
    expect(since).toContain("docs/options.md:19 cli/unknown-flag unknown flag `--since` for `rel status`");
    // "`--verbose` of `rel status`" ties the flag wherever it is written.
    const verbose = await cliErrors("cli-argv", [
      { file: "src/index.ts", find: 'boolean: ["verbose",', replace: 'boolean: ["loud",' },
      { file: "src/index.ts", find: 'v: "verbose"', replace: 'v: "loud"' },
    ]);
    expect(verbose).toContain("docs/options.md:36 cli/unknown-flag unknown flag `--verbose` for `rel status`");
    // `--follow-tags` (its paragraphs name git) is never judged; `--whatever` (its paragraph names two commands of rel)
    // is judged against every command of rel, and none accepts it.
    const all = await cliErrors("cli-argv");
    expect(all.filter((e) => /follow-tags/.test(e))).toEqual([]);
    expect(all.filter((e) => /whatever/.test(e))).toEqual(["docs/options.md:34 cli/unknown-flag unknown flag `--whatever` for `rel`"]);
  });

  it("a renamed command, sub-verb, flag and alias are each caught", async () => {
    const cmd = await cliErrors("cli-argv", [{ file: "src/run.ts", find: 'case "status":', replace: 'case "check":' }]);
    expect(cmd).toContain("docs/usage.md:13 cli/unknown-command unknown command `rel status`");
    const verb = await cliErrors("cli-argv", [{ file: "src/run.ts", find: 'command !== "exit"', replace: 'command !== "leave"' }]);
    expect(verb).toContain("docs/usage.md:15 cli/unknown-command unknown command `rel pre exit`");
    const flag = await cliErrors("cli-argv", [{ file: "src/index.ts", find: '["otp",', replace: '["code",' }]);
    expect(flag).toContain("docs/usage.md:4 cli/unknown-flag unknown flag `--otp` for `rel publish`");
    const alias = await cliErrors("cli-argv", [{ file: "src/index.ts", find: 'v: "verbose"', replace: 'V: "verbose"' }]);
    expect(alias).toContain("docs/usage.md:13 cli/unknown-flag unknown flag `-v` for `rel status`");
  });

  it("a parser fed another list than the program's argv is not the CLI: no error, and cli/unread says nothing was judged", async () => {
    expect(await cliErrors("cli-argv", [{ file: "src/index.ts", find: "mri(process.argv.slice(2), {", replace: 'mri(["--verbose"], {' }])).toEqual([
      "docs/drift.md:5 cli/unread no CLI reader understood `rel` (entry `dist/index.js`: the argv reader found a parser call at src/index.ts:10, but what it parses could not be traced to the program's argv (`process.argv`)): 51 documented mention(s) of it not judged",
    ]);
  });

  it("a switch without a default leaves the command list open; options that do not evaluate leave the flags open", async () => {
    const noDefault = await cliErrors("cli-argv", [
      { file: "src/run.ts", find: "    default:\n      throw new Error(`Invalid command ${input[0]}`);\n", replace: "" },
    ]);
    expect(noDefault).not.toContain("docs/drift.md:5 cli/unknown-command unknown command `rel pubish`");
    expect(noDefault).toContain("docs/drift.md:6 cli/unknown-command unknown command `rel pre leave`");
    const dynamic = await cliErrors("cli-argv", [{ file: "src/index.ts", find: "alias: { ...aliases },", replace: "alias: loadAliases()," }]);
    expect(dynamic.filter((e) => e.includes("unknown-flag"))).toEqual([]);
  });
});
