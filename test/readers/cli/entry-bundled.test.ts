import { describe, expect, it } from "vitest";
import { bundledSources, entrySource } from "../../../compiler/discover-entry.js";
import { detect } from "../../../compiler/init/detect.js";
import { repoRoot } from "../../helpers/cli.js";
import { cliErrors } from "./helpers.js";
import { join } from "node:path";

describe("a bin that is build output: its source from the bundler config", () => {
  it("rollup's input is the source of its output file; the CLI is read and judged from there", async () => {
    expect(await cliErrors("cli-bundled")).toEqual(["docs/invalid.md:3 cli/unknown-flag unknown flag `--gzipped` for `tool`"]);
  });

  it("with no `code` key and no tsconfig.json, the bin is still followed from its entry; an explicit empty include reads no code", async () => {
    const conf = { file: "docpact.config.json", find: ', "code": { "include": ["rollup.config.js"] }' };
    expect(await cliErrors("cli-bundled", [{ ...conf, replace: "" }])).toEqual(["docs/invalid.md:3 cli/unknown-flag unknown flag `--gzipped` for `tool`"]);
    const none = await cliErrors("cli-bundled", [{ ...conf, replace: ', "code": { "include": [] }' }]);
    expect(none.filter((l) => l.includes("cli/unknown-flag"))).toEqual([]);
  });

  it("a dual build's format folder (tshy's `dist/esm/`, `dist/commonjs/`) is not in the source's path; a source that keeps it still wins", () => {
    const files = new Set(["src/tap/src/run.mts", "pkg/src/bin.ts", "kept/src/esm/cli.ts", "kept/src/cli.ts"]);
    expect(entrySource("src/tap/dist/esm/run.mjs", files)).toBe("src/tap/src/run.mts");
    expect(entrySource("./pkg/dist/commonjs/bin.js", files)).toBe("pkg/src/bin.ts");
    expect(entrySource("kept/dist/esm/cli.js", files)).toBe("kept/src/esm/cli.ts");
    expect(entrySource("pkg/dist/vendor/bin.js", files)).toBeNull();
  });

  it("init follows bin/tool to lib/cli.js through rollup.config.js and names the reader", () => {
    const lines = detect(join(repoRoot, "test/fixtures/cli-bundled")).findings.map((f) => `${f.topic}: ${f.reason}`);
    expect(lines).toContain("cli.reader: bin `tool` → lib/cli.js: read by the commander reader (lib/cli.js, the entry itself)");
  });

  it("pairs inputs with outputs only when it can: one input for all, or as many inputs as outputs; relative to the config's folder", () => {
    const texts: Record<string, string> = {
      "rollup.config.js": 'export default { input: "lib/cli.js", output: [{ file: "bin/a" }, { file: "./bin/b.cjs" }] };',
      "pkg/esbuild.config.mjs": 'build({ entryPoints: ["src/main.ts"], outfile: "dist/main.js" });',
      "x/rollup.config.ts": 'export default [{ input: "a.ts", output: { file: "a.js" } }, { input: "b.ts" }, { input: "c.ts", output: { file: "c.js" } }];',
      "y/rollup.config.js": '// input: "old.js"\nexport default { input: "new.js", output: { file: "out.js" } };',
    };
    const m = bundledSources(Object.keys(texts), (f) => texts[f]!);
    expect(Object.fromEntries(m)).toEqual({
      "bin/a": "lib/cli.js",
      "bin/b.cjs": "lib/cli.js",
      "pkg/dist/main.js": "pkg/src/main.ts",
      "y/out.js": "y/new.js",
    });
  });
});
