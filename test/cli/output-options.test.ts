/** Issue 27: file arguments (lint-staged), -o/--output-file, --quiet, --color/--no-color with FORCE_COLOR/NO_COLOR. */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useColor } from "../../compiler/cli/run-settings.js";
import { runCliInProcess } from "../helpers/cli.js";

function project(): string {
  const root = mkdtempSync(join(tmpdir(), "docpact-out-"));
  mkdirSync(join(root, "docs/sub"), { recursive: true });
  writeFileSync(join(root, "docpact.config.json"), JSON.stringify({ docs: ["docs/**/*.md"] }));
  writeFileSync(join(root, "docs/a.md"), "# A\n\n[x](nope.md)\n");
  writeFileSync(join(root, "docs/b.md"), "# B\n\n[y](gone.md)\n\nSee `docs/sub/zz.md`.\n");
  writeFileSync(join(root, "docs/sub/c.md"), "# C\n");
  return root;
}

describe("check's output options", () => {
  it("file arguments limit the findings to those files; --quiet shows errors only; -o writes the report to a file", async () => {
    const root = project();
    const out = join(root, "report.json");
    const r = await runCliInProcess(["check", "docs/b.md", "--quiet", "-o", out, "--format", "json"], { cwd: root });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    const json = JSON.parse(readFileSync(out, "utf8")) as { diagnostics: { file: string; rule: string }[]; summary: { errors: number; warnings: number } };
    expect(json.diagnostics.map((d) => `${d.file} ${d.rule}`)).toEqual(["docs/b.md reference/broken-link"]);
    // Counted, not shown: the warning in b.md; a.md's error is outside the file arguments.
    expect([json.summary.errors, json.summary.warnings]).toEqual([1, 1]);
    const missing = await runCliInProcess(["check", "docs/none.md"], { cwd: root });
    expect([missing.status, missing.stderr]).toEqual([2, "docpact: no such file: docs/none.md\n"]);
  });

  it("--color colors output that is not a terminal; --no-color wins over FORCE_COLOR", async () => {
    const root = project();
    expect((await runCliInProcess(["check", "--color"], { cwd: root })).stdout).toContain("\u001b[31merror");
    expect((await runCliInProcess(["check", "--no-color"], { cwd: root, env: { FORCE_COLOR: "1" } })).stdout).not.toContain("\u001b[");
  });

  it("the color choice: flag, then FORCE_COLOR, then NO_COLOR, then the terminal", () => {
    expect(useColor(true, { NO_COLOR: "1" }, false)).toBe(true);
    expect(useColor(false, { FORCE_COLOR: "1" }, true)).toBe(false);
    expect(useColor(undefined, { FORCE_COLOR: "1", NO_COLOR: "1" }, false)).toBe(true);
    expect(useColor(undefined, { FORCE_COLOR: "0" }, true)).toBe(false);
    expect(useColor(undefined, { NO_COLOR: "1" }, true)).toBe(false);
    expect(useColor(undefined, { NO_COLOR: "" }, true)).toBe(true);
    expect(useColor(undefined, {}, false)).toBe(false);
  });
});
