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
    /** Where a line of the fence starts in the text, or -1 when it is not written there as is. */
    const baseOf = (k: number): number => {
      const lineNo = b.span.line + 1 + k;
      const full = lineNo <= index.lineCount ? text.slice(index.offset(lineNo, 1), lineNo < index.lineCount ? index.offset(lineNo + 1, 1) : text.length) : "";
      const col = full.indexOf(lines[k]);
      return col === -1 ? -1 : index.offset(lineNo, 1) + col;
    };
    for (let k = 0; k < lines.length; k++) {
      const line = lines[k];
      if (!/^\s*\//.test(line)) continue;
      const base = baseOf(k);
      const found = mentionsIn(doc.file, line, "fence", (x, y) => (base === -1 ? b.span : span(base + x, base + y)));
      out.push(...found);
      // A usage synopsis continued on indented lines of options (`/w:x [--a]` then `    [--b] [--c]`): theirs too.
      const last = found.at(-1);
      if (!last?.synopsis) continue;
      while (k + 1 < lines.length && /^\s+\[\s*-/.test(lines[k + 1])) {
        k++;
        const rest = lines[k].trimStart();
        const indent = lines[k].length - rest.length;
        const head = `${last.name} `;
        const next = baseOf(k);
        const shift = indent - head.length;
        const more = mentionsIn(doc.file, head + rest, "fence", (x, y) => (next === -1 ? b.span : span(next + x + shift, next + y + shift)));
        for (const m of more) last.args.push(...m.args);
      }
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

/** A tool name as written in inline code: `Bash`, `WebFetch`, `Skill` (capitalised, letters only). */
const TOOL = /^[A-Z][A-Za-z]+$/;
/** "always includes/lists/contains": the tools named after it are claimed present. */
const ALWAYS = /\b(?:always|must)\s+(?:includes?|lists?|contains?|has|have)\b/i;
/** "is not in", "never includes": the tools named before ("`Skill` is not in") or after ("never includes `Skill`") it are claimed absent. */
const NOT_IN = /\b(?:is|are)\s+(?:\*\*|__|_|\*)?not(?:\*\*|__|_|\*)?\s+(?:in|listed in|part of)\b/i;
const NEVER = /\bnever\s+(?:includes?|lists?|contains?|has)\b/i;

/**
 * Sentences that say what the `allowed-tools` front matter of a bundle's
 * entries holds: a line naming `allowed-tools` with "always includes `X`"
 * (present), or "`X` is not in" / "never includes `X`" (absent). Each claimed
 * tool is one claim; `conditional` when the line restricts it (when/if/unless)
 * after the claim. Only lines outside code, inline codes as written.
 */
export function toolClaims(doc: MarkdownDoc, text: string): import("../../model/skills.js").ToolClaim[] {
  const out: import("../../model/skills.js").ToolClaim[] = [];
  const index = new LineIndex(text);
  const byLine = new Map<number, typeof doc.inlineCodes>();
  for (const c of doc.inlineCodes) {
    if (c.span.line !== c.span.endLine) continue;
    const l = byLine.get(c.span.line);
    if (l) l.push(c);
    else byLine.set(c.span.line, [c]);
  }
  for (const [lineNo, codes] of byLine) {
    if (!codes.some((c) => c.value.trim() === "allowed-tools" || c.value.trim() === "allowed-tools:")) continue;
    const lineStart = index.offset(lineNo, 1);
    const line = text.slice(lineStart, lineNo < index.lineCount ? index.offset(lineNo + 1, 1) : text.length);
    const at = (c: (typeof codes)[number]) => index.offset(c.span.line, c.span.column) - lineStart;
    const claim = (re: RegExp, present: boolean, side: "after" | "before") => {
      const m = re.exec(line);
      if (!m) return;
      const from = m.index;
      const to = m.index + m[0].length;
      // The tools right after the phrase (up to the sentence's end), or right before it (from the sentence's start).
      const end = side === "after" ? line.slice(to).search(/[.;!?](?:\s|$)/) : -1;
      const start = side === "before" ? Math.max(line.slice(0, from).search(/[^.;!?]*$/), 0) : to;
      const stop = side === "after" ? (end === -1 ? line.length : to + end) : from;
      const conditional = /\b(?:when|if|unless|only)\b/i.test(line.slice(to));
      for (const c of codes) {
        const p = at(c);
        const v = c.value.trim();
        if (p < start || p >= stop || !TOOL.test(v)) continue;
        out.push({ file: doc.file, span: c.span, tool: v, present, conditional });
      }
    };
    claim(ALWAYS, true, "after");
    claim(NEVER, false, "after");
    claim(NOT_IN, false, "before");
  }
  return out.sort((a, b) => a.span.line - b.span.line || a.span.column - b.span.column);
}
