/** An option whose name is known keeps its name in a closed set, whatever its other fields evaluate to. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import type { CommandSurface } from "../../../compiler/model/cli.js";
import { readCode } from "../../../compiler/readers/code.js";

function surfaceOfText(text: string): CommandSurface {
  const root = mkdtempSync(join(tmpdir(), "docpact-partial-"));
  try {
    writeFileSync(join(root, "cli.ts"), text);
    return readCode(root, ["cli.ts"], { binaries: ["tool"], commandType: null, flagAccessors: [] }, new Map([["cli.ts", text]])).surface;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const OPTS =
  'declare function resolveDefaults(): string;\nconst OPTS = { out: { type: "string", default: resolveDefaults() }, watch: { alias: "w", type: "boolean", coerce: (x: unknown) => x } };\n';

test("yargs .options(RECORD) with a field that does not evaluate: every name known, the set closed", () => {
  const s = surfaceOfText(`import yargs from "yargs";\n${OPTS}yargs(process.argv.slice(2)).options(OPTS).parse();\n`);
  const root = s.commands.find((c) => c.path.length === 0)!;
  expect(root.flags).toEqual(["--out", "--watch", "-w"]);
  expect(root.flagSet).toEqual({ closed: true });
});

test("a command module's builder record held in a variable: its names are the command's flags", () => {
  const s = surfaceOfText(`import yargs from "yargs";\n${OPTS}yargs(process.argv.slice(2)).command("build", "Build", OPTS, () => {}).parse();\n`);
  const build = s.commands.find((c) => c.path.join(" ") === "build")!;
  expect(build.flags).toEqual(["--out", "--watch", "-w"]);
  expect(build.flagSet).toEqual({ closed: true });
});

test("a record whose keys are not known (an unknown spread) still opens the set", () => {
  const s = surfaceOfText(
    `import yargs from "yargs";\ndeclare const more: Record<string, object>;\nconst OPTS = { ...more, out: { type: "string" } };\nyargs(process.argv.slice(2)).options(OPTS).parse();\n`,
  );
  const root = s.commands.find((c) => c.path.length === 0);
  expect(root?.flagSet.closed ?? false).toBe(false);
});
