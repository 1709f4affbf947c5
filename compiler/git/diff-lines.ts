/**
 * What docpact reads out of a `git diff`/`git log -p` at `--unified=0`:
 * hunk headers, file names, Markdown headings and quoted string literals on
 * changed lines. Shared by `--since` (changes.ts) and the history of
 * removed headings and names (content-history.ts).
 */
import { unquotePath } from "./run.js";

/** `@@ -a,b +c,d @@`: the current side's first line and count. */
export const HUNK = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/;

/** `@@ -a,b +c,d @@`: the old side's first line and count (`a,0` inserts after line a). */
export function oldRange(line: string): { start: number; count: number } | null {
  const m = /^@@ -(\d+)(?:,(\d+))? \+/.exec(line);
  return m ? { start: Number(m[1]), count: m[2] === undefined ? 1 : Number(m[2]) } : null;
}

const LITERAL = /"((?:[^"\\\n]|\\.){1,200})"|'((?:[^'\\\n]|\\.){1,200})'|`([^`$\\\n]{1,200})`/g;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;

export const isMarkdownPath = (p: string) => /\.(?:md|mdx|markdown)$/i.test(p);

export const isYamlPath = (p: string) => /\.ya?ml$/i.test(p);

/**
 * Quoted string literals on one line of code or JSON (`"x"`, `'x'`, `` `x` `` without substitutions), in order.
 * For a YAML file (`file` ending in `.yaml`/`.yml`) its plain scalars too: the items of a flow sequence
 * (`enum: [ call, do, emit ]`), a block item (`- running`) and a mapping's value (`const: http`).
 */
export function literalsIn(text: string, file?: string): string[] {
  return literalSpans(text, file !== undefined && isYamlPath(file))
    .map(([a, b, v]) => v ?? text.slice(a, b))
    .filter((v) => v.trim() !== "");
}

/** A YAML plain scalar that names something (no spaces, no YAML indicator first). */
const PLAIN = /^[A-Za-z0-9_][\w.:/@+-]*$/;

/** Spans `[start, end, value?]` of the literals on a line (value given when it differs from the span's text: quotes). */
function literalSpans(text: string, yaml: boolean): [number, number, string?][] {
  const spans: [number, number, string?][] = [];
  for (const m of text.matchAll(LITERAL)) spans.push([m.index, m.index + m[0].length, m[1] ?? m[2] ?? m[3]]);
  if (!yaml) return spans;
  const quoted = (i: number) => spans.some(([a, b]) => i >= a && i < b);
  // The line up to a comment (` #` outside quotes).
  let end = text.length;
  for (let i = 0; i < text.length; i++)
    if (text[i] === "#" && (i === 0 || /\s/.test(text[i - 1])) && !quoted(i)) {
      end = i;
      break;
    }
  const plain: [number, number][] = [];
  const take = (a: number, b: number) => {
    while (a < b && /\s/.test(text[a])) a++;
    while (b > a && /\s/.test(text[b - 1])) b--;
    if (b > a && !quoted(a) && PLAIN.test(text.slice(a, b))) plain.push([a, b]);
  };
  const open = text.indexOf("[");
  const close = text.lastIndexOf("]", end);
  if (open !== -1 && close > open && !quoted(open)) {
    let from = open + 1;
    for (let i = open + 1; i <= close; i++)
      if (i === close || (text[i] === "," && !quoted(i))) {
        take(from, i);
        from = i + 1;
      }
  } else {
    const item = /^\s*-\s+/.exec(text);
    const value = /^\s*(?:-\s+)?[\w$.-]+:\s+/.exec(text);
    if (value) take(value[0].length, end);
    else if (item) take(item[0].length, end);
  }
  return [...spans, ...plain].sort((x, y) => x[0] - y[0]);
}

/** The ATX heading on one Markdown line (`## Retry policy`), or null. */
export function headingIn(text: string): { depth: number; text: string } | null {
  const h = HEADING.exec(text);
  return h ? { depth: h[1].length, text: h[2] } : null;
}

/**
 * Two versions of one line that differ only in one string literal
 * (`name: "advance"` → `name: "advanse"`): the old and new literal, else null.
 */
export function renamedLiteral(before: string, after: string, file?: string): { from: string; to: string } | null {
  const yaml = file !== undefined && isYamlPath(file);
  const a = splitLiterals(before, yaml);
  const b = splitLiterals(after, yaml);
  if (a.literals.length !== b.literals.length || a.rest !== b.rest) return null;
  let hit: { from: string; to: string } | null = null;
  for (let i = 0; i < a.literals.length; i++) {
    if (a.literals[i] === b.literals[i]) continue;
    if (hit) return null;
    hit = { from: a.literals[i], to: b.literals[i] };
  }
  return hit;
}

function splitLiterals(line: string, yaml: boolean): { literals: string[]; rest: string } {
  const literals: string[] = [];
  let rest = "";
  let at = 0;
  for (const [a, b, v] of literalSpans(line, yaml)) {
    literals.push(v ?? line.slice(a, b));
    rest += `${line.slice(at, a)}\0`;
    at = b;
  }
  return { literals, rest: (rest + line.slice(at)).trim() };
}

/** What one line of a unified diff is, to a DiffCursor. */
export type DiffLine = "file" | "rename" | "paths" | "hunk" | "removed" | "added" | null;

/**
 * Walks a unified diff (`--src-prefix=a/ --dst-prefix=b/`) line by line and
 * keeps the current file's old and new path. `step` says what a line was:
 * `file` (a new `diff --git`), `rename` (`rename to`) or `paths` (`+++`),
 * after which both paths are known (null for a side that does not exist),
 * `hunk` (`@@`), `removed` / `added` (a changed line, inside hunks only).
 */
export class DiffCursor {
  oldPath: string | null = null;
  newPath: string | null = null;
  private inHunk = false;

  step(line: string): DiffLine {
    if (line.startsWith("diff --git ")) {
      this.oldPath = this.newPath = null;
      this.inHunk = false;
      return "file";
    }
    if (line.startsWith("@@ ")) {
      this.inHunk = true;
      return "hunk";
    }
    if (this.inHunk) return line.startsWith("-") ? "removed" : line.startsWith("+") ? "added" : null;
    if (line.startsWith("rename from ")) this.oldPath = unquotePath(line.slice(12));
    else if (line.startsWith("rename to ")) {
      this.newPath = unquotePath(line.slice(10));
      return "rename";
    } else if (line.startsWith("--- ")) this.oldPath = diffPath(line.slice(4), "a/");
    else if (line.startsWith("+++ ")) {
      this.newPath = diffPath(line.slice(4), "b/");
      return "paths";
    }
    return null;
  }
}

/** A `--- a/x` / `+++ b/x` name: null for `/dev/null`, else the path without its prefix. */
export function diffPath(raw: string, prefix: string): string | null {
  if (raw === "/dev/null") return null;
  const p = unquotePath(raw.replace(/\t$/, ""));
  return p.startsWith(prefix) ? p.slice(prefix.length) : p;
}

/**
 * The diff every reader of changed lines asks git for: removed and added lines only, renames
 * followed, paths relative to the folder, no colour, no external diff or textconv driver (git as an
 * untrusted tool: a repository's config cannot run anything through them).
 */
export const LINE_DIFF_ARGS: readonly string[] = [
  "-p",
  "--unified=0",
  "--no-color",
  "--no-ext-diff",
  "--no-textconv",
  "-M",
  "--relative",
  "--src-prefix=a/",
  "--dst-prefix=b/",
];
