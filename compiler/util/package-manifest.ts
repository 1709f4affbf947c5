/**
 * One package.json as docpact needs it: its name, `private`, `bin` map and the
 * packages it installs (`dependencies` and `devDependencies`).
 * Read through the guarded door; a file that does not parse, is too large
 * or is no object gives null. Shared by discovery (which follows each
 * binary's entry) and the packages reader (which names what is published).
 */
import { join, posix } from "node:path";
import { guardedRead } from "./guarded-read.js";
import { isTestPath } from "./test-paths.js";

export type Manifest = {
  name: string | null;
  private: boolean;
  bin: Record<string, string>;
  installs: string[];
  /** What importing the package by name loads: `exports` as written, `main` and `module` (for discover's closures). */
  exports?: unknown;
  main?: string;
  module?: string;
};

/** The names of `dependencies` and `devDependencies` (peers are the user's to install). */
function installed(o: Record<string, unknown>): string[] {
  const out = new Set<string>();
  for (const d of [o.dependencies, o.devDependencies]) if (d && typeof d === "object" && !Array.isArray(d)) for (const k of Object.keys(d)) out.add(k);
  return [...out].sort();
}

/** `bin` as a map: a string is one binary named as the package (without its scope). */
function binMap(bin: unknown, name: string | null): Record<string, string> {
  if (typeof bin === "string") return name ? { [name.replace(/^@[^/]+\//, "")]: bin } : {};
  if (!bin || typeof bin !== "object" || Array.isArray(bin)) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(bin as Record<string, unknown>)) if (typeof v === "string" && k.trim() !== "") out[k] = v;
  return out;
}

export function readManifest(root: string, file: string): Manifest | null {
  const r = guardedRead(root, join(root, file), file, { maxBytes: 1 << 20 });
  if (!r.ok) return null;
  try {
    const v = JSON.parse(r.text) as unknown;
    if (!v || typeof v !== "object" || Array.isArray(v)) return null;
    const o = v as Record<string, unknown>;
    const name = typeof o.name === "string" && o.name.trim() !== "" ? o.name.trim() : null;
    const out: Manifest = { name, private: o.private === true, bin: binMap(o.bin, name), installs: installed(o) };
    if (o.exports !== undefined) out.exports = o.exports;
    if (typeof o.main === "string") out.main = o.main;
    if (typeof o.module === "string") out.module = o.module;
    return out;
  } catch {
    return null;
  }
}

/** A package.json of the project as discover's bare-import resolution needs it: where it is and what importing it by name loads. */
export interface WorkspaceManifest {
  file: string;
  name: string | null;
  exports?: unknown;
  main?: string;
  module?: string;
  /** The binaries its `bin` declares. */
  bins?: readonly string[];
  /** Their targets, root-relative (`src/run/dist/esm/index.js`). */
  binTargets?: readonly string[];
}

/** The package.json at `file` as a WorkspaceManifest (one that does not read: no name, nothing to resolve). */
export function readWorkspaceManifest(root: string, file: string): WorkspaceManifest {
  const m = readManifest(root, file);
  const bin = m?.bin ?? {};
  return {
    file,
    name: m?.name ?? null,
    exports: m?.exports,
    main: m?.main,
    module: m?.module,
    bins: Object.keys(bin),
    binTargets: Object.values(bin).map((t) => binFile(file, t)),
  };
}

/** The project's package.json files (root first, then by path), none under node_modules. */
export function manifestFiles(files: Iterable<string>): string[] {
  const out = [...files].filter((f) => (f === "package.json" || f.endsWith("/package.json")) && !f.split("/").includes("node_modules"));
  return out.sort((a, b) => (a === "package.json" ? -1 : b === "package.json" ? 1 : a < b ? -1 : a > b ? 1 : 0));
}

/** A `bin` target of the manifest at `manifest`, root-relative with `/` (it may leave the root: callers check). */
export function binFile(manifest: string, target: string): string {
  return posix.normalize(posix.join(posix.dirname(manifest), target.replace(/\\/g, "/")));
}

/**
 * Which of several workspace package.json files (or their bin files) declaring one binary name is the binary: real packages
 * before test fixtures, shallower before deeper, then by path (a fixture that declares the same name is not the binary).
 */
export function byBinPreference(a: string, b: string): number {
  return Number(isTestPath(a)) - Number(isTestPath(b)) || a.split("/").length - b.split("/").length || (a < b ? -1 : a > b ? 1 : 0);
}
