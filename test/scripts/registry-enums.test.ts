/** scripts/registry-enums.mjs: the config schema's generator enum is written from the site registry, never by hand. */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without types
import { ENUMS, mergedEnum, registryIds, syncEnums } from "../../scripts/registry-enums.mjs";
import { repoRoot } from "../helpers/cli.js";

const SCHEMA = (values: string[]) =>
  `{\n  "properties": {\n    "sites": { "items": { "properties": { "generator": { "description": "x", "enum": [${values.map((v) => JSON.stringify(v)).join(", ")}] } } } }\n  }\n}\n`;

function project(modules: Record<string, string>, values: string[]): string {
  const root = mkdtempSync(join(tmpdir(), "docpact-enums-"));
  mkdirSync(join(root, "compiler/model/routes"), { recursive: true });
  mkdirSync(join(root, "contracts"));
  for (const [f, text] of Object.entries(modules)) writeFileSync(join(root, "compiler/model/routes", f), text);
  writeFileSync(join(root, "contracts/config.schema.json"), SCHEMA(values));
  return root;
}

describe("registry enums", () => {
  it("adds a new descriptor module's id before unknown and drops a removed one; other text stays byte for byte", () => {
    const root = project(
      {
        "github.ts": "export default {};\n",
        "docsify.ts": "const d = {};\nexport default d;\n",
        "unknown.ts": "export default {};\n",
        "types.ts": "export interface X {}\n",
      },
      ["github", "hugo", "unknown"],
    );
    expect(syncEnums(root, ENUMS)).toEqual(["contracts/config.schema.json"]);
    expect(readFileSync(join(root, "contracts/config.schema.json"), "utf8")).toBe(SCHEMA(["github", "docsify", "unknown"]));
    // Twice changes nothing.
    expect(syncEnums(root, ENUMS)).toEqual([]);
  });

  it("keeps the order of the members it keeps; new ones go last without unknown", () => {
    expect(mergedEnum(["b", "a", "unknown"], ["a", "b", "c", "unknown"])).toEqual(["b", "a", "c", "unknown"]);
    expect(mergedEnum(["b", "a"], ["a", "c"])).toEqual(["a", "c"]);
  });

  it("this repository's schema lists exactly the site registry's modules", () => {
    const schema = JSON.parse(readFileSync(join(repoRoot, "contracts/config.schema.json"), "utf8"));
    expect([...schema.properties.sites.items.properties.generator.enum].sort()).toEqual(registryIds(repoRoot, "compiler/model/routes"));
  });
});
