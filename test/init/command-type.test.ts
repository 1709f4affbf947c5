/** init proposes `cli.commandType` only for a type the code declares command objects with (what the registry reader reads). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { detect } from "../../compiler/init/detect.js";

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

function project(code: string): string {
  const root = mkdtempSync(join(tmpdir(), "docpact-command-type-"));
  roots.push(root);
  mkdirSync(join(root, "src"));
  writeFileSync(join(root, "package.json"), JSON.stringify({ name: "x", bin: { x: "dist/cli.js" } }));
  writeFileSync(join(root, "tsconfig.json"), JSON.stringify({ include: ["src"] }));
  writeFileSync(join(root, "src", "cli.ts"), code);
  return root;
}

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
