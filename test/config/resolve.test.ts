import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../compiler/config/resolve.js";
import { ruleIds } from "../../compiler/rules/index.js";
import { DocpactError } from "../../compiler/util/errors.js";

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "docpact-config-"));
  for (const [f, c] of Object.entries(files)) writeFileSync(join(dir, f), c);
  return dir;
}

describe("loadConfig", () => {
  it("uses defaults when there is no config file", () => {
    const root = project({ "package.json": JSON.stringify({ name: "x", bin: { aw: "cli.js", awx: "x.js" } }) });
    const c = loadConfig(root, undefined, undefined, ruleIds);
    expect(c.file).toBeNull();
    expect(c.docs).toEqual(["**/*.md"]);
    expect(c.schemas).toEqual(["**/*.schema.json"]);
    expect(c.cli.binaries).toEqual(["aw", "awx"]);
    expect(c.code).toEqual({ kind: "none", bins: true });
    expect(c.notes.markers).toEqual(["not this document's call"]);
    expect(c.generate).toBeNull();
  });

  it("takes the root tsconfig by default and a string bin by package name", () => {
    const root = project({ "tsconfig.json": "{}", "package.json": JSON.stringify({ name: "@scope/tool", bin: "cli.js" }) });
    const c = loadConfig(root, undefined, undefined, ruleIds);
    expect(c.code).toEqual({ kind: "tsconfig", tsconfig: "tsconfig.json" });
    expect(c.cli.binaries).toEqual(["tool"]);
  });

  it("treats an empty include as no code, and fills decision and generate defaults", () => {
    const root = project({
      "docpact.config.json": JSON.stringify({ code: { include: [] }, decisions: { module: "./src/d.ts", export: "D" }, generate: {} }),
    });
    const c = loadConfig(root, undefined, undefined, ruleIds);
    expect(c.code).toEqual({ kind: "none" });
    expect(c.decisions).toEqual({
      module: "src/d.ts",
      export: "D",
      idField: "id",
      documentField: "document",
      attributionField: "attribution",
      documentRoot: ".",
    });
    expect(c.generate).toEqual({ outDir: "generated", registries: [] });
  });

  it("normalizes registry globs and refuses a registry named like the barrel or leaving outDir", () => {
    const ok = loadConfig(
      project({ "docpact.config.json": JSON.stringify({ generate: { registries: [{ file: "rules.ts", include: ["./src/rules/*/*.ts"] }] } }) }),
      undefined,
      undefined,
      ruleIds,
    );
    expect(ok.generate?.registries).toEqual([{ file: "rules.ts", include: ["src/rules/*/*.ts"] }]);
    for (const file of ["index.ts", "../x.ts", "a/../../x.ts", "rules.js"]) {
      const root = project({ "docpact.config.json": JSON.stringify({ generate: { registries: [{ file, include: ["src/*.ts"] }] } }) });
      expect(() => loadConfig(root, undefined, undefined, ruleIds), file).toThrow(/registries\/0\/file/);
    }
  });

  it("rejects an unknown key naming its JSON pointer", () => {
    const root = project({ "docpact.config.json": JSON.stringify({ cli: { binaris: ["aw"] } }) });
    expect(() => loadConfig(root, undefined, undefined, ruleIds)).toThrowError(DocpactError);
    expect(() => loadConfig(root, undefined, undefined, ruleIds)).toThrowError('docpact.config.json: /cli: unknown key "binaris"');
  });

  it("rejects a wrong type and a bad severity", () => {
    const a = project({ "docpact.config.json": JSON.stringify({ docs: "**/*.md" }) });
    expect(() => loadConfig(a, undefined, undefined, ruleIds)).toThrowError("/docs: must be array");
    const b = project({ "docpact.config.json": JSON.stringify({ rules: { "cli/unknown-flag": "fatal" } }) });
    expect(() => loadConfig(b, undefined, undefined, ruleIds)).toThrowError('/rules/cli~1unknown-flag: must be one of "error", "warning", "off"');
  });

  it("rejects invalid JSON and a missing tsconfig with one line", () => {
    const a = project({ "docpact.config.json": "{ nope" });
    expect(() => loadConfig(a, undefined, undefined, ruleIds)).toThrowError(/^docpact.config.json:1:3: invalid JSON/);
    const b = project({ "docpact.config.json": JSON.stringify({ code: { tsconfig: "tsconfig.app.json" } }) });
    expect(() => loadConfig(b, undefined, undefined, ruleIds)).toThrowError("code.tsconfig not found: tsconfig.app.json");
  });

  it("accepts a BOM in the config file", () => {
    const root = project({ "docpact.config.json": `\uFEFF${JSON.stringify({ docs: ["docs/**/*.md"] })}` });
    expect(loadConfig(root, undefined, undefined, ruleIds).docs).toEqual(["docs/**/*.md"]);
  });

  it("fails when an explicit --config does not exist", () => {
    const root = project({});
    expect(() => loadConfig(root, join(root, "nope.json"), undefined, ruleIds)).toThrowError(/config file not found/);
  });
});
