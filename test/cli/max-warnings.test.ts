/**
 * `--max-warnings`, rule severities from the config, and the formats through the CLI: the
 * first case through the built bin (its exit code as a shell sees it), the rest in process
 * (compiler/cli/argv.ts, the same argument handling and output without a node start each).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { copyProject, runCli, runCliInProcess as cli } from "../helpers/cli.js";

/** suppress-notes has 2 errors (delegation/no-owner) and 2 warnings (suppression/unused). */
function project(rules?: Record<string, string>): string {
  const root = copyProject("test/fixtures/suppress-notes");
  if (rules) {
    const file = join(root, "docpact.config.json");
    const cfg = JSON.parse(readFileSync(file, "utf8")) as { rules: Record<string, string> };
    cfg.rules = { ...cfg.rules, ...rules };
    writeFileSync(file, JSON.stringify(cfg));
  }
  return root;
}

const summary = (stdout: string) => (JSON.parse(stdout) as { summary: { errors: number; warnings: number } }).summary;

describe("severities and --max-warnings", () => {
  it("errors exit 1 whatever --max-warnings says", () => {
    expect(runCli(["check", "--root", project(), "--max-warnings", "100"]).status).toBe(1);
  });

  it("a rule set to warning: exit 0 until the warnings exceed --max-warnings", async () => {
    const root = project({ "delegation/no-owner": "warning" });
    const r = await cli(["check", "--root", root, "--format", "json"]);
    expect(summary(r.stdout)).toEqual(expect.objectContaining({ errors: 0, warnings: 4 }));
    expect(r.status).toBe(0);
    expect((await cli(["check", "--root", root, "--max-warnings", "4"])).status).toBe(0);
    expect((await cli(["check", "--root", root, "--max-warnings", "3"])).status).toBe(1);
    expect((await cli(["check", "--root", root, "--max-warnings", "0"])).status).toBe(1);
  });

  it("a rule set to off reports nothing, and its suppressions are not unused", async () => {
    const root = project({ "delegation/no-owner": "off" });
    const r = await cli(["check", "--root", root, "--format", "json"]);
    const report = JSON.parse(r.stdout) as { diagnostics: { rule: string; message: string }[] };
    // Only the unknown rule name is left (a typo is reported even when its near match is off).
    expect(report.diagnostics.map((d) => d.message)).toEqual(['docpact-disable-next-line names unknown rule "delegation/no-ownr"']);
    expect(r.status).toBe(0);
  });

  it("pretty output ends with the summary line", async () => {
    const r = await cli(["check", "--root", project()]);
    expect(r.stdout.trimEnd().split("\n").at(-1)).toMatch(/^2 errors, 2 warnings · 1 doc, 0 schemas, 0 code files · \d+ ms$/);
  });
});

describe("formats through the CLI", () => {
  it("--format github prints annotations and the summary", async () => {
    const r = await cli(["check", "--root", project(), "--format", "github"]);
    expect(r.status).toBe(1);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^::error file=docs\/guide\.md,line=6,col=\d+,endLine=\d+,endColumn=\d+,title=delegation\/no-owner::/);
    expect(lines.filter((l) => l.startsWith("::warning "))).toHaveLength(2);
    expect(lines.at(-1)).toMatch(/^2 errors, 2 warnings/);
  });

  it("--format sarif prints one run with the results", async () => {
    const r = await cli(["check", "--root", project(), "--format", "sarif"]);
    expect(r.status).toBe(1);
    const log = JSON.parse(r.stdout) as { version: string; runs: { results: { ruleId: string }[] }[] };
    expect(log.version).toBe("2.1.0");
    expect(log.runs[0].results.map((x) => x.ruleId)).toEqual(["delegation/no-owner", "delegation/no-owner", "suppression/unused", "suppression/unused"]);
  });
});
