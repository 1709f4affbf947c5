/** skill/allowed-tools: a README's claim about the allowed-tools of the entries beside it, against their front matter. */
import allowedTools from "../../compiler/rules/skill/allowed-tools.js";
import { tester } from "../helpers/rule-tester.js";

const bundle = (readme: string, extra: Record<string, string> = {}) => ({
  ".claude-plugin/plugin.json": JSON.stringify({ name: "w" }),
  "commands/plan.md": "---\ndescription: Plan.\nallowed-tools: [Bash, Read]\n---\n\nPlan.\n",
  "commands/spec.md": "---\ndescription: Spec.\nallowed-tools: Bash(git add:*), Read, Write\n---\n\nSpec.\n",
  "commands/README.md": readme,
  ...extra,
});

tester.run(allowedTools, {
  valid: [
    {
      name: "a tool every command lists (Bash(git add:*) grants Bash), and one none lists, said so",
      files: bundle("# Commands\n\n`allowed-tools` always includes `Bash` and `Read`. `Skill` is **not** in `allowed-tools`.\n"),
    },
    {
      name: "a restricted claim some entries agree with is counted, not judged",
      files: bundle("`allowed-tools` always includes `Write` when the command writes.\n"),
      notJudged: [{ line: 1, reason: "a claim the line restricts (when/if/unless/only): 1 of the 2 entries beside it contradict it, the others agree" }],
    },
    {
      name: "no entry beside the document: the subject is unknown",
      files: bundle("", { "docs/guide.md": "`allowed-tools` always includes `Skill`.\n" }),
      notJudged: [{ file: "docs/guide.md", line: 1, reason: "no command or skill of the bundle sits beside this document: the claim's subject is unknown" }],
    },
    {
      name: "entries without allowed-tools in their front matter are not judged",
      files: {
        ".claude-plugin/plugin.json": JSON.stringify({ name: "w" }),
        "commands/plan.md": "---\ndescription: Plan.\n---\n",
        "commands/README.md": "`allowed-tools` always includes `Skill`.\n",
      },
      notJudged: [{ file: "commands/README.md", line: 1, reason: "no command or skill beside this document has `allowed-tools` in its front matter" }],
    },
    { name: "a line without `allowed-tools` claims nothing", files: bundle("The `plan` command always includes `Skill` calls.\n") },
  ],
  invalid: [
    {
      name: "always includes a tool no command lists, even when restricted (the seed's drift)",
      files: bundle("| `allowed-tools:` | YAML list; always includes `Skill` when a loop/export skill is invoked |\n"),
      errors: [{ messageId: "notIncluded", data: { tool: "Skill", which: "`/w:plan`, `/w:spec`", verb: "do" }, line: 1, column: 49 }],
    },
    {
      name: "an unconditional claim one command contradicts; a tool claimed absent that one lists",
      files: bundle("`allowed-tools` always includes `Write`.\n\n`Write` is not in `allowed-tools`.\n"),
      errors: [
        { messageId: "notIncluded", data: { tool: "Write", which: "`/w:plan`", verb: "does" }, line: 1 },
        { messageId: "included", data: { tool: "Write", which: "`/w:spec`", verb: "does" }, line: 3 },
      ],
    },
  ],
});
