/**
 * What a flag written outside an invocation belongs to, decided by its
 * context and never guessed: a `--flag` in running prose, an option list or
 * table entry that its section does not tie to one command, an option line of
 * a help-output listing.
 *
 * - A help listing's option line belongs to the command its synopsis names
 *   (`Usage: tool build [options]`), when every word of the synopsis names a
 *   known sub-command (else it is not judged: the word may be an argument).
 * - A flag in a block (its paragraph, list entry's paragraph or table cell),
 *   or under a heading, that names another tool — a word or code naming a program this document
 *   runs in its shell fences, or a common runtime / package manager (`git`,
 *   `npm`, `node`, …), or that speaks of installing — is nobody's here.
 * - Else, a block that invokes exactly one command (`` `tool build` accepts
 *   `--watch` ``) and names no other command as a word ties the flag to that
 *   command; a block that names the binary
 *   (as a word or a code) but no one command ties it to the binary: the flag
 *   must then be one some command of the binary accepts.
 * - Else the section's heading ties it, as for option lists (bare-flags.ts).
 */
import type { Span } from "../../model/diagnostic.js";
import type { InlineCode, Invocation, MarkdownDoc } from "../../model/types.js";
import type { SurfaceIndex } from "./command-match.js";
import { weakMemo } from "../../util/memo.js";

export type FlagTie = { to: "command"; binary: string; path: string[] } | { to: "binary"; binary: string } | { to: "none"; reason: string };

/** Programs so common in docs that a flag beside their name is theirs, whatever the project runs. */
const COMMON_TOOLS = ["node", "nodejs", "npm", "npx", "yarn", "pnpm", "pnpx", "bun", "bunx", "deno", "git", "docker"];
/** Words that put a flag in a package manager's mouth (`install it with `--save-dev``). */
const INSTALL_WORDS = new Set(["install", "installs", "installed", "installing", "installation", "uninstall"]);
const SHELL_LANGS = /^(sh|bash|shell|console|zsh|shell-session|shellsession)$/i;

/** The words of a text, lower case, split at anything but letters, digits, `@`, `_` and `-` (so `Node.js` gives `node`). */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9@_-]+/)
    .filter(Boolean);
}

/** The programs a document names besides the CLI's binaries: the first word of each of its shell-fence commands, and the common ones. */
const othersByDoc = weakMemo<MarkdownDoc, { key: string; set: Set<string> }>("rules/cli/flag-context#othersByDoc");
export function otherTools(doc: MarkdownDoc, binaries: readonly string[]): Set<string> {
  const key = binaries.join("\u0000");
  const memo = othersByDoc.get(doc);
  if (memo && memo.key === key) return memo.set;
  const own = new Set(binaries.map((b) => b.toLowerCase()));
  const set = new Set(COMMON_TOOLS.filter((t) => !own.has(t)));
  for (const b of doc.codeBlocks) {
    if (b.lang === null || !SHELL_LANGS.test(b.lang)) continue;
    for (const line of b.value.split(/\r?\n/)) {
      for (const part of line.replace(/^\s*[$>#]\s+/, "").split(/&&|\|\||[|;]/)) {
        const first = part
          .trim()
          .split(/\s+/)
          .find((w) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(w) && w !== "sudo");
        if (!first || !/^[A-Za-z][\w.-]*$/.test(first)) continue;
        const w = first.toLowerCase();
        if (!own.has(w)) set.add(w);
      }
    }
  }
  othersByDoc.set(doc, { key, set });
  return set;
}

/** The other tool (or installing) a block's text speaks of, or null. */
function otherNamed(text: string, others: ReadonlySet<string>): string | null {
  for (const w of words(text)) if (others.has(w) || INSTALL_WORDS.has(w)) return w;
  return null;
}

/** What a flag-like inline code's block ties it to (`section` gives the section's tie when the block names nothing). */
export function blockTie(
  code: InlineCode,
  doc: MarkdownDoc,
  index: SurfaceIndex,
  binaries: readonly string[],
  section: () => { binary: string; path: string[] } | null,
): FlagTie {
  const block = code.block;
  if (!block) return { to: "none", reason: "a flag whose paragraph is not known" };
  const others = otherTools(doc, binaries);
  if (otherNamed(block.text, others) !== null) return { to: "none", reason: "a flag whose paragraph names another tool" };
  // The heading over it is context too (`## Safe git`).
  const heading = headingOver(doc, code.span);
  if (heading !== null && otherNamed(heading, others) !== null) return { to: "none", reason: "a flag whose section heading names another tool" };
  // A code in the block that runs another program with flags (`` `git push --force` ``, `` `aw x --y` `` in docs about another CLI).
  const own = new Set(binaries.map((b) => b.toLowerCase()));
  for (const c of doc.inlineCodes) {
    if (!inside(c.span, block.span)) continue;
    const m = /^([a-z][\w.-]*)\s+\S.*\s-{1,2}[A-Za-z]/i.exec(c.value);
    if (m && !own.has(m[1].toLowerCase())) return { to: "none", reason: "a flag whose paragraph names another tool" };
  }
  const invs = doc.invocations.filter((i) => i.source === "inline" && inside(i.span, block.span));
  const named = new Set(words(block.text));
  if (invs.length > 0) {
    let one: { binary: string; path: string[] } | null = null;
    let several = false;
    for (const inv of invs) {
      const m = index.match(inv);
      if (m.unknown || m.notJudged) return { to: "none", reason: "a flag beside an invocation that is not judged" };
      if (one && (one.binary !== inv.binary || one.path.join(" ") !== m.path.join(" "))) several = true;
      one ??= { binary: inv.binary, path: m.path };
    }
    const sameBinary = invs.every((i: Invocation) => i.binary === invs[0].binary);
    if (!sameBinary) return { to: "none", reason: "a flag whose paragraph invokes more than one binary" };
    // One command named with arguments (`tool build`): its flag; the binary alone, several commands, or one invoked
    // while the text names another command as a word ("`tool a …`; `b` gains `--x`"): the binary's.
    const first = one?.path[0];
    const namesAnother = index.commands.some((d) => d.path.length === 1 && d.path[0] !== first && d.path[0].length > 3 && named.has(d.path[0].toLowerCase()));
    if (!several && !namesAnother && one && (one.path.length > 0 || !index.hasSubcommands())) return { to: "command", binary: one.binary, path: one.path };
    return { to: "binary", binary: invs[0].binary };
  }
  const binary = binaries.find((b) => named.has(b.toLowerCase()));
  if (binary) {
    if (!index.hasSubcommands()) return { to: "command", binary, path: [] };
    return { to: "binary", binary };
  }
  const s = section();
  if (s) return { to: "command", ...s };
  return { to: "none", reason: "a flag whose paragraph and section name no binary" };
}

/** The command a help listing's synopsis words name, or why not. */
export function synopsisTie(binary: string, written: readonly string[], index: SurfaceIndex): FlagTie {
  const path = index.walk(written);
  if (path === null) return { to: "none", reason: "a help listing whose synopsis names no known command" };
  return { to: "command", binary, path };
}

/** The text of the innermost heading above a place, or null. */
function headingOver(doc: MarkdownDoc, at: Span): string | null {
  let text: string | null = null;
  for (const h of doc.headings) if (h.span.line < at.line || (h.span.line === at.line && h.span.column <= at.column)) text = h.text;
  return text;
}

function inside(a: Span, b: Span): boolean {
  const after = a.line > b.line || (a.line === b.line && a.column >= b.column);
  const beforeEnd = a.line < b.endLine || (a.line === b.endLine && a.column < b.endColumn);
  return after && beforeEnd;
}
