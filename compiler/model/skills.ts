/**
 * The agent skill bundle: skills (`SKILL.md`) and slash commands (command
 * files) of the layouts agent tools use today, the arguments each declares,
 * and the places the documents invoke or name them
 * (compiler/readers/skills/). Rules only look things up here.
 */
import type { Span } from "./diagnostic.js";
import { CLAUDE_CODE_BUILTINS } from "./claude-builtins.js";

/** Where an entry was found: the layout that registers it. */
export type SkillLayout = "claude-skills" | "claude-commands" | "plugin" | "package-skills";

/** One declared argument: a flag and, when the declaration lists them, its values. */
export interface SkillArgument {
  /** `--period`, `-n`. */
  flag: string;
  /** Literal alternatives (`gerencia|tecnica`); null when the value is open (`<ids>`) or the flag takes none. */
  values: string[] | null;
}

/**
 * A declaration of arguments: where it is and what it lists. A declaration
 * closes the set of flags (positional arguments stay open).
 */
export interface ArgumentDeclaration {
  /** `hint`: front matter `argument-hint`; `usage`: a fenced line starting with the entry's name; `table`: a table whose first header cell is Flag/Argument/Option; `section`: a list under an Arguments/Flags/Options heading. */
  source: "hint" | "usage" | "table" | "section";
  file: string;
  span: Span;
  args: SkillArgument[];
  /** A hint of prose words and no flag (`Optional specific behavior to address`): the argument is free text, where a dash word is prose. */
  freeText?: true;
}

export interface SkillEntry {
  kind: "skill" | "command";
  /** What a document writes: a skill's name (`release`), a command's slash name (`/w:export-reports`). */
  name: string;
  /** Other names the same entry answers to (a skill's front matter `name`, `/ns:skill`, `/name` for a nested command). */
  aliases: string[];
  layout: SkillLayout;
  file: string;
  span: Span;
  description: string | null;
  allowedTools: string[] | null;
  /** The parsed `argument-hint`, or null when there is none. */
  hint: ArgumentDeclaration | null;
  /** What the body declares (its own usage line, table or section, else the one Markdown file it hands `$ARGUMENTS` to); null: none. */
  body: ArgumentDeclaration | null;
  /** The Markdown file (a SKILL.md, an EXPORT.md) the body hands `$ARGUMENTS` to, when it does. */
  delegatesTo: string | null;
}

/** A bundle file docpact saw but whose layout it does not know: its names are not judged. */
export interface UnknownSkillFile {
  file: string;
  reason: string;
}

/** A slash command written in a document: `/w:export-reports --period x`. */
export interface SlashMention {
  file: string;
  span: Span;
  /** `/w:export-reports`. */
  name: string;
  /** `w`, or null for `/name`. */
  namespace: string | null;
  source: "inline" | "fence";
  /** `prose`: a flag in inline code after the entry's name in the same sentence (`` `export-diagrams` with `--scope data` ``), not an invocation. */
  form?: "prose";
  /** A usage synopsis (`/w:x [--a <v>] [--b]`: flags in brackets), which declares as much as it invokes. */
  synopsis?: true;
  args: { flag: string; value: string | null; span: Span }[];
}

/** A skill named in prose: "the `release` skill", "skill `x`", `` `Skill: x` ``. */
export interface SkillNameMention {
  file: string;
  span: Span;
  name: string;
}

/** A sentence's claim about the `allowed-tools` of the entries beside it: "`allowed-tools` always includes `Skill`", "`Skill` is not in `allowed-tools`". */
export interface ToolClaim {
  file: string;
  /** The tool's inline code. */
  span: Span;
  /** `Skill`, `Bash`. */
  tool: string;
  /** true: claimed always present; false: claimed absent. */
  present: boolean;
  /** The line restricts the claim (when/if/unless/only after it): it holds only for some entries. */
  conditional: boolean;
}

export interface SkillBundle {
  entries: SkillEntry[];
  /** Plugin namespaces (plugin.json `name`) whose commands are listed completely. */
  namespaces: string[];
  /** Each plugin's root folder (root-relative, `""` for the repository root): a document inside one belongs to that plugin. */
  pluginRoots?: { name: string; root: string }[];
  /** Manifests read (plugin.json, marketplace.json), root-relative. */
  manifests: string[];
  /** Whether the project has `.claude/commands` (bare `/name` commands are its own). */
  bareCommands: boolean;
  unknown: UnknownSkillFile[];
  slashMentions: SlashMention[];
  skillMentions: SkillNameMention[];
  /** Sentences claiming what the entries' `allowed-tools` hold (./readers/skills/mentions.ts toolClaims). */
  toolClaims?: ToolClaim[];
}

/** The tool an `allowed-tools` item grants: `Bash(git add:*)` → `Bash`, `mcp__x__y` as is. */
export function toolOf(item: string): string {
  const p = item.indexOf("(");
  return (p === -1 ? item : item.slice(0, p)).trim();
}

/** Every name each entry answers to, by kind. */
export function entryNames(bundle: SkillBundle, kind: SkillEntry["kind"] | "any"): Map<string, SkillEntry> {
  const out = new Map<string, SkillEntry>();
  for (const e of bundle.entries) {
    if (kind !== "any" && e.kind !== kind) continue;
    for (const n of [e.name, ...e.aliases]) if (!out.has(n)) out.set(n, e);
  }
  return out;
}

/** The arguments an entry accepts: its body's declaration, else its hint; null when open. */
export function declaredArguments(e: SkillEntry): ArgumentDeclaration | null {
  return e.body ?? e.hint;
}

/**
 * What git says about a gone skill or command: the newest removal of a path
 * that registered `leaf` (`<dir>/<leaf>/SKILL.md` for a skill, `<dir>/<leaf>.md`
 * for a command) in one of `dirs`, the folders that hold this bundle's entries of that kind now.
 */
export function goneEntry(
  history: import("./history.js").GitHistory | null | undefined,
  kind: SkillEntry["kind"],
  leaf: string,
  dirs: ReadonlySet<string>,
): import("./history.js").PathRemoval | null {
  if (!history) return null;
  let best: import("./history.js").PathRemoval | null = null;
  for (const d of dirs) {
    const path = kind === "skill" ? `${d === "" ? "" : `${d}/`}${leaf}/SKILL.md` : `${d === "" ? "" : `${d}/`}${leaf}.md`;
    const r = history.removals.get(path);
    if (r && (!best || r.path < best.path)) best = r;
  }
  return best;
}

/** The folders that hold the bundle's entries of a kind (a skill's parent folder, a command's folder). */
export function entryDirs(bundle: SkillBundle, kind: SkillEntry["kind"]): Set<string> {
  const out = new Set<string>();
  for (const e of bundle.entries) {
    if (e.kind !== kind) continue;
    const parts = e.file.split("/");
    parts.pop();
    if (kind === "skill") parts.pop();
    out.add(parts.join("/"));
  }
  return out;
}

/** The leaf of a renamed entry's new path (`…/release-scripts/SKILL.md` → `release-scripts`). */
export function entryLeaf(kind: SkillEntry["kind"], path: string): string {
  const parts = path.split("/");
  return kind === "skill" ? (parts[parts.length - 2] ?? "") : (parts[parts.length - 1] ?? "").replace(/\.md$/, "");
}

/** What a bare `/name` (no namespace) stands for, in the order Claude Code's own lookup suggests. */
export type BareResolution =
  /** The enclosing plugin's command or skill, or the one plugin of the repository that has it. */
  | { kind: "entry"; entry: SkillEntry; name: string; how: "enclosing" | "only-plugin" }
  | { kind: "builtin" }
  /** A name written as an example (`/your-command`, `/my-cmd`): never a command. */
  | { kind: "placeholder" }
  | { kind: "ambiguous"; plugins: string[] }
  /** `enclosing`: the plugin whose folder holds the mention, if any. */
  | { kind: "unresolved"; enclosing: string | null };

/** Words only an example name is made of (`/your-command`, `/my-cmd`, `/command-name`, `/foo`). */
const PLACEHOLDER_WORD = /^(?:your|my|example|sample|some|foo|bar|baz|name|cmd|command|xxx|x)$/;

export function isPlaceholderCommand(name: string): boolean {
  const words = name.replace(/^\//, "").split(/[-_:]/);
  return words[0] === "your" || words[0] === "my" || words.every((w) => PLACEHOLDER_WORD.test(w));
}

/** The plugin whose root folder holds `file` (the deepest root), or null. */
export function enclosingPlugin(bundle: SkillBundle, file: string): string | null {
  let best: { name: string; root: string } | null = null;
  for (const p of bundle.pluginRoots ?? []) {
    const inside = p.root === "" || file.startsWith(`${p.root}/`);
    if (inside && (!best || p.root.length > best.root.length)) best = p;
  }
  return best?.name ?? null;
}

/**
 * Resolves a bare `/name` that no entry answers to directly: the enclosing
 * plugin's `/<plugin>:name`, else the one plugin defining it (two or more:
 * ambiguous), else a Claude Code built-in (./claude-builtins.ts).
 */
export function resolveBare(bundle: SkillBundle, names: ReadonlyMap<string, SkillEntry>, name: string, file: string): BareResolution {
  const leaf = name.slice(1);
  const enclosing = enclosingPlugin(bundle, file);
  if (enclosing) {
    const own = `/${enclosing}:${leaf}`;
    const e = names.get(own);
    if (e) return { kind: "entry", entry: e, name: own, how: "enclosing" };
  }
  const having = bundle.namespaces.filter((ns) => names.has(`/${ns}:${leaf}`));
  if (having.length === 1) {
    const full = `/${having[0]}:${leaf}`;
    return { kind: "entry", entry: names.get(full)!, name: full, how: "only-plugin" };
  }
  if (having.length > 1) return { kind: "ambiguous", plugins: having };
  if (CLAUDE_CODE_BUILTINS.has(name)) return { kind: "builtin" };
  if (isPlaceholderCommand(name)) return { kind: "placeholder" };
  return { kind: "unresolved", enclosing };
}
