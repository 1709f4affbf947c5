/**
 * A bare flag on a page (`--diagrams` in running prose or a table, no command
 * before it) tied to the one skill or slash command the page is about, never
 * guessed: the page passes arguments to exactly one entry besides its own
 * (`` `export-diagrams` with `--scope data` ``, `/w:x --y`); a page that only
 * names entries ties nothing (a role page names the command it serves and
 * lists git's flags). A slash command that hands `$ARGUMENTS` to a skill's
 * file is that skill; a name that is also a CLI binary does not count.
 * Not tied: a flag the page's own entry declares (its own argument), one whose
 * block invokes the CLI or names one of its binaries or another tool (the
 * CLI's or that tool's: cli/unknown-flag), one on a page that runs another
 * program (a shell-fence or inline command), one its block says was removed or
 * renamed (another version's), one listed with a plain word that is no entry
 * (`push`/`--amend`: another tool's operations).
 * skill/unknown-argument judges the tied flags; cli/unknown-flag leaves them.
 */
import type { Span } from "../../model/diagnostic.js";
import { BARE_FLAG } from "../../model/mentions.js";
import { declaredArguments, entryNames, resolveBare, type SkillBundle, type SkillEntry } from "../../model/skills.js";
import type { InlineCode, MarkdownDoc } from "../../model/types.js";
import { weakMemo } from "../../util/memo.js";
import { blockCodes, inside, listForeignWord, otherTools, programsRun, saysGone, words } from "../cli/flag-context.js";

export type PageTie = { to: "entry"; entry: SkillEntry; at: Span } | { to: "none"; reason: string };

/** A bare flag of a page: its code, name, written value and the flag's own span. */
export interface PageFlag {
  code: InlineCode;
  flag: string;
  value: string | null;
  span: Span;
}

/** The entry a page's bare flags may belong to, or why none (null: the page names no entry of the bundle). */
type PageEntry = { entry: SkillEntry; at: Span } | { none: string } | null;

const byDoc = weakMemo<MarkdownDoc, { bundle: SkillBundle; binaries: readonly string[]; value: PageEntry }>("rules/skill/page-tie#byDoc");

/** The one entry (by its group: a command that hands `$ARGUMENTS` to a skill's file is that skill) a page passes arguments to; else why none, or null when it names none. */
function pageEntry(doc: MarkdownDoc, bundle: SkillBundle, binaries: readonly string[]): PageEntry {
  const memo = byDoc.get(doc);
  if (memo && memo.bundle === bundle && memo.binaries === binaries) return memo.value;
  const cli = new Set(binaries.map((b) => b.toLowerCase()));
  const names = entryNames(bundle, "any");
  const groupOf = (e: SkillEntry) => e.delegatesTo ?? e.file;
  const own = new Set([doc.file, ...bundle.entries.filter((e) => e.file === doc.file).map(groupOf)]);
  const invoked = new Map<string, SkillEntry>();
  let at: Span | null = null;
  const named = new Map<string, SkillEntry>();
  const resolve = (name: string): SkillEntry | undefined => {
    const e = names.get(name);
    if (e || !name.startsWith("/") || name.includes(":")) return e;
    const bare = resolveBare(bundle, names, name, doc.file);
    return bare.kind === "entry" ? bare.entry : undefined;
  };
  const add = (to: Map<string, SkillEntry>, e: SkillEntry | undefined, written: string) => {
    // A name that is also one of the CLI's binaries (a skill named after its CLI) names the CLI as much as the skill.
    if (!e || own.has(groupOf(e)) || cli.has(written.replace(/^\//, "").toLowerCase())) return;
    const g = groupOf(e);
    // The skill whose file the group is stands for it (a command handing it $ARGUMENTS declares what it declares).
    if (!to.has(g) || e.file === g) to.set(g, e);
  };
  for (const m of bundle.slashMentions) {
    if (m.file !== doc.file) continue;
    const e = resolve(m.name);
    // A usage synopsis (`/w:x [--a] [--b]`) declares as much as it invokes: the page may be that entry's stale declaration.
    const passes = m.args.length > 0 && !m.synopsis;
    add(passes ? invoked : named, e, m.name);
    if (passes && at === null && invoked.size > 0) at = m.span;
  }
  for (const s of bundle.skillMentions) if (s.file === doc.file) add(named, resolve(s.name), s.name);
  for (const c of doc.inlineCodes) add(named, resolve(c.value.trim()), c.value.trim());
  // Naming an entry is no evidence its flags are meant (a role page names the command it serves and lists git's flags).
  let value: PageEntry;
  if (invoked.size === 1) value = { entry: [...invoked.values()][0], at: at! };
  else if (invoked.size > 1) value = { none: `the page passes arguments to ${invoked.size} entries` };
  else if (named.size > 0) value = { none: `the page passes arguments to no entry; it names ${named.size}` };
  else value = null;
  byDoc.set(doc, { bundle, binaries, value });
  return value;
}

/** The bare flags of a page that are no argument of a slash mention already read (`` `x` with `--y` ``). */
export function pageFlags(doc: MarkdownDoc, bundle: SkillBundle): PageFlag[] {
  const taken = new Set(bundle.slashMentions.filter((m) => m.file === doc.file).flatMap((m) => m.args.map((a) => `${a.span.line}:${a.span.column}`)));
  const out: PageFlag[] = [];
  for (const c of doc.inlineCodes) {
    if (c.span.line !== c.span.endLine || taken.has(`${c.span.line}:${c.span.column}`)) continue;
    const m = BARE_FLAG.exec(c.value);
    if (!m) continue;
    const rest = /^[ =](\S+)/.exec(c.value.slice(m[1].length));
    const pad = Math.max(0, Math.floor((c.span.endColumn - c.span.column - c.value.length) / 2));
    const column = c.span.column + pad;
    out.push({
      code: c,
      flag: m[1],
      value: rest ? rest[1] : null,
      span: { file: c.span.file, line: c.span.line, column, endLine: c.span.line, endColumn: column + m[1].length },
    });
  }
  return out;
}

/**
 * What a page's bare flag is tied to; null when it is none of the bundle's business: the page names no
 * entry, the page's own entry declares the flag, or its block invokes the CLI or names a binary (cli/unknown-flag's).
 */
export function pageTie(flag: PageFlag, doc: MarkdownDoc, bundle: SkillBundle, binaries: readonly string[]): PageTie | null {
  const page = pageEntry(doc, bundle, binaries);
  if (page === null) return null;
  const ownDecl = bundle.entries.filter((e) => e.file === doc.file).map(declaredArguments);
  if (ownDecl.some((d) => d?.args.some((a) => a.flag === flag.flag))) return null;
  const block = flag.code.block;
  if (!block) return { to: "none", reason: "a bare flag whose paragraph is not known" };
  if (doc.invocations.some((i) => inside(i.span, block.span))) return null;
  const own = new Set(binaries.map((b) => b.toLowerCase()));
  const ws = words(block.text);
  if (ws.some((w) => own.has(w))) return null;
  const others = otherTools(doc, binaries);
  if (ws.some((w) => others.has(w))) return { to: "none", reason: "a bare flag whose paragraph names another tool" };
  if (saysGone(block.text)) return { to: "none", reason: "a bare flag whose paragraph says it was removed, renamed or deprecated" };
  const known = new Set(bundle.entries.flatMap((e) => [e.name, ...e.aliases].map((n) => n.replace(/^\/(?:[\w-]+:)?/, "").toLowerCase())));
  const foreign = listForeignWord(flag.flag, block.text, known, blockCodes(doc, block.span));
  if (foreign !== null) return { to: "none", reason: `a bare flag listed with \`${foreign}\`, a word no entry is (another tool's operations)` };
  const run = programsRun(doc, binaries)[0];
  if (run) return { to: "none", reason: `a bare flag on a page that runs another program (\`${run.word}\`)` };
  if ("none" in page) return { to: "none", reason: `a bare flag on a page that ties it to no one entry (${page.none})` };
  return { to: "entry", entry: page.entry, at: page.at };
}

/**
 * The flags a page passes to an entry of the bundle in prose (`` `export-diagrams` with `--scope data` ``), by
 * `line:column`: the entry's arguments, judged by skill/unknown-argument, never a CLI's.
 */
export function proseEntryArguments(doc: MarkdownDoc, bundle: SkillBundle): Map<string, string> {
  const names = entryNames(bundle, "any");
  const out = new Map<string, string>();
  for (const m of bundle.slashMentions) {
    if (m.file !== doc.file || m.form !== "prose" || !names.has(m.name)) continue;
    for (const a of m.args) out.set(`${a.span.line}:${a.span.column}`, m.name);
  }
  return out;
}
