/** The skill/* rules: slash commands, their arguments and values, argument-hint vs body, skill names with git evidence. */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import unknownCommand from "../../compiler/rules/skill/unknown-command.js";
import unknownArgument from "../../compiler/rules/skill/unknown-argument.js";
import hintMismatch from "../../compiler/rules/skill/hint-mismatch.js";
import unknownSkill from "../../compiler/rules/skill/unknown-skill.js";
import { runPipeline } from "../../compiler/pipeline.js";
import { tester } from "../helpers/rule-tester.js";

const plugin = (extra: Record<string, string> = {}) => ({
  ".claude-plugin/plugin.json": JSON.stringify({ name: "w", commands: "./skills/w/commands/", skills: "./skills/" }),
  "package.json": JSON.stringify({ name: "x" }),
  "skills/w/SKILL.md": "---\nname: w\ndescription: The bundle.\n---\n\n# w\n",
  "skills/w/commands/export-reports.md":
    "---\ndescription: Export reports.\nargument-hint: [--sessions <ids>] [--since <id>] [--audience <gerencia|tecnica>] [--dry-run]\n---\n\nRead `../exports/export-reports/SKILL.md` and follow it with $ARGUMENTS.\n\nSee also `../../../README.md`.\n",
  "skills/w/commands/quick.md": "---\ndescription: A quick task.\n---\n\nDo it.\n",
  "skills/w/exports/export-reports/SKILL.md":
    "---\nname: export-reports\ndescription: Reports.\n---\n\n## Inputs\n\n```\n/w:export-reports [--sessions NNN[,NNN]] [--since sessionNNN]\n                  [--audience gerencia|tecnica] [--dry-run]\n```\n",
  ...extra,
});

/** A marketplace of two plugins: `a` has deploy and shared, `b` has shared. */
const market = (extra: Record<string, string> = {}) => ({
  ".claude-plugin/marketplace.json": JSON.stringify({
    name: "m",
    plugins: [
      { name: "a", source: "./plugins/a" },
      { name: "b", source: "./plugins/b" },
    ],
  }),
  "plugins/a/.claude-plugin/plugin.json": JSON.stringify({ name: "a" }),
  "plugins/a/commands/deploy.md": "---\ndescription: Deploy.\nargument-hint: [--env <staging|prod>]\n---\n\nDeploy.\n",
  "plugins/a/commands/shared.md": "---\ndescription: Shared.\n---\n\nA.\n",
  "plugins/b/.claude-plugin/plugin.json": JSON.stringify({ name: "b" }),
  "plugins/b/commands/shared.md": "---\ndescription: Shared.\n---\n\nB.\n",
  ...extra,
});

tester.run(unknownCommand, {
  valid: [
    {
      name: "a gone command named in release notes or a dated plan is counted, not reported (it existed then)",
      files: plugin({ "RELEASE-NOTES.md": "- Use `/w:export-report` now.\n", "docs/plans/2025-11-28-x.md": "Run `/w:old`.\n" }),
      notJudged: [
        {
          file: "RELEASE-NOTES.md",
          line: 1,
          reason:
            "`/w:export-report` is no command of plugin `w` now, named in a changelog or release notes, which name what existed when each entry was written",
        },
        {
          file: "docs/plans/2025-11-28-x.md",
          line: 1,
          reason: "`/w:old` is no command of plugin `w` now, named in a record dated in its file name, which names what existed on that date",
        },
      ],
    },
    {
      name: "the plugin's commands and skills, inline and on fenced lines",
      files: plugin({ "README.md": "Run `/w:export-reports`, `/w:quick` or `/w:w`.\n\n```\n/w:quick fix the typo\n```\n" }),
    },
    { name: "no bundle: slash words are nobody's", files: { "README.md": "Run `/w:bogus`.\n" } },
    {
      name: "another namespace is counted, a bare built-in (`/help`) judged, an unknown bare name counted, never reported",
      files: plugin({ "README.md": "Run `/other:thing` and `/help`, then `/frobnicate`.\n" }),
      notJudged: [
        { line: 1, reason: "slash command namespace `other` is no plugin of this project" },
        {
          line: 1,
          column: 39,
          reason:
            "a slash command without a namespace that is no command of plugin `w` or of any other plugin here, nor a Claude Code built-in docpact lists: it may be a user's command or a newer built-in",
        },
      ],
    },
    {
      name: "a bare /name beside .claude/commands is its own when listed, else not judged",
      files: { ".claude/commands/deploy.md": "---\ndescription: Deploy.\n---\n", "README.md": "Run `/deploy` then `/ship`.\n" },
      notJudged: [
        {
          line: 1,
          column: 21,
          reason:
            "a slash command without a namespace that is none of .claude/commands or the plugins here, nor a Claude Code built-in docpact lists: it may be a user's command or a newer built-in",
        },
      ],
    },
    {
      name: "a bare /name resolves to the enclosing plugin, then to the one plugin having it; two plugins: ambiguous; an example name is no command",
      files: market({
        "README.md": "Use `/deploy`, `/shared`, `/your-command` and `/my-cmd`.\n",
        "plugins/a/README.md": "Use `/shared` and `/clear`.\n",
      }),
      notJudged: [
        { file: "README.md", line: 1, column: 17, reason: "`/shared` without a namespace is a command of several plugins (a, b)" },
        { file: "README.md", line: 1, column: 28, reason: "`/your-command` is an example name, not a command" },
        { file: "README.md", line: 1, column: 48, reason: "`/my-cmd` is an example name, not a command" },
      ],
    },
  ],
  invalid: [
    {
      name: "a command the plugin does not define, with the closest one",
      files: plugin({ "README.md": "Run `/w:export-report --sessions 3`.\n\n```\n/w:quik now\n```\n" }),
      errors: [
        { messageId: "unknownCommand", data: { name: "/w:export-report", namespace: "w" }, line: 1, column: 6, suggestions: ["/w:export-reports"] },
        { messageId: "unknownCommand", data: { name: "/w:quik", namespace: "w" }, line: 4, column: 1, suggestions: ["/w:quick"] },
      ],
    },
    {
      name: "nested .claude/commands: /ns:name is judged against the project's own when a plugin of that name exists",
      files: {
        ".claude-plugin/plugin.json": JSON.stringify({ name: "ops" }),
        "commands/deploy.md": "---\ndescription: d\n---\n",
        "README.md": "Use `/ops:deploy` not `/ops:ship`.\n",
      },
      errors: [{ messageId: "unknownCommand", data: { name: "/ops:ship", namespace: "ops" }, line: 1 }],
    },
  ],
});

tester.run(unknownArgument, {
  valid: [
    {
      name: "declared flags and values (the body's usage line, through the SKILL.md the command hands $ARGUMENTS to)",
      files: plugin({ "README.md": "Run `/w:export-reports --since session3 --audience tecnica --dry-run`.\n" }),
    },
    {
      name: "arguments in release notes are counted, not judged",
      files: plugin({ "RELEASE_NOTES.md": "Run `/w:export-reports --period 3`.\n" }),
      notJudged: [
        {
          file: "RELEASE_NOTES.md",
          line: 1,
          reason: "arguments of `/w:export-reports` in a changelog or release notes, which name what existed when each entry was written",
        },
      ],
    },
    { name: "placeholders are never judged as values", files: plugin({ "README.md": "Run `/w:export-reports --audience <who>`.\n" }) },
    {
      name: "a command that declares nothing has an open argument set",
      files: plugin({ "README.md": "Run `/w:quick --anything`.\n" }),
      notJudged: [{ line: 1, reason: "`/w:quick` declares no arguments (an open set)" }],
    },
    { name: "a flag after a name that is no entry is nobody's", files: plugin({ "README.md": "`aw` takes `--json`.\n" }) },
    {
      name: "an argument-hint naming no flag takes free text: a dash word in it is counted, never reported",
      files: {
        ".claude/commands/hookify.md": "---\ndescription: Hooks.\nargument-hint: Optional specific behavior to address\n---\n\nDo it.\n",
        "README.md": "```\n/hookify Warn me when I use rm -rf\n```\n",
      },
      notJudged: [{ line: 2, reason: "`/hookify`'s argument-hint names no flag: its argument is free text" }],
    },
    {
      name: "a bare /name resolved to a plugin's command is judged against its declaration; a built-in's arguments are counted",
      files: market({ "plugins/a/README.md": "Run `/deploy --env prod` and `/compact --focus x`.\n" }),
      notJudged: [{ line: 1, reason: "`/compact` is a Claude Code built-in: docpact does not know its arguments" }],
    },
    {
      name: "a usage synopsis against a hint alone: judged where they agree, not judged where they differ (either may be stale)",
      files: {
        ".claude/commands/x.md": "---\ndescription: x\nargument-hint: [--a] [--mode <fast|slow>]\n---\n\nDo x.\n",
        "README.md": "```\n/x [--a] [--b <v>] [--mode fast|slow]\n```\n",
      },
      notJudged: [{ line: 2, column: 11, reason: "a usage synopsis of `/x` set against its argument-hint alone: either may be the stale one" }],
    },
  ],
  invalid: [
    {
      name: "a hint naming only a bracketed positional (`[file-path|component-name]`) closes the flag set: a passed flag is reported",
      files: {
        ".claude/commands/review.md": '---\ndescription: Review.\nargument-hint: "[file-path|component-name]"\n---\n\nReview.\n',
        "README.md": "```\n/review --file src/a.tsx\n```\n",
      },
      errors: [{ messageId: "unknownArgument", data: { command: "/review", flag: "--file" }, line: 2 }],
    },
    {
      name: "a bare /name resolved to the one plugin having it: its undeclared flag is reported under the full name",
      files: market({ "README.md": "Run `/deploy --region eu`.\n" }),
      errors: [{ messageId: "unknownArgument", data: { command: "/deploy", flag: "--region" }, line: 1, column: 14 }],
    },
    {
      name: "an argument the command no longer declares, and a value outside the declared ones",
      files: plugin({ "README.md": "Run `/w:export-reports --period last-month`.\n\n```\n/w:export-reports --audience board\n```\n" }),
      errors: [
        { messageId: "unknownArgument", data: { command: "/w:export-reports", flag: "--period" }, line: 1, column: 24 },
        {
          messageId: "unknownValue",
          data: { command: "/w:export-reports", flag: "--audience", value: "board", values: "gerencia, tecnica" },
          line: 4,
          column: 19,
        },
      ],
    },
    {
      name: "a flag in prose right after the skill's name, in the same sentence",
      files: plugin({ "docs/x.md": "When `export-reports` runs with `--audience junta`, it is short.\n" }),
      errors: [{ messageId: "unknownValue", data: { command: "export-reports", flag: "--audience", value: "junta", values: "gerencia, tecnica" }, line: 1 }],
    },
    {
      name: "a declaration in a Flag table and in an Arguments section",
      files: {
        ".claude/skills/release/SKILL.md":
          "---\nname: release\ndescription: r\n---\n\n| Flag | What |\n| --- | --- |\n| `--tag <v>` | the tag |\n\n## Arguments\n\n- `--dry-run` — do not write\n",
        "README.md": "Run `/release --tag v1 --dry-run --push`.\n",
      },
      errors: [{ messageId: "unknownArgument", data: { command: "/release", flag: "--push" }, line: 1 }],
    },
  ],
});

/** A capability skill of the plugin (skills/w/roles/diagrams/SKILL.md, declaring nothing) with the given body. */
const role = (body: string, extra: Record<string, string> = {}) =>
  plugin({ "skills/w/roles/diagrams/SKILL.md": `---\nname: diagrams\ndescription: Diagrams.\n---\n\n${body}`, ...extra });

// Bare flags on a page about one entry (compiler/rules/skill/page-tie.ts).
tester.run(unknownArgument, {
  valid: [
    {
      name: "a bare flag the one entry the page passes arguments to declares, in prose and a table",
      files: role(
        "Composed by `export-reports` with `--since 3`.\n\n| `--audience` flag | Length |\n| --- | --- |\n| x | y |\n\nWhen `--audience tecnica`, it is long.\n",
      ),
    },
    {
      name: "a page passing arguments to two entries, or to none (only naming one), ties no bare flag: counted",
      files: role("Run `/w:quick --fast`; `export-reports` with `--since 3`.\n\nWith `--period`, it is short.\n", {
        "docs/x.md": "The `export-reports` skill writes reports.\n\nUse `--period` for a window.\n",
      }),
      notJudged: [
        { file: "docs/x.md", line: 3, reason: "a bare flag on a page that ties it to no one entry (the page passes arguments to no entry; it names 1)" },
        { file: "skills/w/roles/diagrams/SKILL.md", line: 6, reason: "`/w:quick` declares no arguments (an open set)" },
        {
          file: "skills/w/roles/diagrams/SKILL.md",
          line: 8,
          reason: "a bare flag on a page that ties it to no one entry (the page passes arguments to 2 entries)",
        },
      ],
    },
    {
      name: "a page that runs another program ties no bare flag: counted",
      files: role("Composed by `export-reports` with `--since 3`.\n\n```sh\ngit push origin\n```\n\nWith `--period`, it is short.\n"),
      notJudged: [{ line: 12, reason: "a bare flag on a page that runs another program (`git`)" }],
    },
    {
      name: "a paragraph that says the flag was dropped (Spanish too), names another tool or lists it with a foreign word: counted",
      files: role(
        "Compuesta por `export-reports` con `--since 3`.\n\nSe descarta: el flag `--period` como input.\n\nThe `--window` flag was removed.\n\nNever run git with `--amend`.\n\nAvoid `--amend`/`rebase`.\n",
      ),
      notJudged: [
        { line: 8, reason: "a bare flag whose paragraph says it was removed, renamed or deprecated" },
        { line: 10, reason: "a bare flag whose paragraph says it was removed, renamed or deprecated" },
        { line: 12, reason: "a bare flag whose paragraph names another tool" },
        { line: 14, reason: "a bare flag listed with `rebase`, a word no entry is (another tool's operations)" },
      ],
    },
    {
      name: "on an entry's own page, a flag it declares is its own; its command (which hands it $ARGUMENTS) is no other entry",
      files: plugin({
        "skills/w/exports/export-reports/SKILL.md":
          "---\nname: export-reports\ndescription: Reports.\n---\n\n## Inputs\n\n```\n/w:export-reports [--since sessionNNN] [--dry-run]\n```\n\nInvoked as `/w:export-reports`; then `/w:quick`.\n\nWith `--dry-run` it writes nothing.\n",
      }),
    },
    { name: "a page naming no entry: its bare flags are not the bundle's", files: plugin({ "docs/x.md": "Use `--period` for a window.\n" }) },
    {
      name: "a usage synopsis passes no arguments (the page may be a stale declaration): its flag table is not tied",
      files: plugin({
        "docs/x.md": "```\n/w:export-reports [--since <id>]\n```\n\n| Flag | What |\n| --- | --- |\n| `--engine` | the engine |\n",
      }),
      notJudged: [
        { file: "docs/x.md", line: 7, reason: "a bare flag on a page that ties it to no one entry (the page passes arguments to no entry; it names 1)" },
      ],
    },
  ],
  invalid: [
    {
      name: "a bare flag on a page that passes arguments to one entry only, in a table header and in prose, where that entry no longer declares it",
      files: role(
        "Composed by `export-reports` with `--since 3`.\n\n| `--period` flag | Window |\n| --- | --- |\n| x | y |\n\nWhen `--period last-month`, it is short.\n",
      ),
      errors: [
        { messageId: "unknownArgument", data: { command: "export-reports", flag: "--period" }, line: 8, column: 4 },
        { messageId: "unknownArgument", data: { command: "export-reports", flag: "--period" }, line: 12, column: 7 },
      ],
    },
    {
      name: "a command and the skill it hands $ARGUMENTS to are one entry: a page passing arguments to both ties its bare flags; a value outside the declared ones",
      files: plugin({
        "docs/x.md":
          "Run `/w:export-reports --since 3`; `export-reports` with `--dry-run` writes nothing.\n\nUse `--period` for a window, `--audience junta` for the board.\n",
      }),
      errors: [
        { messageId: "unknownArgument", data: { command: "export-reports", flag: "--period" }, line: 3 },
        { messageId: "unknownValue", data: { command: "export-reports", flag: "--audience", value: "junta", values: "gerencia, tecnica" }, line: 3 },
      ],
    },
  ],
});

tester.run(hintMismatch, {
  valid: [
    { name: "hint and body agree", files: plugin() },
    {
      name: "a body that declares nothing: the hint is not judged",
      files: { ".claude/commands/x.md": "---\ndescription: x\nargument-hint: [--a]\n---\n\nDo x.\n" },
      notJudged: [{ line: 3, reason: "`/x` declares no arguments in its body to compare the hint with" }],
    },
  ],
  invalid: [
    {
      name: "a hint flag and value the body (an EXPORT.md the command hands $ARGUMENTS to) does not declare; a body flag the hint leaves out is fine",
      files: plugin({
        "skills/w/commands/export-reports.md":
          "---\ndescription: Export reports.\nargument-hint: [--sesiones <ids>] [--audience <gerencia|junta>]\n---\n\nRead `../exports/export-reports/EXPORT.md` and follow it with $ARGUMENTS.\n",
        "skills/w/exports/export-reports/EXPORT.md":
          "# Export\n\n```\n/w:export-reports [--sessions NNN[,NNN]] [--since sessionNNN]\n                  [--audience gerencia|tecnica] [--dry-run]\n```\n",
      }),
      errors: [
        {
          messageId: "hintValue",
          data: {
            name: "/w:export-reports",
            flag: "--audience",
            value: "junta",
            values: "gerencia, tecnica",
            body: "skills/w/exports/export-reports/EXPORT.md",
          },
          line: 3,
        },
        { messageId: "hintFlag", data: { name: "/w:export-reports", flag: "--sesiones", body: "skills/w/exports/export-reports/EXPORT.md" }, line: 3 },
      ],
    },
  ],
});

tester.run(unknownSkill, {
  valid: [
    {
      name: "a skill of the plugin, by name, by plugin:name and through the Skill tool",
      files: plugin({ "README.md": "The `w` skill, `Skill: w:export-reports`, skill `export-reports`.\n" }),
    },
    {
      name: "a skill the plugin lacks, named in a dated record, is counted",
      files: plugin({ "docs/2024-01-05-notes.md": "Load `Skill: w:release`.\n" }),
      notJudged: [
        {
          file: "docs/2024-01-05-notes.md",
          line: 1,
          reason: "`w:release` is no skill of this bundle now, named in a record dated in its file name, which names what existed on that date",
        },
      ],
    },
  ],
  invalid: [
    {
      name: "plugin:name is a closed set without git; another plugin's namespace is counted",
      files: plugin({ "README.md": "Load `Skill: w:release` and `Skill: other:x`.\n" }),
      errors: [{ messageId: "unknownSkill", data: { name: "w:release" }, line: 1, column: 6 }],
      notJudged: [{ line: 1, reason: "skill namespace `other` is no plugin of this project" }],
    },
  ],
});

describe("skill/unknown-skill", () => {
  const git = (cwd: string, ...args: string[]) =>
    execFileSync("git", args, {
      cwd,
      stdio: "pipe",
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: "t",
        GIT_AUTHOR_EMAIL: "t@t",
        GIT_COMMITTER_NAME: "t",
        GIT_COMMITTER_EMAIL: "t@t",
        GIT_CONFIG_NOSYSTEM: "1",
        HOME: cwd,
      },
    });
  const write = (root: string, files: Record<string, string>) => {
    for (const [p, t] of Object.entries(files)) {
      mkdirSync(dirname(join(root, p)), { recursive: true });
      writeFileSync(join(root, p), t);
    }
  };
  const lint = async (root: string) => {
    const r = await runPipeline({ root });
    return {
      diagnostics: r.diagnostics.filter((d) => d.rule === unknownSkill.meta.id),
      notJudged: r.notJudged.filter((n) => n.rule === unknownSkill.meta.id),
      coverage: r.coverage,
    };
  };

  it("a skill git shows renamed is reported with the commit and the new name; one never in the bundle is counted, not reported", async () => {
    const root = mkdtempSync(join(tmpdir(), "docpact-skill-"));
    try {
      write(root, {
        "package.json": "{}",
        "skills/release/SKILL.md": "---\nname: release\ndescription: r\n---\n",
        "skills/sql/SKILL.md": "---\nname: sql\ndescription: s\n---\n",
      });
      git(root, "init", "-q");
      git(root, "add", "-A");
      git(root, "commit", "-qm", "first");
      renameSync(join(root, "skills/release"), join(root, "skills/release-scripts"));
      write(root, { "skills/release-scripts/SKILL.md": "---\nname: release-scripts\ndescription: r\n---\n" });
      git(root, "add", "-A");
      git(root, "commit", "-qm", "split release");
      write(root, { "README.md": "Run the `release` skill, then the `sql` skill and the ambient `creating-tools` skill (`Skill: release-scripts`).\n" });
      const { diagnostics, notJudged, coverage } = await lint(root);
      // Four skill names found: three judged (one reported), one counted not judged; none neither.
      expect(coverage.skills).toEqual({ found: 4, judged: 3, notJudged: 1 });
      expect(diagnostics.map((d) => [d.line, d.column, d.message.replace(/ in [0-9a-f]+ /, " in C "), d.suggestion])).toEqual([
        [
          1,
          9,
          "the bundle has no skill `release`; its skills/release/SKILL.md was renamed to skills/release-scripts/SKILL.md in C (split release)",
          "release-scripts",
        ],
      ]);
      expect(notJudged.map((n) => [n.line, n.reason])).toEqual([
        [1, "`creating-tools` is no skill of this bundle and git shows none removed; it may come from elsewhere"],
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("coverage of the skill surface", () => {
  it("every slash command and argument found is judged or counted not judged", async () => {
    const root = mkdtempSync(join(tmpdir(), "docpact-skillcov-"));
    try {
      const files = plugin({
        "README.md":
          "Run `/w:export-reports --since 3 --audience board`, `/w:quick --x`, `/w:gone`, `/other:thing --y` and `/help`.\n\nThe `export-reports` skill with `--dry-run`.\n\nNever `push` with `--force`.\n",
      });
      for (const [f, t] of Object.entries(files)) {
        mkdirSync(dirname(join(root, f)), { recursive: true });
        writeFileSync(join(root, f), t);
      }
      const r = await runPipeline({ root });
      const rules = r.diagnostics.filter((d) => d.rule.startsWith("skill/")).map((d) => [d.rule, d.line, d.column]);
      expect(rules).toEqual([
        ["skill/unknown-argument", 1, 34],
        ["skill/unknown-command", 1, 70],
      ]);
      // Slash commands: export-reports and quick judged (known), gone judged (reported), the SKILL.md's own usage line judged, help judged (a built-in); other counted.
      expect(r.coverage.slashCommands).toEqual({ found: 6, judged: 5, notJudged: 1 });
      // Arguments: --since, --audience and the usage synopsis's four, two on its continued line (the declaration itself) judged;
      // --x (quick declares nothing), --y (unknown namespace) counted; the prose `--dry-run` after `export-reports` judged;
      // `--force` after `push`, no entry of the bundle, is no skill argument at all.
      expect(r.coverage.skillArguments).toEqual({ found: 9, judged: 7, notJudged: 2 });
      expect(r.coverage.skills).toEqual({ found: 1, judged: 1, notJudged: 0 });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
