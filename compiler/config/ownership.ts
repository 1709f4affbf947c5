/**
 * What a config may point at: every input glob and path stays inside the root,
 * and `generate.outDir` is a folder docpact may own (build writes and deletes
 * there). Checked when the config is loaded, so check and build refuse alike.
 */
import { globFiles, lstatSync, readHead } from "../util/input-fs.js";
import { globListMatcher } from "../util/globs.js";
import { GENERATED_HEADER_PREFIX } from "../emit/generated-files.js";
import { isAbsolute, join } from "node:path";
import { posix } from "node:path";
import type { ResolvedConfig } from "./resolve.js";
import { DocpactError } from "../util/errors.js";
import { reallyInside } from "../discover-tree.js";

/** The part of a glob before its first magic segment (`docs/**\/*.md` → `docs`). */
export function staticBase(pattern: string): string {
  const parts = pattern.replace(/^\.\/+/, "").split("/");
  const out: string[] = [];
  for (const p of parts) {
    if (/[*?[\]{}()!+@]/.test(p)) break;
    out.push(p);
  }
  // A pattern with no magic names a file: its base is its folder.
  if (out.length === parts.length) out.pop();
  return out.join("/") || ".";
}

/** True when a root-relative path (or glob) leaves the root. */
export function leavesRoot(p: string): boolean {
  if (isAbsolute(p) || /^[A-Za-z]:/.test(p)) return true;
  const n = posix.normalize(p.replace(/^!/, ""));
  return n === ".." || n.startsWith("../");
}

/** Every input path and glob of the config, named by the key it comes from. */
function inputs(config: ResolvedConfig): { key: string; path: string; glob: boolean }[] {
  const out: { key: string; path: string; glob: boolean }[] = [];
  for (const g of config.docs) out.push({ key: "docs", path: g, glob: true });
  for (const g of config.schemas) out.push({ key: "schemas", path: g, glob: true });
  if (config.code.kind === "include") for (const g of config.code.include) out.push({ key: "code.include", path: g, glob: true });
  if (config.code.kind === "tsconfig") out.push({ key: "code.tsconfig", path: config.code.tsconfig, glob: false });
  for (const [i, inst] of config.instances.entries()) {
    for (const g of inst.files) out.push({ key: `instances[${i}].files`, path: g, glob: true });
    out.push({ key: `instances[${i}].schema`, path: inst.schema, glob: false });
  }
  if (config.decisions) out.push({ key: "decisions.module", path: config.decisions.module, glob: false });
  if (config.decisions) out.push({ key: "decisions.documentRoot", path: `${config.decisions.documentRoot}/x`, glob: false });
  if (config.baseline) out.push({ key: "baseline", path: config.baseline, glob: false });
  if (config.templates) out.push({ key: "templates", path: `${config.templates}/x`, glob: false });
  for (const [i, v] of config.vocabularies.entries()) {
    if (v.code !== undefined) out.push({ key: `vocabularies[${i}].code`, path: v.code.split("#")[0], glob: false });
    out.push({ key: `vocabularies[${i}].schema`, path: v.schema.split("#")[0], glob: false });
    if (v.mapping !== undefined) out.push({ key: `vocabularies[${i}].mapping`, path: v.mapping.split("#")[0], glob: false });
  }
  return out;
}

export const isTsSource = (f: string) => /\.(ts|tsx|mts|cts)$/.test(f) && !/\.d\.[mc]?ts$/.test(f);

/**
 * Whether a root-relative path is one the config's input globs would read
 * (with tinyglobby's matcher); with a tsconfig, any TypeScript source counts.
 */
export function inputMatcher(config: ResolvedConfig): (path: string) => boolean {
  const lists = [config.docs, config.schemas, ...(config.code.kind === "include" ? [config.code.include] : []), ...(config.instances ?? []).map((i) => i.files)].map((l) => globListMatcher(l));
  return (p) => lists.some((glob) => glob(p)) || (config.code.kind === "tsconfig" && isTsSource(p));
}

/** Throws a config error when a file the config step reads is a link that leads out of the root. */
export function assertInsideRoot(root: string, abs: string, rel: string): void {
  if (!reallyInside(root, abs)) throw new DocpactError(`${rel} resolves to a file outside the root; docpact reads only inside the root`);
}

/** Throws a config error when an input leaves the root or the outDir is not docpact's to own. */
/**
 * Reuses a result computed from a folder (a watch session's, told this run's changes): the last
 * one while nothing in the folder changed and `key` is the same.
 */
export type FolderMemo = <T>(kind: string, dir: string, key: string, compute: () => T) => T;

export function assertConfinedConfig(root: string, config: ResolvedConfig, memo?: FolderMemo): void {
  const where = config.file ?? "docpact.config.json";
  for (const i of inputs(config)) {
    if (i.path && leavesRoot(i.path)) {
      throw new DocpactError(`${where}: ${i.key} "${i.path}" leaves the root; docpact reads only inside the root (run it with --root at a folder that holds both)`);
    }
  }
  if (config.generate) assertOwnedOutDir(root, config, where, memo);
}

function assertOwnedOutDir(root: string, config: ResolvedConfig, where: string, memo?: FolderMemo): void {
  const outDir = config.generate!.outDir;
  const bad = (why: string) => new DocpactError(`${where}: generate.outDir "${outDir}" ${why}; it must be a folder inside the root that only docpact writes (the default is "generated")`);
  if (outDir === "." || outDir === "") throw bad("is the root itself");
  if (leavesRoot(outDir)) throw bad("leaves the root");
  const parts = posix.normalize(outDir).split("/");
  if (parts.some((p) => p === "node_modules" || p === ".git")) throw bad("is inside node_modules or .git");
  let cur = root;
  for (const part of parts) {
    cur = join(cur, part);
    let st;
    try {
      st = lstatSync(cur);
    } catch {
      break; // build creates the rest
    }
    if (st.isSymbolicLink()) throw bad(`goes through a symbolic link (${posix.relative(".", parts.slice(0, parts.indexOf(part) + 1).join("/"))})`);
    if (!st.isDirectory()) throw bad("is not a folder");
  }
  const norm = posix.normalize(outDir);
  for (const i of inputs(config)) {
    const base = i.glob ? staticBase(i.path) : posix.dirname(posix.normalize(i.path));
    const b = posix.normalize(base);
    if (b === norm || b.startsWith(`${norm}/`)) throw bad(`holds inputs (${i.key} "${i.path}")`);
  }
  // Lists outDir and reads the head of every input-shaped file there: a watch re-check whose changes are elsewhere takes the last answer.
  const held = memo ? memo("held-input", norm, JSON.stringify(config), () => heldInput(root, norm, config)) : heldInput(root, norm, config);
  if (held) throw bad(`holds inputs (${held}, which docpact did not generate, would no longer be read)`);
}

/** A file already in outDir that an input glob matches and that docpact did not generate, if any. */
function heldInput(root: string, outDir: string, config: ResolvedConfig): string | null {
  let files: string[];
  try {
    files = globFiles(join(root, outDir));
  } catch {
    return null;
  }
  if (files.length === 0) return null;
  const isInput = inputMatcher(config);
  for (const f of files.sort()) {
    const path = `${outDir}/${f.split("\\").join("/")}`;
    if (!isInput(path)) continue;
    if (!startsWithHeader(join(root, path))) return path;
  }
  return null;
}

function startsWithHeader(abs: string): boolean {
  return readHead(abs, Buffer.byteLength(GENERATED_HEADER_PREFIX)) === GENERATED_HEADER_PREFIX;
}
