/**
 * Text docpact writes into generated TypeScript, encoded for where it goes:
 * a string literal, a line comment, a block comment. File names, glob
 * patterns, schema pointers and document paths come from the project and may
 * hold quotes, line breaks or `*​/`; written raw they would end the literal or
 * the comment and become code (`q";process.exit(7);"x.ts`).
 */

/** A TypeScript string literal for `s` (double-quoted; line and paragraph separators escaped too). */
export function tsString(s: string): string {
  return JSON.stringify(s)
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

const BREAKS: Record<string, string> = { "\n": "\\u000a", "\r": "\\u000d", "\u2028": "\\u2028", "\u2029": "\\u2029" };

/** Text that stays inside a `//` comment: every line terminator written as its `\u` escape. */
export function lineCommentText(s: string): string {
  return s.replace(/[\n\r\u2028\u2029]/g, (c) => BREAKS[c]);
}

/** lineCommentText, read back (the header of a generated file names its schema). */
export function fromLineCommentText(s: string): string {
  return s.replace(/\\u(000a|000d|2028|2029)/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** Text that stays inside a `/* … *​/` comment on one line: no line terminator, no `*​/`. */
export function blockCommentText(s: string): string {
  return lineCommentText(s).replace(/\*\//g, "*\\/");
}
