/**
 * One fixture project per CLI adapter (test/fixtures/cli-<adapter>/): its
 * docs/valid.md must give no CLI finding, its docs/invalid.md exactly the
 * listed ones, and a rename in the code of each kind (command, sub-verb,
 * flag, alias) must be caught where the docs use the old name.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { check } from "../../../compiler/api.js";

const fixtures = fileURLToPath(new URL("../../fixtures/", import.meta.url));

async function cliFindings(root: string): Promise<string[]> {
  const r = await check({ root });
  return r.diagnostics
    .filter((d) => d.rule.startsWith("cli/"))
    .map((d) => `${d.file}:${d.line} ${d.rule} ${d.message}${d.suggestion ? ` → ${d.suggestion}` : ""}`);
}

interface Rename {
  file: string;
  find: string;
  replace: string;
  /** Findings in docs/valid.md after the rename (`line rule`). */
  expect: string[];
}

interface Case {
  name: string;
  invalid: string[];
  renames: Rename[];
}

const CASES: Case[] = [
  {
    name: "cli-registry",
    invalid: [
      "docs/invalid.md:3 cli/unknown-command unknown command `aw flow advanse` → aw flow advance",
      "docs/invalid.md:5 cli/unknown-flag unknown flag `--sesion` for `aw flow advance` → --session",
      "docs/invalid.md:7 cli/unknown-command unknown command `aw export-diagram` → aw export-diagrams",
      "docs/invalid.md:9 cli/unknown-command unknown command `aw hook install-hook` → aw hook install-hooks",
      "docs/invalid.md:11 cli/unknown-command unknown command `aw bogus`",
      "docs/invalid.md:13 cli/unknown-command unknown command `aw worktree integrate`",
    ],
    renames: [
      { file: "src/main.ts", find: 'exportCommand("manuals")', replace: 'exportCommand("handbooks")', expect: ["5 cli/unknown-command"] },
      { file: "src/commands/flow.ts", find: '"submit"', replace: '"answer"', expect: ["3 cli/unknown-command"] },
      { file: "src/commands/flow.ts", find: 'flagValue(args, "approval")', replace: 'flagValue(args, "approve")', expect: ["3 cli/unknown-flag"] },
      { file: "src/commands/hook.ts", find: 'case "branch-check"', replace: 'case "check-branch"', expect: ["7 cli/unknown-command"] },
      { file: "src/commands/worktree.ts", find: '"ensure"', replace: '"make"', expect: ["15 cli/unknown-command"] },
    ],
  },
  {
    name: "cli-commander",
    invalid: [
      "docs/invalid.md:3 cli/unknown-command unknown command `tool flow advanse` → tool flow advance",
      "docs/invalid.md:5 cli/unknown-flag unknown flag `--forse` for `tool close` → --force",
      "docs/invalid.md:7 cli/unknown-flag unknown flag `--dryRun` for `tool flow status`",
      "docs/invalid.md:9 cli/unknown-command unknown command `tool opne`",
    ],
    renames: [
      { file: "src/cli.ts", find: '.alias("cl")', replace: '.alias("c")', expect: ["3 cli/unknown-command"] },
      { file: "src/cli.ts", find: '"--reason <text>"', replace: '"--why <text>"', expect: ["3 cli/unknown-flag", "3 cli/unknown-flag"] },
      { file: "src/cli.ts", find: 'command("status")', replace: 'command("state")', expect: ["5 cli/unknown-command", "10 cli/unknown-command"] },
      { file: "src/cli.ts", find: '"--no-color"', replace: '"--plain"', expect: ["5 cli/unknown-flag"] },
      // `.version(v)` declares commander's `-V, --version`; its second argument names other flags.
      { file: "src/cli.ts", find: 'version("1.0.0")', replace: 'version("1.0.0", "-v, --vers")', expect: ["7 cli/unknown-flag"] },
    ],
  },
  {
    name: "cli-yargs",
    invalid: [
      "docs/invalid.md:3 cli/unknown-flag unknown flag `--retries` for `mytool` → --retry",
      "docs/invalid.md:5 cli/unknown-flag unknown flag `--dry` for `mytool`",
    ],
    renames: [
      { file: "bin/cli.mjs", find: '"dry-run"', replace: '"dry"', expect: ["3 cli/unknown-flag", "3 cli/unknown-flag"] },
      { file: "bin/cli.mjs", find: 'alias: "r"', replace: 'alias: "n"', expect: ["3 cli/unknown-flag"] },
    ],
  },
  {
    name: "cli-cac",
    invalid: [
      "docs/invalid.md:3 cli/unknown-flag unknown flag `--minfy` for `vt build` → --minify",
      "docs/invalid.md:5 cli/unknown-flag unknown flag `--prot` for `vt` → --port",
    ],
    renames: [
      { file: "src/options.ts", find: "port:", replace: "listen:", expect: ["3 cli/unknown-flag"] },
      { file: "src/cli.ts", find: '.alias("b")', replace: '.alias("bd")', expect: [] },
      { file: "src/cli.ts", find: '"--minify"', replace: '"--compress"', expect: ["3 cli/unknown-flag", "5 cli/unknown-flag"] },
      // `.version(v)` declares cac's `-v, --version`; its second argument names other flags.
      { file: "src/cli.ts", find: 'version("1.0.0")', replace: 'version("1.0.0", "-V, --version")', expect: ["7 cli/unknown-flag"] },
    ],
  },
  {
    name: "cli-jsdoc",
    invalid: [
      "docs/invalid.md:3 cli/unknown-flag unknown flag `--dry` for `jt sync`",
      "docs/invalid.md:5 cli/unknown-command unknown command `jt syncc` → jt sync",
    ],
    renames: [
      { file: "src/cli.ts", find: "@docpact-aliases s", replace: "@docpact-aliases sy", expect: ["3 cli/unknown-command"] },
      { file: "src/cli.ts", find: "--dry-run --target", replace: "--dry --target", expect: ["3 cli/unknown-flag"] },
    ],
  },
];

async function withRename(name: string, r: Rename): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), `docpact-${name}-`));
  cpSync(join(fixtures, name), dir, { recursive: true });
  const f = join(dir, r.file);
  const text = readFileSync(f, "utf8");
  if (!text.includes(r.find)) throw new Error(`${r.file} has no ${r.find}`);
  writeFileSync(f, text.split(r.find).join(r.replace));
  return (await cliFindings(dir)).filter((x) => x.startsWith("docs/valid.md:")).map((x) => x.replace(/^docs\/valid\.md:(\d+) (\S+) .*$/, "$1 $2"));
}

describe.each(CASES)("$name", ({ name, invalid, renames }) => {
  test("valid.md gives no finding, invalid.md exactly the listed ones", async () => {
    const got = await cliFindings(join(fixtures, name));
    expect(got.filter((x) => !x.startsWith("docs/invalid.md:"))).toEqual([]);
    expect(got.filter((x) => x.startsWith("docs/invalid.md:"))).toEqual(invalid);
  });

  test.each(renames)("a rename is caught: $find → $replace", async (r) => {
    expect(await withRename(name, r)).toEqual(r.expect);
  });
});
