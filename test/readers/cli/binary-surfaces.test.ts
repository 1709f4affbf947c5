import { describe, expect, it } from "vitest";
import { surfacesByEntry } from "../../../compiler/readers/cli/binary-surfaces.js";
import { binOwners } from "../../../compiler/model/bin-owners.js";
import { type CommandDecl, type CommandSurface, CLOSED, emptySurface, open } from "../../../compiler/model/cli.js";

const at = (file: string) => ({ file, line: 1, column: 1, endLine: 1, endColumn: 1 });
const command = (path: string[], file: string): CommandDecl =>
  ({ path, aliases: [], options: [], positionals: [], flagSet: CLOSED, commandSet: CLOSED, span: at(file) }) as unknown as CommandDecl;
const surface = (commands: CommandDecl[], extra: Partial<CommandSurface> = {}): CommandSurface => ({ ...emptySurface(), commands, ...extra });
/** The surface read from the files a program owns: the commands declared in them. */
const readFrom = (all: CommandSurface) => (own: (file: string) => boolean) => surface(all.commands.filter((c) => own(c.span.file)));

const FILES = [
  "package.json",
  "bin/t.js",
  "bin/tool.js",
  "src/cli.ts",
  "packages/create/package.json",
  "packages/create/index.js",
  "packages/create/commands/init.js",
  "packages/template/package.json",
  "packages/template/src/index.ts",
];
const closures = [
  { binary: "create-tool", entry: "packages/create/index.js", files: ["packages/create/index.js"], package: "packages/create" },
  { binary: "t", entry: "bin/t.js", files: ["bin/t.js", "src/cli.ts"], package: "" },
  { binary: "tool", entry: "bin/tool.js", files: ["bin/tool.js", "src/cli.ts"], package: "" },
];
const owners = binOwners(closures, FILES);

describe("binOwners", () => {
  it("a file is the binaries' whose entry reaches it; else its package's binaries; else no one's", () => {
    expect(owners("src/cli.ts")).toEqual(["t", "tool"]);
    // A command folder a framework loads: the package's.
    expect(owners("packages/create/commands/init.js")).toEqual(["create-tool"]);
    // Not reached, in the root package: both root binaries'.
    expect(owners("scripts/release.ts")).toEqual(["t", "tool"]);
    // A package that declares no followed binary (a template): no one's.
    expect(owners("packages/template/src/index.ts")).toEqual([]);
  });

  it("a package declaring a followed binary's name owns its files (`@alias/tool` running `@tool/cli`'s bin)", () => {
    const own = binOwners(closures, FILES, {
      bins: [
        {
          name: "tool",
          package: "template",
          manifest: "packages/template/package.json",
          file: "packages/template/bin.js",
          program: "packages/template/bin.js",
        },
      ],
    });
    expect(own("packages/template/src/index.ts")).toEqual(["tool"]);
  });
});

describe("surfacesByEntry", () => {
  const tool = command(["build"], "src/cli.ts");
  const scaffold = command([], "packages/create/index.js");

  it("splits by program when programs own command files of their own and every command file is someone's", () => {
    const all = surface([scaffold, tool, command(["init"], "packages/create/commands/init.js")]);
    const split = surfacesByEntry(all, closures, owners, readFrom(all));
    expect(split?.map((p) => [p.binaries, p.surface.commands.map((c) => c.path.join(" "))])).toEqual([
      [["create-tool"], ["", "init"]],
      [["t", "tool"], ["build"]],
    ]);
  });

  it("does not split when a command file, or a file that left a list open, is no binary's (it may be any one's)", () => {
    const unowned = surface([scaffold, tool, command(["deploy"], "packages/template/src/index.ts")]);
    expect(surfacesByEntry(unowned, closures, owners, readFrom(unowned))).toBeNull();
    const opened = surface([scaffold, { ...tool, flagSet: open("a template parses its own argv", at("packages/template/src/index.ts")) }]);
    expect(surfacesByEntry(opened, closures, owners, readFrom(opened))).toBeNull();
  });

  it("a file that is certainly no binary's (a private root package's script) is left out instead of blocking the split", () => {
    const script = surface([scaffold, { ...tool, flagSet: open("a script parses its own argv", at("scripts/release.ts")) }]);
    const privateRoot = binOwners(
      closures.map((c) => (c.package === "" ? { ...c, package: "tools" } : c)),
      [...FILES, "tools/package.json"],
      { root: { private: true } },
    );
    expect(privateRoot.nobodys("scripts/release.ts")).toBe(true);
    expect(privateRoot.nobodys("packages/template/src/index.ts")).toBe(false);
    expect(surfacesByEntry(script, closures, privateRoot, readFrom(script))?.map((p) => p.binaries)).toEqual([["create-tool"], ["t", "tool"]]);
    // The same script when the root declares a followed binary: the root's binaries' (owned, not nobody's).
    expect(owners.nobodys("scripts/release.ts")).toBe(false);
  });

  it("a file holding a program of its own (programFiles: roots merged across files) tells its binary apart, declaring nothing else", () => {
    // The tool's root is read from src/cli.ts only; the scaffolder's file holds a root program with no option of its own.
    const all = surface([command([], "src/cli.ts")], { programFiles: ["packages/create/index.js", "src/cli.ts"] });
    const split = surfacesByEntry(all, closures, owners, readFrom(all));
    expect(split?.map((p) => p.binaries)).toEqual([["create-tool"], ["t", "tool"]]);
  });

  it("a binary whose code holds no file the surface was read from is read again from its own files, and keeps what that finds", () => {
    const all = surface([tool]);
    // Its own files alone: a reader that stood aside in the union (a parser package imported elsewhere) reads it.
    const alone = (own: (file: string) => boolean) => surface(own("packages/create/index.js") ? [scaffold] : [tool]);
    expect(surfacesByEntry(all, closures, owners, alone)?.map((p) => [p.binaries, p.surface.commands.map((c) => c.path.join(" "))])).toEqual([
      [["create-tool"], [""]],
    ]);
  });

  it("does not split when one program alone owns command files (cli-reading says the others were not read)", () => {
    const all = surface([tool]);
    expect(surfacesByEntry(all, closures, owners, readFrom(all))).toBeNull();
    // With nothing in the union, each binary is read from its own files: `t` and `tool` share theirs, one program.
    expect(surfacesByEntry(surface([]), closures, owners, readFrom(all))?.map((p) => [p.binaries, p.surface.commands.length])).toEqual([[["t", "tool"], 1]]);
    expect(surfacesByEntry(surface([]), closures, owners, readFrom(surface([])))).toBeNull();
  });
});
