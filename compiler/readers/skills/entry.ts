/**
 * One skill or command file: its front matter (`name`, `description`,
 * `argument-hint`, `allowed-tools`, through compiler/util/front-matter.ts) and
 * the arguments it declares (./arguments.ts), following a command that hands
 * `$ARGUMENTS` to one Markdown file to that file's declaration.
 */

import type { ArgumentDeclaration, SkillEntry } from "../../model/skills.js";
import { fileSpan } from "../../read-input.js";
import { frontMatterBlock, parseFrontMatter } from "../../util/front-matter.js";
import { yaml } from "../../util/yaml.js";
import { bodyDeclaration, hintDeclaration } from "./arguments.js";
import type { LayoutEntry } from "./layout.js";

export type EntryText = (file: string) => string | null;

/** `allowed-tools` as a list: a YAML list or a comma/space separated string. */
function allowedTools(block: string | null, scalar: string | number | boolean | undefined): string[] | null {
  if (typeof scalar === "string") return scalar.split(/[,\s]+/).filter(Boolean);
  if (block === null || !/^allowed-tools\s*:/m.test(block)) return null;
  try {
    const value = yaml().parse(block, { prettyErrors: false }) as Record<string, unknown> | null;
    const v = value?.["allowed-tools"];
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : null;
  } catch {
    return null;
  }
}

/** The line (1-based) and text of a top-level front matter key. */
function keyLine(text: string, key: string): { line: number; text: string } | null {
  const lines = text.split(/\r?\n|\r/);
  for (let i = 1; i < lines.length; i++) {
    if (/^(?:---|\.\.\.)[ \t]*$/.test(lines[i])) return null;
    if (lines[i].startsWith(`${key}:`)) return { line: i + 1, text: lines[i] };
  }
  return null;
}

/** Top-level `key: value` lines of a front matter block YAML cannot parse. */
function lineFields(block: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const l of (block ?? "").split(/\r?\n|\r/)) {
    const m = /^([A-Za-z][\w-]*):[ \t]*(.*?)[ \t]*$/.exec(l);
    if (m && m[2] !== "" && !(m[1] in out)) out[m[1]] = m[2].replace(/^(["'])(.*)\1$/, "$2");
  }
  return out;
}

/**
 * The file a command body hands `$ARGUMENTS` to: the one Markdown path (a
 * SKILL.md, an EXPORT.md …) named on the lines that use `$ARGUMENTS`,
 * relative to the command, when exactly one such file exists.
 */
function delegate(file: string, text: string, has: (p: string) => boolean): string | null {
  if (!text.includes("$ARGUMENTS")) return null;
  const dir = file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : "";
  const found = new Set<string>();
  for (const line of text.split(/\r?\n|\r/)) {
    if (!line.includes("$ARGUMENTS")) continue;
    for (const m of line.matchAll(/(?:^|[\s(`'"])((?:\.{1,2}\/|[\w.-]+\/)[\w./-]*\.md)\b/g)) {
      const parts: string[] = [];
      let ok = true;
      for (const p of `${dir}/${m[1]}`.split("/")) {
        if (p === "" || p === ".") continue;
        if (p === "..") {
          if (parts.length === 0) ok = false;
          parts.pop();
        } else parts.push(p);
      }
      const path = parts.join("/");
      if (ok && has(path)) found.add(path);
    }
  }
  return found.size === 1 ? [...found][0] : null;
}

export function readEntry(e: LayoutEntry, textOf: EntryText, has: (p: string) => boolean, binaries: ReadonlySet<string> = new Set()): SkillEntry {
  const text = textOf(e.file) ?? "";
  const block = frontMatterBlock(text);
  // An unquoted `argument-hint: [--a <x>] [--b]` is not valid YAML: then each key is read from its own line.
  const fm = parseFrontMatter(block) ?? lineFields(block);
  const fmName = typeof fm.name === "string" ? fm.name.trim() : null;
  const aliases = new Set(e.aliases);
  if (e.kind === "skill" && fmName && fmName !== e.name) aliases.add(fmName);
  // The raw line is what the author wrote (YAML may read `[--a] [--b]` as a list).
  const at = block !== null ? keyLine(text, "argument-hint") : null;
  const hint: ArgumentDeclaration | null = at ? hintDeclaration(e.file, at.text.slice("argument-hint:".length), at.line, at.text) : null;
  const names = [e.name, ...aliases];
  let body = bodyDeclaration(e.file, text, names, binaries);
  let delegatesTo: string | null = null;
  if (e.kind === "command") {
    delegatesTo = delegate(e.file, text, has);
    if (!body && delegatesTo) body = bodyDeclaration(delegatesTo, textOf(delegatesTo) ?? "", names, binaries);
  }
  return {
    kind: e.kind,
    name: e.name,
    aliases: [...aliases].sort(),
    layout: e.layout,
    file: e.file,
    span: fileSpan(e.file),
    description: typeof fm.description === "string" ? fm.description : null,
    allowedTools: allowedTools(block, fm["allowed-tools"] as string | undefined),
    hint,
    body,
    delegatesTo,
  };
}
