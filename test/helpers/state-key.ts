/**
 * What a cold run's answer depends on, as one key: every file under the root
 * (docpact's own cache aside: the replay record and the read cache), the
 * root's path, git's HEAD, and the run's environment switches. Tests that compare many runs
 * with a cold one compute the cold answer once per key.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CACHE_DIR } from "../../compiler/cache/cache.js";

export function stateKey(root: string, env: Record<string, string | undefined>): string {
  const h = createHash("sha256").update(`${root}\0`);
  const walk = (rel: string) => {
    const entries = readdirSync(join(root, rel), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (r === ".git" || r === CACHE_DIR) continue;
      if (e.isDirectory()) walk(r);
      else if (e.isSymbolicLink()) h.update(`${r}\0link\0`);
      else
        h.update(`${r}\0`)
          .update(readFileSync(join(root, r)))
          .update("\0");
    }
  };
  walk("");
  let head = "";
  try {
    head = readFileSync(join(root, ".git/HEAD"), "utf8");
    const ref = /^ref: (.*)$/m.exec(head)?.[1];
    if (ref) head += readFileSync(join(root, ".git", ref), "utf8");
  } catch {
    // not a repository (or a packed ref: then HEAD's text alone, and the files, decide)
  }
  const switches = Object.entries(env)
    .filter(([, v]) => v !== undefined && v !== "")
    .sort();
  return h.update(head).update(JSON.stringify(switches)).digest("hex");
}

/** `compute` once per state key: a cold run's answer memoized by what it depends on. */
export function perState<T>(): (root: string, env: Record<string, string | undefined>, compute: () => Promise<T>) => Promise<T> {
  const known = new Map<string, T>();
  return async (root, env, compute) => {
    const key = stateKey(root, env);
    if (known.has(key)) return known.get(key) as T;
    const value = await compute();
    known.set(key, value);
    return value;
  };
}
