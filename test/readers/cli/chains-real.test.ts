/** Builder-chain shapes met in real CLIs (tsup, concurrently, release-please), read from code written to a temp folder. */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readCode } from "../../../compiler/readers/code.js";
import { table } from "./helpers.js";

function surfaceOfCode(code: string, binaries: string[]) {
  const root = mkdtempSync(join(tmpdir(), "docpact-chain-"));
  mkdirSync(join(root, "src"));
  writeFileSync(join(root, "src/cli.ts"), code);
  return readCode(root, ["src/cli.ts"], { binaries, commandType: null, flagAccessors: [] }, new Map([["src/cli.ts", code]])).surface;
}

describe("builder chains from real CLIs", () => {
  it("cac: a default command with 40 options is read to the end; `--env.* <value>` names `--env`", () => {
    const options = Array.from({ length: 40 }, (_, i) => `  .option("--opt${i} <v>", "option ${i}")`).join("\n");
    const s = surfaceOfCode(
      `import { cac } from "cac";\nconst cli = cac("tool");\ncli.command("[...files]", "Bundle")\n  .option("--env.* <value>", "env")\n${options}\n  .option("--last", "the last one")\n  .action(() => {});\ncli.parse();\n`,
      ["tool"],
    );
    const flags = table(s)["(root)"];
    expect(flags).toContain("--env,");
    expect(flags).toContain("--last");
    expect(flags).toContain("--opt39");
  });

  it("yargs: an options record that does not evaluate as a whole keeps each option's alias", () => {
    const s = surfaceOfCode(
      `import yargs from "yargs";\nimport * as defaults from "./defaults";\nyargs(process.argv).options({\n  names: { alias: "n", describe: "a" + defaults.x, type: "string" },\n  raw: { alias: ["r"], type: "boolean", default: defaults.raw },\n}).parse();\n`,
      ["conc"],
    );
    expect(table(s)["(root)"]).toBe("flags=--names,--raw,-n,-r");
  });

  it("yargs: CommandModule objects in variables are commands of the program, and later options stay global", () => {
    const s = surfaceOfCode(
      `import yargs from "yargs";\nconst a = { command: "release-pr", builder(y: any) { return y.option("dry-run", { type: "boolean" }); }, handler() {} };\nconst c = { command: "manifest-pr", builder: (y: any) => y.option("force", { type: "boolean" }) };\nconst b = { command: "bootstrap", handler() {} };\nexport const parser = yargs.command(a).command(b).command(c).option("debug", { type: "boolean" });\n`,
      ["rp"],
    );
    const t = table(s);
    expect(Object.keys(t).sort()).toEqual(["(root)", "bootstrap", "manifest-pr", "release-pr"]);
    expect(t["(root)"]).toContain("--debug");
    expect(t["release-pr"]).toContain("--dry-run");
    expect(t["manifest-pr"]).toContain("--force");
  });
});
