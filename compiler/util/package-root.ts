/** Locates files shipped with docpact (contracts/, templates/) from source or from dist/. */
import { existsSync, readFileSync } from "./input-fs.js";
import { dirname, join } from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

let root: string | undefined;

export function packageRoot(): string {
  if (root) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json")) || !existsSync(join(dir, "contracts"))) {
    const up = dirname(dir);
    if (up === dir) throw new Error("docpact: cannot find its package root");
    dir = up;
  }
  root = dir;
  return dir;
}

export function packagePath(rel: string): string {
  return join(packageRoot(), rel);
}

export function docpactVersion(): string {
  return (JSON.parse(readFileSync(packagePath("package.json"), "utf8")) as { version: string }).version;
}

/**
 * The installed version of a package docpact depends on (`via`: resolved from
 * that package, for a dependency of a dependency); "unknown" when it cannot be found.
 */
export function installedVersion(name: string, via?: string): string {
  try {
    let req = createRequire(import.meta.url);
    if (via) req = createRequire(req.resolve(`${via}/package.json`));
    return (JSON.parse(readFileSync(req.resolve(`${name}/package.json`), "utf8")) as { version: string }).version;
  } catch {
    return "unknown";
  }
}
