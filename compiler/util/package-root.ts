/** Locates files shipped with docpact (contracts/, templates/) from source or from dist/. */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
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
