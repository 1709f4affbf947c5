/** The CLI rules with the flag model, on real code: values, file arguments, kebab/camel and negated names, the default command, open sets. */
import unknownCommand from "../../compiler/rules/cli/unknown-command.js";
import unknownFlag from "../../compiler/rules/cli/unknown-flag.js";
import unmatchedConfig from "../../compiler/rules/cli/unmatched-config.js";
import { tester } from "../helpers/rule-tester.js";
import { cliProject, lineOf } from "./cli-project.js";

/** cac: a default command taking file filters, flags with values, kebab/camel, `--no-x` and dotted names. */
const CAC = `import { cac } from "cac";

const cli = cac("aw");
cli.option("--retry <n>", "attempts").option("--debug [filter]", "debug").option("--dry-run", "dry").option("--sequence <o>", "order").option("--no-splitting", "one chunk");
cli.command("[...filters]", "run the tests").alias("run");
cli.command("build", "build").option("--minify", "minify");
cli.parse();
`;
const cac = (...raws: string[]) => cliProject(raws, CAC);

/** commander: verbs added in a loop over a call (an open command list) and an option whose name does not evaluate (an open flag set). */
const OPEN = `import { Command } from "commander";

const program = new Command("aw");
program.option("--json");
const flow = program.command("flow");
for (const v of verbs()) flow.command(v);
flow.command("advance").option(process.env.FLAG ?? "--json");
program.parse();
`;
/** The same CLI with both sets closed. */
const CLOSED = `import { Command } from "commander";

const program = new Command("aw");
program.option("--json");
const flow = program.command("flow");
flow.command("advance");
program.parse();
`;

const valueAndFiles = cac("aw --retry 3 build", "aw src/foo.test.ts:10", "aw --debug hmr", "aw run --retry 2");
// cac reads a declared `--no-splitting` as the option `splitting`: `--splitting` is accepted too.
const spellings = cac("aw --dryRun", "aw --no-dry-run", "aw --sequence.shuffle", "aw build --no-minify", "aw --splitting", "aw --no-splitting");
/** commander: a declared `--no-color` alone is the negation only; `--color` is an unknown option. */
const commanderNegation = cliProject(
  ["aw --no-color", "aw --color"],
  'import { Command } from "commander";\n\nconst program = new Command("aw");\nprogram.option("--no-color");\nprogram.parse();\n',
);
const open = cliProject(["aw flow advanse", "aw flow advance --jsn"], OPEN);
const closed = cliProject(["aw flow advanse", "aw flow advance --jsn"], CLOSED);

tester.run(unknownCommand, {
  valid: [
    { name: "a flag's value and a file argument are never command words", files: valueAndFiles },
    {
      name: "a word close to a command may be an argument of the default command: not judged",
      files: cac("aw biuld"),
      notJudged: [{ line: 1, column: 5, reason: "a word close to a command may be an argument of the default command" }],
    },
    {
      name: "an open command list is not judged, and counted",
      files: open,
      notJudged: [{ line: 1, column: 10, reason: "open command list: a command spec does not evaluate: `v`" }],
    },
  ],
  invalid: [
    {
      name: "with the list closed, the word is reported",
      files: closed,
      errors: [{ messageId: "unknownCommand", data: { command: "aw flow advanse" }, suggestions: ["aw flow advance"], line: 1, column: 10 }],
    },
  ],
});

tester.run(unknownFlag, {
  valid: [
    { name: "flags with values and file arguments", files: valueAndFiles },
    { name: "kebab/camel, --no-x and dotted names where the framework accepts them", files: spellings },
    {
      name: "an open flag set is not judged, and counted",
      files: open,
      notJudged: [{ line: lineOf(1), column: 18, reason: 'open flag set: an option does not evaluate: `process.env.FLAG ?? "--json"`' }],
    },
  ],
  invalid: [
    {
      name: "a flag close to a declared one",
      files: cac("aw --retries 3"),
      errors: [{ messageId: "unknownFlag", data: { flag: "--retries", command: "aw" }, suggestions: ["--retry"], line: 1, column: 5 }],
    },
    {
      name: "with the set closed, the flag is reported",
      files: closed,
      errors: [{ messageId: "unknownFlag", data: { flag: "--jsn", command: "aw flow advance" }, suggestions: ["--json"], line: lineOf(1), column: 18 }],
    },
    {
      name: "commander's declared `--no-color` alone does not accept `--color`",
      files: commanderNegation,
      errors: [{ messageId: "unknownFlag", data: { flag: "--color", command: "aw" }, line: lineOf(1), column: 5 }],
    },
  ],
});

const registry = (commandType: string, binaries?: string[]) => ({
  "package.json": { name: "aw", bin: { aw: "cli.js" } },
  "docpact.config.json": { docs: ["docs/**/*.md"], code: { include: ["src/**/*.ts"] }, cli: { commandType, ...(binaries ? { binaries } : {}) } },
  "src/commands.ts": 'interface Command { name: string }\nexport const commands: Command[] = [{ name: "flow" }];\n',
  "docs/guide.md": "Run `aw flow`.\n",
});

tester.run(unmatchedConfig, {
  valid: [
    { name: "the configured command type declares commands", files: registry("Command") },
    { name: "every configured binary is invoked", files: registry("Command", ["aw"]) },
    {
      // A bin the project declares (an alias, a private tool, an editor's server) that no document invokes is the docs' choice, not stale config.
      name: "a configured binary no document invokes that a workspace package.json declares",
      files: { ...registry("Command", ["aw", "aw-server"]), "packages/server/package.json": { name: "@aw/server", bin: { "aw-server": "s.js" } } },
    },
  ],
  invalid: [
    {
      name: "a command type that matches nothing, at the config",
      files: registry("CliCommand"),
      errors: [
        {
          messageId: "unmatched",
          data: { what: "the configured command type `CliCommand` (cli.commandType) matches no command object in the code" },
          file: "docpact.config.json",
          line: 1,
          severity: "warning",
        },
      ],
    },
    {
      name: "a configured binary no document invokes",
      files: registry("Command", ["aw", "awx"]),
      errors: [{ messageId: "unusedBinary", data: { binary: "awx" }, file: "docpact.config.json", line: 1 }],
    },
  ],
});
