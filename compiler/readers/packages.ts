/**
 * The package names the project publishes: the `name` of every package.json
 * in the project's files (the root one apart, with its `private` flag), and
 * the binaries each `bin` declares. Read through the guarded door; a
 * package.json that does not parse, or is too large, gives no name (and the
 * root is then unknown: nothing is judged).
 */
import { join, posix } from "node:path";
import { guardedRead } from "../util/guarded-read.js";
import type { PackageBin, PackageNames } from "../model/packages.js";
import { binFile, manifestFiles, readManifest } from "../util/package-manifest.js";

export type { PackageNames };

/** Comments, a shebang and `"use strict"` dropped: what a bin shim says. */
const SHIM = /^(?:(?:await\s+)?import\s*\(?|require\s*\()\s*(['"])(\.{1,2}\/[^'"]+)\1\s*\)?\s*;?$/;

/** The one relative module a bin file only imports or requires (`import '../dist/cli.js'`), root-relative; else null. */
function shimTarget(root: string, file: string): string | null {
  const r = guardedRead(root, join(root, file), file, { maxBytes: 4096 });
  if (!r.ok) return null;
  const body = r.text
    .replace(/^#!.*/, "")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "")
    .replace(/^\s*(['"])use strict\1\s*;?\s*$/m, "")
    .trim();
  const m = SHIM.exec(body);
  return m ? posix.normalize(posix.join(posix.dirname(file), m[2]!)) : null;
}

export function readPackages(root: string, files: readonly string[]): PackageNames {
  const manifests = manifestFiles(files);
  const names = new Set<string>();
  const bins: PackageBin[] = [];
  let rootManifest: PackageNames["root"] = null;
  for (const f of manifests) {
    const m = readManifest(root, f);
    if (f === "package.json") rootManifest = m ? { name: m.name, private: m.private } : null;
    if (m?.name) names.add(m.name);
    for (const [name, target] of Object.entries(m?.bin ?? {})) {
      const file = binFile(f, target);
      bins.push({ name, package: m!.name, manifest: f, file, program: shimTarget(root, file) ?? file });
    }
  }
  bins.sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : (a.package ?? "") < (b.package ?? "") ? -1 : (a.package ?? "") > (b.package ?? "") ? 1 : 0,
  );
  return { root: rootManifest, names: [...names].sort(), bins };
}
