/** `docpact init` on fixture repositories of different shapes. */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runInit } from "../../compiler/cli/init.js";
import { validateConfig } from "../../compiler/config/validate.js";
import { detect } from "../../compiler/init/detect.js";
import { coveringGlobs } from "../../compiler/init/scan.js";
import { globListMatcher } from "../../compiler/util/globs.js";
import { DocpactError } from "../../compiler/util/errors.js";

const fixtures = fileURLToPath(new URL("../fixtures/", import.meta.url));

function copy(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), "docpact-init-"));
  cpSync(join(fixtures, name), dir, { recursive: true });
  return dir;
}

function init(name: string): { root: string; out: string; config: Record<string, unknown> } {
  const root = copy(name);
  let out = "";
  const code = runInit(root, { write: (s: string) => (out += s) });
  expect(code).toBe(0);
  const config = JSON.parse(readFileSync(join(root, "docpact.config.json"), "utf8")) as Record<string, unknown>;
  return { root, out, config };
}

describe("docpact init", () => {
  it("says what it read of a skill bundle, and lists a SKILL.md of no known layout", () => {
    const { out } = init("skills-plugin");
    expect(out).toContain("plugin: 1 skill, 1 command (plugins `w` from .claude-plugin/plugin.json); read without configuration");
    expect(out).toContain("misc/SKILL.md: a SKILL.md outside the skill layouts docpact knows");
  });

  it("writes the documentation sites it detects, and says why", () => {
    const root = copy("site-vitepress");
    rmSync(join(root, "docpact.config.json"));
    let out = "";
    expect(runInit(root, { write: (s: string) => (out += s) })).toBe(0);
    const config = JSON.parse(readFileSync(join(root, "docpact.config.json"), "utf8")) as Record<string, unknown>;
    expect(config.sites).toEqual([{ root: "docs", generator: "vitepress" }]);
    expect(out).toContain("docs/.vitepress/config.ts found: links under docs/ resolve as vitepress serves them");
    expect(validateConfig(config)).toBeNull();
  });

  it("commander CLI with a root tsconfig: leaves out the changelog and test fixtures, keeps default schemas and code", () => {
    const { out, config } = init("init-commander");
    expect(config.docs).toEqual(["*.md", "!CHANGELOG.md", "docs/**/*.md"]);
    expect(config.schemas).toBeUndefined();
    expect(config.code).toBeUndefined();
    expect(config.cli).toBeUndefined();
    expect(out).toContain("`tool`"); // bin as a string → the unscoped package name
    expect(out).toContain("the commander adapter applies");
    expect(out).toMatch(/left out 1 in history file, 1 in test\//);
    expect(validateConfig(config)).toBeNull();
  });

  it("JSON Schemas not named *.schema.json are found by their $schema key (YAML too) or a schema's relative $ref, and only they are proposed", () => {
    const { out, config } = init("init-spec-schemas");
    // dsl/workflow.yaml has `$schema`; dsl/defs.json has none but the workflow's `$ref` reaches it; dsl/example.json is an instance.
    expect(config.schemas).toEqual(["envelope.json", "dsl/defs.json", "schemas/**/*.json", "dsl/workflow.yaml"]);
    expect(out).toContain('6 JSON Schema file(s), 6 of them found by their "$schema" key or a schema\'s relative "$ref"');
    expect(validateConfig(config)).toBeNull();
  });

  it("monorepo: binaries and CLI sources from the workspace package's bin (plain JS), not the docs site's tsconfig", () => {
    const { root, out, config } = init("init-monorepo");
    expect(config.cli).toEqual({ binaries: ["mono"] });
    expect(config.code).toEqual({ include: ["packages/cli/bin/cli.mjs"] });
    expect(out).toContain("workspace package packages/cli declares");
    expect(out).toContain("packages/cli: the yargs adapter applies");
    expect(validateConfig(config)).toBeNull();
    // The config works: the yargs command is read from the .mjs file.
    expect(detect(root).config.code).toEqual(config.code);
  });

  it("command-type CLI with a flag accessor and a decision registry, no tsconfig", () => {
    const { out, config } = init("init-registry");
    expect(config.code).toEqual({ include: ["**/*.ts"] });
    expect(config.cli).toEqual({ commandType: "CliCommand", flagAccessors: ["getFlag"] });
    expect(config.decisions).toEqual({ module: "src/decisions.ts", export: "DECISION_TABLE", idField: "key", documentRoot: "docs" });
    expect(out).toContain("`aw`, `aw-dev`");
    expect(out).toContain("DECISION_TABLE");
    expect(validateConfig(config)).toBeNull();
  });

  it("docs only: no package.json, no code; build output left out", () => {
    const { out, config } = init("init-docs-only");
    expect(config.docs).toEqual(["*.md", "guides/**/*.md"]);
    expect(config.code).toBeUndefined();
    expect(out).toContain('package.json has no "bin"');
    expect(out).toContain("no TypeScript code found");
  });

  it("leaves $schema out when docpact is not installed in the project (never a machine-specific path)", () => {
    const { config } = init("init-docs-only");
    expect(config.$schema).toBeUndefined();
  });

  it("prefers the installed package's schema when docpact is in node_modules", () => {
    const root = copy("init-docs-only");
    cpSync(fileURLToPath(new URL("../../contracts/config.schema.json", import.meta.url)), join(root, "node_modules/docpact/contracts/config.schema.json"), {
      recursive: true,
    });
    runInit(root, { write: () => {} });
    const config = JSON.parse(readFileSync(join(root, "docpact.config.json"), "utf8")) as { $schema: string };
    expect(config.$schema).toBe("./node_modules/docpact/contracts/config.schema.json");
  });

  it("refuses to overwrite an existing config", () => {
    const root = copy("init-existing");
    expect(() => runInit(root, { write: () => {} })).toThrow(DocpactError);
    expect(() => runInit(root, { write: () => {} })).toThrow(/already exists/);
    expect(readFileSync(join(root, "docpact.config.json"), "utf8")).toBe("{}\n");
  });

  it("detect() does not write", () => {
    const root = copy("init-registry");
    detect(root);
    expect(existsSync(join(root, "docpact.config.json"))).toBe(false);
  });
});

describe("coveringGlobs", () => {
  it("collapses clean folders and splits mixed ones", () => {
    expect(coveringGlobs(["a.md", "b/x.md", "b/y/z.md"], ".md")).toEqual(["**/*.md"]);
    expect(coveringGlobs(["CHANGELOG.md", "README.md", "docs/a.md", "pkg/test/t.md", "pkg/doc/d.md", "pkg/x.md"], ".md")).toEqual([
      "*.md",
      "!CHANGELOG.md",
      "docs/**/*.md",
      "pkg/*.md",
      "pkg/doc/**/*.md",
    ]);
    expect(coveringGlobs(["test/a.md"], ".md")).toEqual([]);
  });

  it("keeps a folder with a left-out file as a glob, the file negated after it: a page added or moved later stays in scope", () => {
    const globs = coveringGlobs(["docs/Releases.md", "docs/FAQ.md", "docs/Versions.md", "docs/sub/x.md"], ".md");
    expect(globs).toEqual(["docs/*.md", "!docs/Releases.md", "docs/sub/**/*.md"]);
    const inScope = globListMatcher(globs);
    expect(inScope("docs/Formula-Versions.md")).toBe(true);
    expect(inScope("docs/Releases.md")).toBe(false);
  });

  it("leaves out history files of every document extension (a Jekyll repository's History.markdown)", () => {
    expect(coveringGlobs(["History.markdown", "README.markdown", "docs/a.markdown"], ".markdown")).toEqual([
      "*.markdown",
      "!History.markdown",
      "docs/**/*.markdown",
    ]);
    expect(coveringGlobs(["CHANGELOG.mdx", "docs/a.mdx"], ".mdx")).toEqual(["docs/**/*.mdx"]);
  });
});
