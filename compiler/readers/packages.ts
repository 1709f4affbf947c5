/**
 * The package names the project publishes: the `name` of every package.json
 * in the project's files (the root one apart, with its `private` flag). Read
 * through the guarded door; a package.json that does not parse, or is too
 * large, gives no name (and the root is then unknown: nothing is judged).
 */
import { join } from "node:path";
import { guardedRead } from "../util/guarded-read.js";
import type { PackageNames } from "../model/packages.js";

export type { PackageNames };

/** The names a manifest's `bin` installs: its keys, or the package's own name (scope dropped) for a string `bin`. */
function binsOf(o: Record<string, unknown>, name: string | null): string[] {
  if (typeof o.bin === "string") return name ? [name.replace(/^@[^/]+\//, "")] : [];
  if (o.bin && typeof o.bin === "object" && !Array.isArray(o.bin)) return Object.keys(o.bin).filter((k) => k.trim() !== "");
  return [];
}

function readManifest(root: string, file: string): { name: string | null; private: boolean; bins: string[] } | null {
  const r = guardedRead(root, join(root, file), file, { maxBytes: 1 << 20 });
  if (!r.ok) return null;
  try {
    const v = JSON.parse(r.text) as unknown;
    if (!v || typeof v !== "object" || Array.isArray(v)) return null;
    const o = v as Record<string, unknown>;
    const name = typeof o.name === "string" && o.name.trim() !== "" ? o.name.trim() : null;
    return { name, private: o.private === true, bins: binsOf(o, name) };
  } catch {
    return null;
  }
}

export function readPackages(root: string, files: readonly string[]): PackageNames {
  const manifests = files.filter((f) => (f === "package.json" || f.endsWith("/package.json")) && !f.split("/").includes("node_modules"));
  const names = new Set<string>();
  const bins = new Set<string>();
  let rootManifest: PackageNames["root"] = null;
  for (const f of manifests) {
    const m = readManifest(root, f);
    if (f === "package.json") rootManifest = m && { name: m.name, private: m.private };
    if (m?.name) names.add(m.name);
    for (const b of m?.bins ?? []) bins.add(b);
  }
  return { root: rootManifest, names: [...names].sort(), bins: [...bins].sort() };
}
