/**
 * What git history says about an unknown command word, shared by
 * `cli/unknown-command` (its evidence, suggestion and fix) and
 * `cli/unknown-flag` (which judges the flags of an invocation whose command
 * git shows renamed against the command it became).
 */
import type { CommandDecl } from "../../model/cli.js";
import { literalRemoval, type ContentRemoval } from "../../model/history.js";
import type { ContractModel } from "../../model/contract-model.js";
import type { Invocation } from "../../model/types.js";
import type { InvocationMatch, SurfaceIndex } from "./command-match.js";

export interface CommandEvidence {
  removal: ContentRemoval;
  /** The command at the same level that the word became (renames followed), or null when it was removed. */
  now: string | null;
}

/**
 * The newest commit that removed the unknown word of `m` from a file declaring
 * commands (or from a code file that is gone), when it removed it outright or
 * renamed it to a command of that level now; null without such evidence.
 */
export function commandEvidence(model: ContractModel, m: InvocationMatch): CommandEvidence | null {
  if (!m.unknown || !model.history) return null;
  const commandFiles = new Set(model.surface.commands.map((c) => c.span.file));
  const files = new Set(model.files);
  const level = m.path;
  const gone = literalRemoval(
    model.history,
    m.unknown.token.text,
    (f) => commandFiles.has(f) || !files.has(f),
    (v) => isCommandAt(model.surface.commands, level, v),
  );
  return gone && (gone.removal.kind === "removed" || gone.now !== null) ? gone : null;
}

/** The invocation matched again with the renamed word in place of the unknown one (null when the match is not clean). */
export function matchRenamed(index: SurfaceIndex, inv: Invocation, m: InvocationMatch, now: string): InvocationMatch | null {
  const token = m.unknown?.token;
  if (!token) return null;
  const again = index.match({ ...inv, tokens: inv.tokens.map((t) => (t === token ? { ...t, text: now } : t)) });
  return again.unknown || again.notJudged ? null : again;
}

/** Whether `word` names a command (or an alias of one) directly below `path`. */
export function isCommandAt(commands: readonly CommandDecl[], path: readonly string[], word: string): boolean {
  const under = (c: CommandDecl, n: number) => c.path.length === n && path.every((p, i) => c.path[i] === p);
  return commands.some(
    (c) =>
      (under(c, path.length + 1) && (c.path[path.length] === word || c.aliases.includes(word))) || (under(c, path.length) && (c.verbs ?? []).includes(word)),
  );
}
