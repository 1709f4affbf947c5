/**
 * Issue 27, fixes applied for the user: a committed rename (a command verb, a
 * flag, a heading, a page) followed by `docpact build --fix` leaves `check`
 * clean for the documentation mentions; `--fix-dry-run` prints exactly those
 * edits as a diff `git apply` takes and writes nothing; the JSON report and
 * SARIF carry each fix; a spelling-only suggestion is never applied; a
 * second `build --fix` changes nothing. The repository and its history are
 * made here (fixed author and date), not taken from a fetched project.
 */
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../../compiler/run.js";
import { runCliInProcess } from "../helpers/cli.js";
import { hasGit, TestRepo } from "../helpers/git-repo.js";

const SPEC = "interface CommandSpec { name: string; verbs?: string[]; flags?: string[] }\n";
const README = [
  "# aw",
  "",
  "Run `aw flow advance` to move on; `aw flow status --json` prints JSON.",
  "",
  "```sh",
  "aw flow advance --json",
  "```",
  "",
  "See [retries](docs/guide.md#retry-policy), [the guide](docs/guide.md) § *Retry policy*,",
  "[the old page](docs/old-page.md) and `docs/old-page.md`.",
  "",
  "A typo stays a typo: `aw flow statu`.",
  "",
].join("\n");

const FIXED = [
  "# aw",
  "",
  "Run `aw flow progress` to move on; `aw flow status --format` prints JSON.",
  "",
  "```sh",
  "aw flow progress --format",
  "```",
  "",
  "See [retries](docs/guide.md#retries), [the guide](docs/guide.md) § *Retries*,",
  "[the old page](docs/new-page.md) and `docs/new-page.md`.",
  "",
  "A typo stays a typo: `aw flow statu`.",
  "",
].join("\n");

let repo: TestRepo;
let commit: string;
beforeAll(() => {
  if (!hasGit) return;
  repo = new TestRepo();
  repo.write({
    "package.json": JSON.stringify({ name: "aw", bin: { aw: "cli.js" } }),
    "docpact.config.json": JSON.stringify({ docs: ["README.md", "docs/**/*.md"], code: { include: ["src/**/*.ts"] }, cli: { commandType: "CommandSpec" } }),
    "src/cli.ts": `${SPEC}export const flow = {\n  name: "flow",\n  verbs: ["advance", "status"],\n  flags: ["--json", "--quiet"],\n} satisfies CommandSpec;\n`,
    "README.md": README,
    "docs/guide.md": "# Guide\n\n## Retry policy\n\nThree tries.\n",
    "docs/old-page.md": "# Old page\n",
  });
  repo.commit("init");
  repo.write({
    "src/cli.ts": repo.read("src/cli.ts").replace('"advance"', '"progress"').replace('"--json"', '"--format"'),
    "docs/guide.md": repo.read("docs/guide.md").replace("## Retry policy", "## Retries"),
  });
  repo.git("mv", "docs/old-page.md", "docs/new-page.md");
  commit = repo.commit("rename advance to progress, --json to --format");
});
afterAll(() => repo?.remove("."));

const rules = [
  "cli/unknown-command",
  "cli/unknown-flag",
  "cli/unknown-command",
  "cli/unknown-flag",
  "reference/missing-anchor",
  "reference/missing-section",
  "reference/broken-link",
  "reference/missing-path",
];

describe.skipIf(!hasGit)("build --fix after a committed rename", { timeout: 120_000 }, () => {
  it("check: each renamed mention carries the fix git backs (JSON and SARIF); the spelling guess only a suggestion", async () => {
    const out = await run("check", { root: repo.root });
    const d = out.report.diagnostics;
    expect(d.filter((x) => x.fix).map((x) => x.rule)).toEqual(rules);
    expect(d.filter((x) => x.fix).every((x) => x.message.includes(commit))).toBe(true);
    const typo = d.find((x) => x.message.includes("aw flow statu`"))!;
    expect([typo.suggestion, typo.fix]).toEqual(["aw flow status", undefined]);
    expect(d.find((x) => x.rule === "cli/unknown-flag" && x.line === 6)!.fix).toEqual({
      description: `rename \`--json\` to \`--format\` (renamed in ${commit})`,
      file: "README.md",
      edits: [{ range: [100, 106], line: 6, column: 17, endLine: 6, endColumn: 23, text: "--format" }],
    });
    const { formatSarif } = await import("../../compiler/report/sarif.js");
    const sarif = JSON.parse(formatSarif({ diagnostics: out.diagnostics, gate: out.gate, rules: [], version: "0", getText: out.textOf })) as {
      runs: { results: { fixes?: unknown[] }[] }[];
    };
    expect(sarif.runs[0].results.filter((r) => r.fixes).length).toBe(rules.length);
  });

  it("--fix-dry-run prints exactly those edits as a diff git applies, and writes nothing", async () => {
    const r = await runCliInProcess(["build", "--fix-dry-run"], { cwd: repo.root });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`--fix-dry-run: ${rules.length} fixes in 1 file would be applied`);
    expect(repo.git("status", "--porcelain")).toBe("");
    const apply = spawnSync("git", ["-C", repo.root, "apply", "--check", "-"], { input: r.stdout, encoding: "utf8" });
    expect(apply.status, apply.stderr).toBe(0);
    const changed = r.stdout.split("\n").filter((l) => /^[-+](?![-+]{2} )/.test(l));
    expect(changed).toEqual([
      "-Run `aw flow advance` to move on; `aw flow status --json` prints JSON.",
      "+Run `aw flow progress` to move on; `aw flow status --format` prints JSON.",
      "-aw flow advance --json",
      "+aw flow progress --format",
      "-See [retries](docs/guide.md#retry-policy), [the guide](docs/guide.md) § *Retry policy*,",
      "-[the old page](docs/old-page.md) and `docs/old-page.md`.",
      "+See [retries](docs/guide.md#retries), [the guide](docs/guide.md) § *Retries*,",
      "+[the old page](docs/new-page.md) and `docs/new-page.md`.",
    ]);
  });

  it("build --fix applies them: check is clean but for the typo, and a second build --fix changes nothing", async () => {
    const built = await run("build", { root: repo.root, fix: true });
    expect(built.written).toEqual(["README.md"]);
    expect(repo.read("README.md")).toBe(FIXED);
    const after = await run("check", { root: repo.root });
    expect(after.report.diagnostics.map((x) => [x.rule, x.message])).toEqual([["cli/unknown-command", "unknown command `aw flow statu`"]]);
    const again = await run("build", { root: repo.root, fix: true });
    expect(again.written).toEqual([]);
  });
});
