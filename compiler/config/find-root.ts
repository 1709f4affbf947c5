/** Where a run without `--root` starts: the nearest config file upward. Light on imports: the CLI calls it before any command module loads. */
import { existsSync } from "../util/input-fs.js";
import { dirname, join, resolve } from "node:path";

export const CONFIG_FILE = "docpact.config.json";

/**
 * The root a run without `--root` uses: the nearest folder from `cwd` upward that holds a
 * docpact.config.json, looking no higher than the repository root (a folder with `.git`) or the
 * filesystem root; `cwd` itself when there is none.
 */
export function findConfigRoot(cwd: string): string {
  const start = resolve(cwd);
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, CONFIG_FILE))) return dir;
    if (existsSync(join(dir, ".git")) || dirname(dir) === dir) return start;
  }
}
