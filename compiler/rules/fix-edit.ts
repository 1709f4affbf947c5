/**
 * Fixes a rule attaches for `build --fix` (and `--fix-dry-run`, SARIF
 * `fixes`, the JSON report's `fix`). A rule attaches one only when its
 * replacement is backed by evidence, never by a guess:
 *
 * - a rename git recorded (a commit replaced the name on the same line by one
 *   that exists now, renamed the file, or moved the heading to another
 *   document), or
 * - a deprecation the project declares (a schema's `x-replaced-by`, config
 *   `vocabularies[].aliases`, a mapping file, `@deprecated use x`) with one
 *   replacement.
 *
 * A suggestion found by spelling distance alone stays a suggestion. Each edit
 * replaces text the rule saw at the finding's span; when the text there is
 * not what the rule expects (a span that does not map onto the written text)
 * there is no fix.
 */
import type { Fix, Span, TextEdit } from "../model/diagnostic.js";

/** The UTF-16 offset of a 1-based line and column in `text` (null past its end). */
export function offsetOf(text: string, line: number, column: number): number | null {
  let at = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf("\n", at);
    if (nl === -1) return null;
    at = nl + 1;
  }
  const off = at + column - 1;
  return off <= text.length ? off : null;
}

/** The text a span covers, with its start offset (null when the span does not map onto `text`). */
export function spanText(text: string | undefined, span: Span): { start: number; text: string } | null {
  if (text === undefined) return null;
  const start = offsetOf(text, span.line, span.column);
  const end = offsetOf(text, span.endLine, span.endColumn);
  if (start === null || end === null || end < start) return null;
  return { start, text: text.slice(start, end) };
}

/**
 * A fix replacing the only occurrence of `find` inside the span by
 * `replacement` (`last`: the last occurrence, for a link's URL, which follows
 * its text). Null when `find` is not there, is there more than once (unless
 * `last`), or the replacement changes nothing.
 */
export function replaceInSpan(
  text: string | undefined,
  span: Span,
  find: string,
  replacement: string,
  description: string,
  pick: "only" | "last" = "only",
): Fix | null {
  const s = spanText(text, span);
  if (s === null || find === "" || find === replacement) return null;
  const first = s.text.indexOf(find);
  if (first === -1) return null;
  const at = pick === "last" ? s.text.lastIndexOf(find) : first;
  if (pick === "only" && s.text.indexOf(find, first + 1) !== -1) return null;
  const edit: TextEdit = { start: s.start + at, end: s.start + at + find.length, text: replacement };
  return { description, file: span.file, edits: [edit] };
}

/**
 * A fix writing `url` in place of a link's destination as written (`[x](a.md#b)`, `[x]: a.md`,
 * `[x](<a b.md>)`): the occurrence of `written` that opens the destination. Null when the
 * destination is not written as `written` (escapes, entities) or the URL would need escaping.
 */
export function linkUrlFix(text: string | undefined, span: Span, written: string, url: string, description: string): Fix | null {
  const s = spanText(text, span);
  if (s === null || written === "" || written === url || /[\s()<>\\]/.test(url)) return null;
  for (let at = s.text.indexOf(written); at !== -1; at = s.text.indexOf(written, at + 1)) {
    const before = s.text.slice(0, at);
    if (!/(\]\(\s*<?|\]:\s*<?)$/.test(before)) continue;
    const after = s.text.charAt(at + written.length);
    if (after !== "" && !/[\s)>"']/.test(after)) continue;
    return { description, file: span.file, edits: [{ start: s.start + at, end: s.start + at + written.length, text: url }] };
  }
  return null;
}
