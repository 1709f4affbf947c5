/**
 * A binary's entry file and the code it reaches, found before any reader runs:
 * the file package.json `bin` points at (its source when `bin` points at build
 * output: `dist/cli.js` → `src/cli.ts`), and the relative modules it imports,
 * requires, re-exports or imports lazily, breadth first. discover adds them to
 * the code read; readers/cli/entry.ts follows the same edges to pick a reader.
 *
 * Text only (import specifiers by pattern), never executes anything.
 */
import { posix } from "node:path";

export const SPECIFIERS = /(?:\bfrom\s*|\brequire\(\s*|\bimport\(\s*|^\s*import\s+)["']([^"']+)["']/gm;
const EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".mjs", ".cjs", ".jsx"];
export const MAX_FILES = 2000;

/** The source file a `bin` target stands for among `files`: itself, or the same path under `src/` with a TypeScript extension. */
export function entrySource(bin: string, files: ReadonlySet<string>): string | null {
  const path = posix.normalize(bin.replace(/^\.\//, ""));
  const stem = path.replace(/\.(m|c)?(j|t)sx?$/, "");
  const built = /^(.*?)(?:^|\/)(dist|lib|build|out|bin)\/(.*)$/.exec(stem);
  const stems = [stem];
  if (built) {
    const prefix = built[1] ? `${built[1]}/` : "";
    stems.push(`${prefix}src/${built[3]}`, `${prefix}source/${built[3]}`, `${prefix}${built[3]}`, `${prefix}src/bin/${built[3]}`);
  }
  if (files.has(path)) return path;
  for (const s of stems) for (const x of EXTENSIONS) if (files.has(s + x)) return s + x;
  return null;
}

/**
 * Every source file a binary's entry reaches by relative imports, requires,
 * re-exports and lazy imports (the entry included), breadth first, at most
 * `MAX_FILES`: the code a CLI's readers must see to follow it from its entry
 * to where its argv is parsed, whatever a tsconfig includes. JSON and other
 * non-code targets are left out; `read` returns "" for a file it cannot read.
 */
export function entryClosure(
  entry: string,
  files: ReadonlySet<string>,
  read: (rel: string) => string,
  specifiers = (rel: string) => relativeSpecifiers(read(rel)),
): string[] {
  const seen = new Set([entry]);
  const queue = [entry];
  for (let i = 0; i < queue.length && seen.size <= MAX_FILES; i++) {
    for (const spec of specifiers(queue[i]!)) {
      const target = resolveSpecifier(queue[i]!, spec, files);
      if (target && !seen.has(target) && isCode(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return queue.sort();
}

/** The relative specifiers a file's text imports, requires, re-exports or imports lazily, in order (what entryClosure follows). */
export function relativeSpecifiers(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(SPECIFIERS)) if (m[1]!.startsWith(".")) out.push(m[1]!);
  return out;
}

/** A file a code reader parses: TypeScript or JavaScript source (not a declaration file, not minified). */
function isCode(rel: string): boolean {
  return /\.(m|c)?(j|t)sx?$/.test(rel) && !/\.d\.(m|c)?ts$/.test(rel) && !/\.min\.js$/.test(rel);
}

/** An extensionless file that starts with a node shebang (`#!/usr/bin/env node`): a bin script in JavaScript. */
export function isNodeScript(rel: string, head: string): boolean {
  return !/\.[A-Za-z0-9]+$/.test(rel.slice(rel.lastIndexOf("/") + 1)) && /^#![^\n]*\bnode\b/.test(head);
}

export function resolveSpecifier(from: string, spec: string, files: ReadonlySet<string>): string | null {
  const base = posix.normalize(posix.join(posix.dirname(from), spec));
  if (files.has(base)) return base;
  const stem = base.replace(/\.(m|c)?(j|t)sx?$/, "");
  for (const x of EXTENSIONS) {
    if (files.has(stem + x)) return stem + x;
    if (files.has(`${stem}/index${x}`)) return `${stem}/index${x}`;
  }
  // `require("./dist/index")`: the build output's source.
  return entrySource(base, files) ?? entrySource(`${base}/index`, files);
}
