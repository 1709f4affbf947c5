/** Reads what is in the generate outDir now, for `generated/stale` and for build's clean-up of extra files. */
import { globFiles, lstatSync, readFileSync } from "../util/input-fs.js";
import { join } from "node:path";
import { toPosix } from "../util/text.js";
import type { ReadSession } from "../cache/session.js";
import { unoptimized } from "../util/optimizations.js";

/**
 * Path (relative to the root) → content of every regular file under outDir.
 * Symbolic links are neither followed nor listed: nothing they point at is
 * docpact's to read, rewrite or delete.
 */
export function generatedFilesOnDisk(root: string, outDir: string, session?: ReadSession | null): Record<string, string> {
  // A watch session that saw no event in outDir (watch watches its folders too) has this run's answer already.
  const kept = unoptimized() ? undefined : session?.unchangedFolder<Record<string, string>>("generated-files", outDir);
  if (kept !== undefined) return kept;
  const out = readOutDir(root, outDir);
  session?.rememberFolder("generated-files", outDir, out);
  return out;
}

function readOutDir(root: string, outDir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const files = globFiles(join(root, outDir)).map(toPosix).sort();
  for (const f of files) {
    const path = outDir === "." ? f : `${outDir}/${f}`;
    try {
      if (!lstatSync(join(root, path)).isFile()) continue;
    } catch {
      continue;
    }
    try {
      out[path] = readFileSync(join(root, path), "utf8");
    } catch {
      // An unreadable file in outDir is reported as different by generated/stale.
      out[path] = "";
    }
  }
  return out;
}
