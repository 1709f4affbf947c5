import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { detect } from "../../compiler/init/detect.js";

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

/** A project whose one source file is `code`. */
function project(code: string): string {
  const root = mkdtempSync(join(tmpdir(), "docpact-accessors-"));
  roots.push(root);
  mkdirSync(join(root, "src"));
  writeFileSync(join(root, "package.json"), JSON.stringify({ name: "x", bin: { x: "dist/cli.js" } }));
  writeFileSync(join(root, "tsconfig.json"), JSON.stringify({ include: ["src"] }));
  writeFileSync(join(root, "src", "cli.ts"), code);
  return root;
}

describe("init: flag accessors on maps of the parsed args", () => {
  it("reads a camel-case second map of the parse (`args.valuesMulti.get`) beside `values.get`", () => {
    const root = project(
      'export function run(args: any) {\n  const a = args.values.get("name");\n  const b = args.values.get("dry-run");\n' +
        '  const c = args.valuesMulti.get("working-branch");\n  const d = args.valuesMulti.get("source");\n  return [a, b, c, d];\n}\n',
    );
    expect(detect(root).config.cli?.flagAccessors).toEqual(["values.get", "valuesMulti.get"]);
  });

  it("takes no receiver whose name only starts with the same letters (`valuesetCache.get`)", () => {
    const root = project(
      'const m = new Map();\nexport const x = [m.valuesetcache?.get("a"), valuesetcache.get("a"), valuesetcache.get("b")];\nconst valuesetcache = new Map();\n',
    );
    expect(detect(root).config.cli?.flagAccessors ?? []).toEqual([]);
  });
});
