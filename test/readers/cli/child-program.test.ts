import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { check } from "../../../compiler/api.js";
import { readCode } from "../../../compiler/readers/code.js";
import { repoRoot } from "../../helpers/cli.js";
import { table } from "./helpers.js";

function surface(files: Record<string, string>) {
  return readCode(repoRoot, Object.keys(files), { binaries: ["tool"], commandType: null, flagAccessors: [] }, new Map(Object.entries(files))).surface;
}

const RUNNER = [
  "import { spawn } from 'node:child_process'",
  "export function run(args) {",
  "  const [command, ...rest] = args",
  "  return spawn(command, rest, { stdio: 'inherit' })",
  "}",
].join("\n");

describe("child-program reader: the rest of argv is another program", () => {
  it("argv handed to spawn through a destructured helper: words are arguments (judged), flags the child's (not judged, with the reason)", async () => {
    const report = await check({ root: join(repoRoot, "test/fixtures/cli-child-program") });
    expect(report.diagnostics.filter((d) => d.rule.startsWith("cli/"))).toEqual([]);
    expect(report.summary.coverage).toMatchObject({ commands: { found: 2, judged: 2, notJudged: 0 }, flags: { found: 2, judged: 0, notJudged: 2 } });
    expect(Object.keys(report.summary.notJudged?.byRule["cli/unknown-flag"]?.reasons ?? {})).toEqual([
      "open flag set: the rest of argv is another program: it is handed to `spawn(…)`, so its flags are that program's",
    ]);
  });

  it("reads the root only where the spawned value comes from the program's argv", () => {
    expect(table(surface({ "bin.js": "import { run } from './run.js'\nrun(process.argv.slice(2))\n", "run.js": RUNNER }))).toEqual({
      "(root)": "flags= args=command?... flags open: the rest of argv is another program: it is handed to `spawn(…)`, so its flags are that program's",
    });
    // Called with a fixed list, or spawning a fixed command: not the rest of argv.
    expect(surface({ "bin.js": "import { run } from './run.js'\nrun(['git', 'status'])\n", "run.js": RUNNER }).adapters).toEqual([]);
    const fixed = "import { spawn } from 'node:child_process'\nexport function run(args) {\n  console.log(args.length)\n  return spawn('git', ['status'])\n}\n";
    expect(surface({ "bin.js": "import { run } from './run.js'\nrun(process.argv.slice(2))\n", "run.js": fixed }).adapters).toEqual([]);
  });

  it("reads nothing where a parser package reads the argv first (its reader knows the flags)", () => {
    const withYargs = "import yargs from 'yargs'\nimport { run } from './run.js'\nrun(yargs(process.argv.slice(2)).argv._)\n";
    expect(surface({ "bin.js": withYargs, "run.js": RUNNER }).adapters).not.toContain("child-program");
  });
});
