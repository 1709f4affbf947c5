import rule from "../../compiler/rules/cli/unknown-flag.js";
import { tester } from "../helpers/rule-tester.js";
import { CLI, cliProject, lineOf, toolAndCommanderScaffolder, toolAndScaffolder } from "./cli-project.js";

const at = (i: number, column: number) => ({ line: lineOf(i), column });

/** The commander CLI of cliProject with a guide written out (prose, sections, help listings). */
const withGuide = (guide: string) => ({ ...cliProject([]), "docs/guide.md": guide });
/** The CLI with an `install` command of its own (`aw self install --target <t> --keep`) and a guide installing with it. */
const installGuide = (target: string, keep: string) => ({
  ...cliProject([], CLI.replace("program.parse();", 'program.command("self").command("install").option("--target <t>").option("--keep");\nprogram.parse();')),
  "docs/guide.md": [
    "# Guide",
    "",
    "## Bundled skill",
    "",
    `Install it into your host with \`${target}\`:`,
    "",
    "```sh",
    "aw self install --target claude",
    "```",
    "",
    "### Per-host install matrix",
    "",
    "Then `aw flow status` shows it.",
    "",
    `Opt out with \`${keep}\`.`,
    "",
  ].join("\n"),
});

tester.run(rule, {
  valid: [
    {
      name: "option headings under a heading that is no command path are the binary's: some command must accept them",
      files: withGuide(["# Reference", "", "Run `aw flow status`.", "", "## Advancing", "", "#### -n, --dry-run", "", "#### --hard", ""].join("\n")),
    },
    {
      name: "own flags, the program's flags anywhere, help and version, =value, short clusters, after `--`",
      files: cliProject([
        "aw flow advance --json",
        "aw flow status --dry-run -n",
        "aw flow reset --hard --json",
        "aw session --verbose --code=abc",
        "aw session --session <id>",
        "aw flow advance --help",
        "aw -h",
        "aw session --version",
        "aw tar -rf",
        "aw tar -f10",
        "aw flow advance -- --anything",
      ]),
    },
    { name: "an unknown command is cli/unknown-command's to report, not its flags", files: cliProject(["aw bogus --nope"]) },
    {
      name: "a flag prefix named in prose (`--no-`) is no flag",
      files: withGuide(["# Guide", "", "Run `aw flow advance --json`. Flags can be negated by prefixing them with `--no-`.", ""].join("\n")),
    },
    {
      name: "prose, sections and help listings: flags tied by their context; other tools' flags and untied ones are not judged",
      files: withGuide(
        [
          "# Guide",
          "",
          "Run `aw flow advance` with `--dry-run` to preview; `aw` takes `--verbose` anywhere.",
          "",
          "After `aw flow reset`, push with `git push` and `--force-with-lease`.",
          "",
          "Run `aw session` under Node.js with `--inspect`. Install `aw` with `--save-dev`.",
          "",
          "Pass `--frobnicate` to taste.",
          "",
          "`aw inbox list` shows the mail; the session command gains `--code`.",
          "",
          "## Safe git",
          "",
          "Check out with `aw flow advance`; never `--amend` or `--no-verify`.",
          "",
          "```text",
          "Usage: aw inbox list [options]",
          "",
          "Options:",
          "  -h, --help   help",
          "  --unread     only unread",
          "```",
          "",
          "```text",
          "Usage: aw frobnicate [options]",
          "  --zzz   nobody's",
          "```",
          "",
        ].join("\n"),
      ),
    },
    {
      name: "a flag its paragraph ties to nothing: not judged where its section runs another program or shows a command not judged, its paragraph says it was removed, or its page is an upgrade guide or shows CSS (where one the CLI accepts is judged)",
      files: {
        ...withGuide(
          [
            "# Guide",
            "",
            "`aw flow advance` moves on.",
            "",
            "## Committing",
            "",
            "```sh",
            "$ git commit -m x",
            "Done",
            "```",
            "",
            "Never pass `--amend` here.",
            "",
            "`--colour` was removed in 2.0.",
            "",
            "### Fix style with `--fix`",
            "",
            "This runs `eslint --fix` for you.",
            "",
          ].join("\n"),
        ),
        "docs/style.md": [
          "# Style",
          "",
          "`aw flow advance` moves on.",
          "",
          "Add `-moz-initial` or `--brand` as you like.",
          "",
          "Pass `--json` to read the result.",
          "",
          "```css",
          "a { color: var(--brand); }",
          "```",
          "",
        ].join("\n"),
        "docs/upgrading.md": [
          "# Upgrading to 2.0",
          "",
          "`aw flow advance` moves on.",
          "",
          "Pass `--zzz` no more.",
          "",
          "The aw binary took `--qqq`.",
          "",
          "Pass `--dry-run` as before; the aw binary keeps `--json`.",
          "",
        ].join("\n"),
        "docs/other.md": ["# Other", "", "`aw flow advance` moves on.", "", "`aw bogus`", "", "Pass `--zzz` to taste.", ""].join("\n"),
      },
      notJudged: [
        { file: "docs/guide.md", line: 12, reason: "a flag whose section runs another program (`git`)" },
        { file: "docs/guide.md", line: 14, reason: "a flag whose paragraph says it was removed, renamed or deprecated" },
        { file: "docs/guide.md", line: 16, reason: "a flag whose section runs another program (`eslint`)" },
        { file: "docs/other.md", line: 7, reason: "a flag whose section shows an invocation that is not judged" },
        { file: "docs/style.md", line: 5, reason: "a dash word no CLI flag is written as (`-moz-initial`), its paragraph and section naming no binary" },
        {
          file: "docs/style.md",
          line: 5,
          reason: "a flag-like code on a page showing CSS (a custom property is written `--x`), its paragraph and section naming no binary",
        },
        { file: "docs/upgrading.md", line: 5, reason: "a flag whose paragraph and section name no binary, on a page about upgrading or changes" },
        { file: "docs/upgrading.md", line: 7, reason: "a flag beside the binary's name on a page about upgrading or changes" },
      ],
    },
    {
      name: "in a skill's own SKILL.md, a prose flag the skill declares is its argument, not the CLI command's invoked in the paragraph",
      files: {
        ...cliProject([]),
        "docpact.config.json": { docs: ["docs/**/*.md", "skills/**/*.md"], code: { include: ["src/**/*.ts"] } },
        ".claude-plugin/plugin.json": JSON.stringify({ name: "w", skills: "./skills/" }),
        "skills/manuals/SKILL.md":
          "---\nname: manuals\ndescription: m\n---\n\n| Flag | What |\n| --- | --- |\n| `--topics <a,b>` | limit |\n\nFor each session (`aw flow advance --json`): read it. Filter by `--topics` when given.\n",
      },
      notJudged: [
        { file: "skills/manuals/SKILL.md", line: 8, reason: "an argument `manuals` declares (skill/unknown-argument judges it)" },
        { file: "skills/manuals/SKILL.md", line: 10, reason: "an argument `manuals` declares (skill/unknown-argument judges it)" },
      ],
    },
    {
      name: "a flag passed to a skill in prose, and a bare flag on a page that passes arguments to that skill alone, are the skill's (skill/unknown-argument), not the CLI's invoked elsewhere on the page",
      files: {
        ...cliProject([]),
        "docpact.config.json": { docs: ["docs/**/*.md", "skills/**/*.md"], code: { include: ["src/**/*.ts"] } },
        ".claude-plugin/plugin.json": JSON.stringify({ name: "w", skills: "./skills/" }),
        "skills/manuals/SKILL.md": "---\nname: manuals\ndescription: m\n---\n\n| Flag | What |\n| --- | --- |\n| `--topics <a,b>` | limit |\n",
        "skills/roles/x/SKILL.md":
          "---\nname: x\ndescription: x\n---\n\nComposed by `manuals` with `--topics a`.\n\nSee `aw flow advance --json`.\n\nWith `--chapters` it splits.\n",
      },
      notJudged: [
        { file: "skills/roles/x/SKILL.md", line: 6, reason: "an argument passed to `manuals` (skill/unknown-argument judges it)" },
        { file: "skills/roles/x/SKILL.md", line: 10, reason: "an argument of `manuals`, the one entry the page is about (skill/unknown-argument judges it)" },
      ],
    },
    {
      name: "a page that gives a slash command flags or shows its usage, and a page under a heading naming another tool: their loose flags are nobody's here",
      files: {
        ...cliProject([]),
        "docpact.config.json": { docs: ["docs/**/*.md", "skills/**/*.md", "commands/*.md"], code: { include: ["src/**/*.ts"] } },
        ".claude-plugin/plugin.json": JSON.stringify({ name: "w", skills: "./skills/" }),
        "commands/report.md": "---\ndescription: Report.\nargument-hint: [--since <id>]\n---\n\nReport.\n",
        "skills/report/EXPORT.md":
          "# report\n\nRenders with `--engine`.\n\n## Runtime\n\nNumbering: `aw flow status`.\n\n## Usage\n\n```\n/w:report [--since <id>]\n```\n\n| Flag | What |\n| --- | --- |\n| `--audience` | who |\n",
        "skills/git/ROLE.md": "# git — git-safe capability\n\n## Knowledge\n\nRun `aw flow status` first.\n\n### Message format\n\nNever pass `--no-verify`.\n",
        "docs/guide.md": "# Guide\n\nRun `aw flow advance`.\n\n## Rules\n\nThey never commit, merge, push, `--amend`, or `--no-verify`.\n",
      },
      notJudged: [
        { file: "docs/guide.md", line: 7, reason: "a flag listed with `commit`, a word no command of the CLI is (another tool's operations)" },
        { file: "docs/guide.md", line: 7, reason: "a flag listed with `commit`, a word no command of the CLI is (another tool's operations)" },
        { file: "skills/git/ROLE.md", line: 9, reason: "a flag under a heading that names another tool (`git`)" },
        { file: "skills/report/EXPORT.md", line: 3, reason: "a flag whose page passes flags to a slash command too (`/w:report`)" },
        { file: "skills/report/EXPORT.md", line: 17, reason: "a flag whose page passes flags to a slash command too (`/w:report`)" },
      ],
    },
    {
      name: "a page with a slash command's usage synopsis (continued on a second line): a loose flag it declares is that command's, wherever on the page; one neither it nor the CLI takes is not judged",
      files: {
        ...cliProject([]),
        "docpact.config.json": { docs: ["skills/**/*.md", "commands/*.md"], code: { include: ["src/**/*.ts"] } },
        ".claude-plugin/plugin.json": JSON.stringify({ name: "w", skills: "./skills/" }),
        "commands/report.md": "---\ndescription: Report.\nargument-hint: [--since <id>]\n---\n\nReport.\n",
        "skills/report/EXPORT.md": [
          "# report",
          "",
          "## Usage",
          "",
          "```",
          "/w:report [--since <id>]",
          "          [--skip] [--dry-run]",
          "```",
          "",
          "| Flag | What |",
          "| --- | --- |",
          "| `--skip` | skip the loose files |",
          "",
          "## Flow",
          "",
          "Run `aw flow status`.",
          "",
          "Then read the loose files (unless `--skip`), or pass `--bogus`.",
          "",
        ].join("\n"),
      },
      notJudged: [
        {
          file: "skills/report/EXPORT.md",
          line: 18,
          reason: "a flag the CLI does not accept, on a page passing flags to `/w:report`: it may be an argument no declaration of it lists",
        },
      ],
    },
    {
      name: "a shell fence's comment runs nothing, and a line starting with one of the CLI's commands runs the CLI: neither makes the page's loose flags another tool's",
      files: withGuide(
        [
          "# Guide",
          "",
          "```sh",
          "# fix a bug first",
          "aw flow status",
          "```",
          "",
          "If you fix the file, pass `--dry-run`.",
          "",
          "## Starting over",
          "",
          "```sh",
          "reset --hard",
          "```",
          "",
          "Then `--hard` drops the local state.",
          "",
        ].join("\n"),
      ),
      notJudged: [],
    },
    {
      name: "a package runner's prefix named alone (`yarn exec`, `deno x`) runs no other program: the page's loose flags stay the binary's",
      files: withGuide(
        [
          "# Guide",
          "",
          "Run `aw flow advance`.",
          "",
          "Prefix it with `yarn exec` or `deno x` to run a local copy.",
          "",
          "## Output",
          "",
          "Pass `--json` for machine output.",
          "",
        ].join("\n"),
      ),
      notJudged: [],
    },
    {
      name: "an install word puts a flag in a package manager's mouth before it in its sentence only; a command of three lowercase words runs another program",
      files: withGuide(
        [
          "# Guide",
          "",
          "Run `aw flow advance`.",
          "",
          "## Setup",
          "",
          "Install it with `--save-dev`. Then pass `--json` to read the output, after it has been installed.",
          "",
          "## Hosts",
          "",
          "The host arms it with `codex plugin install`. `--bypass-trust` is per invocation.",
          "",
        ].join("\n"),
      ),
      notJudged: [
        { file: "docs/guide.md", line: 7, reason: "a flag whose paragraph names another tool (`install`)" },
        { file: "docs/guide.md", line: 11, reason: "a flag whose paragraph names another tool (`codex`)" },
      ],
    },
    {
      name: "against a paragraph or heading naming another tool, a flag whose sentence names the binary or that links to a page of these docs is judged when the CLI accepts it",
      files: withGuide(
        [
          "# Guide",
          "",
          "Run `aw flow advance` under Node.js. As of 2.0, aw supports `--json` there; aw hands `--inspect` to node.",
          "",
          "## Node flags",
          "",
          "Pass [`--dry-run`](./reference.md#--dry-run) first, then `--trace-warnings`.",
          "",
        ].join("\n"),
      ),
      notJudged: [
        { file: "docs/guide.md", line: 3, reason: "a flag whose paragraph names another tool (`node`)" },
        { file: "docs/guide.md", line: 7, reason: "a flag whose section heading names another tool (`node`)" },
      ],
    },
    {
      name: "a paragraph saying flags were removed, or beside an invocation not judged: a flag the CLI accepts is judged, any other counted",
      files: withGuide(
        ["# Guide", "", "`--json` replaced the old output; `--zzz` was removed.", "", "After `aw bogus`, pass `--json` or `--qqq`.", ""].join("\n"),
      ),
      notJudged: [
        { file: "docs/guide.md", line: 3, reason: "a flag whose paragraph says it was removed, renamed or deprecated" },
        { file: "docs/guide.md", line: 5, reason: "a flag beside an invocation that is not judged" },
      ],
    },
    {
      name: "an install word where the section (or one holding it) runs the CLI's own `install` command speaks of that command: its flags are judged",
      files: installGuide("--target", "--keep"),
      notJudged: [],
    },
    {
      name: "a flag a slash command on the page declares, in a paragraph invoking the CLI but outside the invoking sentence, is the command's",
      files: {
        ...cliProject([]),
        "docpact.config.json": { docs: ["skills/**/*.md", "commands/*.md"], code: { include: ["src/**/*.ts"] } },
        ".claude-plugin/plugin.json": JSON.stringify({ name: "w", skills: "./skills/" }),
        "commands/report.md": "---\ndescription: Report.\nargument-hint: [--topics <a,b>]\n---\n\nReport.\n",
        "skills/report/EXPORT.md":
          "# report\n\n```\n/w:report [--topics <a,b>]\n```\n\nRead each session (`aw flow status --json`). Filter by `--topics` when present.\n",
      },
      notJudged: [],
    },
    {
      name: "`npm create aw` runs the initializer `create-aw`, another program than `aw`: the page's loose flags are not judged",
      files: withGuide(
        [
          "# Guide",
          "",
          "```sh",
          "$ npm create aw@latest",
          "```",
          "",
          "Pass `--no-interactive` to skip the prompts.",
          "",
          "Then run `aw flow advance`.",
          "",
        ].join("\n"),
      ),
      notJudged: [{ file: "docs/guide.md", line: 7, reason: "a flag whose section runs another program (`create-aw`)" }],
    },
    {
      name: "binaries whose bin files are different programs: a loose flag on a page invoking both is not judged",
      files: {
        ...withGuide(["# Guide", "", "Run `aw flow advance`, or `aw-lite flow status`.", "", "## Tips", "", "Pass `--verbos` for more output.", ""].join("\n")),
        "package.json": { name: "aw", bin: { aw: "bin/aw.js", "aw-lite": "bin/aw-lite.js" } },
        "bin/aw.js": "#!/usr/bin/env node\nimport '../dist/cli.js';\n",
        "bin/aw-lite.js": "#!/usr/bin/env node\nimport '../dist/lite.js';\n",
      },
      notJudged: [{ file: "docs/guide.md", line: 7, reason: "a flag whose section invokes more than one binary" }],
    },
    {
      name: "a paragraph naming a program the page runs only in an inline code (`eslint --fix`) speaks of that program's flags",
      files: withGuide(
        [
          "## Usage",
          "",
          "`aw flow advance` moves on.",
          "",
          "## Lint",
          "",
          "ESLint warns unless `--max-warnings=0` is set.",
          "",
          "## Fixing",
          "",
          "Run `eslint --fix` first.",
          "",
        ].join("\n"),
      ),
      notJudged: [{ file: "docs/guide.md", line: 7, reason: "a flag whose paragraph names another tool (`eslint`)" }],
    },
    {
      name: "a record of the past (kept under archive/) names the flags of its time: one the code no longer accepts is counted, not judged; one it accepts is judged",
      files: { ...cliProject([]), "docs/archive/old.md": "# Old\n\nRun `aw flow advance --bogus`.\n\nThen `aw flow advance --json`.\n" },
      notJudged: [
        {
          file: "docs/archive/old.md",
          line: 3,
          reason: "the document is a record (it is kept under archive/, a folder of the past): its flags are its time's",
        },
      ],
    },
    {
      name: "a paragraph naming several commands (invoked, or as a code of their own) ties its flags to them: each flag one of them accepts passes; a command named as a plain word leaves the flag to the binary",
      files: withGuide(
        [
          "# Guide",
          "",
          "`aw session` / `tar` applying `--code`/`-r`/`--session`.",
          "",
          "`aw flow advance` and `aw session` take `--dry-run` and `--code`.",
          "",
          "`aw session` applies; the inbox command gains `--unread`.",
          "",
        ].join("\n"),
      ),
    },
  ],
  invalid: [
    {
      name: "the same pages without the slash command's usage, the other tool's heading or the list: their loose flags are the binary's",
      files: {
        ...cliProject([]),
        "docpact.config.json": { docs: ["docs/**/*.md", "skills/**/*.md"], code: { include: ["src/**/*.ts"] } },
        ".claude-plugin/plugin.json": JSON.stringify({ name: "w", skills: "./skills/" }),
        "skills/report/EXPORT.md": "# report\n\nRenders with `--engine`.\n\n## Runtime\n\nNumbering: `aw flow status`.\n",
        "skills/git/ROLE.md": "# commits\n\n## Knowledge\n\nRun `aw flow status` first.\n\n### Message format\n\nNever pass `--no-verify`.\n",
        "docs/guide.md": "# Guide\n\nRun `aw flow advance`.\n\n## Rules\n\nThey never `--amend` or `--no-verify`.\n",
      },
      errors: [
        { messageId: "unknownFlag", data: { flag: "--amend", command: "aw" }, line: 7, column: 13 },
        { messageId: "unknownFlag", data: { flag: "--no-verify", command: "aw" }, line: 7, column: 26 },
        { messageId: "unknownFlag", data: { flag: "--no-verify", command: "aw" }, line: 9, column: 13 },
        { messageId: "unknownFlag", data: { flag: "--engine", command: "aw" }, line: 3, column: 15 },
      ],
    },
    {
      name: "the same paragraphs with the flag in the sentence invoking the CLI, or the install word after the flag: the binary's",
      files: {
        ...cliProject([]),
        "docpact.config.json": { docs: ["docs/**/*.md", "skills/**/*.md", "commands/*.md"], code: { include: ["src/**/*.ts"] } },
        ".claude-plugin/plugin.json": JSON.stringify({ name: "w", skills: "./skills/" }),
        "commands/report.md": "---\ndescription: Report.\nargument-hint: [--topics <a,b>]\n---\n\nReport.\n",
        "skills/report/EXPORT.md": "# report\n\n```\n/w:report [--topics <a,b>]\n```\n\nRead each session (`aw flow status --json`) filtered by `--topics`.\n",
        "docs/guide.md": "# Guide\n\nRun `aw flow advance`.\n\n## Setup\n\nPass `--jsn` to read the output, after it has been installed.\n",
      },
      errors: [
        { messageId: "unknownFlag", data: { flag: "--jsn", command: "aw" }, line: 7, column: 7 },
        { messageId: "unknownFlag", data: { flag: "--topics", command: "aw" }, line: 7, column: 58 },
      ],
    },
    {
      name: "the same page without the slash command's usage: its loose flags are the binary's",
      files: {
        ...cliProject([]),
        "docpact.config.json": { docs: ["skills/**/*.md"], code: { include: ["src/**/*.ts"] } },
        "skills/report/EXPORT.md": "# report\n\n## Flow\n\nRun `aw flow status`.\n\nThen read the loose files (unless `--skip`), or pass `--bogus`.\n",
      },
      errors: [
        { messageId: "unknownFlag", data: { flag: "--skip", command: "aw" }, line: 7, column: 36 },
        { messageId: "unknownFlag", data: { flag: "--bogus", command: "aw" }, line: 7, column: 55 },
      ],
    },
    {
      name: "a paragraph naming several commands (invoked, or as a code of their own): a flag none of them accepts is reported, even when another command of the binary accepts it",
      files: withGuide(
        [
          "# Guide",
          "",
          "`aw session` / `tar` applying `--code`/`-r`/`--hard`.",
          "",
          "`aw flow advance` and `aw session` take `--dry-run` and `--unread`.",
          "",
        ].join("\n"),
      ),
      errors: [
        { messageId: "unknownFlagOfSeveral", data: { flag: "--hard", commands: "`aw session`, `aw tar`" }, line: 3, column: 46 },
        { messageId: "unknownFlagOfSeveral", data: { flag: "--unread", commands: "`aw flow advance`, `aw session`" }, line: 5, column: 58 },
      ],
    },
    {
      name: "a scaffolder beside the tool whose entry reaches none of the tool's command files: its flags are not judged against the tool's (cli/unread counts them); the tool's still are",
      files: toolAndScaffolder("Start with `create-tool --dir app`.\n\nThen `tool flow advance --nope`.\n\n- `--dir` of `create-tool`: where.\n"),
      errors: [{ messageId: "unknownFlag", data: { flag: "--nope", command: "tool flow advance" }, line: 3, column: 25 }],
    },
    {
      name: "a flag in prose linked to an external page is that page's program's (Node's `--max-http-header-size` on a page about the tool): not judged",
      files: withGuide(
        [
          "# Guide",
          "",
          "Run `aw flow advance --json`.",
          "",
          "Or use [`--max-http-header-size`](https://nodejs.org/api/cli.html#--max-http-header-sizesize) to raise it, or `--nope`.",
          "",
        ].join("\n"),
      ),
      errors: [{ messageId: "unknownFlag", data: { flag: "--nope", command: "aw" }, line: 5, column: 112 }],
    },
    {
      name: "in a help listing's option line a single-dash word names an option (`-rf, --rf`): not read as the cluster `-r -f`, which an invocation may write",
      files: {
        ...cliProject(["aw tar -rf"]),
        "docs/help.md": ["```text", "Usage: aw tar [options]", "", "  -rf, --rf   both", "  -r          recurse", "```", ""].join("\n"),
      },
      errors: [{ messageId: "unknownFlag", data: { flag: "-rf", command: "aw tar" }, file: "docs/help.md", line: 4, column: 3 }],
    },
    {
      name: "a scaffolder beside the tool with a CLI of its own: each binary's flags are judged against its own program's, not the two roots merged",
      files: toolAndCommanderScaffolder("Start with `create-tool --tag next app`.\n\nThen `tool flow advance --tag x`.\n\nOr `create-tool --json`.\n"),
      errors: [
        { messageId: "unknownFlag", data: { flag: "--tag", command: "tool flow advance" }, line: 3, column: 25 },
        { messageId: "unknownFlag", data: { flag: "--json", command: "create-tool" }, line: 5, column: 17 },
      ],
    },
    {
      name: "`npm create tool` runs the scaffolder `create-tool`, one of the binaries: its fenced flags (after npm's `--`) and the section's loose flags are judged against the scaffolder's",
      files: toolAndCommanderScaffolder(
        [
          "# Start",
          "",
          "```sh",
          "npm create tool@latest app -- --tagg next",
          "yarn create tool app --tag next",
          "```",
          "",
          "Pass `--nope` to skip the prompts.",
          "",
          "## Use",
          "",
          "Then `tool flow advance --json`.",
          "",
        ].join("\n"),
      ),
      errors: [
        { messageId: "unknownFlag", data: { flag: "--tagg", command: "create-tool" }, line: 4, column: 31 },
        { messageId: "unknownFlag", data: { flag: "--nope", command: "create-tool" }, line: 8, column: 7 },
      ],
    },
    {
      name: "an install word over the CLI's own `install` command: a flag no command accepts is reported, in the sentence and under the heading",
      files: installGuide("--targett", "--kep"),
      errors: [
        { messageId: "unknownFlag", data: { flag: "--targett", command: "aw" }, line: 5, column: 33 },
        { messageId: "unknownFlag", data: { flag: "--kep", command: "aw" }, line: 15, column: 15 },
      ],
    },
    {
      name: "`npm init @acme/tool` runs the scaffolder package `@acme/create-tool`, one of the binaries: the section's loose flags are judged against it",
      files: {
        ...toolAndCommanderScaffolder(
          [
            "# Start",
            "",
            "```sh",
            "npm init @acme/tool app",
            "```",
            "",
            "Pass `--nope` to skip the prompts.",
            "",
            "## Use",
            "",
            "Then `tool flow advance --json`.",
            "",
          ].join("\n"),
        ),
        "package.json": { name: "tool", workspaces: ["packages/*"], bin: { tool: "bin/tool.js" } },
        "packages/create/package.json": { name: "@acme/create-tool", bin: { "create-tool": "bin.js" } },
        "packages/create/bin.js":
          'import { Command } from "commander";\nnew Command().name("create-tool").argument("[dir]").option("-t, --tag <tag>").parse(process.argv);\n',
        "docpact.config.json": { docs: ["README.md"], cli: { binaries: ["tool", "create-tool"] } },
      },
      errors: [{ messageId: "unknownFlag", data: { flag: "--nope", command: "create-tool" }, line: 7, column: 7 }],
    },
    {
      name: "option headings without backticks (`#### -n, --dry-run`) under a command reference's heading (`## flow advance`): that command's flags",
      files: withGuide(["# Reference", "", "Run `aw flow status`.", "", "## flow advance", "", "#### -n, --dry-run", "", "#### --hard", ""].join("\n")),
      errors: [{ messageId: "unknownFlag", data: { flag: "--hard", command: "aw flow advance" }, line: 9, column: 6 }],
    },
    {
      name: "an option heading listing one option's names with commas (`--dry-run, -n`): each name is a flag mention, judged where the section ties it",
      files: withGuide(
        ["# Guide", "", "## flow advance", "", "Run `aw flow advance`.", "", "### `--dry-run, -n`", "", "Preview.", "", "- `-n, --dryrun`: preview", ""].join(
          "\n",
        ),
      ),
      errors: [{ messageId: "unknownFlag", data: { flag: "--dryrun", command: "aw flow advance" }, line: 11, column: 8 }],
    },
    {
      name: "a fence line running the binary by its package (`npx @acme/aw`) or its bin file (`node ./bin/aw.js`) is an invocation: its flags are judged",
      files: {
        ...withGuide(
          [
            "# Guide",
            "",
            "```sh",
            "npx @acme/aw@latest flow status --jsn",
            "node ./bin/aw.js flow advance --dry-run --nope",
            "pnpm exec @acme/aw flow status --zz",
            "npx -p @acme/aw other --zz",
            "```",
            "",
          ].join("\n"),
        ),
        "package.json": { name: "@acme/aw", bin: { aw: "bin/aw.js" } },
      },
      errors: [
        { messageId: "unknownFlag", data: { flag: "--jsn", command: "aw flow status" }, suggestions: ["--json"], line: 4, column: 33 },
        { messageId: "unknownFlag", data: { flag: "--nope", command: "aw flow advance" }, line: 5, column: 41 },
      ],
    },
    {
      name: "in a skill's own SKILL.md, a flag it declares written in the sentence that invokes the CLI is passed to the CLI there",
      files: {
        ...cliProject([]),
        "docpact.config.json": { docs: ["docs/**/*.md", "skills/**/*.md"], code: { include: ["src/**/*.ts"] } },
        ".claude-plugin/plugin.json": JSON.stringify({ name: "w", skills: "./skills/" }),
        "skills/manuals/SKILL.md":
          "---\nname: manuals\ndescription: m\n---\n\n| Flag | What |\n| --- | --- |\n| `--topics <a,b>` | limit |\n\n`aw flow advance` applying `--json`/`--topics`. Then read it.\n",
      },
      errors: [{ messageId: "unknownFlag", data: { flag: "--topics", command: "aw flow advance" }, line: 10 }],
    },
    {
      name: "a flag tied to the binary where every command declares its flags: a `--name` literal elsewhere in the code (a test) does not make it known",
      files: {
        ...withGuide(["# Guide", "", "Run `aw flow status`.", "", "| Flag | What |", "| --- | --- |", "| `--ghost` | x |", ""].join("\n")),
        "src/cli.test.ts": 'export const argv = ["aw", "--ghost"];\n',
      },
      errors: [{ messageId: "unknownFlag", data: { flag: "--ghost", command: "aw" }, line: 7 }],
    },
    {
      name: "a skill named for the binary it teaches: its bare fence lines run the binary and its flag table is the binary's options, judged against the CLI",
      files: {
        ...cliProject([]),
        "docpact.config.json": { docs: ["docs/**/*.md", "skills/**/*.md"], code: { include: ["src/**/*.ts"] } },
        ".claude-plugin/plugin.json": JSON.stringify({ name: "w", skills: "./skills/" }),
        "skills/aw/SKILL.md":
          "---\nname: aw\ndescription: Drive aw (`--verbose`).\n---\n\n```sh\naw flow advance --json\n```\n\n| Flag | What |\n| --- | --- |\n| `--verbose` | more |\n| `--verbos` | typo |\n",
      },
      errors: [{ messageId: "unknownFlag", data: { flag: "--verbos", command: "aw" }, suggestions: ["--verbose"], line: 13 }],
    },
    {
      name: "a fence running the project's own binary by its bin file (`node ./bin/aw.js`), its package (`npx @acme/aw`) or a shell's `-c` string runs no other program",
      files: {
        ...withGuide(
          [
            "## Usage",
            "",
            "`aw flow advance` moves on.",
            "",
            "```sh",
            "node ./bin/aw.js flow status",
            "npx @acme/aw@latest flow status",
            'sh -c "aw flow reset"',
            "```",
            "",
            "Pass `--verbos` for more output.",
            "",
          ].join("\n"),
        ),
        "package.json": { name: "@acme/aw", bin: { aw: "bin/aw.js" } },
      },
      errors: [{ messageId: "unknownFlag", data: { flag: "--verbos", command: "aw" }, suggestions: ["--verbose"], line: 11, column: 7 }],
    },
    {
      name: "a page's shell fence read command by command: `VAR=x`, `sudo`, `if … then`, `sh -c \"…\"` and stack frames run no other program; another program run in one section leaves the other sections' flags to the binary",
      files: withGuide(
        [
          "## Usage",
          "",
          "Start with `aw flow advance`.",
          "",
          "```sh",
          "if FOO=1 sudo aw flow status --json; then",
          '  sh -c "aw flow advance --dry-run"',
          "fi",
          "    at Context.<anonymous> (test/a.spec.js:10:5)",
          "```",
          "",
          "## Tips",
          "",
          "Pass `--verbos` for more output.",
          "",
          "## Profiling",
          "",
          "```sh",
          "node --cpu-prof script.js",
          "```",
          "",
          "Add `--heap-prof` too.",
          "",
        ].join("\n"),
      ),
      errors: [{ messageId: "unknownFlag", data: { flag: "--verbos", command: "aw" }, suggestions: ["--verbose"], line: 14, column: 7 }],
      notJudged: [{ file: "docs/guide.md", line: 22, reason: "a flag whose page runs another program (`node`)" }],
    },
    {
      name: "binaries whose bin files only import one module are one program: a page invoking both ties a loose flag to the binary",
      files: {
        ...withGuide(
          ["# Guide", "", "Run `aw flow advance`, or `aw-bun flow status` under Bun.", "", "## Tips", "", "Pass `--verbos` for more output.", ""].join("\n"),
        ),
        "package.json": { name: "aw", bin: { aw: "bin/aw.js", "aw-bun": "bin/aw-bun.js" } },
        "bin/aw.js": "#!/usr/bin/env node\nimport '../dist/cli.js';\n",
        "bin/aw-bun.js": "#!/usr/bin/env bun\nimport '../dist/cli.js';\n",
      },
      errors: [{ messageId: "unknownFlag", data: { flag: "--verbos", command: "aw-bun" }, suggestions: ["--verbose"], line: 7, column: 7 }],
    },
    {
      name: "binaries whose entries, each a program of its own, reach the same command files (tsup and tsup-node) judge a loose flag on a page invoking both",
      files: {
        ...withGuide(
          ["# Guide", "", "Run `aw flow advance`, or `aw-node flow status` for Node.", "", "## Tips", "", "Pass `--verbos` for more output.", ""].join("\n"),
        ),
        "package.json": { name: "aw", bin: { aw: "bin/aw.js", "aw-node": "bin/aw-node.js" } },
        "bin/aw.js": "#!/usr/bin/env node\nimport { run } from '../dist/cli.js';\nimport { fail } from '../dist/errors.js';\nrun().catch(fail);\n",
        "bin/aw-node.js":
          "#!/usr/bin/env node\nimport { run } from '../dist/cli.js';\nimport { fail } from '../dist/errors.js';\nrun({ node: true }).catch(fail);\n",
        "src/errors.ts": "export const fail = (e: unknown) => console.error(e);\n",
      },
      errors: [{ messageId: "unknownFlag", data: { flag: "--verbos", command: "aw-node" }, suggestions: ["--verbose"], line: 7, column: 7 }],
    },
    {
      name: "a flag its paragraph and section tie to nothing: the page (or the nearest section showing invocations) that invokes one program ties it to the binary",
      files: {
        ...withGuide(
          [
            "# Guide",
            "",
            "Start with `agent-workflow flow advance`, the long name of `aw`.",
            "",
            "```sh",
            "$ cd project",
            "$ npm install aw",
            "$ aw flow status --json",
            "Available on: localhost",
            "```",
            "",
            "## Available tips",
            "",
            "Pass `--verbos` for more output, or `--dry-run` to preview.",
            "",
          ].join("\n"),
        ),
        // A CLI's page showing a stylesheet it formats (no custom property in it): its `--x` codes are still flags.
        "docs/format.md": ["# Format", "", "`aw flow advance` moves on.", "", "Pass `--zzz` to taste.", "", "```css", "a { color: red; }", "```", ""].join(
          "\n",
        ),
        "package.json": { name: "aw", bin: { aw: "cli.js", "agent-workflow": "cli.js" } },
      },
      errors: [
        { messageId: "unknownFlag", data: { flag: "--zzz", command: "aw" }, line: 5, column: 7, file: "docs/format.md" },
        { messageId: "unknownFlag", data: { flag: "--verbos", command: "aw" }, suggestions: ["--verbose"], line: 14, column: 7 },
      ],
    },
    {
      name: "a flag neither the command nor the program declares, with the closest flag as the suggestion when one is close",
      files: cliProject(["aw flow advance --jsn", "aw flow reset --hrd", "aw tar -rx", "aw session --verbsoe", "aw session --colour=red"]),
      errors: [
        { messageId: "unknownFlag", data: { flag: "--jsn", command: "aw flow advance" }, suggestions: ["--json"], ...at(0, 18) },
        { messageId: "unknownFlag", data: { flag: "--hrd", command: "aw flow reset" }, suggestions: ["--hard"], ...at(1, 16) },
        { messageId: "unknownFlag", data: { flag: "-rx", command: "aw tar" }, ...at(2, 9) },
        { messageId: "unknownFlag", data: { flag: "--verbsoe", command: "aw session" }, suggestions: ["--verbose"], ...at(3, 13) },
        { messageId: "unknownFlag", data: { flag: "--colour", command: "aw session" }, ...at(4, 13) },
      ],
    },
    {
      name: "a prose flag beside one command, the binary named alone, a section's command, a help listing's synopsis",
      files: withGuide(
        [
          "# Guide",
          "",
          "Run `aw flow advance` with `--dry-rn` to preview.",
          "",
          "The aw binary accepts `--verbos` with every command.",
          "",
          "## flow reset",
          "",
          "`aw flow reset --hard`",
          "",
          "Use `--hrd` to discard.",
          "",
          "```text",
          "Usage: aw inbox list [options]",
          "",
          "  --unred   only unread",
          "```",
          "",
        ].join("\n"),
      ),
      errors: [
        { messageId: "unknownFlag", data: { flag: "--dry-rn", command: "aw flow advance" }, suggestions: ["--dry-run"], line: 3, column: 29 },
        { messageId: "unknownFlag", data: { flag: "--verbos", command: "aw" }, suggestions: ["--verbose"], line: 5, column: 24 },
        { messageId: "unknownFlag", data: { flag: "--hrd", command: "aw flow reset" }, suggestions: ["--hard"], line: 11, column: 6 },
        { messageId: "unknownFlag", data: { flag: "--unred", command: "aw inbox list" }, suggestions: ["--unread"], line: 16, column: 3 },
      ],
    },
  ],
});

import { describe, expect, it } from "vitest";
import type { SurfaceIndex } from "../../compiler/rules/cli/command-match.js";
import { commandWords, listedWithForeignWord } from "../../compiler/rules/cli/flag-context.js";

describe("commandWords: the program a shell line runs", () => {
  it("skips shell keywords, assignments and sudo: the command after them is the program", () => {
    expect(commandWords("if aw flow status --json")[0]).toBe("aw");
    expect(commandWords("  then FOO=1 sudo aw x")[0]).toBe("aw");
    expect(commandWords("while true")[0]).toBe("true");
    expect(commandWords("fi")).toEqual([]);
  });
  it("a stack-trace frame invokes nothing; a real command still does", () => {
    expect(commandWords("    at Context.<anonymous> (test/a.spec.js:10:5)")).toEqual([]);
    expect(commandWords("at process.processImmediate (node:internal/timers:476:21)")).toEqual([]);
    expect(commandWords("at now")[0]).toBe("at");
  });
});

describe("listedWithForeignWord: a flag slash-joined with a word no command of the CLI is", () => {
  const index = { commands: [{ path: ["hook"] }, { path: ["hook", "branch-check"] }, { path: ["sync"] }] } as unknown as SurfaceIndex;
  it("gives the foreign word of another tool's list (`push`/`--amend`/`--no-verify`)", () => {
    expect(listedWithForeignWord("--amend", "Advises on commit policy (no push/--amend/--no-verify).", index, ["aw"])).toBe("push");
    expect(listedWithForeignWord("--force", "The rest (push/--amend/--no-verify/--force) is doctrinal.", index, ["aw"])).toBe("push");
  });
  it("gives null when every word of the list is the CLI's, or the flag is in no list", () => {
    expect(listedWithForeignWord("--force", "use sync/--force to overwrite", index, ["aw"])).toBeNull();
    expect(listedWithForeignWord("--force", "use aw/--force", index, ["aw"])).toBeNull();
    expect(listedWithForeignWord("--amend", "no push, and never --amend/--no-verify", index, ["aw"])).toBeNull();
  });
  it("reads a comma list of three or more one-word members the same way (`commit, merge, push, --amend, or --no-verify`)", () => {
    expect(listedWithForeignWord("--amend", "they never commit, merge, push, --amend, or --no-verify.", index, ["aw"])).toBe("commit");
    expect(listedWithForeignWord("--no-verify", "never commit, merge or --no-verify", index, ["aw"])).toBe("commit");
    expect(listedWithForeignWord("--force", "run hook, sync, or --force", index, ["aw"])).toBeNull();
    expect(listedWithForeignWord("--force", "pass --dry-run, then run it with --force", index, ["aw"])).toBeNull();
    // Codes of the block are arguments, not another tool's words; a list must run to its clause's end; one plain word is not enough.
    expect(listedWithForeignWord("--ignore", "locate test files (dir, pattern, --ignore, and --cwd)", index, ["aw"], new Set(["dir", "pattern"]))).toBeNull();
    expect(listedWithForeignWord("--host", "with --port or --host, such as aw x --port 8080.", index, ["aw"])).toBeNull();
    expect(listedWithForeignWord("--deep", "Scanning monorepos (workspaces, --deep, custom globs).", index, ["aw"])).toBeNull();
    expect(listedWithForeignWord("--jobs=0", "reducing the job count, e.g., --jobs=0.", index, ["aw"])).toBeNull();
  });
});

import { commandParts, shellCommand } from "../../compiler/rules/cli/flag-context.js";

describe("commandParts: the commands of a shell line, a shell's `-c` string read as what it runs", () => {
  it("splits at operators outside quotes and opens `sh -c`", () => {
    expect(shellCommand('sh -c "aw flow advance --json"')).toBe("aw flow advance --json");
    expect(shellCommand("bash -c 'aw x; git push'")).toBe("aw x; git push");
    expect(shellCommand("sh script.sh")).toBeNull();
    expect(commandParts('if sh -c ": >/dev/tty" >/dev/null; then exec >/dev/tty 2>&1; fi').map((p) => p.trim())).toEqual([
      ": >/dev/tty",
      "then exec >/dev/tty 2>&1",
      "fi",
    ]);
    expect(commandParts("bash -c 'aw x && git push' | tee log").map((p) => p.trim())).toEqual(["aw x", "git push", "tee log"]);
    // A comment ends the line, its `;` and quotes included; a `#` inside a word or quotes does not.
    expect(commandParts("aw check   # green; a new one's fine").map((p) => p.trim())).toEqual(["aw check"]);
    expect(commandParts("aw x --ref=a#b '# not'; aw y").map((p) => p.trim())).toEqual(["aw x --ref=a#b '# not'", "aw y"]);
  });
});
