/**
 * Generated from the CLI reader registry (generated/cli-readers.ts): every
 * reader is `init`-detected from a file that imports one of its packages (or
 * carries its marker), the README reader table lists every reader with its
 * docs line, in the registry's order, and every reader has a page.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { detect } from "../../../compiler/init/detect.js";
import { ADAPTERS } from "../../../compiler/readers/cli/index.js";
import { repoRoot } from "../../helpers/cli.js";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function project(source: string, file = "src/cli.ts"): string {
  const root = mkdtempSync(join(tmpdir(), "docpact-readers-"));
  dirs.push(root);
  writeFileSync(join(root, "package.json"), JSON.stringify({ name: "tool", bin: { tool: "./dist/cli.js" } }));
  writeFileSync(join(root, "tsconfig.json"), "{}");
  mkdirSync(join(root, file, ".."), { recursive: true });
  writeFileSync(join(root, file), source);
  return root;
}

const lines = (root: string) => detect(root).findings.map((f) => `${f.topic}: ${f.reason}`);

describe("the CLI reader registry", () => {
  it("has unique ids and orders", () => {
    expect(new Set(ADAPTERS.map((a) => a.id)).size).toBe(ADAPTERS.length);
    expect(new Set(ADAPTERS.map((a) => a.order)).size).toBe(ADAPTERS.length);
  });

  for (const reader of ADAPTERS) {
    if (reader.packages.length > 0) {
      for (const pkg of reader.packages) {
        it(`init names the ${reader.id} reader for a CLI importing ${pkg}`, () => {
          const root = project(`${reader.example(pkg)}\n`);
          expect(lines(root).some((l) => l.startsWith("cli: ") && new RegExp(`\\bthe (.*, )?${reader.id}(,| adapter)`).test(l))).toBe(true);
        });
      }
      it(`init follows the entry of \`bin\` to the ${reader.id} reader through an import`, () => {
        const root = project(`import { run } from "./run";\nrun();\n`);
        writeFileSync(join(root, "src/run.ts"), `${reader.example(reader.packages[0]!)}\nexport function run() {}\n`);
        expect(lines(root)).toContain(`cli.reader: bin \`tool\` → src/cli.ts: read by the ${reader.id} reader (src/run.ts, 1 import from the entry)`);
      });
      it(`init names the ${reader.id} reader in plain JavaScript (require)`, () => {
        const root = project(
          reader
            .example(reader.packages[0]!)
            .replace(/^import (\* as (\w+)|\{ (\w+) \}) from ("[^"]+");$/, (_m, _b, ns, named, spec) =>
              ns ? `const ${ns} = require(${spec});` : `const { ${named} } = require(${spec});`,
            ),
          "bin/cli.js",
        );
        writeFileSync(join(root, "package.json"), JSON.stringify({ name: "tool", bin: { tool: "./bin/cli.js" } }));
        rmSync(join(root, "tsconfig.json"));
        expect(lines(root).some((l) => l.startsWith("cli: ") && l.includes(reader.id))).toBe(true);
      });
    } else {
      it(`init finds the ${reader.id} reader`, () => {
        // A reader with no package to import says in its descriptor how a project shows it.
        expect(reader.shownBy, `reader ${reader.id} has no packages and no shownBy`).toBeDefined();
        const says = reader.shownBy!.initSays ?? `the ${reader.id} adapter applies`;
        expect(lines(project(reader.shownBy!.code)).some((l) => l.includes(says))).toBe(true);
      });
    }
  }

  it("init follows a `require` of build output to its source (`./dist/index` → src/index.ts, `build/main.js` → source/main.ts)", () => {
    const root = project('import minimist from "minimist";\n', "src/index.ts");
    writeFileSync(join(root, "package.json"), JSON.stringify({ name: "tool", bin: { tool: "./index.js" } }));
    writeFileSync(join(root, "index.js"), 'require("./dist/index");\n');
    expect(lines(root)).toContain("cli.reader: bin `tool` → index.js: read by the argv reader (src/index.ts, 1 import from the entry)");
    const other = project('import arg from "arg";\n', "source/main.ts");
    writeFileSync(join(other, "package.json"), JSON.stringify({ name: "tool", bin: { tool: "./build/main.js" } }));
    expect(lines(other)).toContain("cli.reader: bin `tool` → source/main.ts: read by the arg reader (source/main.ts, the entry itself)");
  });

  it("init takes binaries from `oclif.bin` and `publishConfig.bin` (the package's own name or a bin with a source; release-built shims left out)", () => {
    const oclif = project('import { Command } from "@oclif/core";\n');
    writeFileSync(join(oclif, "package.json"), JSON.stringify({ name: "@acme/plugin-x", oclif: { bin: "mycli" } }));
    expect(detect(oclif).config.cli?.binaries).toEqual(["mycli"]);
    const shims = project('import { Cli } from "clipanion";\n', "sources/main.ts");
    writeFileSync(
      join(shims, "package.json"),
      JSON.stringify({ name: "corepack", publishConfig: { bin: { corepack: "./dist/corepack.js", pnpm: "./dist/pnpm.js", tool2: "./dist/main.js" } } }),
    );
    mkdirSync(join(shims, "src"), { recursive: true });
    writeFileSync(join(shims, "src/main.ts"), "export {};\n");
    expect(detect(shims).config.cli?.binaries).toEqual(["corepack", "tool2"]);
    expect(lines(shims)).toContain('cli.binaries: `corepack`: package.json "publishConfig"."bin" (the package\'s own name)');
  });

  it("init says why no reader applies to a binary, and how far following its imports went", () => {
    const root = project(`import chalk from "chalk";\nimport { go } from "./go";\ngo(chalk, process.argv);\n`);
    writeFileSync(join(root, "src/go.ts"), `import { homedir } from "node:os";\nexport function go(..._a: unknown[]) { return homedir(); }\n`);
    expect(lines(root)).toContain(
      "cli.reader: bin `tool` → src/cli.ts: no CLI reader applies (following its imports reached 2 files; they import chalk, node:os); its commands and flags in the docs are not judged",
    );
  });

  it("the README reader table and docs/cli/README.md (regions `docpact build` writes from the registry) list every reader, and every reader has a page", () => {
    const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
    const rows = [...readme.matchAll(/^\| (\w[\w-]*) \| (.*) \| \[docs\/cli\/[\w-]+\.md\]\(docs\/cli\/([\w-]+)\.md\) \|$/gm)].map((m) => ({
      id: m[1],
      docs: m[2],
      page: m[3],
    }));
    const registry = ADAPTERS.map((a) => ({ id: a.id, docs: a.docs }));
    // dispatch is a part of the registry reader (sub-verbs a handler dispatches), documented beside it.
    expect(rows.filter((r) => r.id !== "dispatch").map((r) => ({ id: r.id, docs: r.docs }))).toEqual(registry);
    for (const a of ADAPTERS) expect(existsSync(join(repoRoot, "docs/cli", `${a.id}.md`)), `docs/cli/${a.id}.md`).toBe(true);
    const index = readFileSync(join(repoRoot, "docs/cli/README.md"), "utf8");
    for (const a of ADAPTERS) expect(index, `docs/cli/README.md links ${a.id}`).toContain(`(${a.id}.md)`);
  });
});
