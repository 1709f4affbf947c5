import { describe, expect, it } from "vitest";
import { surfacesByEntry } from "../../../compiler/readers/cli/binary-surfaces.js";
import { type CommandDecl, type CommandSurface, CLOSED, emptySurface, open } from "../../../compiler/model/cli.js";

const at = (file: string) => ({ file, line: 1, column: 1, endLine: 1, endColumn: 1 });
const command = (path: string[], file: string): CommandDecl =>
  ({ path, aliases: [], options: [], positionals: [], flagSet: CLOSED, commandSet: CLOSED, span: at(file) }) as unknown as CommandDecl;
const surface = (commands: CommandDecl[], extra: Partial<CommandSurface> = {}): CommandSurface => ({ ...emptySurface(), commands, ...extra });
/** The surface read from a set of files: the commands declared in them. */
const readFrom = (all: CommandSurface) => (files: ReadonlySet<string>) => surface(all.commands.filter((c) => files.has(c.span.file)));

describe("surfacesByEntry", () => {
  const tool = command(["build"], "src/cli.ts");
  const scaffold = command([], "create/index.js");
  const closures = [
    { binary: "create-tool", entry: "create/index.js", files: ["create/index.js"] },
    { binary: "t", entry: "bin/t.js", files: ["bin/t.js", "src/cli.ts"] },
    { binary: "tool", entry: "bin/tool.js", files: ["bin/tool.js", "src/cli.ts"] },
  ];

  it("splits by program when each entry reaches command files of its own and every command file is reached", () => {
    const all = surface([scaffold, tool]);
    const split = surfacesByEntry(all, closures, readFrom(all));
    expect(split?.map((p) => [p.binaries, p.surface.commands.map((c) => c.path.join(" "))])).toEqual([
      [["create-tool"], [""]],
      [["t"], ["build"]],
      [["tool"], ["build"]],
    ]);
  });

  it("does not split when a command file, or a file that left a list open, is reached by no entry (it may be any binary's)", () => {
    const unreached = surface([scaffold, tool, command(["deploy"], "packages/x/src/deploy.ts")]);
    expect(surfacesByEntry(unreached, closures, readFrom(unreached))).toBeNull();
    const opened = surface([scaffold, { ...tool, flagSet: open("a script parses its own argv", at("scripts/release.ts")) }]);
    expect(surfacesByEntry(opened, closures, readFrom(opened))).toBeNull();
  });

  it("does not split when one program alone reaches command files (cli-reading says the others were not read)", () => {
    const all = surface([tool]);
    const two = closures.filter((c) => c.binary !== "t");
    expect(surfacesByEntry(all, two, readFrom(all))).toBeNull();
    expect(surfacesByEntry(surface([]), two, readFrom(all))).toBeNull();
  });
});
