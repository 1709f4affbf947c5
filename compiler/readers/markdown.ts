/**
 * The Markdown reader: one remark parse, one walk, plain-JSON output with a
 * span on everything. It recognizes (headings, links, code, invocations,
 * delegation notes, § references, regions, suppressions) and never judges.
 */
import type { Code, Heading as MdHeading, Html, InlineCode as MdInlineCode, Nodes, Paragraph } from "mdast";
import { toString } from "mdast-util-to-string";
import type { Span } from "../model/diagnostic.js";
import type {
  CodeBlock,
  DelegationNote,
  Heading,
  HtmlAnchor,
  InlineCode,
  Invocation,
  InvocationToken,
  MarkdownDoc,
  MdLink,
  SectionRef,
} from "../model/types.js";
import { LineIndex } from "../util/text.js";
import { unoptimized } from "../util/optimizations.js";
import { parseMarkdown } from "./markdown-syntax.js";
import { posix } from "node:path";
import { type BinaryRunners, parseInvocations, type RawInvocation, splitInvocations, tokenizeInvocation } from "./invocation.js";
import { inlineCodeLayout } from "./md-inline-code.js";
import { makeNoteMatcher, matchNoteHead, NoteIds, type NoteHead, type NoteMatcher } from "./notes.js";
import { scanDirectives, type OffsetRange } from "./regions-syntax.js";
import { liquidLinks, templateDestination } from "./liquid-links.js";
import { htmlLinks, type RawHtmlLink } from "./html-links.js";
import { frontMatterBlock } from "../util/front-matter.js";
import { findSectionRefs } from "./section-refs.js";
import { githubSlug, Slugger } from "../util/slug.js";
import { mapMemo } from "../util/memo.js";

export interface ReadMarkdownOptions {
  /** CLI binary names; inline code or shell lines starting with one are invocations. */
  binaries: string[];
  /**
   * What else runs a binary (compiler/model/packages.ts `binaryRuns`): `packages`, a package that declares it
   * (`npx @scope/cli …`); `files`, its bin file, root-relative (`node ./bin/cli.js …`, the path read from the
   * root or from the document's folder). Absent or empty: only the binaries' names start invocations.
   */
  runs?: { packages: Record<string, string>; files: Record<string, string> };
  /** Delegation-note markers (default `not this document's call` when empty). */
  markers: string[];
  /** Whether the file had a BOM (the caller strips it; the reader only records it). */
  bom?: boolean;
}

/** An inline code that may be a flag: its block is kept for the rules that tie flags to binaries. */
const FLAG_LIKE = /^--?[A-Za-z]/;
/** Fence languages whose lines are commands; every other fence is an example, not a claim. */
const SHELL_LANGS = new Set(["sh", "bash", "shell", "console", "zsh", "shell-session", "shellsession"]);
const JSON_LANGS = new Set(["json", "jsonc", "json5"]);
const PROMPT = /^[ \t]*\$(?:[ \t]|$)/;

/** Cached matchers keyed by the marker list, so 10,000 documents share one. */
const matcherCache = mapMemo<string, NoteMatcher>("readers/markdown#matcherCache", 64);
function matcherFor(markers: readonly string[]): NoteMatcher {
  const key = markers.join("\u0000");
  let m = matcherCache.get(key);
  if (!m) {
    m = makeNoteMatcher(markers);
    matcherCache.set(key, m);
  }
  return m;
}

interface PendingNote {
  head: NoteHead;
  start: number;
  end: number;
  /** Offsets of the opening strong text. */
  headStart: number;
  headEnd: number;
  text: string;
}

/** Where a note paragraph's opening strong text is, falling back to the paragraph. */
function headRange(paragraph: Nodes, start: number, end: number): { headStart: number; headEnd: number } {
  const first = (paragraph as Paragraph).children?.[0];
  return { headStart: first?.position?.start.offset ?? start, headEnd: first?.position?.end.offset ?? end };
}

/**
 * The text as Markdown sees it: a leading front matter block blanked out (same offsets and lines). Parsed as
 * CommonMark, `---` / `title: X` / `---` is a thematic break and a setext heading "title: X" no page has.
 */
function withoutFrontMatter(text: string, block: string | null): string {
  if (block === null) return text;
  // The block starts right after the opening `---` line; its closing line follows it.
  const open = /^---[ \t]*\r?\n/.exec(text)?.[0].length ?? 0;
  const end = text.indexOf("\n", open + block.length);
  const cut = end === -1 ? text.length : end;
  return text.slice(0, cut).replace(/[^\r\n]/g, " ") + text.slice(cut);
}

/**
 * An MDX document's ESM blocks (`import …` / `export …` starting a block, outside fences) blanked out, same
 * offsets and lines: they are JavaScript, and read as Markdown a `~~~` or a backtick fence inside a template literal
 * would open a code block that swallows the rest of the page. A block runs to the first blank line outside brackets,
 * strings and template literals, as MDX's own parser ends it.
 */
/** Option names a heading's text opens with (`-p, --port`, `--no-cache`), up to a space or the end. */
const HEADING_OPTIONS = /^(--?[A-Za-z][\w.-]*(?:,\s*--?[A-Za-z][\w.-]*)*)(?=\s|$)/;

export function withoutEsm(text: string): string {
  // Most pages have none: no copy of the text then (every .mdx page passes here).
  if (!/^(?:import|export)\b/m.test(text)) return text;
  const out = text.split("");
  let fence: string | null = null;
  let i = 0;
  while (i < text.length) {
    const eol = text.indexOf("\n", i) === -1 ? text.length : text.indexOf("\n", i);
    const line = text.slice(i, eol);
    const f = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence !== null) {
      if (f && f[1][0] === fence[0] && f[1].length >= fence.length && line.trim() === f[1]) fence = null;
    } else if (f) fence = f[1];
    // An ESM block starts a block: the document's start or after a blank line (not a continuation such as a JSX
    // attribute's template literal that has a line `export default …`).
    else if (/^(?:import|export)\b/.test(line) && (i === 0 || /\n[ \t]*\r?\n$/.test(text.slice(Math.max(0, i - 200), i)))) {
      const end = esmEnd(text, i);
      for (let k = i; k < end; k++) if (out[k] !== "\n" && out[k] !== "\r") out[k] = " ";
      i = end;
      continue;
    }
    i = eol + 1;
  }
  return out.join("");
}

/** Where an ESM block starting at `from` ends: the first blank line outside brackets, quotes and template literals. */
function esmEnd(text: string, from: number): number {
  const stack: string[] = [];
  for (let k = from; k < text.length; k++) {
    const c = text[k];
    const top = stack[stack.length - 1];
    if (top === "'" || top === '"') {
      if (c === "\\") k++;
      else if (c === top || c === "\n") stack.pop();
      continue;
    }
    if (top === "`") {
      if (c === "\\") k++;
      else if (c === "`") stack.pop();
      else if (c === "$" && text[k + 1] === "{") {
        stack.push("}");
        k++;
      }
      continue;
    }
    if (c === "/" && text[k + 1] === "/") {
      const nl = text.indexOf("\n", k);
      k = (nl === -1 ? text.length : nl) - 1;
      continue;
    }
    if (c === "'" || c === '"' || c === "`" || c === "(" || c === "[" || c === "{") stack.push(c === "(" ? ")" : c === "[" ? "]" : c === "{" ? "}" : c);
    else if ((c === ")" || c === "]" || c === "}") && top === c) stack.pop();
    else if (c === "\n" && stack.length === 0 && /^[ \t]*(?:\r?\n|$)/.test(text.slice(k + 1, k + 200))) return k + 1;
  }
  return text.length;
}

export function readMarkdown(file: string, text: string, opts: ReadMarkdownOptions): MarkdownDoc {
  const frontMatter = frontMatterBlock(text);
  const seen = withoutFrontMatter(text, frontMatter);
  const isMdx = file.endsWith(".mdx");
  const tree = parseMarkdown(isMdx ? withoutEsm(seen) : seen, unoptimized());
  const lines = new LineIndex(text);
  const binaries = new Set(opts.binaries.filter(Boolean));
  const runners = binaryRunners(file, opts.runs, binaries);
  const mentions = (s: string) => mentionsBinary(s, binaries) || (runners !== undefined && mentionsBinary(s, runners.words));
  const matcher = matcherFor(opts.markers ?? []);
  const slugger = new Slugger();

  const span = (start: number, end: number): Span => {
    const a = lines.position(start);
    const b = lines.position(Math.max(start, end));
    return { file, line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
  };
  // A raw `<a href>` whose value is one generator template (`{{< ref "x" >}}`) is that template's link, as in Markdown.
  const rawHtmlLink = (l: RawHtmlLink, at: number): MdLink => {
    const t = templateDestination(l.url);
    return { kind: l.kind, url: t?.url ?? l.url, text: l.text, span: span(at + l.start, at + l.end), html: true, ...(t ? { template: t.template } : {}) };
  };

  const headings: Heading[] = [];
  const anchors: HtmlAnchor[] = [];
  const links: MdLink[] = [];
  const definitionIds = new Map<MdLink, string>();
  const usedIds = new Set<string>();
  const inlineCodes: InlineCode[] = [];
  const codeBlocks: CodeBlock[] = [];
  const invocations: Invocation[] = [];
  const leading = new Set<Nodes>();
  /** The paragraph, table cell or heading an inline node sits in. */
  const blockOf = new Map<Nodes, Nodes>();
  const ofNext = new Set<Nodes>();
  const inlineInvocations: { start: number; inv: Invocation }[] = [];
  const pendingNotes: PendingNote[] = [];
  const sectionRefs: SectionRef[] = [];
  const htmlRanges: OffsetRange[] = [];
  const codeRanges: OffsetRange[] = [];

  const toInvocation = (raw: RawInvocation, src: string, map: (i: number) => number, source: Invocation["source"]): Invocation => {
    const at = (s: number, e: number) => span(map(s), map(e - 1) + 1);
    const tokens: InvocationToken[] = raw.tokens.map((t) => {
      const tok: InvocationToken = { kind: t.kind as InvocationToken["kind"], text: t.text, span: at(t.start, t.end) };
      if (t.flag !== undefined) tok.flag = t.flag;
      if (t.value !== undefined) tok.value = t.value;
      return tok;
    });
    return { raw: src.slice(raw.start, raw.end), binary: raw.binary, tokens, source, span: at(raw.start, raw.end) };
  };

  const onInlineCode = (node: MdInlineCode, start: number, end: number) => {
    // CommonMark: line endings inside a code span are spaces (mdast keeps them raw).
    const value = node.value.replace(/\r\n|\r|\n/g, " ");
    const layout = inlineCodeLayout(text, start, end, value);
    const code: InlineCode = { value, span: span(start, end), valueOffset: layout.valueOffset };
    if (leading.has(node)) code.lead = true;
    if (ofNext.has(node)) code.ofNext = true;
    const block = FLAG_LIKE.test(value) ? blockOf.get(node) : undefined;
    if (block?.position?.start.offset !== undefined && block.position.end.offset !== undefined) {
      code.block = { span: span(block.position.start.offset, block.position.end.offset), text: lineText(toString(block)) };
    }
    inlineCodes.push(code);
    if (!binaries.size || !mentions(value)) return;
    for (const raw of parseInvocations(value, binaries, runners)) {
      const inv = toInvocation(raw, value, layout.map, "inline");
      invocations.push(inv);
      inlineInvocations.push({ start: layout.map(raw.start), inv });
    }
  };

  const onCode = (node: Code, start: number, end: number) => {
    const lang = node.lang ? node.lang : null;
    codeBlocks.push({ lang, value: node.value, span: span(start, end) });
    // A fence without a language counts through its `$ ` prompt lines (oclif READMEs: `USAGE` / `  $ mycli plugins install …`),
    // or when each of its lines is an invocation of a binary (a synopsis block: `changeset publish [--otp={token}]`).
    const shell = lang !== null && SHELL_LANGS.has(lang.toLowerCase());
    if (!binaries.size || !mentions(node.value)) return;
    // A package.json in a fence: its `scripts` values are command lines (`"build": "rspack build --mode production"`).
    if (lang !== null && JSON_LANGS.has(lang.toLowerCase())) {
      const { src, offsets } = scriptsSource(text, lines, node);
      const map = (i: number) => offsets[Math.min(Math.max(i, 0), offsets.length - 1)];
      if (src) for (const raw of parseInvocations(src, binaries, runners)) invocations.push(toInvocation(raw, src, map, "fence"));
      return;
    }
    if (!(shell || (lang === null && (node.value.split(/\r?\n/).some((l) => PROMPT.test(l)) || onlyInvocations(node.value, binaries, runners))))) return;
    const { src, offsets } = fenceSource(text, lines, node);
    if (!src) return;
    const map = (i: number) => offsets[Math.min(Math.max(i, 0), offsets.length - 1)];
    for (const raw of parseInvocations(src, binaries, runners)) invocations.push(toInvocation(raw, src, map, "fence"));
  };

  const notesIn = (parent: Nodes & { children: Nodes[] }) => {
    const kids = parent.children;
    if (parent.type === "blockquote") {
      // In a blockquote a note runs from its paragraph to the next note (or the quote's end).
      let current: { head: NoteHead; from: number } | null = null;
      const flush = (to: number) => {
        if (!current) return;
        const part = kids.slice(current.from, to);
        const s = part[0].position?.start.offset;
        const e = part[part.length - 1].position?.end.offset;
        if (s !== undefined && e !== undefined) {
          pendingNotes.push({ head: current.head, start: s, end: e, ...headRange(part[0], s, e), text: part.map(plainText).join("\n\n") });
        }
        current = null;
      };
      for (let i = 0; i < kids.length; i++) {
        const k = kids[i];
        const head = k.type === "paragraph" ? matchNoteHead(k as Paragraph, matcher) : null;
        if (head) {
          flush(i);
          current = { head, from: i };
        }
      }
      flush(kids.length);
      return;
    }
    for (const k of kids) {
      if (k.type !== "paragraph") continue;
      const head = matchNoteHead(k as Paragraph, matcher);
      const s = k.position?.start.offset;
      const e = k.position?.end.offset;
      if (head && s !== undefined && e !== undefined) pendingNotes.push({ head, start: s, end: e, ...headRange(k, s, e), text: plainText(k) });
    }
  };

  // Iterative pre-order walk: deep nesting cannot overflow the call stack.
  const stack: Nodes[] = [tree];
  while (stack.length) {
    const node = stack.pop()!;
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start !== undefined && end !== undefined) {
      switch (node.type) {
        case "heading": {
          const t = lineText(toString(node as MdHeading));
          // GitHub and site generators slug the rendered text, without inline HTML or components
          // (`## input <Badge />`, `## suite<T>`, a stray `</a>`): a tag is markup, not text.
          const spaced = toString(node as MdHeading, { includeHtml: false }).replace(/\r\n|\r|\n/g, " ");
          const bare = spaced.trim();
          const h: Heading = { depth: (node as MdHeading).depth, text: t, slug: slugger.slug(bare), span: span(start, end) };
          if (bare !== t) {
            h.idText = bare;
            // The space a dropped tag leaves at an end (`## Foo <a name="x"></a>`): GitHub's id may keep it as
            // `-` (`foo-`); both spellings are taken as the heading's, neither is judged wrong.
            if (spaced !== bare) {
              const alt = githubSlug(spaced);
              if (alt !== h.slug) h.slugAlt = alt;
            }
          }
          // An option heading written without backticks (`#### -p, --port \`<port>\``): the option names it opens with.
          const lead = (node as MdHeading).children[0];
          const names = lead?.type === "text" ? HEADING_OPTIONS.exec(lead.value) : null;
          const at = lead?.position?.start.offset;
          if (names && at !== undefined) h.options = { value: names[1]!, span: span(at, at + names[1]!.length), valueOffset: at };
          headings.push(h);
          break;
        }
        case "link": {
          const label = toString(node);
          // `@[code lang](path)`: VuePress's and VitePress's import of a code file into a fence.
          const codeImport = text[start - 1] === "@" && /^code(?:[{\s]|$)/.test(label);
          links.push({ kind: "link", url: node.url, text: label, span: span(start, end), ...(codeImport ? { codeImport: true as const } : {}) });
          break;
        }
        case "image":
          links.push({ kind: "image", url: node.url, text: node.alt ?? "", span: span(start, end) });
          break;
        case "definition":
          links.push({ kind: "definition", url: node.url, text: "", span: span(start, end) });
          definitionIds.set(links[links.length - 1], node.identifier);
          break;
        case "linkReference":
        case "imageReference":
          usedIds.add(node.identifier);
          break;
        case "inlineCode":
          codeRanges.push({ start, end });
          onInlineCode(node, start, end);
          break;
        case "code":
          codeRanges.push({ start, end });
          onCode(node, start, end);
          break;
        case "html":
          htmlRanges.push({ start, end });
          collectAnchors(text, start, end, (s, e, id) => anchors.push({ id, span: span(s, e) }), (node as Html).value);
          // Raw `<a href>` / `<img src>`: links as GitHub and the generators render them; in MDX any element's `href`.
          for (const l of htmlLinks(text.slice(start, end), isMdx)) links.push(rawHtmlLink(l, start));
          break;
        case "text":
          // `<a href="{{< ref "x" >}}">` inline: the shortcode's quotes keep CommonMark from seeing a tag, yet Hugo
          // expands it before Markdown runs, so the page has the link. Only such links are read from text.
          if (/<(?:a|img)\s[^\n]*\{\{[<%]/i.test(node.value))
            for (const l of htmlLinks(text.slice(start, end))) if (/\{\{[<%]/.test(l.url)) links.push(rawHtmlLink(l, start));
          break;
      }
    }
    if ("children" in node && node.children.length) {
      const parent = node as Nodes & { children: Nodes[] };
      // The code that opens a list item or a table cell: an option list's or table's entry (`- \`--force\`: …`).
      const first =
        parent.type === "listItem" && parent.children[0]?.type === "paragraph"
          ? (parent.children[0] as Nodes & { children: Nodes[] }).children[0]
          : parent.type === "tableCell"
            ? parent.children[0]
            : undefined;
      if (first?.type === "inlineCode") leading.add(first);
      const block = parent.type === "paragraph" || parent.type === "tableCell" || parent.type === "heading" ? parent : blockOf.get(parent);
      if (block) for (const k of parent.children) blockOf.set(k, block);
      // `` `--x` of `tool cmd` ``: the code names what the next one invokes.
      for (let i = 0; i + 2 < parent.children.length; i++) {
        const [a, between, b] = [parent.children[i], parent.children[i + 1], parent.children[i + 2]];
        if (a.type === "inlineCode" && b.type === "inlineCode" && between.type === "text" && /^\s+(?:of|for)\s+$/i.test(between.value)) ofNext.add(a);
      }
      if (hasPhrasingRefHead(parent.children)) {
        for (const r of findSectionRefs(parent.children)) {
          sectionRefs.push({ target: r.target, section: r.section, span: span(r.start, r.end) });
        }
      }
      if (parent.type === "blockquote" || parent.children.some((k) => k.type === "paragraph")) notesIn(parent);
      for (let i = parent.children.length - 1; i >= 0; i--) stack.push(parent.children[i]);
    }
  }

  // Notes in document order, so repeated subjects get `-2`, `-3` in reading order.
  pendingNotes.sort((a, b) => a.start - b.start);
  inlineInvocations.sort((a, b) => a.start - b.start);
  const ids = new NoteIds(file);
  const notes: DelegationNote[] = pendingNotes.map((p) => ({
    id: ids.next(p.head.subject),
    file,
    subject: p.head.subject,
    marker: p.head.marker,
    text: p.text,
    owners: ownersIn(inlineInvocations, p.start, p.end),
    span: span(p.start, p.end),
    headSpan: span(p.headStart, p.headEnd),
  }));

  // A definition no reference uses renders nothing (`1. [Step 1]: [Description]` in a template list): no link to check.
  if (definitionIds.size > 0) {
    const used = links.filter((l) => !definitionIds.has(l) || usedIds.has(definitionIds.get(l)!));
    links.length = 0;
    links.push(...used);
  }
  const directives = scanDirectives(text, htmlRanges, span);
  const liquid = liquidLinks(text, [...codeRanges, ...htmlRanges]);
  if (liquid.length > 0) {
    // A template without spaces (`{{"/x/"|relative_url}}`) also parses as a link to its raw text: the Liquid reading replaces it.
    const at = new Set(
      liquid.map((l) => {
        const p = lines.position(l.start);
        return `${p.line}:${p.column}`;
      }),
    );
    const plain = links.filter((l) => !at.has(`${l.span.line}:${l.span.column}`));
    links.length = 0;
    links.push(...plain);
    for (const l of liquid) links.push({ kind: l.kind, url: l.url, text: l.text, span: span(l.start, l.end), template: l.template });
    links.sort(bySpan);
  }

  markToolSections(text, links, lines);

  return {
    file,
    frontMatter,
    bom: opts.bom ?? false,
    eol: detectEol(text),
    headings,
    anchors,
    links,
    inlineCodes,
    codeBlocks,
    invocations: invocations.sort(bySpan),
    notes,
    sectionRefs: sectionRefs.sort(bySpan),
    regions: directives.regions,
    regionProblems: directives.regionProblems,
    suppressions: directives.suppressions,
  };
}

function bySpan<T extends { span: Span }>(a: T, b: T): number {
  return a.span.line - b.span.line || a.span.column - b.span.column;
}

export function detectEol(text: string): "\n" | "\r\n" {
  const lf = text.indexOf("\n");
  return lf > 0 && text.charCodeAt(lf - 1) === 13 ? "\r\n" : "\n";
}

/** Sections another tool writes and rewrites (`<!-- ALL-CONTRIBUTORS-LIST:START - Do not remove or modify this section -->` … `END`). */
const TOOL_SECTION = /<!--\s*ALL-CONTRIBUTORS-LIST:START\b[\s\S]*?(?:<!--\s*ALL-CONTRIBUTORS-LIST:END\s*-->|$)/g;

/**
 * all-contributors' contribution types and the title its bot writes on each emoji link
 * (`<a href="#question-login" title="Answering Questions">💬</a>`): the shape by which a
 * copy of the bot's output outside its section (an "emeriti" table pasted by hand) is known.
 */
const CONTRIBUTION_TITLES: Record<string, string> = {
  a11y: "Accessibility",
  audio: "Audio",
  blog: "Blogposts",
  bug: "Bug reports",
  business: "Business development",
  code: "Code",
  content: "Content",
  data: "Data",
  design: "Design",
  doc: "Documentation",
  eventOrganizing: "Event Organizing",
  example: "Examples",
  financial: "Financial",
  fundingFinding: "Funding Finding",
  ideas: "Ideas, Planning, & Feedback",
  infra: "Infrastructure (Hosting, Build-Tools, etc)",
  maintenance: "Maintenance",
  mentoring: "Mentoring",
  platform: "Packaging/porting to new platform",
  plugin: "Plugin/utility libraries",
  projectManagement: "Project Management",
  promotion: "Promotion",
  question: "Answering Questions",
  research: "Research",
  review: "Reviewed Pull Requests",
  security: "Security",
  talk: "Talks",
  test: "Tests",
  tool: "Tools",
  translation: "Translation",
  tutorial: "Tutorials",
  userTesting: "User Testing",
  video: "Videos",
};
const EMOJI_LINK = /<a\s+href="#([A-Za-z0-9]+)-[^"\s]+"\s+title="([^"]*)"\s*>/g;

/** Marks the links inside a tool's section: its bot writes them (all-contributors' emoji links are `#type-login` anchors by design). */
function markToolSections(text: string, links: MdLink[], lines: LineIndex): void {
  if (!text.includes("ALL-CONTRIBUTORS-LIST:START")) return;
  markContributorCopies(text, links, lines);
  TOOL_SECTION.lastIndex = 0;
  for (let m = TOOL_SECTION.exec(text); m; m = TOOL_SECTION.exec(text)) {
    const a = lines.position(m.index);
    const b = lines.position(m.index + m[0].length);
    for (const l of links) {
      const after = l.span.line > a.line || (l.span.line === a.line && l.span.column >= a.column);
      const before = l.span.line < b.line || (l.span.line === b.line && l.span.column <= b.column);
      if (after && before) l.toolSection = "all-contributors";
    }
    if (m[0].length === 0) TOOL_SECTION.lastIndex++;
  }
}

/** all-contributors emoji links copied outside the bot's section, known by their exact shape (type and its title). */
function markContributorCopies(text: string, links: MdLink[], lines: LineIndex): void {
  const at = new Set<string>();
  EMOJI_LINK.lastIndex = 0;
  for (let m = EMOJI_LINK.exec(text); m; m = EMOJI_LINK.exec(text)) {
    if (CONTRIBUTION_TITLES[m[1]] !== m[2]) continue;
    const p = lines.position(m.index);
    at.add(`${p.line}:${p.column}`);
  }
  for (const l of links) if (at.has(`${l.span.line}:${l.span.column}`)) l.toolSection = "all-contributors";
}

function lineText(s: string): string {
  return s.replace(/\r\n|\r|\n/g, " ").trim();
}

function plainText(node: Nodes): string {
  return toString(node);
}

/** Cheap pre-filter: does any binary occur in the string at all? */
/** Every non-blank line (continuations joined) starts with an invocation of one of the binaries (perhaps after `npx`, `yarn`, `FOO=1`). */
function onlyInvocations(value: string, binaries: ReadonlySet<string>, runners?: BinaryRunners): boolean {
  const lines = value
    .replace(/\\\r?\n/g, " ")
    .split(/\r?\n/)
    .filter((l) => l.trim() !== "");
  return (
    lines.length > 0 &&
    lines.every((l) => {
      const tokens = tokenizeInvocation(l);
      const firstOp = tokens.find((t) => t.kind === "operator")?.start ?? l.length;
      return splitInvocations(tokens, binaries, runners).some((inv) => inv.start < firstOp);
    })
  );
}

const SCRIPT_EXT = /\.[cm]?[jt]s$/;

/**
 * The runners of `runs` for a document: packages as given; a `node` path read from the root and from the
 * document's folder (`./` and a script extension optional), naming one of the binaries' bin files.
 * `words`: what the pre-filter looks for (the package names, `node`). Undefined when nothing else runs a binary.
 */
function binaryRunners(file: string, runs: ReadMarkdownOptions["runs"], binaries: ReadonlySet<string>): (BinaryRunners & { words: string[] }) | undefined {
  if (!runs) return undefined;
  const packages = new Map(Object.entries(runs.packages).filter(([, b]) => binaries.has(b)));
  const files = new Map<string, string>();
  for (const [f, b] of Object.entries(runs.files)) if (binaries.has(b) && !files.has(f.replace(SCRIPT_EXT, ""))) files.set(f.replace(SCRIPT_EXT, ""), b);
  if (packages.size === 0 && files.size === 0) return undefined;
  const dir = posix.dirname(file);
  const node = (path: string): string | null => {
    if (files.size === 0 || !/^[\w./@-]+$/.test(path) || path.startsWith("/")) return null;
    for (const p of [path, posix.join(dir, path)]) {
      const n = posix.normalize(p);
      if (n.startsWith("../")) continue;
      const b = files.get(n.replace(SCRIPT_EXT, ""));
      if (b) return b;
    }
    return null;
  };
  return { packages, node, words: [...packages.keys(), ...(files.size > 0 ? ["node"] : [])] };
}

function mentionsBinary(s: string, binaries: Iterable<string>): boolean {
  for (const b of binaries) if (s.includes(b)) return true;
  return false;
}

function hasPhrasingRefHead(children: readonly Nodes[]): boolean {
  if (children.length < 3) return false;
  for (const c of children) if (c.type === "link" || c.type === "inlineCode") return true;
  return false;
}

function ownersIn(list: readonly { start: number; inv: Invocation }[], start: number, end: number): Invocation[] {
  const out: Invocation[] = [];
  for (const x of list) {
    if (x.start >= end) break;
    if (x.start >= start) out.push(x.inv);
  }
  return out;
}

/**
 * The commands of a shell fence as one string (one line per command line,
 * `\` continuations kept) plus each character's offset in the document. When
 * any line carries a `$ ` prompt, only prompted lines (and their
 * continuations) are commands; the rest is output.
 */
function fenceSource(text: string, lines: LineIndex, node: Code): { src: string; offsets: number[] } {
  const valueLines = node.value.split(/\r\n|\r|\n/);
  const firstLine = (node.position?.start.line ?? 0) + 1;
  const prompted = valueLines.some((l) => PROMPT.test(l));
  let src = "";
  const offsets: number[] = [];
  let continuing = false;
  for (let i = 0; i < valueLines.length; i++) {
    const v = valueLines[i];
    const lineNo = firstLine + i;
    if (lineNo > lines.lineCount) break;
    const lineStart = lines.offset(lineNo, 1);
    const lineEnd = endOfLine(text, lineStart);
    const rawLen = lineEnd - lineStart;
    const base = lineStart + Math.max(0, rawLen - v.length);
    let from = 0;
    if (!continuing) {
      const m = PROMPT.exec(v);
      if (m) from = m[0].length;
      else if (prompted) continue;
    }
    for (let k = from; k < v.length; k++) offsets.push(Math.min(base + k, lineEnd));
    src += v.slice(from);
    offsets.push(lineEnd);
    src += "\n";
    continuing = /(^|[^\\])(\\\\)*\\$/.test(v);
  }
  return { src, offsets };
}

/** The offset of the line break (or the text's end) at or after `from`. */
function endOfLine(text: string, from: number): number {
  let i = from;
  while (i < text.length && text[i] !== "\n" && text[i] !== "\r") i++;
  return i;
}

/** `"name": "command line"`: a script entry on one line; a value with an escape is left out (its offsets would not map). */
const SCRIPT_ENTRY = /^(\s*"[^"\\]*"\s*:\s*")([^"\\]*)"/;

/**
 * The command lines of a JSON fence's `"scripts": { … }` object (a package.json shown in the docs), one per line of
 * the returned source, each character mapped to its offset in the document. Empty when the fence has no scripts.
 */
function scriptsSource(text: string, lines: LineIndex, node: Code): { src: string; offsets: number[] } {
  const valueLines = node.value.split(/\r\n|\r|\n/);
  const firstLine = (node.position?.start.line ?? 0) + 1;
  let src = "";
  const offsets: number[] = [];
  let depth = 0;
  for (let i = 0; i < valueLines.length; i++) {
    const v = valueLines[i];
    if (depth === 0) {
      if (/"scripts"\s*:\s*\{\s*$/.test(v)) depth = 1;
      continue;
    }
    if (/^\s*\}/.test(v)) {
      depth = 0;
      continue;
    }
    const m = SCRIPT_ENTRY.exec(v);
    const lineNo = firstLine + i;
    if (!m || lineNo > lines.lineCount) continue;
    const lineStart = lines.offset(lineNo, 1);
    const lineEnd = endOfLine(text, lineStart);
    // The fence's indentation (in a list item or a blockquote) is not part of the value.
    const base = lineStart + Math.max(0, lineEnd - lineStart - v.length) + m[1].length;
    for (let k = 0; k < m[2].length; k++) offsets.push(base + k);
    src += m[2];
    offsets.push(base + m[2].length);
    src += "\n";
  }
  return { src, offsets };
}

const TAG = /<([A-Za-z][A-Za-z0-9-]*)(\s[^<>]*)?>/g;
const HTML_HEADING = /<h([1-6])(\s[^<>]*)?>([\s\S]*?)<\/h\1\s*>/gi;
const ATTR = /(?:^|\s)(id|name)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi;

/** Explicit anchors: `id` on any tag, `name` on `<a>`; scanned in the raw source of an html node. */
function collectAnchors(text: string, start: number, end: number, add: (start: number, end: number, id: string) => void, value: string): void {
  // Comments are not elements; an `id=` inside one anchors nothing.
  if (value.startsWith("<!--")) return;
  const raw = text.slice(start, end);
  // A raw HTML heading without an id: GitHub gives it the id of its text, as a Markdown heading's.
  HTML_HEADING.lastIndex = 0;
  for (let h = HTML_HEADING.exec(raw); h; h = HTML_HEADING.exec(raw)) {
    if (/\sid\s*=/i.test(h[2] ?? "")) continue;
    const plain = h[3]
      .replace(/<[^>]*>/g, "")
      .replace(/&amp;/g, "&")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/\s+/g, " ")
      .trim();
    const id = githubSlug(plain);
    if (id) add(start + h.index, start + h.index + h[0].length, id);
  }
  if (!/\b(?:id|name)\s*=/i.test(value)) return;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(raw); m; m = TAG.exec(raw)) {
    const attrs = m[2];
    if (!attrs) continue;
    const isA = m[1].toLowerCase() === "a";
    ATTR.lastIndex = 0;
    for (let a = ATTR.exec(attrs); a; a = ATTR.exec(attrs)) {
      const key = a[1].toLowerCase();
      if (key === "name" && !isA) continue;
      const id = a[2] ?? a[3] ?? a[4] ?? "";
      if (id) add(start + m.index, start + m.index + m[0].length, id);
    }
  }
}
