/**
 * Where documents invoke a slash command (`/w:export-reports --since x` in
 * inline code or on a fenced line) or name a skill ("the `release` skill",
 * "skill `x`", `` `Skill: x` ``). Read from the Markdown reader's inline code
 * and code blocks; the invocation lexer (../invocation.ts) splits arguments.
 * Reads, never judges: which mentions are this bundle's is the rules' call.
 */
import type { Span } from "../../model/diagnostic.js";
import type { MarkdownDoc } from "../../model/types.js";
import type { SkillNameMention, SlashMention } from "../../model/skills.js";
import { LineIndex } from "../../util/text.js";
import { parseInvocations, type RawInvocation } from "../invocation.js";

const SLASH_WORD = /(?:^|\s)(\/[A-Za-z0-9][\w-]*(?::[\w-]+)*)(?=\s|$)/g;
const SKILL_NAME = /^[a-z0-9][a-z0-9_-]*(?::[a-z0-9_-]+)?$/;

function slashWords(src: string): Set<string> {
  const out = new Set<string>();
  for (const m of src.matchAll(SLASH_WORD)) out.add(m[1]);
  return out;
}

/** The invocations of slash commands in one string, with a function from local offset to span. */
function mentionsIn(file: string, src: string, source: SlashMention["source"], at: (start: number, end: number) => Span): SlashMention[] {
  const names = slashWords(src);
  if (names.size === 0) return [];
  return parseInvocations(src, names).map((inv: RawInvocation) => {
    const args: SlashMention["args"] = [];
    const toks = inv.tokens;
    for (let i = 0; i < toks.length; i++) {
      const t = toks[i];
      if (t.kind !== "flag" || !t.flag) continue;
      const next = toks[i + 1];
      const value = t.value ?? (next && next.kind === "word" ? next.text : null);
      args.push({ flag: t.flag, value, span: at(t.start, t.end) });
    }
    const colon = inv.binary.indexOf(":");
    const synopsis = /\[\s*-/.test(src.slice(inv.start, inv.end));
    return {
      file,
      span: at(inv.start, inv.start + inv.binary.length),
      name: inv.binary,
      namespace: colon === -1 ? null : inv.binary.slice(1, colon),
      source,
      args,
      ...(synopsis ? { synopsis: true as const } : {}),
    };
  });
}

export function slashMentions(doc: MarkdownDoc, text: string): SlashMention[] {
  const index = new LineIndex(text);
  const span = (a: number, b: number): Span => {
    const s = index.position(a);
    const e = index.position(b);
    return { file: doc.file, line: s.line, column: s.column, endLine: e.line, endColumn: e.column };
  };
  const out: SlashMention[] = [];
  for (const c of doc.inlineCodes) {
    if (!c.value.includes("/")) continue;
    // Offsets map into the text only when the value is written there as is (one line, no escapes).
    const exact = text.slice(c.valueOffset, c.valueOffset + c.value.length) === c.value;
    out.push(...mentionsIn(doc.file, c.value, "inline", (a, b) => (exact ? span(c.valueOffset + a, c.valueOffset + b) : c.span)));
  }
  for (const b of doc.codeBlocks) {
    if (!b.value.includes("/")) continue;
    const lines = b.value.split("\n");
    for (let k = 0; k < lines.length; k++) {
      const line = lines[k];
      if (!/^\s*\//.test(line)) continue;
      const lineNo = b.span.line + 1 + k;
      const full = lineNo <= index.lineCount ? text.slice(index.offset(lineNo, 1), lineNo < index.lineCount ? index.offset(lineNo + 1, 1) : text.length) : "";
      const col = full.indexOf(line);
      const base = col === -1 ? -1 : index.offset(lineNo, 1) + col;
      out.push(...mentionsIn(doc.file, line, "fence", (x, y) => (base === -1 ? b.span : span(base + x, base + y))));
    }
  }
  return out;
}

const BARE_ARG = /^(--?[A-Za-z][\w-]*)(?:[ =]([^\s<>{}[\]]+))?$/;

/**
 * Flags written in inline code after an entry's name in the same sentence on
 * the same line (`` `export-diagrams` with `--scope data` ``): the nearest
 * name-like inline code before the flag, no sentence end between them.
 */
export function proseArguments(doc: MarkdownDoc, text: string): SlashMention[] {
  const out: SlashMention[] = [];
  const index = new LineIndex(text);
  let owner: { name: string; line: number; end: number } | null = null;
  for (const c of doc.inlineCodes) {
    const v = c.value.trim();
    const start = index.offset(c.span.line, c.span.column);
    const flag = BARE_ARG.exec(v);
    if (flag && owner && owner.line === c.span.line && !/[.;:!?]\s/.test(text.slice(owner.end, start))) {
      out.push({
        file: doc.file,
        span: c.span,
        name: owner.name,
        namespace: null,
        source: "inline",
        form: "prose",
        args: [{ flag: flag[1], value: flag[2] ?? null, span: c.span }],
      });
      continue;
    }
    if (flag) continue;
    const name = /^\/?(?:[a-z0-9][\w-]*:)?[a-z0-9][\w-]*$/.test(v) ? v : null;
    owner = name ? { name, line: c.span.endLine, end: index.offset(c.span.endLine, c.span.endColumn) } : null;
  }
  return out;
}

export function skillNameMentions(doc: MarkdownDoc, text: string): SkillNameMention[] {
  const index = new LineIndex(text);
  const out: SkillNameMention[] = [];
  for (const c of doc.inlineCodes) {
    const v = c.value.trim();
    const tool = /^Skill(?::\s*|\()([a-z0-9][\w:-]*)\)?$/.exec(v);
    let name: string | null = tool ? tool[1] : null;
    if (!name && SKILL_NAME.test(v)) {
      const start = index.offset(c.span.line, c.span.column);
      const end = index.offset(c.span.endLine, c.span.endColumn);
      const before = text.slice(Math.max(0, start - 12), start);
      const after = text.slice(end, end + 10);
      if (/\bskill\s+$/i.test(before) || /^\s+skill\b(?![-`])/i.test(after)) name = v;
    }
    if (name) out.push({ file: doc.file, span: c.span, name });
  }
  return out;
}
