/**
 * Whether git could find a repository from a folder, told by the file system
 * alone: git's own discovery walks up from the folder and stops at the first
 * one holding a `.git` entry (a folder, or a file a worktree or submodule
 * leaves) or being a git directory itself. Where no folder up to the root has
 * either, every git call docpact makes would fail with "not a repository", so
 * none is started: a spawn from a large process costs far more than git's own
 * work (a project copied to a temporary folder pays it on every run).
 * Conservative by design: a ceiling or `safe.directory` that stops git
 * earlier still gets a real call, and its real answer. The probes go through
 * input-fs: a `git init` later is an input change, and a replayed check misses.
 */
import { existsSync, statSync } from "../util/input-fs.js";
import { dirname, join, resolve } from "node:path";

export function repositoryMayContain(folder: string): boolean {
  for (let dir = resolve(folder); ; dir = dirname(dir)) {
    if (existsSync(join(dir, ".git")) || looksLikeGitDir(dir)) return true;
    if (dirname(dir) === dir) return false;
  }
}

/** git's is_git_directory, roughly: HEAD, objects/ and refs/ (a bare repository, or a folder inside `.git`). */
function looksLikeGitDir(dir: string): boolean {
  try {
    return statSync(join(dir, "HEAD")).isFile() && statSync(join(dir, "objects")).isDirectory() && statSync(join(dir, "refs")).isDirectory();
  } catch {
    return false;
  }
}
