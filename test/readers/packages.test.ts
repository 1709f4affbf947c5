import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readPackages } from "../../compiler/readers/packages.js";

describe("readPackages", () => {
  const root = mkdtempSync(join(tmpdir(), "docpact-packages-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const put = (rel: string, v: unknown) => {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), typeof v === "string" ? v : JSON.stringify(v));
  };
  put("package.json", { name: "tool", private: true, bin: { tool: "cli.js", t: "cli.js" } });
  put("packages/mcp/package.json", { name: "@tool/mcp", bin: "index.js" });
  put("packages/lib/package.json", { name: "@tool/lib" });
  put("packages/bad/package.json", "{ not json");
  const files = ["package.json", "packages/bad/package.json", "packages/lib/package.json", "packages/mcp/package.json"];

  it("names, the root's private flag, and every bin (a string bin installs the package's name without its scope)", () => {
    expect(readPackages(root, files)).toEqual({
      root: { name: "tool", private: true },
      names: ["@tool/lib", "@tool/mcp", "tool"],
      bins: ["t", "tool", "mcp"].sort(),
    });
  });
});
