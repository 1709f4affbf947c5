/**
 * Which files of a project are skills and slash commands, by the layouts
 * agent tools use today, detected from the file list and the manifests
 * (never guessed from a file's look):
 *
 * - Claude Code project skills: `.claude/skills/<name>/SKILL.md` → skill `<name>` (also `/<name>`);
 * - Claude Code project commands: `.claude/commands/**\/*.md` → `/<name>`, nested
 *   `.claude/commands/<ns>/<name>.md` → `/<name>` and `/<ns>:<name>`;
 * - a plugin: `<p>/.claude-plugin/plugin.json` (`name`; `commands` and `skills`
 *   paths, default `commands/` and `skills/` beside the manifest folder) →
 *   commands `/<plugin>:<name>`, skills `<skills>/<name>/SKILL.md` (also `/<plugin>:<name>`);
 *   a marketplace (`.claude-plugin/marketplace.json`) lists plugins by `source` folder, and a
 *   `skills` entry may name a folder of skills or one skill's own folder (`./skills/xlsx`);
 * - a package shipping skills: `skills/<name>/SKILL.md` beside a package.json.
 *
 * A `SKILL.md` outside these (other than the files inside a detected skill's
 * own folder) is an unknown layout: listed, never judged.
 */
import type { SkillLayout, UnknownSkillFile } from "../../model/skills.js";

export interface LayoutEntry {
  kind: "skill" | "command";
  layout: SkillLayout;
  file: string;
  name: string;
  aliases: string[];
}

/** A plugin and its root folder (root-relative, `""` for the repository root). */
export interface PluginRoot {
  name: string;
  root: string;
}

export interface Layout {
  entries: LayoutEntry[];
  namespaces: string[];
  /** Each plugin's root folder: a document inside one belongs to that plugin. */
  pluginRoots: PluginRoot[];
  manifests: string[];
  bareCommands: boolean;
  unknown: UnknownSkillFile[];
  /** Folders of detected skills: a SKILL.md below one belongs to that skill. */
  skillDirs: string[];
}

/** A plugin manifest as read (the fields layouts use). */
export interface PluginManifest {
  name?: unknown;
  commands?: unknown;
  skills?: unknown;
  plugins?: unknown;
}

const dirOf = (p: string) => (p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : "");
const baseOf = (p: string) => p.slice(p.lastIndexOf("/") + 1);

/** `a` joined with a manifest-relative `b` (`./skills/`), root-relative; null when it leaves the root. */
function joinPath(a: string, b: string): string | null {
  const out: string[] = [];
  for (const part of `${a}/${b}`.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(part);
  }
  return out.join("/");
}

const strings = (v: unknown): string[] => (typeof v === "string" ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

/**
 * The layout of a project's bundle. `files` is every path (sorted);
 * `manifest(path)` gives a manifest's parsed JSON, or null when it cannot be read.
 */
export function detectLayout(files: readonly string[], manifest: (path: string) => PluginManifest | null): Layout {
  const entries: LayoutEntry[] = [];
  const namespaces = new Set<string>();
  const roots = new Map<string, string>();
  const manifests: string[] = [];
  const skillDirs = new Set<string>();
  const claimed = new Set<string>();
  const within = (dir: string) => (dir === "" ? files : files.filter((f) => f.startsWith(`${dir}/`)));

  /** The skills `<dir>/<name>/SKILL.md`; with `only`, just that one. */
  const addSkills = (dir: string, layout: SkillLayout, ns: string | null, only?: string) => {
    for (const f of within(dir)) {
      const rel = dir === "" ? f : f.slice(dir.length + 1);
      const m = /^([^/]+)\/SKILL\.md$/.exec(rel);
      if (!m || claimed.has(f) || (only !== undefined && m[1] !== only)) continue;
      claimed.add(f);
      skillDirs.add(dirOf(f));
      entries.push({ kind: "skill", layout, file: f, name: m[1], aliases: ns ? [`/${ns}:${m[1]}`] : [`/${m[1]}`] });
    }
  };
  const addCommands = (dir: string, layout: SkillLayout, ns: string | null) => {
    for (const f of within(dir)) {
      const rel = f.slice(dir.length + 1);
      if (!rel.endsWith(".md") || claimed.has(f) || /^readme\.md$/i.test(baseOf(rel))) continue;
      const parts = rel.slice(0, -3).split("/");
      claimed.add(f);
      const leaf = parts[parts.length - 1];
      const nested = parts.slice(0, -1);
      const names = ns
        ? [`/${ns}:${[...nested, leaf].join(":")}`, ...(nested.length > 0 ? [`/${ns}:${leaf}`] : [])]
        : [`/${leaf}`, ...(nested.length > 0 ? [`/${[...nested, leaf].join(":")}`] : [])];
      entries.push({ kind: "command", layout, file: f, name: names[0], aliases: names.slice(1) });
    }
  };
  const hasDir = (dir: string) => within(dir).length > 0;

  const plugin = (root: string, file: string | null, fallbackName: string | null, entry: PluginManifest | null) => {
    const m = file ? manifest(file) : null;
    if (file && m) manifests.push(file);
    const name = typeof m?.name === "string" ? m.name : typeof entry?.name === "string" ? entry.name : fallbackName;
    if (!name) return;
    namespaces.add(name);
    if (!roots.has(root)) roots.set(root, name);
    const cmdDirs = strings(m?.commands ?? entry?.commands);
    const skDirs = strings(m?.skills ?? entry?.skills);
    for (const d of cmdDirs.length > 0 ? cmdDirs : ["commands"]) {
      const dir = joinPath(root, d);
      if (dir !== null && (hasDir(dir) || cmdDirs.length > 0)) addCommands(dir, "plugin", name);
    }
    for (const d of skDirs.length > 0 ? skDirs : ["skills"]) {
      const dir = joinPath(root, d);
      if (dir === null) continue;
      // An entry may name one skill's own folder (`./skills/xlsx`, as marketplaces with `strict: false` list them) or a folder of skills.
      if (dir !== "" && files.includes(`${dir}/SKILL.md`)) addSkills(dirOf(dir), "plugin", name, baseOf(dir));
      else addSkills(dir, "plugin", name);
    }
  };

  for (const f of files) {
    if (f === ".claude-plugin/marketplace.json" || f.endsWith("/.claude-plugin/marketplace.json")) {
      const m = manifest(f);
      if (!m) continue;
      manifests.push(f);
      const base = dirOf(dirOf(f));
      for (const p of Array.isArray(m.plugins) ? (m.plugins as PluginManifest[]) : []) {
        const src = typeof (p as { source?: unknown }).source === "string" ? (p as { source: string }).source : null;
        if (src === null) continue;
        const root = joinPath(base, src);
        if (root === null) continue;
        const own = root === "" ? ".claude-plugin/plugin.json" : `${root}/.claude-plugin/plugin.json`;
        plugin(root, files.includes(own) ? own : null, null, p);
      }
    }
  }
  for (const f of files) {
    if ((f === ".claude-plugin/plugin.json" || f.endsWith("/.claude-plugin/plugin.json")) && !manifests.includes(f)) plugin(dirOf(dirOf(f)), f, null, null);
  }
  addSkills(".claude/skills", "claude-skills", null);
  const bareCommands = hasDir(".claude/commands");
  if (bareCommands) addCommands(".claude/commands", "claude-commands", null);
  if (files.includes("package.json")) addSkills("skills", "package-skills", null);

  const dirs = [...skillDirs];
  const unknown: UnknownSkillFile[] = [];
  for (const f of files) {
    if (baseOf(f) !== "SKILL.md" || claimed.has(f)) continue;
    if (dirs.some((d) => f.startsWith(`${d}/`))) continue;
    unknown.push({
      file: f,
      reason: "a SKILL.md outside the skill layouts docpact knows (.claude/skills, a plugin's skills folder, a package's skills/<name>/)",
    });
  }
  entries.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const pluginRoots = [...roots].map(([root, name]) => ({ name, root })).sort((a, b) => (a.root < b.root ? -1 : a.root > b.root ? 1 : 0));
  return { entries, namespaces: [...namespaces].sort(), pluginRoots, manifests: [...new Set(manifests)].sort(), bareCommands, unknown, skillDirs: dirs.sort() };
}
