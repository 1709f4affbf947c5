/** Paths as documents write them: relative to the document's folder, `/` for the root, never leaving it. */
import { isAbsolute, posix, relative } from "node:path";
import { toPosix } from "./text.js";

/**
 * Resolves `target` (a path as written, without fragment) against the folder
 * of `fromFile` (root-relative). A leading `/` means the root (as GitHub
 * renders repository links). Returns the root-relative path (`""` for the
 * root, no trailing `/`), or null when the path leaves the root.
 */
export function resolvePath(fromFile: string, target: string): string | null {
  const base = target.startsWith("/") ? "" : posix.dirname(fromFile);
  const joined = posix.normalize(posix.join(base === "." ? "" : base, target.replace(/^\/+/, "")));
  if (joined === ".." || joined.startsWith("../")) return null;
  if (joined === "." || joined === "./") return "";
  return joined.replace(/\/+$/, "");
}

/** Files read as YAML wherever docpact reads JSON data (schemas, instances, mapping files): named `.yaml` or `.yml`. */
export function isYamlFile(file: string): boolean {
  return /\.ya?ml$/i.test(file);
}

/** `abs` relative to `root` with `/`; `abs` itself (with `/`) when it is the root or outside it. */
export function relPath(root: string, abs: string): string {
  const r = relative(root, abs);
  return toPosix(r === "" || isAbsolute(r) ? abs : r);
}
