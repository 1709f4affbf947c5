/**
 * The agent files discover does not list (it skips dot folders): the Markdown
 * under `.claude/skills` and `.claude/commands`, and the plugin manifests
 * `.claude-plugin/plugin.json` / `marketplace.json` at the root and in each
 * folder that holds a `skills/` or `commands/` folder. Walked through the
 * read stage's door, without following links (a link could leave the root).
 */
import { join } from "node:path";
import { existsSync, lstatSync, readdirSync } from "../../util/input-fs.js";

const WALKED = [".claude/skills", ".claude/commands"];
const MANIFESTS = ["plugin.json", "marketplace.json"];

function regular(abs: string): boolean {
  try {
    return lstatSync(abs).isFile();
  } catch {
    return false;
  }
}

function walk(root: string, dir: string, out: string[], depth = 0): void {
  if (depth > 8) return;
  let names: string[];
  try {
    if (!lstatSync(join(root, dir)).isDirectory()) return;
    names = readdirSync(join(root, dir)).sort();
  } catch {
    return;
  }
  for (const n of names) {
    const rel = `${dir}/${n}`;
    const st = lstatSync(join(root, rel));
    if (st.isDirectory()) walk(root, rel, out, depth + 1);
    else if (st.isFile() && n.endsWith(".md")) out.push(rel);
  }
}

/** Root-relative agent files besides `files`, sorted. */
export function agentFiles(root: string, files: readonly string[]): string[] {
  const out: string[] = [];
  if (existsSync(join(root, ".claude"))) for (const d of WALKED) walk(root, d, out);
  const dirs = new Set<string>([""]);
  for (const f of files) {
    const m = /^(?:(.*)\/)?(?:skills|commands)\//.exec(f);
    if (m) dirs.add(m[1] ?? "");
  }
  for (const d of [...dirs].sort()) {
    for (const m of MANIFESTS) {
      const rel = d === "" ? `.claude-plugin/${m}` : `${d}/.claude-plugin/${m}`;
      if (regular(join(root, rel))) out.push(rel);
    }
  }
  return [...new Set(out)].sort();
}
