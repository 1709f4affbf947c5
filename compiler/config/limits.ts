/**
 * Bounds on input and output (config `limits`): past one, a file is reported
 * (`input/too-large`, `schema/invalid`, `fragment/malformed`) instead of
 * crashing the run or spending minutes in a parser. Documented in docs/usage.md.
 */
export interface Limits {
  /** Largest document, schema, instance or template read, in bytes. */
  maxFileBytes: number;
  /** Deepest nesting of Markdown containers and of JSON arrays/objects. */
  maxNesting: number;
  /** Largest output of one region template, in bytes. */
  maxRegionBytes: number;
  /** Longest render of one region template, in milliseconds. */
  renderTimeoutMs: number;
}

export const DEFAULT_LIMITS: Limits = {
  // 512 KiB: ten times the largest real document seen; the Markdown parser is superlinear on some
  // shapes (a 400 KB code block or blockquote takes it 5–15 s), so a bound in minutes would be no bound.
  maxFileBytes: 524_288,
  // Far past real documents and schemas; well below where recursive parsers and walkers run out of stack.
  maxNesting: 100,
  maxRegionBytes: 1_048_576,
  renderTimeoutMs: 5_000,
};

/**
 * The deepest `limits.maxNesting` takes effect: the Markdown parser, the JSON
 * and YAML walkers, Ajv and the schema emitters recurse, and past a few
 * thousand levels they run out of stack (a crash) or, for nested lists, time
 * grows with the square of the depth. A larger configured value is lowered to
 * this one; files deeper still are reported as too deep, never parsed.
 */
export const HARD_MAX_NESTING = 1_000;

/** The limits a run uses: the configured ones, with the nesting ceiling applied. */
export function effectiveLimits(limits: Limits): Limits {
  return { ...limits, maxNesting: Math.min(limits.maxNesting, HARD_MAX_NESTING) };
}

/**
 * A cheap upper bound on a Markdown text's container nesting, without parsing
 * it: per line, the `>` and list markers it opens plus its indentation in
 * steps of two spaces. Returns the first line past `max`, or null.
 */
export function markdownTooDeep(text: string, max: number): { line: number; depth: number } | null {
  let line = 0;
  let start = 0;
  while (start <= text.length) {
    line++;
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    let i = start;
    let depth = 0;
    let indent = 0;
    for (; i < end; i++) {
      const c = text.charCodeAt(i);
      if (c === 32) indent++;
      else if (c === 9) indent += 4;
      else if (c === 62 /* > */) depth++;
      else if ((c === 45 || c === 42 || c === 43) && (i + 1 === end || text.charCodeAt(i + 1) === 32)) depth++;
      else break;
    }
    // Indentation counts only on lines that open containers (lists, quotes): code in a fence may be indented freely.
    const total = depth > 0 ? depth + Math.floor(indent / 2) : 0;
    if (total > max) return { line, depth: total };
    start = end + 1;
  }
  return null;
}

/**
 * The largest Markdown document parsed whatever `limits.maxFileBytes` says: the
 * parser runs at a few megabytes a second, so a raised limit (a 50 MB line)
 * would otherwise be minutes; past this a document is reported as too large.
 */
export const HARD_MAX_MARKDOWN_CHARS = 8 * 1024 * 1024;

/**
 * Link brackets (`[`) in one block of text (lines between blank lines, outside
 * code fences) past which the Markdown parser's link resolution, quadratic in
 * them, would run for minutes (`[![a](` repeated); real paragraphs and tables
 * hold far fewer.
 */
export const MAX_BRACKETS_PER_BLOCK = 5_000;

/** The first line where one block of text holds more than `max` link brackets, or null. */
export function markdownBracketHeavy(text: string, max: number): { line: number; count: number } | null {
  let line = 0;
  let start = 0;
  let count = 0;
  let blockLine = 1;
  let fence: string | null = null;
  while (start <= text.length) {
    line++;
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    const l = text.slice(start, end);
    const f = /^[ \t>]*(`{3,}|~{3,})/.exec(l);
    if (f && (fence === null || f[1][0] === fence[0])) {
      fence = fence === null ? f[1] : null;
      count = 0;
    } else if (fence === null) {
      if (l.trim() === "") {
        count = 0;
        blockLine = line + 1;
      } else {
        for (let i = 0; i < l.length; i++) if (l.charCodeAt(i) === 91) count++;
        if (count > max) return { line: blockLine, count };
      }
    }
    start = end + 1;
  }
  return null;
}
