/** The programmatic API: `import { check, build } from "docpact"`. */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { build, check, DocpactError, type Report } from "../compiler/api.js";
import { formatJson } from "../compiler/report/json.js";
import { copyProject, repoRoot, runCli } from "./helpers/cli.js";

const stripTime = (r: Report) => ({ ...r, summary: { ...r.summary, durationMs: 0 } });

describe("API from source", () => {
  it("check returns the --format json report", async () => {
    const root = copyProject("test/fixtures/suppress-notes");
    const report = await check({ root });
    expect(report.version).toBe(1);
    expect(report.summary.errors).toBe(2);
    expect(report.summary.warnings).toBe(2);
    expect(report.diagnostics.map((d) => d.rule)).toEqual(["delegation/no-owner", "delegation/no-owner", "suppression/unused", "suppression/unused"]);
    expect(report.diagnostics[0]).not.toHaveProperty("fix");
    const cli = runCli(["check", "--root", root, "--format", "json"]);
    expect(cli.status).toBe(1);
    expect(stripTime(JSON.parse(cli.stdout) as Report)).toEqual(JSON.parse(formatJson(stripTime(report))));
  });

  it("build returns the report plus the files it wrote", async () => {
    const root = copyProject("test/fixtures/suppress-notes");
    const report = await build({ root });
    expect(report.written).toEqual([]);
    expect(report.summary.errors).toBe(2);
  });

  it("rejects with a DocpactError on a bad config", async () => {
    const root = copyProject("test/fixtures/suppress-notes");
    await expect(check({ root, config: join(root, "missing.json") })).rejects.toBeInstanceOf(DocpactError);
  });
});

describe("API from the built package", () => {
  it("package.json exports point at the built entry and its types", () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { exports: Record<string, { types: string; default: string }> };
    expect(pkg.exports["."]).toEqual({ types: "./dist/compiler/api.d.ts", default: "./dist/compiler/api.js" });
    expect(existsSync(join(repoRoot, "dist/compiler/api.js")), "run `npm run build` first").toBe(true);
    const dts = readFileSync(join(repoRoot, "dist/compiler/api.d.ts"), "utf8");
    expect(dts).toMatch(/export declare function check\(options\?: CheckOptions\): Promise<Report>/);
    expect(dts).toMatch(/export declare function build\(/);
  });

  it('`import { check } from "docpact"` works (package self-reference through exports)', () => {
    const root = copyProject("test/fixtures/suppress-notes");
    const script = `import { check, build } from "docpact";
const r = await check({ root: ${JSON.stringify(root)} });
console.log(JSON.stringify({ build: typeof build, errors: r.summary.errors, rules: r.diagnostics.map((d) => d.rule) }));`;
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: repoRoot,
      encoding: "utf8",
      env: { ...process.env, DOCPACT_NO_CACHE: "1" },
    });
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toEqual({
      build: "function",
      errors: 2,
      rules: ["delegation/no-owner", "delegation/no-owner", "suppression/unused", "suppression/unused"],
    });
  });
});
