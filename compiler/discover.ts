/** Discover: turns the config's globs into sorted lists of files relative to the root. */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { globSync } from "tinyglobby";
import type { ResolvedConfig } from "./config/resolve.js";
import { DocpactError } from "./util/errors.js";
import { toPosix } from "./util/text.js";

export interface Discovered {
  docs: string[];
  schemas: string[];
  code: string[];
  /** Every file under the root (outside the never-read folders), for reference checks. */
  files: string[];
}

export function ignoredDirs(config: ResolvedConfig): string[] {
  const ignore = ["**/node_modules/**", "**/.git/**"];
  if (config.generate) ignore.push(`${config.generate.outDir}/**`);
  return ignore;
}

export function discover(root: string, config: ResolvedConfig): Discovered {
  const ignore = ignoredDirs(config);
  const files = glob(root, ["**/*"], ignore);
  const all = new Set(files);
  const docs = glob(root, config.docs, ignore).filter((f) => all.has(f));
  const schemas = glob(root, config.schemas, ignore).filter((f) => all.has(f));
  return { docs, schemas, code: discoverCode(root, config, ignore), files };
}

export function glob(root: string, patterns: string[], ignore: string[]): string[] {
  if (patterns.length === 0) return [];
  return globSync(patterns, { cwd: root, ignore, dot: false, onlyFiles: true, followSymbolicLinks: false })
    .map(toPosix)
    .sort();
}

function discoverCode(root: string, config: ResolvedConfig, ignore: string[]): string[] {
  const code = config.code;
  if (code.kind === "none") return [];
  // An include glob that names JavaScript means it: plain-JS CLIs (`bin/cli.mjs`) are read like TypeScript.
  if (code.kind === "include") return glob(root, code.include, ignore).filter((f) => isTsSource(f) || isJsSource(f));
  const files = tsconfigFiles(root, code.tsconfig, ignore);
  return withBinSources(root, files, config);
}

const isTsSource = (f: string) => /\.(ts|tsx|mts|cts)$/.test(f) && !/\.d\.[mc]?ts$/.test(f);
const isJsSource = (f: string) => /\.(js|jsx|mjs|cjs)$/.test(f) && !/\.min\.js$/.test(f);
/** Folders a package's `bin` points into when it is build output, not source. */
const BUILD_OUTPUT = /^(dist|build|out|lib)\//;

/** The JavaScript files package.json `bin` points at (a plain-JS CLI beside a TypeScript project), when they are sources. */
function withBinSources(root: string, files: string[], config: ResolvedConfig): string[] {
  const bins = Object.values(config.packageJson?.bin ?? {});
  const extra = bins
    .map((b) => toPosix(b).replace(/^\.\//, ""))
    .filter((b) => isJsSource(b) && !BUILD_OUTPUT.test(b) && !files.includes(b) && existsSync(join(root, b)));
  return extra.length === 0 ? files : [...new Set([...files, ...extra])].sort();
}

/**
 * Reads the tsconfig's include/exclude/files with a small subset of tsc's
 * rules; loading the TypeScript compiler here would cost more than all else.
 */
function tsconfigFiles(root: string, tsconfig: string, ignore: string[]): string[] {
  const file = join(root, tsconfig);
  if (!existsSync(file)) throw new DocpactError(`tsconfig not found: ${tsconfig}`);
  const cfg = readTsconfig(file, new Set());
  const base = toPosix(relative(root, dirname(file)));
  const prefix = base === "" ? "" : `${base}/`;
  const include = (cfg.include ?? (cfg.files ? [] : ["**/*"])).map((p) => prefix + expandDir(p));
  const exclude = (cfg.exclude ?? []).map((p) => prefix + expandDir(p));
  const out = new Set(glob(root, include, [...ignore, ...exclude]).filter(isTsSource));
  for (const f of cfg.files ?? []) {
    const rel = toPosix(relative(root, join(dirname(file), f)));
    if (existsSync(join(root, rel)) && isTsSource(rel)) out.add(rel);
  }
  return [...out].sort();
}

interface TsconfigShape {
  include?: string[];
  exclude?: string[];
  files?: string[];
  extends?: string | string[];
}

function readTsconfig(file: string, seen: Set<string>): TsconfigShape {
  if (seen.has(file)) return {};
  seen.add(file);
  let cfg: TsconfigShape;
  try {
    cfg = parseJsonc(readText(file)) as TsconfigShape;
  } catch (e) {
    throw new DocpactError(`cannot read tsconfig ${toPosix(file)}: ${(e as Error).message}`);
  }
  const ext = typeof cfg.extends === "string" ? [cfg.extends] : (cfg.extends ?? []);
  let merged: TsconfigShape = {};
  for (const e of ext) {
    if (!e.startsWith(".")) continue; // package tsconfigs never carry include/exclude for this project
    const target = join(dirname(file), e.endsWith(".json") ? e : `${e}.json`);
    if (!existsSync(target)) continue;
    const parent = readTsconfig(target, seen);
    // include/exclude/files in a base config are relative to that base config.
    const rebase = (ps?: string[]) => ps?.map((p) => toPosix(relative(dirname(file), join(dirname(target), p))));
    merged = { include: rebase(parent.include) ?? merged.include, exclude: rebase(parent.exclude) ?? merged.exclude, files: rebase(parent.files) ?? merged.files };
  }
  return { include: cfg.include ?? merged.include, exclude: cfg.exclude ?? merged.exclude, files: cfg.files ?? merged.files };
}

function expandDir(p: string): string {
  const clean = p.replace(/^\.\/+/, "").replace(/\/+$/, "");
  if (clean === "" || clean === ".") return "**/*";
  // A pattern without a file part names a folder, as in tsc.
  return /[*?]|\.[a-z]+$/i.test(clean.split("/").pop() ?? "") ? clean : `${clean}/**/*`;
}

function readText(file: string): string {
  return readFileSync(file, "utf8").replace(/^\uFEFF/, "");
}

/** JSON with comments and trailing commas, as tsconfig allows. */
export function parseJsonc(text: string): unknown {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      const start = i++;
      while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
      out += text.slice(start, ++i);
    } else if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 2;
    } else {
      out += c;
      i++;
    }
  }
  return JSON.parse(out.replace(/,(\s*[}\]])/g, "$1"));
}
