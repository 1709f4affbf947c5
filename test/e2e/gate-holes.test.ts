/**
 * Issue 27, holes in the gate: a config glob that matches nothing, a negated glob, shallow
 * history, and `--since` with a prefix-form section reference. Each can no longer pass by accident.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { check } from "../../compiler/api.js";
import { copyProject, runCli } from "../helpers/cli.js";

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "docpact-gate-"));
  for (const [rel, text] of Object.entries(files)) {
    const abs = join(root, rel);
    mkdirSync(join(abs, ".."), { recursive: true });
    writeFileSync(abs, text);
  }
  return root;
}

describe("hole 1: a config pattern that matches nothing", () => {
  it("is a config error (exit 2) naming the key and the pattern", () => {
    const root = copyProject("examples/aw-cli");
    writeFileSync(join(root, "docpact.config.json"), JSON.stringify({ docs: ["doc/**/*.md"] }));
    const r = runCli(["check", "--root", root]);
    expect(r.status).toBe(2);
    expect(r.stderr.split("\n")[0]).toBe(
      'docpact: docpact.config.json: docs: no file matches the pattern "doc/**/*.md" (pass --no-error-on-unmatched-pattern, or set "errorOnUnmatchedPattern": false, to allow it)',
    );
    const allowed = runCli(["check", "--root", root, "--no-error-on-unmatched-pattern", "--format", "json"]);
    expect(allowed.status).not.toBe(2);
    expect(JSON.parse(allowed.stdout).summary.files.docs).toBe(0);
  });

  it("covers schemas, code.include and instances; the config key turns it off; defaults never fail", async () => {
    const root = project({ "a.md": "# A\n", "s.schema.json": '{"type":"object"}', "src/x.ts": "export const x = 1;\n" });
    const cases: [object, string][] = [
      [{ schemas: ["schema/*.json"] }, 'schemas: no file matches the pattern "schema/*.json"'],
      [{ code: { include: ["src/**/*.ts", "lib/**/*.ts"] } }, 'code.include: no file matches the pattern "lib/**/*.ts"'],
      [{ instances: [{ files: ["data/*.json"], schema: "s.schema.json" }] }, 'instances[0].files: no file matches the pattern "data/*.json"'],
    ];
    for (const [config, message] of cases) {
      writeFileSync(join(root, "docpact.config.json"), JSON.stringify(config));
      await expect(check({ root }), JSON.stringify(config)).rejects.toThrow(message);
      await expect(check({ root, errorOnUnmatchedPattern: false })).resolves.toBeDefined();
      writeFileSync(join(root, "docpact.config.json"), JSON.stringify({ ...config, errorOnUnmatchedPattern: false }));
      await expect(check({ root })).resolves.toBeDefined();
    }
    // No config: the default globs may match nothing (a project without schemas).
    rmSync(join(root, "docpact.config.json"));
    rmSync(join(root, "s.schema.json"));
    await expect(check({ root })).resolves.toBeDefined();
  });

  it("a negated pattern that matches nothing is not an error", async () => {
    const root = project({ "docs/a.md": "# A\n" });
    writeFileSync(join(root, "docpact.config.json"), JSON.stringify({ docs: ["docs/**/*.md", "!docs/archive/**"] }));
    const r = await check({ root });
    expect(r.summary.files.docs).toBe(1);
  });
});

describe("hole 2: negation in glob lists", () => {
  it("takes away what earlier patterns matched and never widens the list", async () => {
    const root = project({
      "docs/a.md": "# A\n",
      "docs/archive/old.md": "# Old\n\nSee [gone](gone.md).\n",
      "docs/archive/keep.md": "# Keep\n",
      LICENSE: "MIT\n",
      "src/x.ts": "export const x = 1;\n",
    });
    writeFileSync(join(root, "docpact.config.json"), JSON.stringify({ docs: ["docs/**/*.md", "!docs/archive/**"] }));
    const r = await check({ root });
    expect(r.summary.files.docs).toBe(1);
    expect(r.diagnostics).toEqual([]);
    // Later patterns override earlier ones, as in globby and ESLint.
    writeFileSync(join(root, "docpact.config.json"), JSON.stringify({ docs: ["docs/**/*.md", "!docs/archive/**", "docs/archive/keep.md"] }));
    expect((await check({ root })).summary.files.docs).toBe(2);
  });
});
