/**
 * A JSON parser that records where every value sits: JSON pointer → key and
 * value spans. Hand-written (one pass, no regexes) so a 5 MB schema parses in
 * milliseconds; never throws — malformed input becomes problems with a position.
 *
 * Output is plain data (records, not Maps) so it can be cached as JSON.
 */
import type { Span } from "../model/diagnostic.js";
import type { JsonLocation, JsonProblem } from "../model/types.js";
import { escapePointerToken } from "../util/json-pointer.js";

export interface ParsedJson {
  /** Undefined when the text is not valid JSON. */
  value?: unknown;
  /** JSON pointer (`""` is the root, `/a/0/b~1c`) → location. Keys always start with `/` except the root. */
  locations: Record<string, JsonLocation>;
  problems: JsonProblem[];
}

export { escapePointerToken, spanAtPointer, splitPointer } from "../util/json-pointer.js";

/** Thrown internally to stop at the first syntax error; never escapes the module. */
class SyntaxStop {
  constructor(
    readonly message: string,
    readonly offset: number,
    readonly end: number,
    /** A limit, not a syntax error: the message stands alone. */
    readonly limit = false,
  ) {}
}

/** Nesting past which parsing stops (config `limits.maxNesting`): far past real JSON, well short of the stack. */
export const DEFAULT_MAX_NESTING = 100;

class Parser {
  private pos = 0;
  private line = 1;
  private lineStart = 0;
  readonly locations: Record<string, JsonLocation> = {};
  readonly problems: JsonProblem[] = [];

  private depth = 0;

  constructor(
    private readonly file: string,
    private readonly text: string,
    private readonly maxNesting: number,
  ) {}

  parse(): unknown {
    this.skipWs();
    if (this.pos >= this.text.length) throw this.stop("empty document: expected a JSON value", this.pos);
    const v = this.value("");
    this.skipWs();
    if (this.pos < this.text.length) throw this.stop(`unexpected ${describeChar(this.text, this.pos)} after the JSON value`, this.pos);
    return v;
  }

  private stop(message: string, offset: number, end = offset + 1): SyntaxStop {
    return new SyntaxStop(message, offset, Math.min(end, Math.max(this.text.length, offset)));
  }

  /** Current position as 1-based line/column (valid only at the scanner's own position). */
  private here(offset: number): { line: number; column: number } {
    return { line: this.line, column: offset - this.lineStart + 1 };
  }

  private skipWs(): void {
    const t = this.text;
    for (;;) {
      const c = t.charCodeAt(this.pos);
      if (c === 32 || c === 9) this.pos++;
      else if (c === 10) {
        this.pos++;
        this.line++;
        this.lineStart = this.pos;
      } else if (c === 13) {
        this.pos++;
        if (t.charCodeAt(this.pos) === 10) this.pos++;
        this.line++;
        this.lineStart = this.pos;
      } else return;
    }
  }

  private value(pointer: string, key?: Span): unknown {
    const t = this.text;
    const start = this.pos;
    const startPos = this.here(start);
    const c = t.charCodeAt(start);
    let v: unknown;
    if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++this.depth > this.maxNesting) {
        throw new SyntaxStop(`nested deeper than ${this.maxNesting} levels (limits.maxNesting); not read further`, start, start + 1, true);
      }
      v = c === 123 ? this.object(pointer) : this.array(pointer);
      this.depth--;
    } else if (c === 34 /* " */) v = this.string();
    else if (c === 45 || (c >= 48 && c <= 57)) v = this.number();
    else if (t.startsWith("true", start)) {
      this.pos += 4;
      v = true;
    } else if (t.startsWith("false", start)) {
      this.pos += 5;
      v = false;
    } else if (t.startsWith("null", start)) {
      this.pos += 4;
      v = null;
    } else if (start >= t.length) throw this.stop("unexpected end of input: expected a JSON value", start);
    else throw this.stop(`unexpected ${describeChar(t, start)}: expected a JSON value`, start);
    const endPos = this.here(this.pos);
    const span: Span = { file: this.file, line: startPos.line, column: startPos.column, endLine: endPos.line, endColumn: endPos.column };
    this.locations[pointer] = key ? { key, value: span, start, end: this.pos } : { value: span, start, end: this.pos };
    return v;
  }

  private object(pointer: string): Record<string, unknown> {
    const t = this.text;
    const out: Record<string, unknown> = {};
    const seen = new Set<string>();
    this.pos++;
    this.skipWs();
    if (t.charCodeAt(this.pos) === 125) {
      this.pos++;
      return out;
    }
    for (;;) {
      if (t.charCodeAt(this.pos) !== 34) {
        throw this.stop(
          this.pos >= t.length
            ? "unexpected end of input: expected a property name"
            : `unexpected ${describeChar(t, this.pos)}: expected a property name in double quotes`,
          this.pos,
        );
      }
      const ks = this.pos;
      const kp = this.here(ks);
      const k = this.string();
      const ke = this.here(this.pos);
      const keySpan: Span = { file: this.file, line: kp.line, column: kp.column, endLine: ke.line, endColumn: ke.column };
      if (seen.has(k)) this.problems.push({ message: `duplicate key "${k}"`, span: keySpan });
      seen.add(k);
      this.skipWs();
      if (t.charCodeAt(this.pos) !== 58) throw this.stop(`unexpected ${describeChar(t, this.pos)}: expected ":" after a property name`, this.pos);
      this.pos++;
      this.skipWs();
      const v = this.value(pointer + "/" + escapePointerToken(k), keySpan);
      // defineProperty: a "__proto__" key must become data, not the prototype.
      Object.defineProperty(out, k, { value: v, writable: true, enumerable: true, configurable: true });
      this.skipWs();
      const c = t.charCodeAt(this.pos);
      if (c === 44) {
        this.pos++;
        this.skipWs();
        if (t.charCodeAt(this.pos) === 125) throw this.stop('trailing comma before "}"', this.pos - 1);
        continue;
      }
      if (c === 125) {
        this.pos++;
        return out;
      }
      throw this.stop(
        this.pos >= t.length ? 'unexpected end of input: expected "," or "}"' : `unexpected ${describeChar(t, this.pos)}: expected "," or "}"`,
        this.pos,
      );
    }
  }

  private array(pointer: string): unknown[] {
    const t = this.text;
    const out: unknown[] = [];
    this.pos++;
    this.skipWs();
    if (t.charCodeAt(this.pos) === 93) {
      this.pos++;
      return out;
    }
    for (;;) {
      out.push(this.value(pointer + "/" + out.length));
      this.skipWs();
      const c = t.charCodeAt(this.pos);
      if (c === 44) {
        this.pos++;
        this.skipWs();
        if (t.charCodeAt(this.pos) === 93) throw this.stop('trailing comma before "]"', this.pos - 1);
        continue;
      }
      if (c === 93) {
        this.pos++;
        return out;
      }
      throw this.stop(
        this.pos >= t.length ? 'unexpected end of input: expected "," or "]"' : `unexpected ${describeChar(t, this.pos)}: expected "," or "]"`,
        this.pos,
      );
    }
  }

  private string(): string {
    const t = this.text;
    const open = this.pos;
    let i = open + 1;
    let chunkStart = i;
    let out = "";
    for (;;) {
      if (i >= t.length) throw this.stop("unterminated string", open, t.length);
      const c = t.charCodeAt(i);
      if (c === 34) break;
      if (c === 92) {
        out += t.slice(chunkStart, i);
        const e = t.charCodeAt(i + 1);
        const simple = ESCAPES[e];
        if (simple !== undefined) {
          out += simple;
          i += 2;
        } else if (e === 117 /* u */) {
          const hex = t.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw this.stop("invalid \\u escape: expected four hex digits", i, i + 2);
          out += String.fromCharCode(parseInt(hex, 16));
          i += 6;
        } else throw this.stop(`invalid escape "\\${t[i + 1] ?? ""}" in string`, i, i + 2);
        chunkStart = i;
        continue;
      }
      if (c < 32) throw this.stop(c === 10 || c === 13 ? "unterminated string (line break inside a string)" : "control character in string: escape it", i);
      i++;
    }
    out += t.slice(chunkStart, i);
    this.pos = i + 1;
    return out;
  }

  private number(): number {
    const t = this.text;
    const start = this.pos;
    let i = start;
    if (t.charCodeAt(i) === 45) i++;
    const d0 = t.charCodeAt(i);
    if (d0 === 48) i++;
    else if (d0 >= 49 && d0 <= 57) while (isDigit(t.charCodeAt(i))) i++;
    else throw this.stop("invalid number: expected a digit", i);
    if (t.charCodeAt(i) === 46) {
      i++;
      if (!isDigit(t.charCodeAt(i))) throw this.stop('invalid number: expected a digit after "."', i);
      while (isDigit(t.charCodeAt(i))) i++;
    }
    const e = t.charCodeAt(i);
    if (e === 101 || e === 69) {
      i++;
      const s = t.charCodeAt(i);
      if (s === 43 || s === 45) i++;
      if (!isDigit(t.charCodeAt(i))) throw this.stop("invalid number: expected a digit in the exponent", i);
      while (isDigit(t.charCodeAt(i))) i++;
    }
    this.pos = i;
    return Number(t.slice(start, i));
  }

  /** Line/column of an arbitrary offset, used only for the (single) syntax error. */
  spanAt(offset: number, end: number): Span {
    let line = 1;
    let ls = 0;
    const t = this.text;
    for (let i = 0; i < offset && i < t.length; i++) {
      const c = t.charCodeAt(i);
      if (c === 10 || (c === 13 && t.charCodeAt(i + 1) !== 10)) {
        line++;
        ls = i + 1;
      }
    }
    const len = Math.max(end - offset, 0);
    return { file: this.file, line, column: offset - ls + 1, endLine: line, endColumn: offset - ls + 1 + len };
  }
}

const ESCAPES: Record<number, string> = { 34: '"', 92: "\\", 47: "/", 98: "\b", 102: "\f", 110: "\n", 114: "\r", 116: "\t" };

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function describeChar(text: string, offset: number): string {
  if (offset >= text.length) return "end of input";
  const ch = text[offset];
  if (ch === "\n" || ch === "\r") return "line break";
  return JSON.stringify(ch);
}

/**
 * Parses JSON text (BOM already removed). Invalid JSON gives `value: undefined`
 * and one problem at the first syntax error; duplicate keys are problems too
 * (the last value wins). Locations are kept for everything parsed before an error.
 */
export function parseJsonWithPositions(file: string, text: string, maxNesting = DEFAULT_MAX_NESTING): ParsedJson {
  const p = new Parser(file, text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, maxNesting);
  try {
    const value = p.parse();
    return { value, locations: p.locations, problems: p.problems };
  } catch (e) {
    if (!(e instanceof SyntaxStop)) throw e;
    return {
      locations: p.locations,
      problems: [...p.problems, { message: e.limit ? e.message : `invalid JSON: ${e.message}`, span: p.spanAt(e.offset, e.end) }],
    };
  }
}

/**
 * Maps every index of a JSON string's decoded value to its offset in the text:
 * `result[i]` is the text offset of decoded character `i`; `result[value.length]`
 * is the offset of the closing quote. `start` is the offset of the opening quote
 * (a string location's `start`). Escapes (`\n`, `\"`, `\u00e9`) are accounted for.
 */
export function stringOffsets(text: string, start: number): number[] {
  const out: number[] = [];
  let i = start + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 34) break;
    out.push(i);
    if (c === 92) i += text.charCodeAt(i + 1) === 117 ? 6 : 2;
    else i++;
  }
  out.push(i);
  return out;
}

/** Offset in the text of index `index` inside the decoded value of the string starting at `start`. */
export function stringIndexToOffset(text: string, start: number, index: number): number {
  const map = stringOffsets(text, start);
  return map[Math.min(Math.max(index, 0), map.length - 1)];
}
