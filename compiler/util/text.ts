/** Text helpers shared by readers: BOM/EOL detection and offset → line/column. */
import { sep } from "node:path";

export interface SourceText {
  /** The text with a leading BOM removed; every offset in docpact refers to this. */
  text: string;
  bom: boolean;
  eol: "\n" | "\r\n";
}

export function decodeSource(raw: string): SourceText {
  const bom = raw.charCodeAt(0) === 0xfeff;
  const text = bom ? raw.slice(1) : raw;
  const crlf = text.indexOf("\r\n");
  const lf = text.indexOf("\n");
  return { text, bom, eol: crlf !== -1 && crlf + 1 === lf ? "\r\n" : "\n" };
}

/** Maps UTF-16 offsets to 1-based line/column; `\r\n`, `\n` and lone `\r` end lines. */
export class LineIndex {
  private readonly starts: number[];
  constructor(readonly text: string) {
    const starts = [0];
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) starts.push(i + 1);
      else if (c === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      }
    }
    this.starts = starts;
  }

  position(offset: number): { line: number; column: number } {
    const s = this.starts;
    let lo = 0;
    let hi = s.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (s[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - s[lo] + 1 };
  }

  offset(line: number, column: number): number {
    const start = this.starts[Math.min(Math.max(line, 1), this.starts.length) - 1];
    return start + column - 1;
  }

  get lineCount(): number {
    return this.starts.length;
  }
}

/** A platform path with `/` separators. On POSIX a backslash is a character of the name (`back\\slash.md`), kept. */
export function toPosix(p: string): string {
  return sep === "\\" ? p.split("\\").join("/") : p;
}

/** `s` on one line (runs of white space made one space); when longer than `max`, its first `max - 3` characters and `ellipsis`. */
export function shortened(s: string, max: number, ellipsis: string): string {
  const one = s.replace(/\s+/g, " ");
  return one.length > max ? `${one.slice(0, max - 3)}${ellipsis}` : one;
}

/**
 * UTF-16 without a BOM and binary files are valid UTF-8 byte by byte but are not text: they hold
 * NUL bytes in bulk (every other byte, for UTF-16 ASCII). Text may hold a stray NUL (a TypeScript
 * template literal joining keys with `\0` written raw), so only a share of them — at least 10 % of the
 * first 64 KiB — marks a file as not text.
 */
export function mostlyNotText(buf: Uint8Array): boolean {
  const n = Math.min(buf.length, 65536);
  let nuls = 0;
  for (let i = 0; i < n; i++) if (buf[i] === 0) nuls++;
  return nuls > 0 && nuls * 10 >= n;
}

/** `s` as a regular expression source matching it literally. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
