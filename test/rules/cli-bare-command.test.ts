/** cli/bare-command: command lists under a Commands heading, and `<a|b|c>` sub-verb alternations. */
import rule from "../../compiler/rules/cli/bare-command.js";
import { tester } from "../helpers/rule-tester.js";

const cli = (readme: string) => ({
  "package.json": JSON.stringify({ name: "x", bin: { aw: "cli.js" } }),
  "docpact.config.json": JSON.stringify({ code: { include: ["src/**/*.ts"] }, cli: { commandType: "CommandSpec" } }),
  "src/cli.ts":
    'interface CommandSpec { name: string; verbs?: string[] }\nexport const a = { name: "init" } satisfies CommandSpec;\nexport const b = { name: "status" } satisfies CommandSpec;\nexport const c = { name: "sync" } satisfies CommandSpec;\nexport const d = { name: "git-flow", verbs: ["sync", "to-dev", "to-qa", "to-prod"] } satisfies CommandSpec;\n',
  "README.md": `Use \`aw init\`.\n\n${readme}`,
});

tester.run(rule, {
  valid: [
    {
      name: "every entry a command, the alternation complete",
      files: cli("## Commands\n\n- `init` — set up\n- `status` — show\n- `sync` — pull\n- `git-flow <sync|to-dev|to-qa|to-prod>` — flows\n"),
    },
    {
      name: "a short list, or one mostly of other words, is not judged",
      files: cli("## Commands\n\n- `init` — set up\n- `npm` — the package manager\n\n## Other commands\n\n- `status`\n- `git` — git\n- `make`\n- `ls`\n"),
      notJudged: [{ line: 6 }, { line: 11 }, { line: 12 }, { line: 13 }],
    },
    { name: "a list under another heading is nobody's command list", files: cli("## Tools\n\n- `init`\n- `status`\n- `sync`\n- `auto-plan-decide`\n") },
  ],
  invalid: [
    {
      name: "a deleted command in the list, and an alternation with an unknown member that leaves one out",
      files: cli(
        "## Commands\n\n- `init` — set up\n- `status` — show\n- `sync` — pull\n- `git-flow <sync|to-qa|to-prod|to-moon>` — flows\n- `auto-plan-decide` — heuristic\n",
      ),
      errors: [
        { messageId: "missingMember", data: { command: "git-flow", members: "sync|to-qa|to-prod|to-moon", missing: "to-dev" }, line: 8, severity: "warning" },
        { messageId: "unknownMember", data: { member: "to-moon", command: "git-flow", verbs: "sync, to-dev, to-prod, to-qa" }, line: 8 },
        { messageId: "unknownCommand", data: { word: "auto-plan-decide" }, line: 9 },
      ],
    },
  ],
});
