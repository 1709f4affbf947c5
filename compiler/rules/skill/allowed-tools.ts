import type { SkillEntry } from "../../model/skills.js";
import { toolOf } from "../../model/skills.js";
import { defineRule } from "../types.js";

const PLUGIN = (readme: string) => ({
  ".claude-plugin/plugin.json": JSON.stringify({ name: "w" }),
  "commands/plan.md": "---\ndescription: Plan.\nallowed-tools: [Bash, Read]\n---\n\nPlan.\n",
  "commands/spec.md": "---\ndescription: Spec.\nallowed-tools: Bash, Read, Write\n---\n\nSpec.\n",
  "commands/README.md": readme,
});

const dirOf = (p: string) => (p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : "");

/** The entries a document in `dir` speaks of: command files beside it, skills in a folder beside it. */
function beside(entries: readonly SkillEntry[], doc: string): SkillEntry[] {
  const dir = dirOf(doc);
  return entries.filter((e) => e.file !== doc && (dirOf(e.file) === dir || (e.kind === "skill" && dirOf(dirOf(e.file)) === dir)));
}

const list = (es: readonly SkillEntry[]) => {
  const names = es.map((e) => `\`${e.name}\``);
  return names.length <= 3 ? names.join(", ") : `${names.slice(0, 3).join(", ")} and ${names.length - 3} more`;
};

/** A sentence's claim about the `allowed-tools` of the commands or skills beside it, against their front matter. */
export default defineRule({
  meta: {
    id: "skill/allowed-tools",
    defaultSeverity: "error",
    wholeModel: { consults: ["skills"] },
    description:
      "A document says the `allowed-tools` of the commands or skills beside it always (or never) hold a tool, and their front matter says otherwise.",
    explanation:
      'A bundle\'s README often states a convention about its entries\' front matter ("`allowed-tools` always includes `Skill`", "`Skill` is not in `allowed-tools`"), and the convention drifts when the entries change. ' +
      "docpact reads such sentences: a line that names `allowed-tools` in inline code and says a tool in inline code is always included (always/must include, list, contain) or is not (is not in, never includes). " +
      "Its subject is the bundle's entries beside the document: command files in the same folder and skills in a folder of it, those whose front matter has `allowed-tools` " +
      "(an item such as `Bash(git add:*)` grants `Bash`). A claim without a condition is an error when one of them contradicts it; a claim the line restricts (when, if, unless, only) " +
      "is an error only when every one of them contradicts it, and otherwise is counted as not judged. With no such entry beside the document the claim is counted as not judged.",
    messages: {
      notIncluded: "the docs say `allowed-tools` always includes `{{tool}}`, but the `allowed-tools` of {{which}} {{verb}} not list it",
      included: "the docs say `allowed-tools` does not hold `{{tool}}`, but the `allowed-tools` of {{which}} {{verb}} list it",
    },
    examples: {
      bad: PLUGIN("# Commands\n\nEach command's `allowed-tools` always includes `Write`.\n"),
      good: PLUGIN("# Commands\n\nEach command's `allowed-tools` always includes `Read`; `Skill` is not in `allowed-tools`.\n"),
    },
    example: {
      bad: '"`allowed-tools` always includes `Skill`" in commands/README.md while no command beside it lists `Skill`.',
      fix: "Say what the front matter holds (or add the tool to the commands that need it).",
    },
  },
  check(ctx) {
    const bundle = ctx.model.skills;
    if (!bundle) return;
    const kind = { kind: "toolClaims" };
    for (const c of bundle.toolClaims ?? []) {
      const subjects = beside(bundle.entries, c.file);
      const known = subjects.filter((e) => e.allowedTools !== null);
      if (known.length === 0) {
        ctx.notJudged(
          c.span,
          subjects.length === 0
            ? "no command or skill of the bundle sits beside this document: the claim's subject is unknown"
            : "no command or skill beside this document has `allowed-tools` in its front matter",
          kind,
        );
        continue;
      }
      const holds = (e: SkillEntry) => (e.allowedTools ?? []).some((t) => toolOf(t) === c.tool);
      const against = known.filter((e) => holds(e) !== c.present);
      const wrong = c.conditional ? against.length === known.length : against.length > 0;
      if (!wrong && against.length > 0) {
        ctx.notJudged(
          c.span,
          `a claim the line restricts (when/if/unless/only): ${against.length} of the ${known.length} entries beside it contradict it, the others agree`,
          kind,
        );
        continue;
      }
      ctx.judged(c.span, "toolClaims");
      if (!wrong) continue;
      ctx.report({
        span: c.span,
        messageId: c.present ? "notIncluded" : "included",
        data: { tool: c.tool, which: list(against), verb: against.length === 1 ? "does" : "do" },
        related: against.slice(0, 3).map((e) => ({
          file: e.file,
          line: e.span.line,
          column: e.span.column,
          message: `\`${e.name}\` allows ${(e.allowedTools ?? []).map((t) => `\`${t}\``).join(", ") || "no tool"}`,
        })),
      });
    }
  },
});
