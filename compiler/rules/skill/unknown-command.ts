import { closest } from "../../util/edit-distance.js";
import { removalText } from "../../model/history.js";
import { type BareResolution, entryDirs, entryLeaf, entryNames, goneEntry, resolveBare } from "../../model/skills.js";
import { pastRecordReason } from "../../util/past-records.js";
import { defineRule } from "../types.js";

const PLUGIN = {
  ".claude-plugin/plugin.json": JSON.stringify({ name: "w" }),
  "commands/export-reports.md": "---\ndescription: Export reports.\nargument-hint: [--since <id>] [--audience <gerencia|tecnica>]\n---\n\nExport.\n",
};

/** Why a bare `/name` that resolves to nothing is not judged: a user's own command or a newer built-in are never known completely. */
function bareReason(name: string, r: Exclude<BareResolution, { kind: "entry" | "builtin" }>, bareCommands: boolean): string {
  if (r.kind === "placeholder") return `\`${name}\` is an example name, not a command`;
  if (r.kind === "ambiguous") return `\`${name}\` without a namespace is a command of several plugins (${r.plugins.join(", ")})`;
  const where = r.enclosing
    ? `no command of plugin \`${r.enclosing}\` or of any other plugin here`
    : bareCommands
      ? "none of .claude/commands or the plugins here"
      : "no command of the plugins here";
  return `a slash command without a namespace that is ${where}, nor a Claude Code built-in docpact lists: it may be a user's command or a newer built-in`;
}

/** A slash command written in the docs that the bundle does not define. */
export default defineRule({
  meta: {
    id: "skill/unknown-command",
    defaultSeverity: "error",
    wholeModel: { consults: ["skills", "history"] },
    description: "A slash command in the docs names a command the project's skill bundle does not define.",
    explanation:
      "A slash command renamed or deleted in a plugin keeps living in the README and the other skills. " +
      "docpact reads the bundle's layout (a plugin's `.claude-plugin/plugin.json` and its commands folder, a marketplace's plugins, `.claude/commands`, skills folders) " +
      "and judges each `/namespace:command` written in inline code or at the start of a fenced line whose namespace is one of the project's plugins: " +
      "that plugin's commands and skills are a closed set. A `/name` without a namespace is judged only when it is one of the project's `.claude/commands`; " +
      "otherwise it may be a built-in or a user's command and is counted as not judged, and a namespace that is no plugin of this project is counted as not judged too. " +
      "In a git work tree the commit that removed or renamed the command's file is given as evidence. " +
      "A command the plugin lacks named in a record of the past (a changelog, release notes, a file named by its date) was right when it was written: counted as not judged.",
    messages: {
      unknownCommand: "unknown slash command `{{name}}`: plugin `{{namespace}}` defines no such command",
    },
    examples: {
      bad: { ...PLUGIN, "README.md": "Run `/w:export-report --since 3`.\n" },
      good: { ...PLUGIN, "README.md": "Run `/w:export-reports --since 3`.\n" },
    },
    example: { bad: "Run `/w:export-report` (the command file is `commands/export-reports.md`).", fix: "Use the command's name: `/w:export-reports`." },
  },
  check(ctx) {
    const bundle = ctx.model.skills;
    if (!bundle) return;
    if (bundle.entries.length === 0) {
      for (const m of bundle.slashMentions)
        if (m.form !== "prose") ctx.notJudged(m.span, "the skill bundle's layout is not one docpact knows", { kind: "slashCommands" });
      return;
    }
    const names = entryNames(bundle, "any");
    const namespaces = new Set(bundle.namespaces);
    const dirs = entryDirs(bundle, "command");
    for (const m of bundle.slashMentions) {
      if (m.form === "prose") continue;
      if (names.has(m.name)) {
        ctx.judged(m.span, "slashCommands");
        continue;
      }
      if (m.namespace === null) {
        const r = resolveBare(bundle, names, m.name, m.file);
        if (r.kind === "entry" || r.kind === "builtin") ctx.judged(m.span, "slashCommands");
        else ctx.notJudged(m.span, bareReason(m.name, r, bundle.bareCommands), { kind: "slashCommands" });
        continue;
      }
      if (!namespaces.has(m.namespace)) {
        ctx.notJudged(m.span, `slash command namespace \`${m.namespace}\` is no plugin of this project`, { kind: "slashCommands" });
        continue;
      }
      const past = pastRecordReason(m.file);
      if (past) {
        ctx.notJudged(m.span, `\`${m.name}\` is no command of plugin \`${m.namespace}\` now, named in ${past}`, { kind: "slashCommands" });
        continue;
      }
      const leaf =
        m.name
          .slice(m.namespace.length + 2)
          .split(":")
          .pop() ?? "";
      const gone = goneEntry(ctx.model.history, "command", leaf, dirs);
      const own = [...names.keys()].filter((n) => n.startsWith(`/${m.namespace}:`));
      const renamed = gone?.kind === "renamed" && gone.to ? `/${m.namespace}:${entryLeaf("command", gone.to)}` : null;
      const suggestion = renamed && names.has(renamed) ? renamed : closest(m.name, own);
      ctx.judged(m.span, "slashCommands");
      ctx.report({
        span: m.span,
        messageId: "unknownCommand",
        data: { name: m.name, namespace: m.namespace },
        ...(suggestion ? { suggestions: [suggestion] } : {}),
        ...(gone ? { evidence: `its file ${gone.path} was ${removalText(gone)}` } : {}),
      });
    }
  },
});
