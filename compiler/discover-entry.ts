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
import { blankComments } from "./util/code-comments.js";
import { byBinPreference, type WorkspaceManifest } from "./util/package-manifest.js";
import { isTestPath } from "./util/test-paths.js";

/**
 * `from "x"`, `require("x")`, `import("x")`, `import "x"`; a module resolved to be loaded (`require.resolve("x")`,
 * `import.meta.resolve("x")`, resolve-import's `resolveImportSync("@tapjs/run")`); and a relative module path with a
 * code extension passed to any call: `dynamicImport("../src/cli/index.js")` (an `import` behind `new Function`),
 * `new Worker("./w.js")` — a module the entry names is the program's code.
 */
const SPECIFIERS =
  /(?:\bfrom\s*|\brequire\(\s*|\bimport\(\s*|^\s*import\s+|(?:\brequire|\bimport\.meta)\.resolve\(\s*|\bresolveImport(?:Sync)?\(\s*|\(\s*(?=["']\.\.?\/[^"'\n]+\.[mc]?[jt]sx?["']))["']([^"'\n]+)["']/gm;
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
 * to where its argv is parsed, whatever a tsconfig includes. With `bare`
 * (workspaceResolver), an import of a workspace package by name
 * (`@scope/run`) is followed into that package's source too. JSON and other
 * non-code targets are left out; `read` returns "" for a file it cannot read.
 */
export function entryClosure(
  entry: string,
  files: ReadonlySet<string>,
  read: (rel: string) => string,
  specifiers = (rel: string) => importSpecifiers(read(rel)),
  bare?: BareResolver,
): string[] {
  const seen = new Set([entry]);
  const queue = [entry];
  for (let i = 0; i < queue.length && seen.size <= MAX_FILES; i++) {
    for (const spec of specifiers(queue[i]!)) {
      const target = resolveImport(queue[i]!, spec, files, bare);
      if (target && !seen.has(target) && isCode(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return queue.sort();
}

/** The file `spec` imported from `from` loads among `files`: a relative module, or with `bare` a workspace package's source. */
export function resolveImport(from: string, spec: string, files: ReadonlySet<string>, bare?: BareResolver): string | null {
  return spec.startsWith(".") ? resolveSpecifier(from, spec, files) : (bare?.(spec) ?? null);
}

/**
 * The specifiers a file's text imports, requires, re-exports, imports lazily or passes as a module path, in order
 * (what entryClosure follows); comments are not code (`// import('@tapjs/run')`).
 */
export function importSpecifiers(text: string): string[] {
  return [...blankComments(text).matchAll(SPECIFIERS)].map((m) => m[1]!);
}

/**
 * A bare specifier (`@scope/pkg/sub`) imported on the way from `binary`'s entry → the workspace source file it loads,
 * or null (not a workspace package, one that declares another binary, or not found).
 */
export type BareResolver = (spec: string, binary?: string) => string | null;

/**
 * Bare specifiers resolved to the project's own packages (a monorepo's workspaces: `@tapjs/run` is
 * `src/run/package.json`'s), the way Node resolves an installed one: the package's `exports` (the subpath, or a
 * `./*` pattern; conditions in the order written, type declarations skipped), else `main`, `module`, `index`. A
 * target that is build output stands for its source (entrySource: `dist/esm/index.js` → `src/index.ts`). A test
 * fixture's package.json is never the package (fixtures copy real names: knip's hundreds); where several others
 * declare one name, the shallower wins. A package that declares a binary other than the one followed is not
 * entered: that binary's CLI is read from its own entry, and what another binary imports of it is its library
 * (`@knip/mcp` imports `knip`'s API; knip's options file is knip's, not the MCP server's) — unless what the name
 * loads is that package's bin file itself: then importing it runs that program (tap's bin resolves and imports
 * `@tapjs/run`, whose export is its `tap-run` bin), and it is the importer's CLI. A name no package
 * declares, or a target with no source among `files`, resolves to null.
 */
export function workspaceResolver(manifests: readonly WorkspaceManifest[], files: ReadonlySet<string>): BareResolver {
  const byName = new Map<string, WorkspaceManifest>();
  for (const m of [...manifests].filter((x) => !isTestPath(x.file)).sort((a, b) => byBinPreference(a.file, b.file))) {
    if (m.name && !byName.has(m.name)) byName.set(m.name, m);
  }
  const memo = new Map<string, Resolved>();
  const entered = (r: Resolved, binary: string | undefined) =>
    r.bins.length === 0 || r.isBin || (binary !== undefined && r.bins.includes(binary)) ? r.file : null;
  return (spec, binary) => {
    const done = memo.get(spec);
    if (done !== undefined) return entered(done, binary);
    const parts = spec.split("/");
    const name = spec.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
    const m = byName.get(name);
    let out: string | null = null;
    if (m) {
      const sub = spec === name ? "." : `.${spec.slice(name.length)}`;
      const dir = posix.dirname(m.file);
      const at = (t: string) => posix.normalize(posix.join(dir, t));
      const targets = exportTargets(m.exports, sub);
      if (sub === ".") targets.push(...[m.main, m.module].filter((t): t is string => t !== undefined), "index");
      else if (m.exports === undefined) targets.push(sub);
      for (const t of targets) {
        const path = at(t);
        if (path.startsWith("../")) continue;
        const found = resolveSpecifier(m.file, `./${posix.relative(dir, path) || "index"}`, files);
        if (found && isCode(found)) {
          out = found;
          break;
        }
      }
    }
    // What the name loads is the package's own bin file: importing it runs that program (tap's bin loads `@tapjs/run`).
    const isBin = out !== null && (m?.binTargets ?? []).some((t) => entrySource(t, files) === out);
    const found = { file: out, bins: m?.bins ?? [], isBin };
    memo.set(spec, found);
    return entered(found, binary);
  };
}

interface Resolved {
  file: string | null;
  bins: readonly string[];
  /** The file is one of the package's bin targets (its source). */
  isBin: boolean;
}

/** The paths `exports` maps `sub` to, in the order its conditions are written, `types` left out. */
function exportTargets(exports: unknown, sub: string): string[] {
  if (exports === undefined || exports === null) return [];
  const isMap = typeof exports === "object" && !Array.isArray(exports) && Object.keys(exports).some((k) => k.startsWith("."));
  let value: unknown = isMap ? undefined : sub === "." ? exports : undefined;
  if (isMap) {
    const map = exports as Record<string, unknown>;
    value = map[sub];
    if (value === undefined) {
      for (const [key, v] of Object.entries(map)) {
        const star = key.indexOf("*");
        if (star < 0) continue;
        const head = key.slice(0, star);
        const tail = key.slice(star + 1);
        if (sub.startsWith(head) && sub.endsWith(tail) && sub.length >= head.length + tail.length) {
          const hole = sub.slice(head.length, sub.length - tail.length);
          return leaves(v).map((t) => t.replaceAll("*", hole));
        }
      }
    }
  }
  return leaves(value);
}

function leaves(v: unknown): string[] {
  if (typeof v === "string") return [v];
  if (Array.isArray(v)) return v.flatMap(leaves);
  if (!v || typeof v !== "object") return [];
  return Object.entries(v as Record<string, unknown>).flatMap(([k, x]) => (k === "types" || k === "typings" ? [] : leaves(x)));
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
