/**
 * The agent files discover does not list (it skips dot folders): the Markdown
 * under `.claude/skills` and `.claude/commands`, and the plugin manifests
 * `.claude-plugin/plugin.json` / `marketplace.json` at the root and in each
 * folder that holds a `skills/` or `commands/` folder. Walked through the
 * read stage's door by the tree walker, without following links (a link could leave the root).
 */
import { join } from "node:path";
import { walkTree } from "../../discover-tree.js";
import { existsSync, lstatSync } from "../../util/input-fs.js";

const WALKED = [".claude/skills", ".claude/commands"];
const MANIFESTS = ["plugin.json", "marketplace.json"];

function regular(abs: string): boolean {
  try {
    return lstatSync(abs).isFile();
  } catch {
    return false;
  }
}

/** Root-relative agent files besides `files`, sorted. */
export function agentFiles(root: string, files: readonly string[]): string[] {
  const out: string[] = [];
  if (existsSync(join(root, ".claude"))) out.push(...walkTree(root, () => false, { from: WALKED }).files.filter((f) => f.endsWith(".md")));
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
