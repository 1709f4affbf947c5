/**
 * Intermediate command paths for frameworks that declare only full paths
 * (oclif topics without an index command, clipanion `[["cache", "clean"]]`):
 * `cache` must exist for `cache clean` to be walked to. Such a node takes no
 * flags and no arguments of its own; its sub-commands are its children.
 */
import type { CommandDecl } from "../../model/cli.js";
import { command } from "./adapter.js";

export function withParents(commands: CommandDecl[], adapter: string): CommandDecl[] {
  const have = new Set(commands.map((c) => c.path.join(" ")));
  const out = [...commands];
  for (const c of commands) {
    for (let n = 1; n < c.path.length; n++) {
      const p = c.path.slice(0, n);
      if (have.has(p.join(" "))) continue;
      have.add(p.join(" "));
      out.push(command(p, c.span, adapter, { via: "topic", syntax: c.syntax }));
    }
  }
  return out;
}
