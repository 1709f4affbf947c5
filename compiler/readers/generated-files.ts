/** Reads what is in the generate outDir now, for `generated/stale` and for build's clean-up of extra files. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { globSync } from "tinyglobby";
import { toPosix } from "../util/text.js";

/** Path (relative to the root) → content of every file under outDir. */
export function generatedFilesOnDisk(root: string, outDir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const files = globSync(["**/*"], { cwd: join(root, outDir), onlyFiles: true, dot: false }).map(toPosix).sort();
  for (const f of files) {
    const path = outDir === "." ? f : `${outDir}/${f}`;
    try {
      out[path] = readFileSync(join(root, path), "utf8");
    } catch {
      // An unreadable file in outDir is reported as different by generated/stale.
      out[path] = "";
    }
  }
  return out;
}
