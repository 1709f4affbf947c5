/**
 * What a skill or slash command declares as its arguments, read from its
 * text. What counts as a declaration (docs/usage.md, "Skill bundles"):
 *
 * - front matter `argument-hint` (`[--sessions <ids>] [--audience <a|b>]`);
 * - in the body, outside the front matter: a fenced line that starts with the
 *   entry's own name (`/w:export-reports [--since <id>] …`, continued on the
 *   indented lines below it); a table whose first header cell is Flag(s),
 *   Argument(s), Option(s) or Parameter(s) (also in Spanish), one argument per
 *   row whose first cell is inline code starting with `-`; a list under a
 *   heading named Arguments, Flags, Options or Parameters, each item opening
 *   with such inline code.
 *
 * A flag's values are closed when the declaration lists two or more literal
 * alternatives (`gerencia|tecnica`, `<mermaid|c4>`); a placeholder (`<ids>`,
 * `YYYY-MM`) leaves them open. Reads text, never judges.
 */

import { escapeRegExp } from "../../util/text.js";
import type { Span } from "../../model/diagnostic.js";
import type { ArgumentDeclaration, SkillArgument } from "../../model/skills.js";

const FLAG_AT = /(?:^|[\s[(|,`])(--?[A-Za-z][A-Za-z0-9_-]*)/g;
const LITERAL = /^[a-z0-9][a-z0-9._-]*$/;

/** The flags an argument spec names, with their values where listed. */
export function parseArgumentSpec(spec: string): SkillArgument[] {
  const out: SkillArgument[] = [];
  const seen = new Set<string>();
  FLAG_AT.lastIndex = 0;
  for (let m = FLAG_AT.exec(spec); m; m = FLAG_AT.exec(spec)) {
    const flag = m[1];
    const after = spec.slice(m.index + m[0].length);
    if (/^[A-Za-z0-9]/.test(after)) continue;
    const values = valuesOf(after);
    const arg: SkillArgument = { flag, values: values ?? null };
    if (values === undefined) bare.add(arg);
    if (seen.has(flag)) {
      const i = out.findIndex((a) => a.flag === flag);
      out[i] = merge(out[i], arg);
      continue;
    }
    seen.add(flag);
    out.push(arg);
  }
  return out;
}

/** Flags written with no value after them (`| \`--scope\` |`): another declaration of the flag may list its values. */
const bare = new WeakSet<SkillArgument>();

/** Two declarations of one flag: the listed values of both, open when either is open; a bare mention takes the other's. */
function merge(a: SkillArgument, b: SkillArgument): SkillArgument {
  if (bare.has(a)) return b;
  if (bare.has(b)) return a;
  return { flag: a.flag, values: a.values && b.values ? [...new Set([...a.values, ...b.values])].sort() : null };
}

/** The closed values written right after a flag (`=a|b`, ` <a|b>`, ` a|b`); null when open, undefined when no value is written. */
function valuesOf(after: string): string[] | null | undefined {
  const m = /^(?:=|[ \t]+)(<([^<>]*)>|\{([^{}]*)\}|([^\s\][)(,`]+))/.exec(after);
  if (!m) return undefined;
  const raw = m[2] ?? m[3] ?? m[4] ?? "";
  if (raw.startsWith("-")) return undefined;
  const alts = raw.split("|").map((s) => s.trim());
  if (alts.length < 2 || !alts.every((a) => LITERAL.test(a))) return null;
  return [...new Set(alts)].sort();
}

const TABLE_HEADERS = new Set([
  "flag",
  "flags",
  "argument",
  "arguments",
  "arg",
  "args",
  "option",
  "options",
  "parameter",
  "parameters",
  "argumento",
  "argumentos",
  "opción",
  "opcion",
  "opciones",
  "parámetro",
  "parametro",
  "parámetros",
  "parametros",
]);
const SECTION_HEADINGS = new Set([
  "arguments",
  "flags",
  "options",
  "parameters",
  "argumentos",
  "opciones",
  "parámetros",
  "parametros",
  "flags y argumentos",
  "arguments and flags",
]);

const plain = (s: string) => s.replace(/[`*_]/g, "").trim().toLowerCase();

interface Line {
  text: string;
  /** 1-based. */
  line: number;
}

const span = (file: string, line: number, text: string): Span => ({ file, line, column: 1, endLine: line, endColumn: text.length + 1 });

/**
 * The body's declaration: every usage line, argument table and argument
 * section, merged; null when the body declares nothing. `names` are what a
 * usage line may start with (the entry's slash name and skill name). A name
 * that is also one of the project's `binaries` (a skill named for the CLI it
 * teaches) starts a usage line only written as a slash command (`/ncu …`,
 * `/ns:ncu …`): bare, the line runs the binary, and its flags are the CLI's;
 * without such a line, the entry's flag tables and lists are the binary's too.
 */
export function bodyDeclaration(file: string, text: string, names: readonly string[], binaries: ReadonlySet<string> = new Set()): ArgumentDeclaration | null {
  const lines = bodyLines(text);
  const found: { source: ArgumentDeclaration["source"]; line: Line; spec: string }[] = [];
  // `/w:export-reports …`, `w:export-reports …`, `/export-reports …` or `export-reports …`: any plugin prefix.
  const leaves = [...new Set(names.filter((n) => n !== "").map((n) => n.replace(/^\/?(?:[\w-]+:)*/, "")))];
  const usageStart = (t: string): number => {
    for (const leaf of leaves) {
      const prefix = binaries.has(leaf) ? "(?:\\/(?:[\\w-]+:)*|(?:[\\w-]+:)+)" : "\\/?(?:[\\w-]+:)*";
      const m = new RegExp(`^${prefix}${escapeRegExp(leaf)}(?=\\s|$)`).exec(t);
      if (m) return m[0].length;
    }
    return -1;
  };
  let fence: string | null = null;
  let usage: { line: Line; parts: string[] } | null = null;
  let section: number | null = null;
  const flushUsage = () => {
    if (usage) found.push({ source: "usage", line: usage.line, spec: usage.parts.join(" ") });
    usage = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const t = l.text.trim();
    if (fence !== null) {
      if (t.startsWith(fence)) {
        fence = null;
        flushUsage();
        continue;
      }
      if (usage && /^\s+/.test(l.text) && t !== "") {
        (usage as { parts: string[] }).parts.push(t);
        continue;
      }
      flushUsage();
      const at = usageStart(t);
      if (at !== -1) usage = { line: l, parts: [t.slice(at)] };
      continue;
    }
    const open = /^(`{3,}|~{3,})/.exec(t);
    if (open) {
      fence = open[1];
      continue;
    }
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(t);
    if (heading) {
      section = SECTION_HEADINGS.has(plain(heading[2])) ? heading[1].length : section !== null && heading[1].length > section ? section : null;
      continue;
    }
    if (t.startsWith("|") && i + 1 < lines.length && /^\|?\s*:?-{2,}/.test(lines[i + 1].text.trim())) {
      const header = cells(t);
      if (header.length > 0 && TABLE_HEADERS.has(plain(header[0]))) {
        let j = i + 2;
        for (; j < lines.length && lines[j].text.trim().startsWith("|"); j++) {
          const first = cells(lines[j].text.trim())[0] ?? "";
          const code = /^`(-[^`]*)`/.exec(first.trim());
          if (code) found.push({ source: "table", line: lines[j], spec: code[1] });
        }
        i = j - 1;
      }
      continue;
    }
    if (section !== null) {
      const item = /^(?:[-*+]|\d+[.)])\s+`(-[^`]*)`/.exec(t);
      if (item) found.push({ source: "section", line: l, spec: item[1] });
    }
  }
  flushUsage();
  // An entry named for the binary that writes no slash usage line: its flag tables and lists are the binary's options.
  if (leaves.some((l) => binaries.has(l)) && !found.some((f) => f.source === "usage")) return null;
  if (found.length === 0) return null;
  const args = mergeArgs(found.map((f) => parseArgumentSpec(f.spec)));
  const first = found[0];
  return { source: first.source, file, span: span(file, first.line.line, first.line.text), args };
}

/** The declaration in an `argument-hint` value at a line of the file. */
export function hintDeclaration(file: string, hint: string, line: number, lineText: string): ArgumentDeclaration {
  const args = parseArgumentSpec(hint);
  // Prose outside brackets and no flag ("Optional specific behavior to address"): the argument is free text.
  const bare = hint
    .replace(/\[[^\]]*\]|<[^>]*>|\{[^}]*\}/g, " ")
    .replace(/["']/g, " ")
    .trim()
    .split(/\s+/)
    .filter((w) => w !== "");
  const freeText = args.length === 0 && bare.length >= 2;
  return { source: "hint", file, span: span(file, line, lineText), args, ...(freeText ? { freeText: true as const } : {}) };
}

function mergeArgs(lists: SkillArgument[][]): SkillArgument[] {
  const by = new Map<string, SkillArgument>();
  for (const list of lists) for (const a of list) by.set(a.flag, by.has(a.flag) ? merge(by.get(a.flag)!, a) : a);
  return [...by.values()].map((a) => ({ flag: a.flag, values: a.values ? [...a.values] : null }));
}

/** A table row's cells (`\|` is a literal bar). */
function cells(row: string): string[] {
  const inner = row.replace(/^\|/, "").replace(/\|\s*$/, "");
  return inner.split(/(?<!\\)\|/).map((c) => c.replace(/\\\|/g, "|").trim());
}

/** The text's lines after its front matter, numbered as in the file. */
function bodyLines(text: string): Line[] {
  const all = text.split(/\r?\n|\r/);
  let from = 0;
  if (/^---[ \t]*$/.test(all[0] ?? "")) {
    for (let i = 1; i < all.length; i++) {
      if (/^(?:---|\.\.\.)[ \t]*$/.test(all[i])) {
        from = i + 1;
        break;
      }
    }
  }
  return all.slice(from).map((t, k) => ({ text: t, line: from + k + 1 }));
}
