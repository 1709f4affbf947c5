/** init proposes `cli.commandType` only for a type the code declares command objects with (what the registry reader reads). */
import { describe, expect, it } from "vitest";
import { detect } from "../../compiler/init/detect.js";
import { oneFileProject as project } from "./one-file-project.js";

const TYPE = "export interface ManifestCommand { name: string; title: string; run?: () => void }\n";

describe("init: cli.commandType", () => {
  it("is proposed for a type command objects are declared with (`const x: T = {`, `satisfies T`, `T[] = [`)", () => {
    for (const use of [
      'export const build: ManifestCommand = { name: "build", title: "Build" };\n',
      'export const build = { name: "build", title: "Build" } satisfies ManifestCommand;\n',
      'export const all: ManifestCommand[] = [{ name: "build", title: "Build" }];\n',
      'export const all: Record<string, ManifestCommand> = { build: { name: "build", title: "Build" } };\n',
    ])
      expect(detect(project(TYPE + use)).config.cli?.commandType, use).toBe("ManifestCommand");
  });

  it("is not proposed for a type only used in other types' fields or parameters (a plugin's manifest, not the CLI's commands)", () => {
    const use = "export interface Manifest { commands: ManifestCommand[] }\nexport function title(c: ManifestCommand) { return c.title; }\n";
    expect(detect(project(TYPE + use)).config.cli?.commandType).toBeUndefined();
  });
});
