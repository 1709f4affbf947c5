/**
 * Issue 27, config: discovery upward from the working directory, and one clear line for a config
 * folder, an unknown key or option (with did-you-mean) and broken JSON (with line:column).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findConfigRoot, jsonErrorLine, parseConfigText } from "../../compiler/config/resolve.js";
import { runCliInProcess } from "../helpers/cli.js";

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "docpact-cfg-"));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(root, rel, ".."), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return root;
}

describe("config discovery upward", () => {
  it("finds the nearest docpact.config.json above the working directory, stopping at the repository root", () => {
    const root = tree({ "docpact.config.json": "{}", "skills/w/SKILL.md": "# W\n", "repo/.git/HEAD": "x", "repo/pkg/a.md": "# A\n" });
    expect(findConfigRoot(join(root, "skills/w"))).toBe(root);
    expect(findConfigRoot(root)).toBe(root);
    // A repository inside: its root is as high as the search goes; without a config there, the working directory.
    expect(findConfigRoot(join(root, "repo/pkg"))).toBe(join(root, "repo/pkg"));
  });

  it("the CLI run from a sub-folder uses the config above it", async () => {
    const root = tree({ "docpact.config.json": JSON.stringify({ docs: ["docs/**/*.md"] }), "docs/sub/a.md": "# A\n\n[x](nope.md)\n", "docs/b.md": "# B\n" });
    const r = await runCliInProcess(["check", "--format", "json"], { cwd: join(root, "docs/sub") });
    expect(r.status).toBe(1);
    const json = JSON.parse(r.stdout) as { diagnostics: { file: string }[]; summary: { files: { docs: number } } };
    expect([json.summary.files.docs, json.diagnostics.map((d) => d.file)]).toEqual([2, ["docs/sub/a.md"]]);
  });
});

describe("config errors", () => {
  it("an unknown key gets a did-you-mean, at any depth", () => {
    expect(() => parseConfigText('{"doc": ["a.md"]}', "docpact.config.json")).toThrow('docpact.config.json: /: unknown key "doc"; did you mean "docs"?');
    expect(() => parseConfigText('{"cli": {"binary": ["a"]}}', "c.json")).toThrow('c.json: /cli: unknown key "binary"; did you mean "binaries"?');
    expect(() => parseConfigText('{"sites": [{"root": ".", "generator": "github", "bse": "/"}]}', "c.json")).toThrow(
      'c.json: /sites/0: unknown key "bse"; did you mean "base"?',
    );
    expect(() => parseConfigText('{"zzzzzz": 1}', "c.json")).toThrow(/^c\.json: \/: unknown key "zzzzzz"$/);
  });

  it("broken JSON is reported at line:column", () => {
    expect(() => parseConfigText('{"docs": ["a.md"],\n  "rules": {x}}', "docpact.config.json")).toThrow(/^docpact\.config\.json:2:13: invalid JSON: /);
    expect(jsonErrorLine("c.json", '{\n  "a": 1', "Unexpected end of JSON input")).toBe("c.json:2:9: invalid JSON: Unexpected end of JSON input");
    expect(jsonErrorLine("c.json", "{\n\n x}", "Expected property name or '}' in JSON at position 4 (line 3 column 2)")).toBe(
      "c.json:3:2: invalid JSON: Expected property name or '}'",
    );
  });

  it("--config DIR and an unknown option are one clean line each", async () => {
    const root = tree({ "a.md": "# A\n" });
    const dir = await runCliInProcess(["check", "--config", root]);
    expect(dir.status).toBe(2);
    expect(dir.stderr.split("\n")[0]).toBe(`docpact: --config ${root} is a folder; name the file (${root}/docpact.config.json), or pass --root ${root}`);
    const opt = await runCliInProcess(["check", "--fromat", "json"]);
    expect(opt.status).toBe(2);
    expect(opt.stderr.split("\n")[0]).toBe("docpact: unknown option --fromat for check; did you mean --format?");
  });
});
