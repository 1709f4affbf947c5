import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readPackages } from "../../compiler/readers/packages.js";
import { binaryRuns } from "../../compiler/model/packages.js";

let dir: string | null = null;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

function project(files: Record<string, string | object>): { root: string; files: string[] } {
  dir = mkdtempSync(join(tmpdir(), "docpact-packages-"));
  for (const [rel, body] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), typeof body === "string" ? body : JSON.stringify(body));
  }
  return { root: dir, files: Object.keys(files).sort() };
}

describe("readPackages: the binaries of every package.json", () => {
  it("reads `bin` maps and strings of the root and workspace packages, files root-relative", () => {
    const p = project({
      "package.json": { name: "root", private: true, bin: { tool: "./bin/tool.js" } },
      "packages/mcp/package.json": { name: "@scope/mcp", bin: "src/cli.js" },
      "packages/none/package.json": { name: "none" },
    });
    const r = readPackages(p.root, p.files);
    expect(r.names).toEqual(["@scope/mcp", "none", "root"]);
    expect(r.bins).toEqual([
      { name: "mcp", package: "@scope/mcp", manifest: "packages/mcp/package.json", file: "packages/mcp/src/cli.js", program: "packages/mcp/src/cli.js" },
      { name: "tool", package: "root", manifest: "package.json", file: "bin/tool.js", program: "bin/tool.js" },
    ]);
  });

  it("a bin file that only imports or requires one relative module is that module's program; one that does more is itself", () => {
    const p = project({
      "packages/k/package.json": { name: "k", bin: { k: "bin/k.js", "k-bun": "bin/k-bun.js", "k-req": "bin/k-req.js", "k-more": "bin/k-more.js" } },
      "packages/k/bin/k.js": "#!/usr/bin/env node\nimport '../dist/cli.js';\n",
      "packages/k/bin/k-bun.js": '#!/usr/bin/env bun\n// runs under bun\nimport "../dist/cli.js"\n',
      "packages/k/bin/k-req.js": "#!/usr/bin/env node\n'use strict';\nrequire('../dist/cli.js');\n",
      "packages/k/bin/k-more.js": "#!/usr/bin/env node\nimport '../dist/cli.js';\nconsole.log(1);\n",
    });
    const programs = Object.fromEntries((readPackages(p.root, p.files).bins ?? []).map((b) => [b.name, b.program]));
    expect(programs).toEqual({
      k: "packages/k/dist/cli.js",
      "k-bun": "packages/k/dist/cli.js",
      "k-req": "packages/k/dist/cli.js",
      "k-more": "packages/k/bin/k-more.js",
    });
  });
});

describe("binaryRuns: what else runs the CLI's binaries", () => {
  it("a package's only binary, or the one named as the package without its scope; each binary's bin file", () => {
    const p = project({
      "package.json": { name: "@acme/cli", bin: { aw: "bin/aw.js" } },
      "packages/two/package.json": { name: "@acme/two", bin: { two: "bin/two.js", "two-dev": "bin/dev.js" } },
      "packages/pair/package.json": { name: "pair", bin: { a: "a.js", b: "b.js" } },
      "packages/other/package.json": { name: "other", bin: { other: "o.js" } },
    });
    const r = binaryRuns(readPackages(p.root, p.files), ["aw", "two", "two-dev", "a", "b"]);
    expect(r.packages).toEqual({ "@acme/cli": "aw", "@acme/two": "two" });
    expect(r.files).toEqual({
      "bin/aw.js": "aw",
      "packages/pair/a.js": "a",
      "packages/pair/b.js": "b",
      "packages/two/bin/dev.js": "two-dev",
      "packages/two/bin/two.js": "two",
    });
  });
  it("a package named as its binary needs no alias; no packages, no runs", () => {
    const p = project({ "package.json": { name: "aw", bin: { aw: "cli.js" } } });
    expect(binaryRuns(readPackages(p.root, p.files), ["aw"])).toEqual({ packages: {}, files: { "cli.js": "aw" } });
    expect(binaryRuns(null, ["aw"])).toEqual({ packages: {}, files: {} });
  });
});
