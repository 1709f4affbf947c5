import rule from "../../compiler/rules/cli/unknown-command.js";
import { tester } from "../helpers/rule-tester.js";
import { CLI, cliProject, lineOf } from "./cli-project.js";

const at = (i: number, column: number) => ({ line: lineOf(i), column });

/** A commander-like class of the project's own: docpact reads no adapter for it. */
const HOME_MADE = `class Program {
  command(spec: string): this {
    void spec;
    return this;
  }
}
export const extra = new Program().command("deploy <env>");
`;
const OPEN_BY_HOME_MADE =
  'open command list: `.command("deploy <env>")` registers a command through an object no CLI adapter reads (its file imports no known CLI framework)';

tester.run(rule, {
  valid: [
    {
      name: "known paths and sub-commands, arguments of a command that takes them, global flags before words, the bare binary, help",
      files: cliProject([
        "aw flow advance",
        "aw flow advance --json",
        "aw flow",
        "aw --verbose flow status",
        "aw session 42 extra words",
        "aw close <id>",
        "aw inbox list --unread",
        "aw inbox read",
        "aw",
        "aw --help",
      ]),
    },
    {
      name: "placeholders, quoted words and `--` end the command path",
      files: cliProject(['aw "quoted" anything', "aw <command>", "aw flow <verb>", 'aw flow "advance"', "aw flow -- nonsense"]),
    },
    {
      name: "commander's implicit help command under every command with sub-commands: `aw help`, `aw help flow`, `aw flow help advance`",
      files: cliProject(["aw help", "aw help flow", "aw flow help advance", "aw inbox help"]),
    },
    {
      name: "two programs parsing their own arguments (a scaffolder beside the tool) merge their roots: a first word is not judged",
      files: {
        ...cliProject(["aw my-app", "aw flow advance"]),
        "src/create.ts": 'import { Command } from "commander";\nnew Command().name("create-aw").argument("[dir]").option("--tag <t>").parse(process.argv);\n',
      },
      notJudged: [{ line: 1, column: 5 }],
    },
    { name: "code without commands: nothing to compare against", files: cliProject(["aw bogus"], "export const x = 1;\n") },
    {
      name: 'a `.command("…")` registration no adapter reads (a home-made class, no CLI framework imported) opens the top-level list: first words are not judged',
      files: { ...cliProject(["aw deploy prod", "aw bogus"]), "src/extra.ts": HOME_MADE },
      notJudged: [
        { line: lineOf(0), reason: OPEN_BY_HOME_MADE },
        { line: lineOf(1), reason: OPEN_BY_HOME_MADE },
      ],
    },
    {
      name: "a record of the past (an archive folder, a page whose banner says it is historical) names the commands of its time: one the code no longer has is counted, not judged; one it has is judged",
      files: {
        ...cliProject([]),
        "docs/archive/old.md": "# Old\n\nRun `aw bogus` to start.\n\nThen `aw flow advance`.\n",
        "docs/guia.md": "# Guía\n\n> ⚠️ **HISTÓRICO.** Se conserva como registro.\n\nRun `aw tasks-data`.\n",
      },
      notJudged: [
        {
          file: "docs/archive/old.md",
          line: 3,
          reason: "the document is a record (it is kept under archive/, a folder of the past): its commands are its time's",
        },
        { file: "docs/guia.md", line: 5, reason: `the document is a record (its banner says so: "HISTÓRICO"): its commands are its time's` },
      ],
    },
    {
      name: "a command the line says was removed or renamed, or one under a heading about other versions, is of another version: counted if the code lacks it, judged if it has it",
      files: {
        ...cliProject([]),
        "docs/guide.md": [
          "# Guide",
          "",
          "- `aw multi` and `aw single` have been removed in favor of `aw flow advance`.",
          "- `aw hook` is now `aw flow status`.",
          "",
          "## Breaking changes",
          "",
          "Run `aw legacy-sync` no more.",
          "",
        ].join("\n"),
      },
      notJudged: [
        { file: "docs/guide.md", line: 3, reason: "a command whose paragraph says it was removed or renamed" },
        { file: "docs/guide.md", line: 3, reason: "a command whose paragraph says it was removed or renamed" },
        { file: "docs/guide.md", line: 4, reason: "a command whose paragraph says it was removed or renamed" },
        { file: "docs/guide.md", line: 8, reason: "a command under a heading about other versions (`Breaking changes`)" },
      ],
    },
  ],
  invalid: [
    {
      name: "the same commands where the line says nothing of another version and no heading over them is about one: unknown",
      files: {
        ...cliProject([]),
        "docs/guide.md": [
          "# Guide",
          "",
          "- `aw multi` runs them all.",
          "- `aw hook` is handy.",
          "",
          "## Changes",
          "",
          "Run `aw legacy-sync` or `aw legacy`.",
          "",
          "## Create a release [deprecated]",
          "",
          "This command is deprecated; it is no longer this page's call: `aw release-old`.",
          "",
        ].join("\n"),
      },
      // A word of a code (`aw legacy`) says nothing of a command gone: only the prose's words do. A deprecated command
      // still exists: documented while the code lacks it, it is drift ("no longer" says many things).
      errors: [
        { messageId: "unknownCommand", data: { command: "aw multi" }, line: 3 },
        { messageId: "unknownCommand", data: { command: "aw hook" }, line: 4 },
        { messageId: "unknownCommand", data: { command: "aw legacy-sync" }, line: 8 },
        { messageId: "unknownCommand", data: { command: "aw legacy" }, line: 8 },
        { messageId: "unknownCommand", data: { command: "aw release-old" }, line: 12 },
      ],
    },
    {
      name: "a fence line running the binary by its package (`npx @acme/aw`) or bin file (`node bin/aw.js`) names its command",
      files: {
        ...cliProject([]),
        "docs/guide.md": "# Guide\n\n```sh\nnpx @acme/aw flw advance\nnode bin/aw.js sesion\nnpx @acme/aw flow advance\n```\n",
        "package.json": { name: "@acme/aw", bin: { aw: "bin/aw.js" } },
      },
      errors: [
        { messageId: "unknownCommand", data: { command: "aw flw" }, suggestions: ["aw flow advance"], line: 4, column: 14 },
        { messageId: "unknownCommand", data: { command: "aw sesion" }, suggestions: ["aw session"], line: 5, column: 16 },
      ],
    },
    {
      name: "an unknown first word, with the closest known command as the suggestion when one is close",
      files: cliProject(["aw bogus", "aw flw advance", "aw sesion", "aw totally-different thing"]),
      errors: [
        { messageId: "unknownCommand", data: { command: "aw bogus" }, ...at(0, 5) },
        { messageId: "unknownCommand", data: { command: "aw flw" }, suggestions: ["aw flow advance"], ...at(1, 5) },
        { messageId: "unknownCommand", data: { command: "aw sesion" }, suggestions: ["aw session"], ...at(2, 5) },
        { messageId: "unknownCommand", data: { command: "aw totally-different" }, ...at(3, 5) },
      ],
    },
    {
      name: "a program parsing made-up arguments (a test's `parse([...])`) is no second program: the root list stays closed",
      files: {
        ...cliProject(["aw bogus"]),
        "docpact.config.json": { docs: ["docs/**/*.md"], code: { include: ["src/**/*.ts"] } },
        "src/probe.ts": 'import { Command } from "commander";\nnew Command().option("--x").parse(["node", "aw", "--x"]);\n',
      },
      errors: [{ messageId: "unknownCommand", data: { command: "aw bogus" }, ...at(0, 5) }],
    },
    {
      name: "`.helpCommand(false)` turns commander's implicit help command off",
      files: cliProject(["aw help"], CLI.replace("program.parse();", "program.helpCommand(false);\nprogram.parse();")),
      errors: [{ messageId: "unknownCommand", data: { command: "aw help" }, ...at(0, 5) }],
    },
    {
      name: "with the top-level list open, a known command's closed sub-commands are still judged",
      files: { ...cliProject(["aw flow advanse"]), "src/extra.ts": HOME_MADE },
      errors: [{ messageId: "unknownCommand", data: { command: "aw flow advanse" }, suggestions: ["aw flow advance"], ...at(0, 10) }],
    },
    {
      name: "a word that names no sub-command of a command without arguments, at the word",
      files: cliProject(["aw flow advanse --json", "aw inbox lst", "aw flow zzzzzz"]),
      errors: [
        { messageId: "unknownCommand", data: { command: "aw flow advanse" }, suggestions: ["aw flow advance"], ...at(0, 10) },
        { messageId: "unknownCommand", data: { command: "aw inbox lst" }, suggestions: ["aw inbox list"], ...at(1, 11) },
        { messageId: "unknownCommand", data: { command: "aw flow zzzzzz" }, ...at(2, 10) },
      ],
    },
  ],
});
