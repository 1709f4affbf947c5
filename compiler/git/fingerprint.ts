/**
 * The stat signatures of the files git's configuration listing and HEAD's
 * resolution are read from: the repository's HEAD, the ref it names, packed
 * refs, the shallow list, its config files, and the user's and system's
 * config files. Equal fingerprints mean git would answer the same, so a
 * long-lived process (watch) asks git once instead of on every save
 * (compiler/git/run.ts, state.ts). Null when it cannot be sure: no `.git`
 * found by the plain rules, refs kept in reftables, or a file changed so
 * recently that its stat could stay the same after another change (git's
 * "racy" entries).
 */
import { existsSync, lstatSync, readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { RACY_MS, statSignature } from "../util/input-fs.js";

/** The git folder and its common folder (a linked worktree's refs and config live in the main repository's). */
function gitDirsOf(root: string): { gitDir: string; common: string } | null {
  for (let dir = resolve(root); ; dir = dirname(dir)) {
    const dotGit = join(dir, ".git");
    let st;
    try {
      st = lstatSync(dotGit);
    } catch {
      if (dirname(dir) === dir) return null;
      continue;
    }
    let gitDir = dotGit;
    if (st.isFile()) {
      const m = /^gitdir: (.+)$/m.exec(readText(dotGit) ?? "");
      if (!m) return null;
      gitDir = isAbsolute(m[1]!.trim()) ? m[1]!.trim() : join(dir, m[1]!.trim());
    } else if (!st.isDirectory()) return null;
    const commonDir = readText(join(gitDir, "commondir"))?.trim();
    const common = commonDir ? (isAbsolute(commonDir) ? commonDir : join(gitDir, commonDir)) : gitDir;
    return { gitDir, common };
  }
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

/** The config files git reads besides the repository's, as git finds them from the environment. */
function userConfigFiles(env: NodeJS.ProcessEnv): string[] {
  const home = env.HOME ?? homedir();
  const xdg = env.XDG_CONFIG_HOME ? join(env.XDG_CONFIG_HOME, "git", "config") : join(home, ".config", "git", "config");
  const global = env.GIT_CONFIG_GLOBAL ? [env.GIT_CONFIG_GLOBAL] : [join(home, ".gitconfig"), xdg];
  const system = env.GIT_CONFIG_NOSYSTEM ? [] : [env.GIT_CONFIG_SYSTEM ?? "/etc/gitconfig"];
  return [...global, ...system];
}

export function gitFilesFingerprint(root: string, env: NodeJS.ProcessEnv = process.env, now = Date.now()): string | null {
  const dirs = gitDirsOf(root);
  if (!dirs) return null;
  const { gitDir, common } = dirs;
  // A reftable repository keeps its refs in tables this does not read: ask git every time.
  if (existsSync(join(common, "reftable"))) return null;
  const files = [
    join(gitDir, "HEAD"),
    join(gitDir, "config.worktree"),
    join(gitDir, "shallow"),
    join(common, "config"),
    join(common, "config.worktree"),
    join(common, "packed-refs"),
    join(common, "shallow"),
    ...userConfigFiles(env),
  ];
  const head = readText(join(gitDir, "HEAD"));
  const ref = head && /^ref: (refs\/\S+)\s*$/.exec(head)?.[1];
  if (ref) files.push(join(common, ref), join(gitDir, ref));
  const parts = [`${resolve(root)}\0${gitDir}\0${common}\0${head ?? ""}`];
  for (const f of files) {
    let st;
    try {
      // Followed: a ~/.gitconfig kept in a dotfiles folder is a symbolic link.
      st = statSync(f);
    } catch {
      parts.push(`${f} -`);
      continue;
    }
    if (st.mtimeMs > now - RACY_MS || st.ctimeMs > now - RACY_MS) return null;
    parts.push(`${f} ${statSignature(st)}`);
  }
  for (const k of Object.keys(env).sort()) if (k.startsWith("GIT_")) parts.push(`${k}=${env[k]}`);
  return parts.join("\n");
}

/**
 * git's answer for `root`, kept in `memo` across runs while the fingerprint stays the same; `keep` says
 * whether an answer may be kept at all. The fingerprint is taken before git is asked, so a change while
 * git answers makes the next one differ.
 */
export function keptWhileUnchanged<T>(memo: Map<string, { value: T; fingerprint: string }>, root: string, ask: () => T, keep: (value: T) => boolean): T {
  const fingerprint = gitFilesFingerprint(root);
  const last = fingerprint === null ? undefined : memo.get(root);
  const value = last && last.fingerprint === fingerprint ? last.value : ask();
  if (fingerprint !== null && keep(value)) memo.set(root, { value, fingerprint });
  else memo.delete(root);
  return value;
}
