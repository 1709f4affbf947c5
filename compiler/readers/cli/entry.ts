/**
 * From a binary's entry file to the reader that reads it: the file
 * package.json `bin` points at (its source when `bin` points at build
 * output: `dist/cli.js` → `src/cli.ts` or `source/cli.ts`; a `require` of
 * build output on the way likewise), then the relative modules it
 * imports, requires, re-exports or imports lazily, breadth first. The first
 * file on the way that a reader detects (its parser import or marker) names
 * the reader; when none does, the trace says how far following went and
 * which packages the reached files import, so `init` can say why no reader
 * applies instead of staying silent.
 *
 * Text only (import specifiers by pattern): it runs before any config
 * exists, on files it reads itself, and never executes anything.
 */
import { posix } from "node:path";
import type { CliAdapter } from "./adapter.js";

export interface EntryTrace {
  /** The entry file followed (root-relative), or null when no source for `bin` was found. */
  entry: string | null;
  /** The reader that applies first on the way, and the file it applies to. */
  reader: string | null;
  file: string | null;
  /** Imports between the entry and that file (0: the entry itself). */
  hops: number;
  /** Files reached. */
  reached: number;
  /** Packages the reached files import (for the message when no reader applies). */
  packages: string[];
}

const SPECIFIERS = /(?:\bfrom\s*|\brequire\(\s*|\bimport\(\s*|^\s*import\s+)["']([^"']+)["']/gm;
const EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".mjs", ".cjs", ".jsx"];
const MAX_FILES = 2000;

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

/** Follows the entry's relative imports until a reader detects a file. */
export function traceEntry(entry: string, files: ReadonlySet<string>, read: (rel: string) => string, readers: readonly CliAdapter[]): EntryTrace {
  const queue: { rel: string; hops: number }[] = [{ rel: entry, hops: 0 }];
  const seen = new Set([entry]);
  const packages = new Set<string>();
  for (let i = 0; i < queue.length && seen.size <= MAX_FILES; i++) {
    const { rel, hops } = queue[i]!;
    const text = read(rel);
    const reader = readers.find((r) => r.detect(text, rel));
    if (reader) return { entry, reader: reader.id, file: rel, hops, reached: i + 1, packages: [] };
    for (const m of text.matchAll(SPECIFIERS)) {
      const spec = m[1]!;
      if (!spec.startsWith(".")) {
        packages.add(spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]!);
        continue;
      }
      const target = resolve(rel, spec, files);
      if (target && !seen.has(target)) {
        seen.add(target);
        queue.push({ rel: target, hops: hops + 1 });
      }
    }
  }
  return { entry, reader: null, file: null, hops: 0, reached: queue.length, packages: [...packages].sort() };
}

/**
 * Every source file a binary's entry reaches by relative imports, requires,
 * re-exports and lazy imports (the entry included), breadth first, at most
 * `MAX_FILES`: the code a CLI's readers must see to follow it from its entry
 * to where its argv is parsed, whatever a tsconfig includes. JSON and other
 * non-code targets are left out; `read` returns "" for a file it cannot read.
 */
export function entryClosure(entry: string, files: ReadonlySet<string>, read: (rel: string) => string): string[] {
  const seen = new Set([entry]);
  const queue = [entry];
  for (let i = 0; i < queue.length && seen.size <= MAX_FILES; i++) {
    for (const m of read(queue[i]!).matchAll(SPECIFIERS)) {
      const spec = m[1]!;
      if (!spec.startsWith(".")) continue;
      const target = resolve(queue[i]!, spec, files);
      if (target && !seen.has(target) && isCode(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return queue.sort();
}

/** A file a code reader parses: TypeScript or JavaScript source (not a declaration file, not minified). */
function isCode(rel: string): boolean {
  return /\.(m|c)?(j|t)sx?$/.test(rel) && !/\.d\.(m|c)?ts$/.test(rel) && !/\.min\.js$/.test(rel);
}

/** An extensionless file that starts with a node shebang (`#!/usr/bin/env node`): a bin script in JavaScript. */
export function isNodeScript(rel: string, head: string): boolean {
  return !/\.[A-Za-z0-9]+$/.test(rel.slice(rel.lastIndexOf("/") + 1)) && /^#![^\n]*\bnode\b/.test(head);
}

function resolve(from: string, spec: string, files: ReadonlySet<string>): string | null {
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
