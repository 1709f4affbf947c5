/**
 * What `init` says about an agent skill bundle: the layouts found (the same
 * detection the read stage uses, compiler/readers/skills/layout.ts), how many
 * skills and commands each registers, and the SKILL.md files of no known
 * layout. The bundle needs no configuration; this only tells what was read.
 */
import { readFileSync } from "../util/input-fs.js";
import { join } from "node:path";
import { agentFiles } from "../readers/skills/files.js";
import { detectLayout, type PluginManifest } from "../readers/skills/layout.js";

const LAYOUT_WORDS: Record<string, string> = {
  plugin: "plugin",
  "claude-skills": ".claude/skills",
  "claude-commands": ".claude/commands",
  "package-skills": "the package's skills/",
};

export function describeSkills(root: string, files: readonly string[]): string[] {
  const all = [...new Set([...files, ...agentFiles(root, files)])].sort();
  const layout = detectLayout(all, (p) => {
    try {
      const v = JSON.parse(readFileSync(join(root, p), "utf8")) as unknown;
      return v && typeof v === "object" && !Array.isArray(v) ? (v as PluginManifest) : null;
    } catch {
      return null;
    }
  });
  const out: string[] = [];
  if (layout.entries.length === 0 && layout.unknown.length === 0)
    return ["no skill bundle (.claude/skills, .claude/commands, .claude-plugin manifests, a package's skills/<name>/SKILL.md) found"];
  const by = new Map<string, { skills: number; commands: number }>();
  for (const e of layout.entries) {
    const k = LAYOUT_WORDS[e.layout] ?? e.layout;
    const c = by.get(k) ?? { skills: 0, commands: 0 };
    if (e.kind === "skill") c.skills++;
    else c.commands++;
    by.set(k, c);
  }
  const ns = layout.namespaces.length > 0 ? ` (plugins ${layout.namespaces.map((n) => `\`${n}\``).join(", ")} from ${layout.manifests.join(", ")})` : "";
  const parts = [...by].map(([k, c]) => `${k}: ${c.skills} skill${c.skills === 1 ? "" : "s"}, ${c.commands} command${c.commands === 1 ? "" : "s"}`);
  out.push(`${parts.join("; ")}${ns}; read without configuration: slash commands, their arguments and skill names in the docs are judged (rules skill/*)`);
  for (const u of layout.unknown) out.push(`${u.file}: ${u.reason}; not judged`);
  return out;
}
