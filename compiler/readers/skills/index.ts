/**
 * The skill-bundle reader: the layout (./layout.ts), each entry's front
 * matter and declared arguments (./entry.ts), skill files inside a detected
 * skill's folder (bundled sub-skills, named by front matter `name`), and the
 * documents' mentions of commands and skills (./mentions.ts). Every file is
 * read through the read stage's door; a manifest that does not parse is an
 * unknown layout, never a guess.
 */

import type { SkillBundle, SkillEntry } from "../../model/skills.js";
import type { MarkdownDoc } from "../../model/types.js";
import { isProblem, readSource } from "../../read-input.js";
import { frontMatterBlock, parseFrontMatter } from "../../util/front-matter.js";
import { readEntry } from "./entry.js";
import { agentFiles } from "./files.js";
import { detectLayout, type LayoutEntry, type PluginManifest } from "./layout.js";
import { proseArguments, skillNameMentions, slashMentions, toolClaims } from "./mentions.js";

/** `binaries`: the CLI's names (config `cli.binaries`): a bare usage line starting with one runs the binary (./arguments.ts). */
export function readSkills(
  root: string,
  listed: readonly string[],
  docs: readonly MarkdownDoc[],
  texts: ReadonlyMap<string, string>,
  binaries: readonly string[] = [],
): SkillBundle {
  const cli = new Set(binaries);
  const extra = agentFiles(root, listed);
  const files = extra.length === 0 ? listed : [...new Set([...listed, ...extra])].sort();
  const read = new Map<string, string | null>();
  const textOf = (file: string): string | null => {
    const known = texts.get(file);
    if (known !== undefined) return known;
    if (read.has(file)) return read.get(file)!;
    const r = readSource(root, file);
    const t = isProblem(r) ? null : r.text;
    read.set(file, t);
    return t;
  };
  const badManifests: string[] = [];
  const manifest = (file: string): PluginManifest | null => {
    const t = textOf(file);
    try {
      const v = t === null ? null : (JSON.parse(t) as unknown);
      if (v && typeof v === "object" && !Array.isArray(v)) return v as PluginManifest;
    } catch {
      // fall through
    }
    badManifests.push(file);
    return null;
  };
  // Entries are the documents in scope (config `docs`) and the agent folders discover skips: a plugin
  // among test fixtures or vendored code outside the docs globs is not this project's bundle.
  const inScope = new Set(docs.map((d) => d.file));
  const found = detectLayout(files, manifest);
  const kept = found.entries.filter((e) => inScope.has(e.file) || e.file.startsWith(".claude/"));
  const namespaces = found.namespaces.filter((ns) => kept.some((e) => e.layout === "plugin" && [e.name, ...e.aliases].some((n) => n.startsWith(`/${ns}:`))));
  const pluginRoots = found.pluginRoots.filter((p) => namespaces.includes(p.name));
  const layout = { ...found, entries: kept, namespaces, pluginRoots, unknown: found.unknown.filter((u) => inScope.has(u.file)) };
  const all = new Set(files);
  const has = (p: string) => all.has(p);
  const entries: SkillEntry[] = layout.entries.map((e) => readEntry(e, textOf, has, cli));
  // A SKILL.md inside a detected skill's folder is a sub-skill of the bundle, named by its front matter.
  const claimed = new Set(layout.entries.map((e) => e.file));
  for (const f of files) {
    if (!f.endsWith("/SKILL.md") || claimed.has(f) || !(inScope.has(f) || f.startsWith(".claude/"))) continue;
    const owner = layout.entries.find((e) => e.kind === "skill" && f.startsWith(`${e.file.slice(0, -"/SKILL.md".length)}/`));
    if (!owner) continue;
    const fm = parseFrontMatter(frontMatterBlock(textOf(f) ?? ""));
    const folder = f.slice(0, -"/SKILL.md".length).split("/").pop()!;
    const name = typeof fm?.name === "string" ? fm.name.trim() : folder;
    const sub: LayoutEntry = { kind: "skill", layout: owner.layout, file: f, name, aliases: name === folder ? [] : [folder] };
    entries.push(readEntry(sub, textOf, has, cli));
  }
  entries.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.name < b.name ? -1 : 1));
  const unknown = [...layout.unknown, ...badManifests.map((file) => ({ file, reason: "a plugin manifest that is not a JSON object" }))].sort((a, b) =>
    a.file < b.file ? -1 : 1,
  );
  const present = entries.length > 0 || unknown.length > 0;
  return {
    entries,
    namespaces: layout.namespaces,
    pluginRoots: layout.pluginRoots,
    manifests: layout.manifests.filter((m) => !badManifests.includes(m)),
    bareCommands: layout.bareCommands,
    unknown,
    slashMentions: present ? docs.flatMap((d) => [...slashMentions(d, texts.get(d.file) ?? ""), ...proseArguments(d, texts.get(d.file) ?? "")]) : [],
    skillMentions: present ? docs.flatMap((d) => skillNameMentions(d, texts.get(d.file) ?? "")) : [],
    toolClaims: present ? docs.flatMap((d) => toolClaims(d, texts.get(d.file) ?? "")) : [],
  };
}
