import { removalText } from "../../model/history.js";
import { entryDirs, entryLeaf, entryNames, goneEntry } from "../../model/skills.js";
import { pastRecordReason } from "../../util/past-records.js";
import { defineRule } from "../types.js";

/** A skill named in the docs that the bundle once had and has no longer. */
export default defineRule({
  meta: {
    id: "skill/unknown-skill",
    defaultSeverity: "error",
    wholeModel: { consults: ["skills", "history"] },
    description: 'The docs name a skill ("the `release` skill", `Skill: release`) that the bundle removed or renamed.',
    explanation:
      "A skill renamed or split keeps being named by its old name across the README and the other skills. " +
      "docpact reads the skill names of the bundle (each skill folder's name and front matter `name`, and the SKILL.md files inside a skill's folder) " +
      'and finds skill names in prose: inline code right before or after the word skill ("the `release` skill", "skill `release`") and `` `Skill: release` ``. ' +
      "A name the bundle has is fine. A name with a plugin's namespace (`w:release`) is judged against that plugin's skills, a closed set. A name without one may come from another bundle or the user's own, so a name the bundle lacks is an error only when git shows " +
      "that this bundle had it (its SKILL.md deleted or renamed away, named in the message); otherwise it is counted as not judged. " +
      "A name the bundle lacks in a record of the past (a changelog, release notes, a file named by its date such as `docs/plans/2025-11-28-x.md`) was right when it was written: counted as not judged.",
    messages: {
      unknownSkill: "the bundle has no skill `{{name}}`",
    },
    examples: {
      bad: {
        ".claude-plugin/plugin.json": JSON.stringify({ name: "w" }),
        "skills/release-scripts/SKILL.md": "---\nname: release-scripts\ndescription: r\n---\n",
        "README.md": "Load `Skill: w:release` first.\n",
      },
      good: {
        ".claude-plugin/plugin.json": JSON.stringify({ name: "w" }),
        "skills/release-scripts/SKILL.md": "---\nname: release-scripts\ndescription: r\n---\n",
        "README.md": "Load `Skill: w:release-scripts` first.\n",
      },
    },
    example: {
      bad: "Run the `release` skill (its folder was renamed to `release-scripts`).",
      fix: "Name the skill the bundle has: the `release-scripts` skill.",
    },
  },
  check(ctx) {
    const bundle = ctx.model.skills;
    if (!bundle) return;
    const kind = { kind: "skills" };
    if (bundle.entries.length === 0) {
      for (const m of bundle.skillMentions) ctx.notJudged(m.span, "the skill bundle's layout is not one docpact knows", kind);
      return;
    }
    const names = entryNames(bundle, "skill");
    const dirs = entryDirs(bundle, "skill");
    const namespaces = new Set(bundle.namespaces);
    for (const m of bundle.skillMentions) {
      if (names.has(m.name) || names.has(`/${m.name}`)) {
        ctx.judged(m.span, "skills");
        continue;
      }
      const colon = m.name.indexOf(":");
      // `plugin:skill` with this project's plugin: that plugin's skills are listed completely.
      const own = colon !== -1 && namespaces.has(m.name.slice(0, colon));
      const leaf = colon === -1 ? m.name : m.name.slice(colon + 1);
      if (own && names.has(leaf)) {
        ctx.judged(m.span, "skills");
        continue;
      }
      if (colon !== -1 && !own) {
        ctx.notJudged(m.span, `skill namespace \`${m.name.slice(0, colon)}\` is no plugin of this project`, kind);
        continue;
      }
      const past = pastRecordReason(m.file);
      if (past) {
        ctx.notJudged(m.span, `\`${m.name}\` is no skill of this bundle now, named in ${past}`, kind);
        continue;
      }
      const gone = goneEntry(ctx.model.history, "skill", leaf, dirs);
      if (!gone && own) {
        ctx.judged(m.span, "skills");
        ctx.report({ span: m.span, messageId: "unknownSkill", data: { name: m.name } });
        continue;
      }
      if (!gone) {
        ctx.notJudged(m.span, `\`${m.name}\` is no skill of this bundle and git shows none removed; it may come from elsewhere`, kind);
        continue;
      }
      ctx.judged(m.span, "skills");
      const renamed = gone.kind === "renamed" && gone.to ? entryLeaf("skill", gone.to) : null;
      ctx.report({
        span: m.span,
        messageId: "unknownSkill",
        data: { name: m.name },
        ...(renamed && names.has(renamed) ? { suggestions: [renamed] } : {}),
        evidence: `its ${gone.path} was ${removalText(gone)}`,
      });
    }
  },
});
