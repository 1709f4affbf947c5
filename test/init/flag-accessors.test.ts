import { describe, expect, it } from "vitest";
import { detect } from "../../compiler/init/detect.js";
import { oneFileProject as project } from "./one-file-project.js";

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
