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

/**
 * The source file a `bin` target stands for among `files`: itself, the source a bundler config builds it from
 * (`bundled`, from `bundledSources`), or the same path under `src/` with a TypeScript extension.
 */
export function entrySource(bin: string, files: ReadonlySet<string>, bundled?: ReadonlyMap<string, string>): string | null {
  const path = posix.normalize(bin.replace(/^\.\//, ""));
  const from = files.has(path) ? undefined : bundled?.get(path);
  if (from !== undefined && files.has(from)) return from;
  const stem = path.replace(/\.(m|c)?(j|t)sx?$/, "");
  const built = /^(.*?)(?:^|\/)(dist|lib|build|out|bin)\/(.*)$/.exec(stem);
  const stems = [stem];
  if (built) {
    const prefix = built[1] ? `${built[1]}/` : "";
    // A dual build writes one folder per module format (tshy's `dist/esm/`, `dist/commonjs/`): the source has neither.
    const rest = built[3].replace(/^(?:esm|cjs|commonjs|mjs|es)\//, "");
    for (const r of new Set([built[3], rest])) stems.push(`${prefix}src/${r}`, `${prefix}source/${r}`, `${prefix}${r}`, `${prefix}src/bin/${r}`);
  }
  if (files.has(path)) return path;
  for (const s of stems) for (const x of EXTENSIONS) if (files.has(s + x)) return s + x;
  return null;
}

/** Bundler configs that say which source a built file comes from: rollup's `input` → `output.file`, esbuild's `entryPoints` → `outfile`. */
export const BUNDLER_CONFIG = /(?:^|\/)(?:rollup|esbuild)\.config\.[cm]?[jt]s$/;

const INPUT = /\b(?:input|entryPoints)\s*:\s*(?:\[\s*)?(["'])([^"'\n]+)\1/g;
const OUTPUT = /\b(?:file|outfile)\s*:\s*(["'])([^"'\n]+)\1/g;

/**
 * Built file → its source, from the bundler configs among `files` (paths relative to the config's folder, made
 * root-relative). Read as text, never run: a config with one input maps every output file it names to it; with
 * several, the n-th input is paired with the n-th output only when the counts match, else the config says nothing.
 */
export function bundledSources(files: Iterable<string>, read: (rel: string) => string): Map<string, string> {
  const out = new Map<string, string>();
  for (const config of [...files].filter((f) => BUNDLER_CONFIG.test(f)).sort()) {
    const text = read(config).replace(/\/\*[\s\S]*?\*\/|(^|[^:])\/\/[^\n]*/g, "$1");
    const inputs = [...text.matchAll(INPUT)].map((m) => m[2]!);
    const outputs = [...text.matchAll(OUTPUT)].map((m) => m[2]!);
    if (inputs.length === 0 || (inputs.length > 1 && inputs.length !== outputs.length)) continue;
    const dir = posix.dirname(config);
    const at = (p: string) => posix.normalize(posix.join(dir, p.replace(/^\.\//, "")));
    outputs.forEach((o, i) => {
      const key = at(o);
      if (!key.startsWith("../") && !out.has(key)) out.set(key, at(inputs[inputs.length === 1 ? 0 : i]!));
    });
  }
  return out;
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
