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

function readManifest(root: string, file: string): { name: string | null; private: boolean } | null {
  const r = guardedRead(root, join(root, file), file, { maxBytes: 1 << 20 });
  if (!r.ok) return null;
  try {
    const v = JSON.parse(r.text) as unknown;
    if (!v || typeof v !== "object" || Array.isArray(v)) return null;
    const o = v as Record<string, unknown>;
    return { name: typeof o.name === "string" && o.name.trim() !== "" ? o.name.trim() : null, private: o.private === true };
  } catch {
    return null;
  }
}

export function readPackages(root: string, files: readonly string[]): PackageNames {
  const manifests = files.filter((f) => (f === "package.json" || f.endsWith("/package.json")) && !f.split("/").includes("node_modules"));
  const names = new Set<string>();
  let rootManifest: PackageNames["root"] = null;
  for (const f of manifests) {
    const m = readManifest(root, f);
    if (f === "package.json") rootManifest = m;
    if (m?.name) names.add(m.name);
  }
  return { root: rootManifest, names: [...names].sort() };
}
