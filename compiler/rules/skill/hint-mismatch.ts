import { defineRule } from "../types.js";

const SKILL = (hint: string) => ({
  ".claude/commands/export.md": `---\ndescription: Export.\nargument-hint: ${hint}\n---\n\nRead \`../skills/export/SKILL.md\` and follow it with $ARGUMENTS.\n`,
  ".claude/skills/export/SKILL.md":
    "---\nname: export\ndescription: Export.\n---\n\n## Flags\n\n| Flag | What |\n| --- | --- |\n| `--sessions <ids>` | which sessions |\n| `--audience gerencia\\|tecnica` | who reads it |\n",
});

/** A command's `argument-hint` names arguments its body does not declare. */
export default defineRule({
  meta: {
    id: "skill/hint-mismatch",
    defaultSeverity: "error",
    wholeModel: { consults: ["skills"] },
    description: "A command's or skill's `argument-hint` disagrees with the arguments its body declares.",
    explanation:
      "The `argument-hint` in a command's front matter is what the user sees when typing the command; the body (or the Markdown file it hands `$ARGUMENTS` to) is what parses the arguments. " +
      "When the body declares its arguments (a usage line starting with the command's name, a Flag/Argument/Option table, a list under an Arguments/Flags/Options heading), " +
      "each flag of the hint must be one the body declares, and each value the hint lists for a flag must be one the body lists for it (when both list them). " +
      "A flag the body declares and the hint leaves out is fine (a hint may abbreviate). A body that declares nothing is not judged, and neither is a hint without flags.",
    messages: {
      hintFlag: "`argument-hint` of `{{name}}` names `{{flag}}`, which {{body}} does not declare",
      hintValue: "`argument-hint` of `{{name}}` lists `{{value}}` for `{{flag}}`, which {{body}} does not (declared: {{values}})",
    },
    examples: {
      bad: SKILL("[--sesiones <ids>] [--audience <gerencia|tecnica>]"),
      good: SKILL("[--sessions <ids>] [--audience <gerencia|tecnica>]"),
    },
    example: {
      bad: "`argument-hint: [--sesiones <ids>]` while the skill the command runs declares `--sessions`.",
      fix: "Write the hint from the declaration: `argument-hint: [--sessions <ids>]`.",
    },
  },
  check(ctx) {
    const bundle = ctx.model.skills;
    if (!bundle) return;
    for (const e of bundle.entries) {
      const { hint, body } = e;
      if (!hint || hint.args.length === 0) continue;
      if (!body) {
        ctx.notJudged(hint.span, `\`${e.name}\` declares no arguments in its body to compare the hint with`);
        continue;
      }
      const where = body.file === e.file ? "its body" : body.file;
      const related = [{ file: body.file, line: body.span.line, column: body.span.column, message: "the body declares its arguments here" }];
      for (const h of hint.args) {
        const b = body.args.find((x) => x.flag === h.flag);
        if (!b) {
          ctx.report({ span: hint.span, messageId: "hintFlag", data: { name: e.name, flag: h.flag, body: where }, related });
          continue;
        }
        if (!h.values || !b.values) continue;
        for (const v of h.values) {
          if (!b.values.includes(v))
            ctx.report({
              span: hint.span,
              messageId: "hintValue",
              data: { name: e.name, flag: h.flag, value: v, values: b.values.join(", "), body: where },
              related,
            });
        }
      }
    }
  },
});
