/**
 * docpact HTML-comment directives: region markers
 * (`<!-- docpact:begin TEMPLATE key=value key="a value" -->` … `<!-- docpact:end sha=… -->`)
 * and suppressions (`<!-- docpact-disable-next-line RULE -->`, `-disable-line`, `-disable`, `-enable`; `-- reason` after the rules).
 *
 * Only comments that Markdown parses as HTML are directives: the caller passes
 * the offset ranges of html nodes, so markers shown inside code are ignored.
 * Malformed markers become problems, never exceptions.
 */
import type { Span } from "../model/diagnostic.js";
import type { Region, RegionProblem, Suppression } from "../model/types.js";

export interface OffsetRange {
  start: number;
  end: number;
}

export interface DirectiveScan {
  regions: Region[];
  regionProblems: RegionProblem[];
  suppressions: Suppression[];
}

export interface ParsedArgs {
  positional: string[];
  args: Record<string, string>;
  /** Set when the argument text cannot be parsed; `positional`/`args` hold what came before. */
  error?: string;
}

const DIRECTIVE = /^\s*docpact(:begin|:end|-disable-next-line|-disable-line|-disable|-enable)(?=\s|$)/;
const KEY = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/**
 * Parses `word key=value key="a \"quoted\" value" key='x'`. Quoted values are
 * unquoted (`\"` and `\\` escapes in double quotes). Linear, never throws.
 */
export function parseDirectiveArgs(s: string): ParsedArgs {
  const positional: string[] = [];
  const args: Record<string, string> = Object.create(null);
  const n = s.length;
  let i = 0;
  while (i < n) {
    while (i < n && /\s/.test(s[i])) i++;
    if (i >= n) break;
    const start = i;
    while (i < n && !/\s/.test(s[i]) && s[i] !== "=" && s[i] !== '"' && s[i] !== "'") i++;
    const word = s.slice(start, i);
    if (s[i] !== "=") {
      if (s[i] === '"' || s[i] === "'") return { positional, args, error: `unexpected quote after '${word}'` };
      positional.push(word);
      continue;
    }
    if (!KEY.test(word)) return { positional, args, error: `invalid argument name '${word}'` };
    i++; // '='
    let value = "";
    if (s[i] === '"' || s[i] === "'") {
      const q = s[i++];
      let closed = false;
      while (i < n) {
        const c = s[i];
        if (c === "\\" && q === '"' && (s[i + 1] === '"' || s[i + 1] === "\\")) {
          value += s[i + 1];
          i += 2;
          continue;
        }
        if (c === q) {
          closed = true;
          i++;
          break;
        }
        value += c;
        i++;
      }
      if (!closed) return { positional, args, error: `unterminated quoted value for '${word}'` };
      if (i < n && !/\s/.test(s[i])) return { positional, args, error: `missing space after the value of '${word}'` };
    } else {
      const vs = i;
      while (i < n && !/\s/.test(s[i])) i++;
      value = s.slice(vs, i);
      if (/["']/.test(value)) return { positional, args, error: `stray quote in the value of '${word}'` };
    }
    if (word in args) return { positional, args, error: `duplicate argument '${word}'` };
    args[word] = value;
  }
  return { positional, args };
}

interface Marker {
  kind: "begin" | "end";
  start: number;
  end: number;
  body: string;
}

interface Open {
  marker: Marker;
  template: string;
  args: Record<string, string>;
  /** Broken (bad arguments, or involved in nesting): its end closes it without a region. */
  poisoned: boolean;
}

/** Scans directives inside the given html ranges (sorted by start). */
export function scanDirectives(text: string, htmlRanges: readonly OffsetRange[], toSpan: (start: number, end: number) => Span): DirectiveScan {
  const markers: Marker[] = [];
  const suppressions: Suppression[] = [];
  let from = 0;
  for (const range of htmlRanges) {
    let p = Math.max(range.start, from);
    for (;;) {
      const open = text.indexOf("<!--", p);
      if (open === -1 || open >= range.end) break;
      const close = text.indexOf("-->", open + 4);
      if (close === -1 || close + 3 > range.end) break;
      p = close + 3;
      from = p;
      const body = text.slice(open + 4, close);
      const m = DIRECTIVE.exec(body);
      if (!m) continue;
      const rest = body.slice(m[0].length);
      const kind = m[1];
      if (kind === ":begin" || kind === ":end") {
        markers.push({ kind: kind === ":begin" ? "begin" : "end", start: open, end: p, body: rest });
      } else {
        // `-- reason` (as in ESLint) ends the rule list: the words after it are the reason, not rule ids.
        const rules = rest
          .split(/(?:^|\s)--(?:\s|$)/)[0]
          .split(/[\s,]+/)
          .filter(Boolean);
        suppressions.push({
          kind: kind === "-disable-next-line" ? "next-line" : kind === "-disable-line" ? "line" : kind === "-disable" ? "disable" : "enable",
          rules: [...new Set(rules)],
          span: toSpan(open, p),
        });
      }
    }
  }
  const { regions, regionProblems } = pairMarkers(markers, toSpan, text);
  return { regions, regionProblems, suppressions };
}

/**
 * What shares a marker's line, when something other than indentation does: a
 * `> ` or list-item prefix, or paragraph text. build replaces whole lines between
 * the markers, so it could not keep that container; such a region is refused.
 */
function crowdedLine(text: string, m: Marker): string | null {
  const lineStart = text.lastIndexOf("\n", m.start - 1) + 1;
  let lineEnd = text.indexOf("\n", m.end);
  if (lineEnd === -1) lineEnd = text.length;
  const before = text.slice(lineStart, m.start);
  const after = text.slice(m.end, lineEnd);
  if (/^[ \t]*$/.test(before) && /^[ \t\r]*$/.test(after)) return null;
  if (/^[ \t]*>/.test(before)) return "a blockquote";
  if (/^[ \t]*([-*+]|\d+[.)])[ \t]/.test(before)) return "a list item";
  return "a line of paragraph text";
}

function pairMarkers(markers: Marker[], toSpan: (start: number, end: number) => Span, text: string): { regions: Region[]; regionProblems: RegionProblem[] } {
  const regions: Region[] = [];
  const problems: RegionProblem[] = [];
  const stack: Open[] = [];
  const lineOf = (m: Marker) => toSpan(m.start, m.end).line;
  for (const m of markers) {
    const parsed = parseDirectiveArgs(m.body);
    if (m.kind === "begin") {
      const entry: Open = { marker: m, template: parsed.positional[0] ?? "", args: parsed.args, poisoned: false };
      if (parsed.error) {
        problems.push({ message: `docpact:begin: ${parsed.error}`, span: toSpan(m.start, m.end) });
        entry.poisoned = true;
      } else if (!entry.template) {
        problems.push({ message: "docpact:begin without a template name", span: toSpan(m.start, m.end) });
        entry.poisoned = true;
      } else if (parsed.positional.length > 1) {
        problems.push({
          message: `docpact:begin: unexpected argument '${parsed.positional[1]}' (arguments are key=value)`,
          span: toSpan(m.start, m.end),
        });
        entry.poisoned = true;
      }
      if (stack.length) {
        const outer = stack[stack.length - 1];
        problems.push({
          message: `nested docpact:begin: the region opened at line ${lineOf(outer.marker)} is not closed yet`,
          span: toSpan(m.start, m.end),
        });
        for (const o of stack) o.poisoned = true;
        entry.poisoned = true;
      }
      stack.push(entry);
      continue;
    }
    const open = stack.pop();
    if (!open) {
      problems.push({ message: "docpact:end without a matching docpact:begin", span: toSpan(m.start, m.end) });
      continue;
    }
    if (parsed.error) {
      problems.push({ message: `docpact:end: ${parsed.error}`, span: toSpan(m.start, m.end) });
      continue;
    }
    if (open.poisoned) continue;
    const crowded = [open.marker, m].map((x) => ({ x, where: crowdedLine(text, x) })).find((c) => c.where !== null);
    if (crowded) {
      problems.push({
        message: `docpact:${crowded.x.kind} ${open.template} sits inside ${crowded.where}; build rewrites whole lines between the markers and could not keep it, so the region is not written: put each marker on a line of its own, outside blockquotes and list items`,
        span: toSpan(crowded.x.start, crowded.x.end),
      });
      continue;
    }
    const sha = parsed.args.sha;
    regions.push({
      template: open.template,
      args: sortedRecord(open.args),
      beginStart: open.marker.start,
      beginEnd: open.marker.end,
      endStart: m.start,
      endEnd: m.end,
      sha: sha === undefined || sha === "" ? null : sha,
      span: toSpan(open.marker.start, m.end),
    });
  }
  for (const open of stack) {
    problems.push({
      message: `docpact:begin ${open.template || ""}`.trimEnd() + " without a matching docpact:end",
      span: toSpan(open.marker.start, open.marker.end),
    });
  }
  problems.sort((a, b) => a.span.line - b.span.line || a.span.column - b.span.column);
  return { regions, regionProblems: problems };
}

/** Keys in sorted order; `Object.fromEntries` keeps a `__proto__` key as plain data. */
function sortedRecord(r: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.keys(r)
      .sort()
      .map((k) => [k, r[k]]),
  );
}
