/**
 * docpact's own part of a replay key: its version, every compiled module of
 * compiler/ and generated/ (size and mtime, as the read cache fingerprints its readers, but
 * over rules and reporters too: a changed rule changes results) and the
 * installed version of each dependency. Templates and contracts are read
 * through util/input-fs.ts, so they are in the manifest itself.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { contentHash } from "../cache/hash.js";
import { docpactVersion, packagePath, packageRoot } from "../util/package-root.js";

let memo: string | undefined;

export function buildFingerprint(): string {
  if (memo !== undefined) return memo;
  const parts = [docpactVersion()];
  const compilerDir = join(dirname(fileURLToPath(import.meta.url)), "..");
  const walk = (dir: string, rel: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const abs = join(dir, e.name);
      if (e.isDirectory()) walk(abs, `${rel}${e.name}/`);
      // Code only (.js in dist/, .ts from sources): declarations and maps do not run.
      else if (e.isFile() && /\.[cm]?[jt]s$/.test(e.name) && !/\.d\.[cm]?ts$/.test(e.name)) {
        const st = statSync(abs);
        parts.push(`${rel}${e.name}:${st.size}:${st.mtimeMs}`);
      }
    }
  };
  // The generated config validator (generated/contracts) is compiled code of docpact too.
  for (const [dir, rel] of [
    [compilerDir, ""],
    [join(compilerDir, "..", "generated"), "generated/"],
  ]) {
    try {
      walk(dir, rel);
    } catch {
      parts.push(`unlisted ${rel}`);
    }
  }
  let deps: string[] = [];
  try {
    deps = Object.keys((JSON.parse(readFileSync(packagePath("package.json"), "utf8")) as { dependencies?: Record<string, string> }).dependencies ?? {}).sort();
  } catch {
    parts.push("no-package");
  }
  for (const d of deps) parts.push(`${d}@${versionOf(d)}`);
  memo = contentHash(...parts);
  return memo;
}

/**
 * A dependency's installed version, found as Node finds a package (the
 * nearest node_modules folder up from docpact's own that holds it), by reading
 * its package.json: much cheaper than a require.resolve per package.
 */
function versionOf(name: string): string {
  for (let dir = packageRoot(); ; dir = dirname(dir)) {
    try {
      return String((JSON.parse(readFileSync(join(dir, "node_modules", name, "package.json"), "utf8")) as { version?: unknown }).version);
    } catch {
      // not in this node_modules: one folder up
    }
    if (dirname(dir) === dir) return "missing";
  }
}
