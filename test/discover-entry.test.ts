import { describe, expect, it } from "vitest";
import { entryClosure, importSpecifiers, workspaceResolver } from "../compiler/discover-entry.js";
import { blankComments } from "../compiler/util/code-comments.js";

const files = new Set([
  "packages/run/src/index.ts",
  "packages/run/src/commands/test.ts",
  "packages/run/src/bin.mts",
  "packages/plain/lib/main.js",
  "packages/plain/index.js",
  "packages/types-only/dist/index.d.ts",
  "packages/run/test/fixtures/copy/index.js",
]);
const manifests = [
  { file: "package.json", name: "monorepo" },
  {
    file: "packages/run/package.json",
    name: "@scope/run",
    exports: { ".": { types: "./dist/esm/index.d.ts", import: "./dist/esm/index.js" }, "./commands/*": "./dist/commands/*.js", "./bin": "./dist/bin.mjs" },
  },
  { file: "packages/plain/package.json", name: "plain", main: "lib/main.js", bins: ["plain", "pl"] },
  { file: "packages/types-only/package.json", name: "types-only", exports: { types: "./dist/index.d.ts" } },
  { file: "packages/run/test/fixtures/copy/package.json", name: "fixture-only" },
];

describe("workspaceResolver", () => {
  const resolve = workspaceResolver(manifests, files);

  it("valid: resolves a package's exports, a `./*` subpath and `main` to source files", () => {
    expect(resolve("@scope/run")).toBe("packages/run/src/index.ts");
    expect(resolve("@scope/run/commands/test")).toBe("packages/run/src/commands/test.ts");
    expect(resolve("@scope/run/bin")).toBe("packages/run/src/bin.mts");
    expect(resolve("plain", "pl")).toBe("packages/plain/lib/main.js");
  });

  it("invalid: a package that declares another binary is that binary's, not entered from this one's entry", () => {
    expect(resolve("plain", "other")).toBeNull();
    expect(resolve("plain")).toBeNull();
    expect(resolve("@scope/run", "other")).toBe("packages/run/src/index.ts");
  });

  it("valid: a package declaring another binary is entered when the name loads that binary's own file (importing it runs the program)", () => {
    const withBin = [
      ...manifests,
      { file: "packages/run/package.json", name: "@scope/runner", exports: "./dist/esm/bin.mjs", bins: ["run"], binTargets: ["packages/run/dist/esm/bin.mjs"] },
    ];
    const resolve = workspaceResolver(withBin, files);
    expect(resolve("@scope/runner", "tool")).toBe("packages/run/src/bin.mts");
  });

  it("invalid: a package nobody in the project declares, a subpath exports does not list, type declarations only, a test fixture's name", () => {
    expect(resolve("commander")).toBeNull();
    expect(resolve("node:fs")).toBeNull();
    expect(resolve("@scope/run/internal")).toBeNull();
    expect(resolve("types-only")).toBeNull();
    expect(resolve("fixture-only")).toBeNull();
  });

  it("entryClosure follows bare imports only with the resolver", () => {
    const texts: Record<string, string> = {
      "bin/cli.js": 'import { run } from "@scope/run";\nimport "commander";',
      "packages/run/src/index.ts": 'export * from "./commands/test.js";',
      "packages/run/src/commands/test.ts": "export const x = 1;",
    };
    const all = new Set([...files, "bin/cli.js"]);
    const read = (rel: string) => texts[rel] ?? "";
    expect(entryClosure("bin/cli.js", all, read)).toEqual(["bin/cli.js"]);
    expect(entryClosure("bin/cli.js", all, read, undefined, workspaceResolver(manifests, all))).toEqual([
      "bin/cli.js",
      "packages/run/src/commands/test.ts",
      "packages/run/src/index.ts",
    ]);
  });
});

describe("importSpecifiers", () => {
  it("valid: imports, requires, lazy imports and module paths passed to a call", () => {
    const text = [
      'import a from "./a.js";',
      "const b = require('./b');",
      'const dynamicImport = new Function("module", "return import(module)");',
      'dynamicImport("../src/cli/index.js").then((cli) => cli.run());',
      'new Worker( "./worker.mjs" );',
      'export * from "./c.js";',
      "const run = resolveImportSync('@tapjs/run', base); const t = require.resolve(\"tap\"); import.meta.resolve('x/y');",
    ].join("\n");
    expect(importSpecifiers(text)).toEqual(["./a.js", "./b", "../src/cli/index.js", "./worker.mjs", "./c.js", "@tapjs/run", "tap", "x/y"]);
  });

  it("invalid: comments, a path without a code extension, a bare word passed to a call", () => {
    const text = [
      "// import('@tapjs/run')",
      "/* require('./gone.js') */",
      'readFileSync("./template.txt");',
      'log("./looks-like.js is a message too long")',
      'const url = "https://example.com/x.js"; // from "./not-here.js"',
      'const re = /["\']/; import("./after-regex.js");',
    ].join("\n");
    expect(importSpecifiers(text)).toEqual(["./after-regex.js"]);
  });
});

describe("blankComments", () => {
  it("blanks line and block comments, keeping offsets and line breaks", () => {
    const text = 'a(); // one\n/* two\nthree */ b("//not", `/*x*/`, /\\/\\//);';
    const out = blankComments(text);
    expect(out.length).toBe(text.length);
    expect(out.split("\n").length).toBe(3);
    expect(out).toContain('b("//not", `/*x*/`, /\\/\\//);');
    expect(out).not.toMatch(/one|two|three/);
  });

  it("a text without comment markers is returned as is", () => {
    const text = "const a = 1 / 2;";
    expect(blankComments(text)).toBe(text);
  });
});
