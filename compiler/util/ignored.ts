/**
 * The folders docpact never reads as sources (docs/ARCHITECTURE.md): dependencies and
 * version control everywhere, and the generate outDir (docpact's own output)
 * when generation is on. Discovery, reference checks, init's scan and watch
 * all skip the same set.
 */

/** Folder names skipped at any depth. */
export const NEVER_READ: readonly string[] = ["node_modules", ".git"];

/** Glob patterns ignoring the never-read folders, plus the root-relative `outDir`. */
export function ignoreGlobs(outDir: string | null): string[] {
  const globs = NEVER_READ.map((d) => `**/${d}/**`);
  if (outDir !== null) globs.push(`${outDir}/**`);
  return globs;
}

/** Folder prefixes whose contents docpact does not list: the never-read names, plus `outDir`. */
export function unlistedFolders(outDir: string | null): string[] {
  return outDir === null ? [...NEVER_READ] : [...NEVER_READ, outDir];
}
