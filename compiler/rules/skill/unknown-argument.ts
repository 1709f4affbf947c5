import { closest } from "../../util/edit-distance.js";
import { declaredArguments, entryNames, resolveBare } from "../../model/skills.js";
import { pastRecordReason } from "../../util/past-records.js";
import { defineRule } from "../types.js";

const PLUGIN = {
  ".claude-plugin/plugin.json": JSON.stringify({ name: "w" }),
  "commands/export-reports.md": "---\ndescription: Export reports.\nargument-hint: [--since <id>] [--audience <gerencia|tecnica>]\n---\n\nExport.\n",
};

/** A placeholder or pattern, not a literal value (`<id>`, `NNN`, `{x}`, `$ARGUMENTS`). */
const PLACEHOLDER = /[<>{}[\]$]|^[A-Z][A-Z0-9_.:-]*$/;

/** An argument or value passed to a slash command or skill in the docs that it does not declare. */
export default defineRule({
  meta: {
    id: "skill/unknown-argument",
    defaultSeverity: "error",
    wholeModel: { consults: ["skills"] },
    description: "A slash command in the docs passes an argument, or a value, that the command does not declare.",
    explanation:
      "An argument dropped from a command keeps being passed in the docs that invoke it (`/w:export-reports --period last-month` after `--period` went away). " +
      "A command or skill declares its arguments in its front matter `argument-hint`, or in its body: a fenced usage line starting with its own name, " +
      "a table whose first header cell is Flag, Argument, Option or Parameter, or a list under an Arguments, Flags or Options heading; " +
      "a command whose body hands `$ARGUMENTS` to one Markdown file (named on the line that uses `$ARGUMENTS`) takes that file's declaration. The body's declaration wins over the hint. A usage synopsis elsewhere (`/w:x [--a] [--b]`, flags in brackets) set against a hint alone is not judged: either may be the stale one. " +
      "Each flag of each slash-command invocation in the docs is judged against that closed set, and its value against the values the declaration lists " +
      "(two or more literal alternatives, `gerencia|tecnica`); a placeholder value is never judged. " +
      "A bare `/name` resolved to a plugin's command (see `skill/unknown-command`) is judged against that command's declaration; a built-in's arguments are not judged. " +
      "An argument-hint that names no flag takes free text (`/hookify warn me when I use rm -rf`): its dash words are counted as not judged. " +
      "A command or skill that declares nothing has an open argument set: its flags are counted as not judged. Commands the bundle does not define are left to `skill/unknown-command`. " +
      "Invocations in a record of the past (a changelog, release notes, a file named by its date) used the arguments of their day: counted as not judged.",
    messages: {
      unknownArgument: "`{{command}}` declares no argument `{{flag}}`",
      unknownValue: "`{{value}}` is not a value of `{{flag}}` for `{{command}}` (declared: {{values}})",
    },
    examples: {
      bad: { ...PLUGIN, "README.md": "Run `/w:export-reports --period last-month`.\n" },
      good: { ...PLUGIN, "README.md": "Run `/w:export-reports --since 3 --audience tecnica`.\n" },
    },
    example: {
      bad: "`/w:export-reports --audience board` where the command declares `--audience <gerencia|tecnica>`.",
      fix: "Pass a declared value (`--audience gerencia`), or declare the new one.",
    },
  },
  check(ctx) {
    const bundle = ctx.model.skills;
    if (!bundle) return;
    const kind = { kind: "skillArguments" };
    const names = entryNames(bundle, "any");
    for (const m of bundle.slashMentions) {
      if (m.args.length === 0) continue;
      const bare = names.has(m.name) || m.namespace !== null ? null : resolveBare(bundle, names, m.name, m.file);
      const entry = names.get(m.name) ?? (bare?.kind === "entry" ? bare.entry : undefined);
      if (!entry) {
        const why =
          bare?.kind === "builtin"
            ? `\`${m.name}\` is a Claude Code built-in: docpact does not know its arguments`
            : `\`${m.name}\` is no command or skill of this bundle: its arguments are unknown`;
        for (const a of m.args) ctx.notJudged(a.span, why, kind);
        continue;
      }
      const decl = declaredArguments(entry);
      if (!decl) {
        for (const a of m.args) ctx.notJudged(a.span, `\`${m.name}\` declares no arguments (an open set)`, kind);
        continue;
      }
      // A hint that names no flag at all ("Optional specific behavior to address") takes free text, where `rm -rf` is prose, not a flag.
      if (decl.freeText) {
        for (const a of m.args) ctx.notJudged(a.span, `\`${m.name}\`'s argument-hint names no flag: its argument is free text`, kind);
        continue;
      }
      // The declaration itself is what the others are judged against: it agrees with itself.
      if (m.file === decl.file && m.span.line === decl.span.line) {
        for (const a of m.args) ctx.judged(a.span, "skillArguments");
        continue;
      }
      const past = pastRecordReason(m.file);
      if (past) {
        for (const a of m.args) ctx.notJudged(a.span, `arguments of \`${m.name}\` in ${past}`, kind);
        continue;
      }
      if (m.synopsis && decl.source === "hint") {
        for (const a of m.args)
          ctx.notJudged(a.span, `a usage synopsis of \`${m.name}\` set against its argument-hint alone: either may be the stale one`, kind);
        continue;
      }
      const related = [{ file: decl.file, line: decl.span.line, column: decl.span.column, message: `the arguments of \`${m.name}\` are declared here` }];
      for (const a of m.args) {
        ctx.judged(a.span, "skillArguments");
        const d = decl.args.find((x) => x.flag === a.flag);
        if (!d) {
          const near = closest(
            a.flag,
            decl.args.map((x) => x.flag),
          );
          ctx.report({
            span: a.span,
            messageId: "unknownArgument",
            data: { command: m.name, flag: a.flag },
            related,
            ...(near ? { suggestions: [near] } : {}),
          });
          continue;
        }
        if (!d.values || a.value === null || PLACEHOLDER.test(a.value)) continue;
        const values = a.value.split(/[|,]/);
        const bad = values.find((v) => !d.values!.includes(v));
        if (bad === undefined) continue;
        const near = closest(bad, d.values);
        ctx.report({
          span: a.span,
          messageId: "unknownValue",
          data: { command: m.name, flag: a.flag, value: bad, values: d.values.join(", ") },
          related,
          ...(near ? { suggestions: [near] } : {}),
        });
      }
    }
  },
});
