/**
 * Documented mentions, found independently of the rules that judge them: the
 * denominator of the report's `summary.coverage`. A rule that looks at a
 * mention records it as judged (`ctx.judged(span, kind)`) or not judged
 * (`ctx.notJudged(span, reason, kind)`) at the mention's span; whatever is
 * found and neither judged nor counted is a blind spot, and the coverage
 * figure shows it (found − judged − notJudged).
 *
 * Kinds today: `commands` (one per CLI invocation: its command path) and
 * `flags` (each flag of an invocation up to `--`, and each bare `--flag` that
 * opens an option list's entry or a table cell, or stands in running prose or a heading, in
 * a document that invokes a binary; a code listing one option's names, `--async-only, -A`, gives one per name). Outside shell fences, a help-output listing of a binary — a fence
 * with a synopsis line `Usage: tool …` — gives a `commands` mention at the
 * synopsis and a `flags` mention per option line (`  -f, --force  …`). On the skill surface (compiler/readers/skills,
 * found only where a bundle was detected): `slashCommands` (each slash-command invocation: its name),
 * `skillArguments` (each flag passed to a slash command or skill), `skills` (each skill named in prose) and `toolClaims`
 * (each tool a sentence says the entries' `allowed-tools` always or never hold).
 * `links` (each link, image and link definition of a document whose target is not an external URL:
 * relative files, site routes, `#x` in the same page, templates) and `anchors` (each of those whose URL
 * has a fragment, `x.md#y`, `#y`), marked by reference/broken-link and reference/missing-anchor; an
 * external URL (`https:`, `mailto:`, `//host`) is never fetched and is no mention (see linkMentions).
 * `paths` (pathMentions): each backticked relative path with a folder (`docs/a.md`) that is not a link's label, marked by
 * reference/missing-path (judged when it exists or is reported, else counted not judged with the reason).
 * `terms` (compiler/model/term-mentions.ts): backticked names that are vocabulary members, retired names, or look like
 * members (a near miss, a vocabulary's namespace and shape), in prose and schema descriptions.
 */

import { weakMemo } from "../util/memo.js";
import type { Span } from "./diagnostic.js";
import { pathCandidate } from "./references.js";
import { entryNames, resolveBare, type SkillBundle } from "./skills.js";
import type { CodeBlock, InlineCode, InvocationToken, MarkdownDoc, ModelData } from "./types.js";

export type MentionKind = "commands" | "flags" | "slashCommands" | "skillArguments" | "skills" | "toolClaims" | "links" | "anchors" | "paths" | "terms";
export const MENTION_KINDS: readonly MentionKind[] = [
  "commands",
  "flags",
  "slashCommands",
  "skillArguments",
  "skills",
  "toolClaims",
  "links",
  "anchors",
  "paths",
  "terms",
];

export interface Mention {
  kind: MentionKind;
  /** Where it was written: an invocation, a bare flag of an option list or table, a help-output listing's synopsis line or option line; `skill`: the skill surface; `link`: a link, image or definition; `term`: a vocabulary term. */
  source: "invocation" | "bare" | "prose" | "synopsis" | "help" | "skill" | "link" | "path" | "term";
  span: Span;
  /** The binary the mention belongs to: the invocation's, or for a bare flag the one invoked last before it in the document (else the document's first); on the skill surface the command's or skill's name; for a link its URL as written. */
  binary: string;
  /** For a help listing's synopsis and option lines: the words its synopsis writes after the binary, up to the first that is not a plain word (`Usage: tool build [options]` → `["build"]`). */
  words?: string[];
  /** For a help listing's option line: the flag it lists (`--out`). */
  flag?: string;
}

/** A bare flag in an option list or table: `--force`, `-f`, `--out=dir`, `--out <dir>`. */
export const BARE_FLAG = /^(--?[A-Za-z][A-Za-z0-9_.-]*)(?:=(.*)|\s+\S.*)?$/s;

/** One name of a list of an option's names (`--async-only, -A`): a flag with no value. */
const LIST_FLAG = /^(--?[A-Za-z][A-Za-z0-9_.-]*)$/;

/**
 * The flags an inline code holds: one flag (`--force`, `--out=dir`, `--out <dir>`), or the names of one option listed
 * with commas (`--async-only, -A`, `--color, --no-color`, `-c, --config <path>`), each with its offset in the code.
 */
export function flagsInCode(value: string): { name: string; value: string | undefined; offset: number }[] {
  const m = BARE_FLAG.exec(value);
  if (m) return [{ name: m[1], value: m[2], offset: 0 }];
  if (!value.includes(",")) return [];
  const parts = value.split(",");
  const out: { name: string; value: string | undefined; offset: number }[] = [];
  let at = 0;
  for (let i = 0; i < parts.length; i++) {
    const raw = parts[i]!;
    const item = raw.trim();
    const f = i === parts.length - 1 ? BARE_FLAG.exec(item) : LIST_FLAG.exec(item);
    if (!f) return [];
    out.push({ name: f[1], value: f[2], offset: at + raw.length - raw.trimStart().length });
    at += raw.length + 1;
  }
  return out;
}

type CodeFlag = { code: InlineCode; name: string; value: string | undefined; offset: number };

/** The inline codes of a document that are bare flags (open a list entry or table cell, or are written `` `--x` of `tool cmd` ``), single-line: one entry per flag. */
export function bareFlagCodes(doc: MarkdownDoc): CodeFlag[] {
  const out: CodeFlag[] = [];
  for (const c of doc.inlineCodes) {
    if (!(c.lead || c.ofNext) || c.span.line !== c.span.endLine) continue;
    for (const f of flagsInCode(c.value)) out.push({ code: c, ...f });
  }
  return out;
}

/** The inline codes of running prose that are flags (not opening a list entry or cell, not `` `--x` of `cmd` ``), single-line, as flag tokens. */
export function proseFlagCodes(doc: MarkdownDoc): { code: InlineCode; token: InvocationToken }[] {
  const out: { code: InlineCode; token: InvocationToken }[] = [];
  for (const c of [...doc.inlineCodes, ...headingOptionCodes(doc)]) {
    if (c.lead || c.ofNext || c.span.line !== c.span.endLine) continue;
    for (const f of flagsInCode(c.value)) out.push({ code: c, token: bareFlagToken(c, f.name, f.value, f.offset) });
  }
  return out;
}

/** Headings' option names written without backticks, as the codes of their headings (weakly memoised per document). */
const headingCodes = weakMemo<MarkdownDoc, InlineCode[]>("model/mentions#headingCodes");
function headingOptionCodes(doc: MarkdownDoc): InlineCode[] {
  let out = headingCodes.get(doc);
  if (!out) {
    out = doc.headings.flatMap((h) => (h.options ? [{ ...h.options, block: { span: h.span, text: h.text } }] : []));
    headingCodes.set(doc, out);
  }
  return out;
}

/** The flag name's own span inside the code span (single-line code: the backtick runs are symmetric; `offset`: where the name starts in the code), as a flag token. */
export function bareFlagToken(code: InlineCode, name: string, value: string | undefined, offset = 0): InvocationToken {
  const pad = Math.max(0, Math.floor((code.span.endColumn - code.span.column - code.value.length) / 2));
  const column = code.span.column + pad + offset;
  const span: Span = { file: code.span.file, line: code.span.line, column, endLine: code.span.line, endColumn: column + name.length };
  return { kind: "flag", text: code.value, flag: name, ...(value !== undefined ? { value } : { value: "" }), span };
}

/** The CLI mentions of one document (`binaries`: the CLI's binaries), in document order per source. */
export function cliMentions(doc: MarkdownDoc, binaries: readonly string[]): Mention[] {
  const out: Mention[] = [];
  for (const inv of doc.invocations) out.push({ kind: "commands", source: "invocation", span: inv.span, binary: inv.binary });
  for (const inv of doc.invocations) {
    for (const t of inv.tokens) {
      if (t.kind === "separator") break;
      if (t.kind === "flag") out.push({ kind: "flags", source: "invocation", span: t.span, binary: inv.binary });
    }
  }
  if (doc.invocations.length > 0) {
    const invs = [...doc.invocations].sort((a, b) => before(a.span, b.span));
    for (const { code, name, value, offset } of bareFlagCodes(doc)) {
      const span = bareFlagToken(code, name, value, offset).span;
      let binary = invs[0].binary;
      for (const i of invs) if (before(i.span, span) < 0) binary = i.binary;
      out.push({ kind: "flags", source: "bare", span, binary });
    }
    // A flag in running prose (`` use `--watch` to … ``) of a document that invokes a binary.
    for (const { token } of proseFlagCodes(doc)) {
      const span = token.span;
      let binary = invs[0].binary;
      for (const i of invs) if (before(i.span, span) < 0) binary = i.binary;
      out.push({ kind: "flags", source: "prose", span, binary });
    }
  }
  if (binaries.length > 0) for (const b of doc.codeBlocks) out.push(...helpListing(b, binaries));
  return out;
}

const SHELL_FENCE = /^(sh|bash|shell|console|zsh|shell-session|shellsession)$/i;
const SYNOPSIS = /^(\s*(?:usage|synopsis)\s*:?\s+(?:\$\s+)?)([^\s/]+\/)*([A-Za-z0-9@._-]+)(?=\s|$)/i;
const OPTION_LINE = /^(\s{0,12})(?:-[A-Za-z0-9](?:,\s*|\s+(?=--)))?(--?[A-Za-z0-9][\w.-]*)/;

/**
 * A fence that shows a binary's help output (a line `Usage: tool …`, outside a
 * shell fence, whose invocations are read as such): its synopsis line and its
 * option lines. Lines are counted from the fence's opening line; columns in the
 * block's text (its indentation removed).
 */
function helpListing(block: CodeBlock, binaries: readonly string[]): Mention[] {
  if (block.lang !== null && SHELL_FENCE.test(block.lang)) return [];
  const lines = block.value.split(/\r?\n/);
  const out: Mention[] = [];
  const at = (i: number, column: number, length: number): Span => ({
    file: block.span.file,
    line: block.span.line + 1 + i,
    column,
    endLine: block.span.line + 1 + i,
    endColumn: column + length,
  });
  // Each synopsis line, in order: an option line belongs to the synopsis before it (or, above the first, to the first).
  const synopses: { line: number; binary: string; words: string[] }[] = [];
  lines.forEach((l, i) => {
    const s = SYNOPSIS.exec(l);
    if (!s || !binaries.includes(s[3])) return;
    const words: string[] = [];
    for (const w of l.slice(s[0].length).trim().split(/\s+/)) {
      if (!/^[A-Za-z][\w:-]*$/.test(w)) break;
      words.push(w);
    }
    synopses.push({ line: i, binary: s[3], words });
    out.push({ kind: "commands", source: "synopsis", span: at(i, s[1].length + (s[2]?.length ?? 0) + 1, s[3].length), binary: s[3], words });
  });
  if (synopses.length === 0) return [];
  lines.forEach((l, i) => {
    if (SYNOPSIS.test(l)) return;
    const o = OPTION_LINE.exec(l);
    if (!o) return;
    let syn = synopses[0];
    for (const x of synopses) if (x.line < i) syn = x;
    out.push({ kind: "flags", source: "help", span: at(i, l.indexOf(o[2], o[1].length) + 1, o[2].length), binary: syn.binary, words: syn.words, flag: o[2] });
  });
  return out;
}

/** `scheme:` (`https:`, `mailto:`, `data:`) or protocol-relative `//host`: a URL docpact never fetches (as model/references.ts isExternal). */
const EXTERNAL_URL = /^[a-z][a-z0-9+.-]*:|^\/\//i;

/**
 * The link mentions of one document: a `links` mention per link, image and
 * definition whose target is not external (an empty target included: it is
 * counted, as not judged), and an `anchors` mention, at the same place, per
 * one of those whose URL has a non-empty fragment. External URLs are out of
 * scope: docpact never fetches, so a link to another host is not a mention
 * to judge (a link to the project's own published site by full URL is one of
 * them).
 */
export function linkMentions(doc: MarkdownDoc): Mention[] {
  const out: Mention[] = [];
  for (const l of doc.links) {
    const url = l.url.trim();
    if (EXTERNAL_URL.test(url)) continue;
    out.push({ kind: "links", source: "link", span: l.span, binary: l.url });
    const hash = url.indexOf("#");
    if (hash !== -1 && hash < url.length - 1) out.push({ kind: "anchors", source: "link", span: l.span, binary: l.url });
  }
  return out;
}

/**
 * The path mentions of one document: a `paths` mention per inline code that is a relative path with a folder
 * (pathCandidate: not a URL, glob, placeholder or bare file name) and is not the label of a link (the link is the
 * reference: reference/broken-link judges it). `binary` holds the path.
 */
export function pathMentions(doc: MarkdownDoc): Mention[] {
  return pathCodes(doc).map(({ code, path }) => ({ kind: "paths", source: "path", span: code.span, binary: path }));
}

/** The inline codes pathMentions counts, each with the path it names (reference/missing-path judges these). */
export function pathCodes(doc: MarkdownDoc): { code: InlineCode; path: string }[] {
  const out: { code: InlineCode; path: string }[] = [];
  for (const code of doc.inlineCodes) {
    const path = pathCandidate(code.value);
    if (path !== null && path.includes("/") && !insideLink(doc, code.span)) out.push({ code, path });
  }
  return out;
}

const atOrBefore = (l1: number, c1: number, l2: number, c2: number) => l1 < l2 || (l1 === l2 && c1 <= c2);

/** Whether `span` lies inside one of the document's links (`` [`docs/a.md`](docs/a.md) ``). */
export function insideLink(doc: MarkdownDoc, span: Span): boolean {
  return doc.links.some(
    (l) =>
      l.kind === "link" &&
      atOrBefore(l.span.line, l.span.column, span.line, span.column) &&
      atOrBefore(span.endLine, span.endColumn, l.span.endLine, l.span.endColumn),
  );
}

/** Every document's CLI mentions (links: linkMentions), kept by document object (a watch re-check links the same objects again). */
const byDoc = weakMemo<MarkdownDoc, { binaries: string; mentions: Mention[] }>("model/mentions#byDoc");
export function docMentions(doc: MarkdownDoc, binaries: readonly string[]): Mention[] {
  const key = binaries.join("\u0000");
  let m = byDoc.get(doc);
  if (!m || m.binaries !== key) byDoc.set(doc, (m = { binaries: key, mentions: cliMentions(doc, binaries) }));
  return m.mentions;
}

/** Each document's link and path mentions, kept by document object like its CLI mentions. */
const linksAndPaths = weakMemo<MarkdownDoc, { links: Mention[]; paths: Mention[] }>("model/mentions#linksAndPaths");
function docLinksAndPaths(doc: MarkdownDoc): { links: Mention[]; paths: Mention[] } {
  let m = linksAndPaths.get(doc);
  if (!m) linksAndPaths.set(doc, (m = { links: linkMentions(doc), paths: pathMentions(doc) }));
  return m;
}

export function modelMentions(model: Pick<ModelData, "docs" | "binaries" | "skills">): Mention[] {
  const out: Mention[] = [];
  for (const d of model.docs) for (const x of docMentions(d, model.binaries)) out.push(x);
  for (const d of model.docs) for (const x of docLinksAndPaths(d).links) out.push(x);
  for (const d of model.docs) for (const x of docLinksAndPaths(d).paths) out.push(x);
  if (model.skills) out.push(...skillMentions(model.skills));
  return out;
}

/**
 * The skill surface's mentions: slash-command invocations (not a flag written after a name in prose), their arguments,
 * skills named. A flag written after a name in prose is an argument only when that name is an entry of the bundle
 * (`` `manuals` with `--topics a` ``); after any other code (`` `push`/`--amend` ``) it is the CLI rules' flag.
 */
export function skillMentions(bundle: SkillBundle): Mention[] {
  const out: Mention[] = [];
  const names = entryNames(bundle, "any");
  for (const m of bundle.slashMentions) {
    if (m.form !== "prose") out.push({ kind: "slashCommands", source: "skill", span: m.span, binary: m.name });
    else if (!names.has(m.name) && resolveBare(bundle, names, m.name, m.file).kind !== "entry") continue;
    for (const a of m.args) out.push({ kind: "skillArguments", source: "skill", span: a.span, binary: m.name });
  }
  for (const m of bundle.skillMentions) out.push({ kind: "skills", source: "skill", span: m.span, binary: m.name });
  for (const c of bundle.toolClaims ?? []) out.push({ kind: "toolClaims", source: "skill", span: c.span, binary: c.tool });
  return out;
}

/**
 * Mentions marked by kind, file and start position. Positions are kept as numbers per kind and file: a
 * watch re-check marks every mention of the project again, and hashing one long string per mention
 * (kind, path, line, column) cost more than the rest of a re-check at 2,500 documents.
 */
class MentionMarks {
  // By kind, then file: both strings already exist (hashed once), where a key made of them would be hashed anew per mention.
  private readonly byKind = new Map<string, Map<string, Set<number | string>>>();

  private static position(line: number, column: number): number | string {
    // Exact while the column fits in 21 bits (a 2 MB line) and the product stays a safe integer.
    return column < COLUMN_SPAN && line < Number.MAX_SAFE_INTEGER / COLUMN_SPAN ? line * COLUMN_SPAN + column : `${line}:${column}`;
  }

  add(kind: string, file: string, line: number, column: number): boolean {
    let files = this.byKind.get(kind);
    if (!files) this.byKind.set(kind, (files = new Map()));
    let set = files.get(file);
    if (!set) files.set(file, (set = new Set()));
    const at = MentionMarks.position(line, column);
    if (set.has(at)) return false;
    set.add(at);
    return true;
  }

  has(kind: string, file: string, line: number, column: number): boolean {
    return this.byKind.get(kind)?.get(file)?.has(MentionMarks.position(line, column)) ?? false;
  }
}

const COLUMN_SPAN = 2 ** 21;

function before(a: Span, b: Span): number {
  return a.line - b.line || a.column - b.column;
}

/** A mention a rule judged (recorded through `ctx.judged`), at its start. */
export interface JudgedMention {
  rule: string;
  kind: string;
  file: string;
  line: number;
  column: number;
}

/** `summary.coverage` of the JSON report: per kind, the mentions found, judged, and counted as not judged. */
export type CoverageSummary = Record<string, { found: number; judged: number; notJudged: number }>;

/**
 * Coverage per kind: a found mention is judged when a rule judged it, else
 * not judged when a rule counted it so (with that kind, at its span). What is
 * neither is `found − judged − notJudged`: a blind spot, 0 when every rule
 * keeps its promise. The CLI kinds are present, found or not; the skill
 * surface's kinds only where something of that kind was found.
 */
export function coverageOf(
  found: readonly Mention[],
  judged: readonly JudgedMention[],
  notJudged: readonly { file: string; mention?: { kind: string; line: number; column: number } }[],
): CoverageSummary {
  const isJudged = new MentionMarks();
  for (const j of judged) isJudged.add(j.kind, j.file, j.line, j.column);
  const isCounted = new MentionMarks();
  for (const n of notJudged) if (n.mention) isCounted.add(n.mention.kind, n.file, n.mention.line, n.mention.column);
  const out: CoverageSummary = {};
  for (const k of ["commands", "flags"]) out[k] = { found: 0, judged: 0, notJudged: 0 };
  const seen = new MentionMarks();
  for (const m of found) {
    const { file, line, column } = m.span;
    if (!seen.add(m.kind, file, line, column)) continue;
    const c = (out[m.kind] ??= { found: 0, judged: 0, notJudged: 0 });
    c.found++;
    if (isJudged.has(m.kind, file, line, column)) c.judged++;
    else if (isCounted.has(m.kind, file, line, column)) c.notJudged++;
  }
  // In MENTION_KINDS order, whatever order the mentions came in.
  const ordered: CoverageSummary = {};
  for (const k of MENTION_KINDS) if (out[k]) ordered[k] = out[k];
  return ordered;
}
