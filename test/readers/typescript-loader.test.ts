/**
 * compiler/readers/typescript.cjs: the code readers get ts-morph's bundled compiler without loading
 * ts-morph's own module (the slow part of starting a run that reads code).
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { ts as morphTs } from "ts-morph";
import { describe, expect, it } from "vitest";
import { parseText, ts } from "../../compiler/readers/code-source.js";
import { repoRoot } from "../helpers/cli.js";

describe("the TypeScript compiler the code readers use", () => {
  it("is the one ts-morph bundles (same version, same functions, same enums)", () => {
    expect(ts.version).toBe(morphTs.version);
    expect(ts.createSourceFile).toBe(morphTs.createSourceFile);
    expect(ts.SyntaxKind).toBe(morphTs.SyntaxKind);
    const parsed = parseText("/x", "/x/a.ts", "export const a = 1;\n");
    expect(parsed.sf.statements[0].kind).toBe(morphTs.SyntaxKind.VariableStatement);
  });

  it("is loaded from ts-morph's compiler file directly: ts-morph's own module is never loaded", () => {
    // A new process: this one has ts-morph loaded already (the import above).
    const script = [
      `const { ts } = await import(${JSON.stringify(join(repoRoot, "dist/compiler/readers/code-source.js"))});`,
      "const { createRequire } = await import('node:module');",
      "const cache = Object.keys(createRequire(import.meta.url).cache);",
      "console.log(JSON.stringify({ version: ts.version, morph: cache.some((k) => /[\\\\/]ts-morph[\\\\/]dist[\\\\/]/.test(k)), compiler: cache.some((k) => /[\\\\/]@ts-morph[\\\\/]common[\\\\/]dist[\\\\/]typescript\\.js$/.test(k)) }));",
    ].join("\n");
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toEqual({ version: morphTs.version, morph: false, compiler: true });
  });
});
