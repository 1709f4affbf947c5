/**
 * Bare flags in prose: the code that opens an option list's entry or a table
 * cell (`- \`--force\`: …`, `| \`--since\` | … |`), with no binary before it, tied to one command only where the document says which:
 * the section it sits in (or the nearest enclosing section that shows any
 * invocation) shows invocations of exactly one command, and its heading
 * names that command (`## publish` over `changeset publish [--otp]`, or
 * `` ## `tool build` ``), or, where it shows none, its heading is only a command's path on a page invoking one binary
 * (`### build` over `#### -p, --port`: a command reference). For the root command of a CLI without
 * sub-commands, a heading naming the binary or a usage heading (`Usage`,
 * `Options`, `Flags`, `Synopsis`, `CLI`) does. Anything else is not tied
 * (never a guess: a bare `--follow-tags` in a section about `git` is nobody's
 * here), and is not judged. A code written `` `--x` of `tool cmd` `` (or
 * `for`) is tied to the command the next code invokes, wherever it is.
 */
import type { Span } from "../../model/diagnostic.js";
import { bareFlagCodes, bareFlagToken } from "../../model/mentions.js";
import type { Heading, InlineCode, Invocation, InvocationToken, MarkdownDoc } from "../../model/types.js";
import type { SurfaceIndex } from "./command-match.js";

/** A bare flag tied to a command: the flag token, the binary and the command path. */
export interface TiedFlag {
  token: InvocationToken;
  binary: string;
  path: string[];
}

const USAGE_HEADING = /\b(usage|options?|flags?|synopsis|cli)\b/i;

/** The bare flags of a document, each tied to a command or (`untied`) to none: those are for the block's context (flag-context.ts) or not judged. */
export function tiedBareFlags(doc: MarkdownDoc, index: SurfaceIndex): { tied: TiedFlag[]; untied: { token: InvocationToken; code: InlineCode }[] } {
  const bare = bareFlagCodes(doc);
  const untied: { token: InvocationToken; code: InlineCode }[] = [];
  if (bare.length === 0) return { tied: [], untied };
  const invocations = [...doc.invocations].sort((a, b) => before(a.span, b.span));
  const codes = [...doc.inlineCodes].sort((a, b) => before(a.span, b.span));
  const sectionOf = sectionTies(doc, index);
  const out: TiedFlag[] = [];
  for (const { code, name, value, offset } of bare) {
    const token = bareFlagToken(code, name, value, offset);
    // `` `--x` of `tool cmd` ``: the next code says which command, or nothing does.
    const tie = code.ofNext ? namedBy(codes, code, invocations, index) : sectionOf(code.span);
    if (tie) out.push({ token, binary: tie.binary, path: tie.path });
    else untied.push({ token, code });
  }
  return { tied: out, untied };
}

/**
 * The command a place's section ties flags to: the innermost section showing
 * invocations (or its nearest enclosing one that does), when they are of one
 * command its heading names; null otherwise. Memoised per heading.
 */
export function sectionTies(doc: MarkdownDoc, index: SurfaceIndex): (at: Span) => { binary: string; path: string[] } | null {
  const headings = [...doc.headings].sort((a, b) => before(a.span, b.span));
  const invocations = [...doc.invocations].sort((a, b) => before(a.span, b.span));
  const decided = new Map<number, { binary: string; path: string[] } | null | undefined>();
  return (at) => {
    let h = innermost(headings, at);
    while (h >= 0) {
      if (!decided.has(h)) decided.set(h, sectionCommand(h, headings, invocations, index));
      const d = decided.get(h);
      if (d !== undefined && d !== NO_INVOCATIONS) return d;
      h = parentOf(headings, h);
    }
    return null;
  };
}

/** The command the code right after `code` invokes (`` `--x` of `tool cmd` ``), when it is one known invocation. */
function namedBy(codes: InlineCode[], code: InlineCode, invocations: Invocation[], index: SurfaceIndex): { binary: string; path: string[] } | null {
  const next = codes.find((c) => before(c.span, code.span) > 0);
  if (!next || next.span.line !== code.span.line) return null;
  const inv = invocations.find(
    (i) =>
      i.source === "inline" &&
      before(i.span, next.span) >= 0 &&
      (i.span.line < next.span.endLine || (i.span.line === next.span.endLine && i.span.column < next.span.endColumn)),
  );
  if (!inv) return null;
  const m = index.match(inv);
  return m.unknown || m.notJudged ? null : { binary: inv.binary, path: m.path };
}

/** A section that shows no invocation of its own defers to its parent. */
const NO_INVOCATIONS = undefined;

/** The command section `h` ties its bare flags to; null when it shows invocations but names no one command; undefined when it shows none. */
function sectionCommand(h: number, headings: Heading[], invocations: Invocation[], index: SurfaceIndex): { binary: string; path: string[] } | null | undefined {
  const start = headings[h].span;
  const end = headings[h + 1]?.span ?? null;
  // The binary named alone (`the \`corepack\` binary`) mentions the program, not a command.
  const own = invocations.filter((i) => i.tokens.length > 0 && before(i.span, start) >= 0 && (end === null || before(i.span, end) < 0));
  if (own.length === 0) return namedCommand(headings[h].text, invocations, index) ?? NO_INVOCATIONS;
  let one: { binary: string; path: string[] } | null = null;
  for (const inv of own) {
    const m = index.match(inv);
    if (m.unknown || m.notJudged) return null;
    const path = m.path;
    if (one && (one.binary !== inv.binary || one.path.join(" ") !== path.join(" "))) return null;
    one = { binary: inv.binary, path };
  }
  if (!one) return null;
  const words = new Set(
    headings[h].text
      .toLowerCase()
      .split(/[^a-z0-9:@_-]+/)
      .filter(Boolean),
  );
  if (one.path.length > 0) return words.has(one.path[one.path.length - 1].toLowerCase()) ? one : null;
  // The root: only for a CLI without sub-commands (else the list may hold any command's flags).
  if (index.for(one.binary).hasSubcommands()) return null;
  return words.has(one.binary.toLowerCase()) || USAGE_HEADING.test(headings[h].text) ? one : null;
}

/**
 * A command reference's section with no invocation of its own (`### build` over `#### -p, --port`): its heading is a
 * command's path and nothing else (`build`, `` `tool build` ``), the page invokes one binary only, and that command exists.
 */
function namedCommand(text: string, invocations: Invocation[], index: SurfaceIndex): { binary: string; path: string[] } | null {
  const binaries = new Set(invocations.map((i) => i.binary));
  if (binaries.size !== 1) return null;
  const binary = [...binaries][0]!;
  const words = text.replace(/`/g, " ").trim().split(/\s+/);
  if (words[0] === binary) words.shift();
  if (words.length === 0 || !words.every((w) => /^[a-z][\w:-]*$/.test(w))) return null;
  return index.for(binary).decl(words) ? { binary, path: words } : null;
}

function innermost(headings: Heading[], at: Span): number {
  let found = -1;
  for (let i = 0; i < headings.length && before(headings[i].span, at) <= 0; i++) found = i;
  return found;
}

/** The index of the heading whose section holds heading `h` (the nearest one before it of a lower depth), or -1. */
export function parentOf(headings: readonly Heading[], h: number): number {
  for (let i = h - 1; i >= 0; i--) if (headings[i].depth < headings[h].depth) return i;
  return -1;
}

/** Negative when `a` starts before `b`. */
function before(a: Span, b: Span): number {
  return a.line - b.line || a.column - b.column;
}
