/**
 * Where documents install or run a package by name: `npm install -g @scope/pkg`,
 * `npm i pkg@latest`, `pnpm add`, `yarn (global) add`, `bun add`, `npx pkg`,
 * `pnpm dlx`, `bunx`, in inline code and on code-block lines. Finds, never judges.
 */
import type { Span } from "./diagnostic.js";
import type { MarkdownDoc } from "./types.js";

export interface InstallLine {
  file: string;
  span: Span;
  /** The package as written without its version (`@tacuchi/agent-workflow`). */
  name: string;
  /** `install`: npm/pnpm/yarn/bun install or add; `run`: npx, pnpm dlx, bunx. */
  verb: "install" | "run";
}

const COMMAND =
  /(?:^|[\s;&|(`$]|^\$\s*)(npm\s+(?:install|i|add)|pnpm\s+(?:add|install|i)|yarn\s+(?:global\s+)?add|bun\s+(?:add|install|i)|npx|pnpm\s+dlx|bunx)((?:\s+[^\s;&|)`]+)+)/g;
/** A package name as npm allows it: `name`, `@scope/name`. */
const PACKAGE = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/;

/** The package names one line installs or runs, with their offsets in the line. */
export function installsIn(line: string): { name: string; start: number; verb: InstallLine["verb"] }[] {
  const out: { name: string; start: number; verb: InstallLine["verb"] }[] = [];
  for (const m of line.matchAll(COMMAND)) {
    const verb: InstallLine["verb"] = /^(npx|pnpm\s+dlx|bunx)$/.test(m[1]) ? "run" : "install";
    let offset = (m.index ?? 0) + m[0].length - m[2].length;
    for (const word of m[2].split(/(\s+)/)) {
      const at = offset;
      offset += word.length;
      if (word.trim() === "") continue;
      if (word.startsWith("-")) continue;
      // Only plain names: not a path, a URL, a git spec, a placeholder.
      const bare = word.replace(/^(@?[^@]+)@.*$/, "$1");
      if (!PACKAGE.test(bare)) break;
      out.push({ name: bare, start: at, verb });
      // npx runs one package; the words after it are its arguments.
      if (verb === "run") break;
    }
  }
  return out;
}

export function installLines(doc: MarkdownDoc): InstallLine[] {
  const out: InstallLine[] = [];
  const at = (line: number, column: number, length: number): Span => ({ file: doc.file, line, column, endLine: line, endColumn: column + length });
  for (const c of doc.inlineCodes) {
    if (c.span.line !== c.span.endLine) continue;
    for (const i of installsIn(c.value)) out.push({ file: doc.file, span: c.span, name: i.name, verb: i.verb });
  }
  for (const b of doc.codeBlocks) {
    b.value.split("\n").forEach((l, k) => {
      for (const i of installsIn(l)) out.push({ file: doc.file, span: at(b.span.line + 1 + k, i.start + 1, i.name.length), name: i.name, verb: i.verb });
    });
  }
  return out;
}
