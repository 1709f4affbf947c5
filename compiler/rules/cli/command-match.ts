/**
 * Matching a prose invocation against the command surface, shared by
 * `cli/unknown-command` and `cli/unknown-flag`.
 *
 * The command words are the invocation's word tokens, in order, up to the
 * first placeholder, quoted argument or `--` separator (flags in between are
 * skipped: `aw --verbose flow advance`). The longest known path that is a
 * prefix of the words is the command; the remaining words are arguments —
 * except when the matched command declares sub-verbs and the next word is not
 * one of them. Known paths are every declared path and every declared path
 * followed by one of its verbs.
 */
import type { CommandDecl, CommandSurface, Invocation, InvocationToken } from "../../model/types.js";
import { closest, editDistance } from "../../util/edit-distance.js";

export interface InvocationMatch {
  /** The command path matched (empty when not even the first word is known). */
  path: string[];
  /** The declaration that owns the path: the exact one, or the one whose verb it is. */
  decl: CommandDecl | null;
  /** Set when the command is unknown: the offending word, what was written up to it, and the closest known path. */
  unknown?: { token: InvocationToken; written: string[]; suggestion: string[] | null };
}

/** Word tokens before the first placeholder / quoted token / separator. */
export function commandWords(inv: Invocation): InvocationToken[] {
  const out: InvocationToken[] = [];
  for (const t of inv.tokens) {
    if (t.kind === "word") out.push(t);
    else if (t.kind !== "flag") break;
  }
  return out;
}

export class SurfaceIndex {
  private readonly exact = new Map<string, CommandDecl>();
  /** Known path → the declaration it belongs to. */
  private readonly known = new Map<string, { path: string[]; decl: CommandDecl }>();
  private readonly maxLen: number;

  constructor(readonly surface: CommandSurface) {
    for (const d of surface.commands) {
      const k = key(d.path);
      this.exact.set(k, d);
      this.known.set(k, { path: d.path, decl: d });
    }
    for (const d of surface.commands) {
      for (const v of d.verbs ?? []) {
        const p = [...d.path, v];
        if (!this.known.has(key(p))) this.known.set(key(p), { path: p, decl: d });
      }
    }
    this.maxLen = Math.max(0, ...[...this.known.values()].map((k) => k.path.length));
  }

  get empty(): boolean {
    return this.surface.commands.length === 0;
  }

  match(inv: Invocation): InvocationMatch {
    const tokens = commandWords(inv);
    const words = tokens.map((t) => t.text);
    if (words.length === 0) return { path: [], decl: null };
    for (let n = Math.min(words.length, this.maxLen); n >= 1; n--) {
      const hit = this.known.get(key(words.slice(0, n)));
      if (!hit) continue;
      const path = words.slice(0, n);
      const own = this.exact.get(key(path));
      const next = tokens[n];
      if (own && own.verbs && own.verbs.length > 0 && next && !own.verbs.includes(next.text)) {
        const verb = closest(next.text, own.verbs, 0.34);
        return {
          path,
          decl: own,
          unknown: { token: next, written: words.slice(0, n + 1), suggestion: verb ? [...path, verb] : null },
        };
      }
      return { path, decl: hit.decl };
    }
    return { path: [], decl: null, unknown: { token: tokens[0], written: [words[0]], suggestion: this.suggest(words) } };
  }

  /** Declarations whose paths are strict prefixes of `path` (parents first). */
  ancestors(path: string[]): CommandDecl[] {
    const out: CommandDecl[] = [];
    for (let n = 1; n < path.length; n++) {
      const d = this.exact.get(key(path.slice(0, n)));
      if (d) out.push(d);
    }
    return out;
  }

  /** The known path closest to the words (compared over the path's own length); small distances only. */
  private suggest(words: string[]): string[] | null {
    let best: { path: string[]; score: number; d: number } | null = null;
    for (const { path } of [...this.known.values()].sort((a, b) => (key(a.path) < key(b.path) ? -1 : 1))) {
      if (path.length > words.length) continue;
      const q = words.slice(0, path.length).join(" ");
      const p = path.join(" ");
      const limit = Math.max(1, Math.floor(Math.max(q.length, p.length) * 0.34));
      const d = editDistance(q, p, limit);
      if (d > limit) continue;
      const score = d / Math.max(q.length, p.length);
      if (!best || score < best.score || (score === best.score && path.length > best.path.length)) best = { path, score, d };
    }
    return best ? best.path : null;
  }
}

function key(path: string[]): string {
  return path.join(" ");
}
