import { describe, expect, it } from "vitest";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { check } from "../../../compiler/api.js";
import { copyProject } from "../../helpers/cli.js";
import { cliErrors } from "./helpers.js";

describe("jackspeak reader: the fields of a jack() chain are the root's flags", () => {
  it("valid invocations (short names, --no-x of a flag, list and number fields, addFields) stay quiet; drift is reported", async () => {
    expect(await cliErrors("cli-jackspeak")).toEqual(["docs/invalid.md:4 cli/unknown-flag unknown flag `--bali` for `runspec`"]);
  });

  it("a renamed field is caught where the docs use the old name", async () => {
    const errors = await cliErrors("cli-jackspeak", [{ file: "src/config.ts", find: "reporter: {", replace: "report: {" }]);
    expect(errors).toContain("docs/valid.md:4 cli/unknown-flag unknown flag `--reporter` for `runspec`");
  });

  it("only flag fields are negatable: `--no-` of an option field is unknown", async () => {
    const errors = await cliErrors("cli-jackspeak", [{ file: "docs/valid.md", find: "--no-color", replace: "--no-reporter" }]);
    expect(errors).toContain("docs/valid.md:5 cli/unknown-flag unknown flag `--no-reporter` for `runspec`");
  });

  it("what it cannot know opens the set: fields that do not evaluate, fields added at run time outside the chain", async () => {
    const unknownFields = {
      file: "src/config.ts",
      find: '  .num({ jobs: { short: "j", default: 4 } })',
      replace: '  .num(JSON.parse(process.env.FIELDS ?? "{}"))',
    };
    expect(await cliErrors("cli-jackspeak", [unknownFields])).toEqual([]);
    const plugins = {
      file: "src/cli.ts",
      find: "const { values, positionals } = config.parse();",
      replace:
        'for (const p of process.env.PLUGINS?.split(",") ?? []) config.addFields((await import(p)).config);\nconst { values, positionals } = config.parse();',
    };
    expect(await cliErrors("cli-jackspeak", [plugins])).toEqual([]);
  });
});

describe("jackspeak reader: functions handed the program's jack (a parameter typed `Jack`) add its fields", () => {
  it("their fields are the root's: a renamed one is caught where the docs use the old name", async () => {
    const errors = await cliErrors("cli-jackspeak", [{ file: "src/plugins.ts", find: "flag({ snapshot:", replace: "flag({ snap:" }]);
    expect(errors).toEqual([
      "docs/invalid.md:4 cli/unknown-flag unknown flag `--bali` for `runspec`",
      "docs/valid.md:6 cli/unknown-flag unknown flag `--snapshot` for `runspec`",
    ]);
  });

  it("a field's definition imported from a workspace package by name is read from its source: its short name is known", async () => {
    const errors = await cliErrors("cli-jackspeak", [{ file: "packages/snapshot/src/index.ts", find: 'short: "S"', replace: 'short: "T"' }]);
    expect(errors).toEqual([
      "docs/invalid.md:4 cli/unknown-flag unknown flag `--bali` for `runspec`",
      "docs/valid.md:6 cli/unknown-flag unknown flag `-S` for `runspec`",
    ]);
  });

  it("a field whose definition does not evaluate keeps its name and opens the set (its short names are not known)", async () => {
    const root = copyProject("test/fixtures/cli-jackspeak");
    const file = join(root, "src/plugins.ts");
    writeFileSync(file, readFileSync(file, "utf8").replace("snapshot: Snapshot.config.snapshot", "snapshot: JSON.parse(process.env.SNAPSHOT_FIELD!)"));
    writeFileSync(join(root, "docs/invalid.md"), "# Drift\n\n```sh\nrunspec --snapshot -S --bali\n```\n");
    const report = await check({ root });
    expect(report.diagnostics.filter((d) => d.rule.startsWith("cli/"))).toEqual([]);
    const notJudged = (report.summary.notJudged?.byRule["cli/unknown-flag"]?.reasons ?? {}) as Record<string, number>;
    // `--snapshot` is judged (accepted) on both pages; `-S` (twice) and `--bali` are counted, with the reason.
    expect(Object.entries(notJudged)).toEqual([
      ["open flag set: the definition of `snapshot` does not evaluate (cannot fold `process`: `process` is the environment at run time)", 3],
    ]);
  });
});

describe("a bin that resolves and imports a workspace package whose export is that package's own bin file", () => {
  it("is that program: its jackspeak options are the binary's", async () => {
    expect(await cliErrors("cli-workspace-loader")).toEqual(["docs/usage.md:5 cli/unknown-flag unknown flag `--bali` for `tool`"]);
  });

  it("a package whose export is its library, not its bin, is another binary's: not entered, the binary unread", async () => {
    const library = { file: "packages/runner/package.json", find: '"./src/index.js" }', replace: '"./src/lib.js" }' };
    const errors = await cliErrors("cli-workspace-loader", [library]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^docs\/usage\.md:4 cli\/unread no CLI reader understood `tool`/);
  });
});
