/**
 * summary.coverage: every documented CLI mention the model finds is judged or counted as not
 * judged — found − judged − notJudged is 0 — on every CLI fixture, read or unread.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { check } from "../../compiler/api.js";
import { coverageLine } from "../../compiler/report/pretty.js";
import { repoRoot } from "../helpers/cli.js";

const CLI_FIXTURES = [
  "cli-argv",
  "cli-cac",
  "cli-citty",
  "cli-clipanion",
  "cli-commander",
  "cli-jsdoc",
  "cli-oclif",
  "cli-option-loop",
  "cli-registry",
  "cli-yargs",
];

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "docpact-coverage-"));
  for (const [f, text] of Object.entries(files)) writeFileSync(join(root, f), text);
  return root;
}

describe("summary.coverage", () => {
  test.each(CLI_FIXTURES)("%s: every mention found is judged or counted", async (fixture) => {
    const report = await check({ root: join(repoRoot, "test/fixtures", fixture) });
    const cov = report.summary.coverage!;
    expect(cov, "coverage present").toBeDefined();
    expect(Object.keys(cov).sort()).toEqual(["commands", "flags"]);
    expect(cov.commands.found).toBeGreaterThan(0);
    for (const [kind, c] of Object.entries(cov)) expect({ kind, neither: c.found - c.judged - c.notJudged }).toEqual({ kind, neither: 0 });
    // Every mention counted in coverage as not judged is also a place in summary.notJudged.
    const counted = cov.commands.notJudged + cov.flags.notJudged;
    expect(report.summary.notJudged?.total ?? 0).toBeGreaterThanOrEqual(counted);
  });

  test("an unread CLI: a planted unknown flag is not an error, but cli/unread says so and nothing is judged", async () => {
    const root = project({
      "package.json": JSON.stringify({ name: "tool", bin: { tool: "bin.js" } }),
      "bin.js": 'const args = process.argv.slice(2);\nfor (const a of args) if (a === "--verbose") console.log("v");\n',
      "README.md": "# tool\n\n## Options\n\n- `--verbose`: talk.\n\nRun `tool --verbose`.\n\n```sh\ntool --no-such-flag\n```\n",
    });
    try {
      const report = await check({ root });
      expect(report.summary.errors).toBe(0);
      expect(report.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.rule} ${d.message}`)).toEqual([
        "README.md:7:6 cli/unread no CLI reader understood `tool` (entry `bin.js`: no reader recognized how it parses its arguments (no known framework call, configured command type or flag accessor)): 5 documented mention(s) of it not judged",
      ]);
      expect(report.summary.coverage).toEqual({ commands: { found: 2, judged: 0, notJudged: 2 }, flags: { found: 3, judged: 0, notJudged: 3 } });
      expect(report.summary.notJudged?.byRule["cli/unread"]).toEqual({ total: 5, reasons: { "no CLI reader understood `tool`": 5 } });
      expect(coverageLine(report)).toBe("judged 0 of 5 CLI mentions; 5 not judged (see --format json summary.coverage)");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test("a read CLI: judged, not judged (open set, unknown command, untied table flag) add up to what was found", async () => {
    const root = project({
      "package.json": JSON.stringify({ name: "aw", bin: { aw: "cli.js" } }),
      "docpact.config.json": JSON.stringify({ code: { include: ["*.ts"] } }),
      "cli.ts":
        'import { Command } from "commander";\nconst program = new Command("aw");\nprogram.command("build").option("--out <dir>");\nprogram.command("serve").allowUnknownOption();\nprogram.parse();\n',
      "README.md":
        "# aw\n\nRun `aw build --out x --bogus`, `aw serve --anything`, `aw nope --x`.\n\n## Misc\n\nSee `aw build` and `aw serve`; pass `--out` to choose.\n\n| flag | what |\n| --- | --- |\n| `--stray` | not tied |\n\n```text\nUsage: aw build [options]\n\nOptions:\n  -o, --out <dir>  where\n  --gone           removed\n```\n",
    });
    try {
      const report = await check({ root });
      expect(report.diagnostics.map((d) => `${d.rule} ${d.message}`)).toEqual([
        "cli/unknown-flag unknown flag `--bogus` for `aw build`",
        "cli/unknown-command unknown command `aw nope`",
        "cli/unknown-flag unknown flag `--gone` for `aw build`",
      ]);
      const cov = report.summary.coverage!;
      // Commands: 5 invocations and the help listing's synopsis (`aw build`), all judged. Flags: --out, --bogus judged; the
      // prose `--out` (its paragraph names two commands of aw: judged against aw's whole set) and the listing's two option
      // lines (the synopsis's command) judged; --anything (open set), --x (unknown command) and --stray (tied to aw by its
      // section: aw's whole set is open) counted.
      expect(cov).toEqual({ commands: { found: 6, judged: 6, notJudged: 0 }, flags: { found: 8, judged: 5, notJudged: 3 } });
      // `--stray`: its section invokes aw alone, so it is aw's, whose whole set is open (`serve` accepts unknown options).
      expect(report.summary.notJudged?.byRule["cli/unknown-flag"]?.total).toBe(3);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test("vocabulary terms: members, near misses and a record's names are judged or counted (summary.coverage.terms)", async () => {
    const root = project({
      "docpact.config.json": JSON.stringify({ docs: ["*.md"], schemas: ["*.schema.json"] }),
      "event.schema.json": JSON.stringify({ $defs: { type: { enum: ["run.started", "run.finished", "run.failed", "run.paused"] } } }),
      "README.md": "# Events\n\nThe kernel emits `run.started`, then `run.finished`; `run.strated` is a typo. Use `npm` and `run.sh`.\n",
      "SEP-1.md": "# SEP-1: Events\n\nThe kernel emits `run.started` and `run.finishd`.\n",
    });
    try {
      const report = await check({ root });
      expect(report.diagnostics.map((d) => `${d.file}:${d.line} ${d.rule}`)).toEqual(["README.md:3 vocabulary/unknown-term"]);
      // Found: the three names of README.md (two members, one near miss) and the SEP's two (a member, and `run.finishd`, a near miss in a
      // record: counted as not judged); `npm` and `run.sh` (a file) are no terms.
      expect(report.summary.coverage?.terms).toEqual({ found: 5, judged: 4, notJudged: 1 });
      expect(Object.keys(report.summary.notJudged?.byRule["vocabulary/unknown-term"]?.reasons ?? {})).toEqual([
        "the document is a record (its title names a proposal (SEP-1: Events)): its names are its proposal's or its time's",
      ]);
      expect(coverageLine(report)).toBe("judged 4 of 5 documented mentions; 1 not judged (see --format json summary.coverage)");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("summary.coverage: paths (reference/missing-path)", () => {
  test("every backticked path is judged (found or reported) or counted not judged, and the last line says so", async () => {
    const { mkdirSync } = await import("node:fs");
    const root = mkdtempSync(join(tmpdir(), "docpact-coverage-"));
    mkdirSync(join(root, "docs"));
    writeFileSync(join(root, "package.json"), JSON.stringify({ name: "p" }));
    writeFileSync(join(root, "docs/a.md"), "# A\n");
    writeFileSync(
      join(root, "README.md"),
      "# p\n\nSee `docs/a.md` and `docs/gone.md`; `other/x.md` is elsewhere.\n\nFor example, `docs/example-page.md` would do.\n",
    );
    try {
      const report = await check({ root });
      expect(report.diagnostics.filter((d) => d.rule === "reference/missing-path").map((d) => `${d.line}:${d.column}`)).toEqual(["3:21"]);
      expect(report.summary.coverage?.paths).toEqual({ found: 4, judged: 2, notJudged: 2 });
      expect(coverageLine(report)).toContain("judged 2 of 4 paths; 2 not judged");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
