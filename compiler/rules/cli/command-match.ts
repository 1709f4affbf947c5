/**
 * Matching a prose invocation against the command surface with its flag
 * model, shared by `cli/unknown-command` and `cli/unknown-flag`.
 *
 * The tokens are walked from the binary down the command tree: a word that
 * names a sub-command (or an alias) of the current command descends into it;
 * a flag is looked up in the current command's flags and, when it takes a
 * value, the next token is its value (`--retry 3`: `3` is not a command); a
 * placeholder, a quoted word, `--` or a word that looks like a file
 * (`src/foo.test.ts:10`) ends the command path. A word that names no
 * sub-command is an argument when the command takes arguments (declares
 * positionals, or declares no sub-commands), unknown when the level's list of
 * sub-commands is closed, and not judged when it is open.
 */
import type { Span } from "../../model/diagnostic.js";
import type { BinarySurface, CommandDecl, CommandSurface, FlagSpec, FlagSyntax, Invocation, InvocationToken, ModelData } from "../../model/types.js";
import { closest, editDistance } from "../../util/edit-distance.js";
import { weakMemo } from "../../util/memo.js";

/** Flags every CLI accepts whatever its code says (help and version are usually supplied by the parser library). */
export const ALWAYS_ALLOWED_FLAGS: readonly string[] = ["--help", "-h", "--version"];

export interface InvocationMatch {
  /** The command path matched (empty for the root or when not even the first word is known). */
  path: string[];
  /** The deepest declaration matched (the root's when only the binary matched and a root is declared). */
  decl: CommandDecl | null;
  /** Set when the command is unknown: the offending word, what was written up to it, and the closest known path. */
  unknown?: { token: InvocationToken; written: string[]; suggestion: string[] | null };
  /** Set when a word could not be judged because the level's command list is open (or the word's role is ambiguous). */
  notJudged?: { span: Span; reason: string };
  /** The flag tokens, in order (up to a `--`). */
  flags: InvocationToken[];
}

const PATH_LIKE = /[/\\]|\.[A-Za-z0-9]{1,5}(:\d+)*$|:\d+$|^\.{1,2}$|^~/;

/** The index of a surface, built once per surface object (a watch re-check after a doc edit links the same one). */
const indexes = weakMemo<CommandSurface, SurfaceIndex>("rules/cli/command-match#indexes");
export function surfaceIndexFor(surface: CommandSurface): SurfaceIndex {
  let index = indexes.get(surface);
  if (!index) indexes.set(surface, (index = new SurfaceIndex(surface)));
  return index;
}

/**
 * The index the CLI rules judge a model's mentions with: the surface's, and where the binaries' entries read apart
 * (model `binarySurfaces`), each program's own, which `for(binary)` and `match` pick by the mention's binary.
 */
export function modelIndexFor(model: Pick<ModelData, "surface" | "binarySurfaces">): SurfaceIndex {
  const parts = model.binarySurfaces;
  if (!parts || parts.length === 0) return surfaceIndexFor(model.surface);
  let index = splitIndexes.get(parts);
  if (!index) {
    const byBinary = new Map<string, SurfaceIndex>();
    for (const p of parts) {
      const own = surfaceIndexFor(p.surface);
      for (const b of p.binaries) byBinary.set(b, own);
    }
    splitIndexes.set(parts, (index = new SurfaceIndex(model.surface, byBinary)));
  }
  return index;
}
const splitIndexes = weakMemo<readonly BinarySurface[], SurfaceIndex>("rules/cli/command-match#splitIndexes");

export class SurfaceIndex {
  private readonly byPath = new Map<string, CommandDecl>();
  /** Level path → word (name or alias) → the child's path. */
  private readonly children = new Map<string, Map<string, string[]>>();

  constructor(
    readonly surface: CommandSurface,
    private readonly byBinary: ReadonlyMap<string, SurfaceIndex> | null = null,
  ) {
    for (const d of surface.commands) this.byPath.set(key(d.path), d);
    const add = (parent: string[], word: string, path: string[]) => {
      let m = this.children.get(key(parent));
      if (!m) this.children.set(key(parent), (m = new Map()));
      if (!m.has(word)) m.set(word, path);
    };
    for (const d of surface.commands) {
      // Intermediate words of a deeper path (`@docpact-command flow advance` alone) are command groups too.
      for (let n = 1; n < d.path.length; n++) add(d.path.slice(0, n - 1), d.path[n - 1], d.path.slice(0, n));
      if (d.path.length > 0) {
        const parent = d.path.slice(0, -1);
        add(parent, d.path[d.path.length - 1], d.path);
        for (const a of d.aliases) add(parent, a, d.path);
      } else {
        // Aliases of the root (cac `.alias("serve")` on the default command) name the root itself.
        for (const a of d.aliases) add([], a, []);
      }
      for (const v of d.verbs ?? []) add(d.path, v, [...d.path, v]);
    }
  }

  get empty(): boolean {
    return this.surface.commands.length === 0 && ![...(this.byBinary?.values() ?? [])].some((i) => !i.empty);
  }

  /** The index `binary`'s mentions are judged against: its program's own where the surface is split by entry, else this one. */
  for(binary: string): SurfaceIndex {
    return this.byBinary?.get(binary) ?? this;
  }

  decl(path: string[]): CommandDecl | null {
    return this.byPath.get(key(path)) ?? null;
  }

  /** The declaration that owns a path: itself, or the parent whose verb it is. */
  owner(path: string[]): CommandDecl | null {
    return this.decl(path) ?? (path.length > 0 ? this.decl(path.slice(0, -1)) : null);
  }

  match(inv: Invocation): InvocationMatch {
    const own = this.for(inv.binary);
    if (own !== this) return own.match(inv);
    const flags: InvocationToken[] = [];
    let path: string[] = [];
    let stopped = false;
    let result: Omit<InvocationMatch, "path" | "decl" | "flags"> = {};
    const written: string[] = [];
    for (let i = 0; i < inv.tokens.length; i++) {
      const t = inv.tokens[i];
      if (t.kind === "separator") break;
      if (t.kind === "flag") {
        flags.push(t);
        if (stopped || t.value !== undefined) continue;
        const spec = this.findFlag(t.flag ?? t.text, path);
        const next = inv.tokens[i + 1];
        if (!next || next.kind === "flag" || next.kind === "separator") continue;
        if (spec === null) {
          // A flag whose arity is unknown: the next word may be its value or a command; stop judging commands.
          if (next.kind === "word" && this.hasChildren(path)) stopped = true;
          continue;
        }
        if (spec.arity === "value" || spec.arity === "variadic") i++;
        else if (spec.arity === "optional" && next.kind === "word" && !this.child(path, next.text)) i++;
        continue;
      }
      if (stopped) continue;
      if (t.kind !== "word") {
        stopped = true;
        continue;
      }
      const child = this.child(path, t.text);
      if (child) {
        path = child;
        written.push(t.text);
        continue;
      }
      stopped = true;
      if (PATH_LIKE.test(t.text)) continue;
      const rest: string[] = [];
      for (let j = i + 1; j < inv.tokens.length && inv.tokens[j].kind === "word"; j++) rest.push(inv.tokens[j].text);
      const verdict = this.unknownWord(path, t, [...written, t.text], rest);
      if (verdict) result = verdict;
    }
    const decl = this.owner(path) ?? null;
    return { path, decl, flags, ...result };
  }

  /** What a word that names no sub-command of `path` is: nothing (an argument), unknown, or not judged. */
  private unknownWord(path: string[], token: InvocationToken, written: string[], rest: string[]): Omit<InvocationMatch, "path" | "decl" | "flags"> | null {
    const own = this.decl(path);
    const kids = [...(this.children.get(key(path))?.keys() ?? [])].sort();
    if (own && own.positionals.length > 0) {
      if (path.length === 0 && kids.length > 0 && closest(token.text, kids, 0.34)) {
        return { notJudged: { span: token.span, reason: "a word close to a command may be an argument of the default command" } };
      }
      return null;
    }
    if (kids.length === 0) return null;
    if (!own && path.length > 0) return { notJudged: { span: token.span, reason: `no declaration of \`${path.join(" ")}\` lists its sub-commands` } };
    const closure = own ? own.commandSet : this.surface.commandSet;
    if (!closure.closed) return { notJudged: { span: token.span, reason: `open command list: ${closure.reason}` } };
    const isVerbLevel = path.length > 0;
    const suggestion = isVerbLevel ? ((v) => (v ? [...path, v] : null))(closest(token.text, kids, 0.34)) : this.suggest([...written, ...rest]);
    return { unknown: { token, written, suggestion } };
  }

  /** The command path words written from the root name (`["build"]`), stopping at a level without sub-commands (the rest are its arguments); null when a word names none of a level's sub-commands. */
  walk(words: readonly string[]): string[] | null {
    let path: string[] = [];
    for (const w of words) {
      const c = this.child(path, w);
      if (c) {
        path = c;
        continue;
      }
      return this.hasChildren(path) ? null : path;
    }
    return path;
  }

  /** Every command's declaration, for a flag tied to the binary but to no one command. */
  get commands(): readonly CommandDecl[] {
    return this.surface.commands;
  }

  /** Whether the CLI has any sub-command at the top level. */
  hasSubcommands(): boolean {
    return this.hasChildren([]);
  }

  private hasChildren(path: string[]): boolean {
    return (this.children.get(key(path))?.size ?? 0) > 0;
  }

  private child(path: string[], word: string): string[] | null {
    return this.children.get(key(path))?.get(word) ?? null;
  }

  /** Declarations whose paths are strict prefixes of `path`, the root first. */
  ancestors(path: string[]): CommandDecl[] {
    const out: CommandDecl[] = [];
    for (let n = 0; n < path.length; n++) {
      const d = this.byPath.get(key(path.slice(0, n)));
      if (d) out.push(d);
    }
    return out;
  }

  /** The flag model in force at `path`: the owner's own flags and every ancestor's. */
  flagsAt(path: string[]): { specs: FlagSpec[]; decls: CommandDecl[] } {
    const own = this.owner(path);
    const decls = [...this.ancestors(own ? own.path : path), ...(own ? [own] : [])];
    return { specs: decls.flatMap((d) => d.options), decls };
  }

  private readonly tables = new Map<string, FlagTable>();

  /** The declared flag a token names (with the framework's equivalences), or null. */
  findFlag(name: string, path: string[]): FlagSpec | null {
    const k = key(path);
    let t = this.tables.get(k);
    if (!t) {
      const { specs, decls } = this.flagsAt(path);
      t = new FlagTable(specs, decls[decls.length - 1]?.syntax ?? PLAIN);
      this.tables.set(k, t);
    }
    return t.resolve(name);
  }

  private known: string[][] | undefined;
  /** Suggestions by the words they were asked for: the same mistyped command is written in many places. */
  private readonly suggested = new Map<string, string[] | null>();

  /** Every command path, sorted by its words; built once per surface (each unknown command scans it). */
  private knownPaths(): string[][] {
    if (this.known) return this.known;
    const known: string[][] = [];
    for (const [k, m] of this.children) for (const p of m.values()) if (k === key(p.slice(0, -1))) known.push(p);
    const keyed = known.map((p) => ({ p, k: key(p) }));
    keyed.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0));
    this.known = keyed.map((x) => x.p);
    return this.known;
  }

  /** The known path closest to the words (compared over the path's own length); small distances only. */
  private suggest(words: string[]): string[] | null {
    const memoKey = words.join("\u0000");
    const memo = this.suggested.get(memoKey);
    if (memo !== undefined) return memo;
    let best: { path: string[]; score: number } | null = null;
    for (const path of this.knownPaths()) {
      if (path.length === 0 || path.length > words.length) continue;
      const q = words.slice(0, path.length).join(" ");
      const p = path.join(" ");
      const longer = Math.max(q.length, p.length);
      const limit = Math.max(1, Math.floor(longer * 0.34));
      // A distance above best.score × length cannot win (nor tie): let the distance stop there.
      const bound = best ? Math.min(limit, Math.floor(best.score * longer + 1e-9)) : limit;
      const d = editDistance(q, p, bound);
      if (d > bound) continue;
      const score = d / longer;
      if (!best || score < best.score || (score === best.score && path.length > best.path.length)) best = { path, score };
    }
    const out = best ? best.path : null;
    this.suggested.set(memoKey, out);
    return out;
  }
}

function kebab(s: string): string {
  return s.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();
}

const PLAIN: FlagSyntax = { camelKebab: false, negateBooleans: false, dotted: false };

/** Flag specs indexed by name, honouring camel/kebab, `--no-x` and dotted names where the framework does. */
export class FlagTable {
  private readonly byName = new Map<string, FlagSpec>();

  constructor(
    specs: readonly FlagSpec[],
    private readonly syntax: FlagSyntax,
  ) {
    for (const s of specs)
      for (const n of [...(s.long ? [s.long] : []), ...s.aliases, ...s.short]) if (!this.byName.has(this.norm(n))) this.byName.set(this.norm(n), s);
  }

  private norm(n: string): string {
    return this.syntax.camelKebab && n.startsWith("--") ? `--${kebab(n.slice(2))}` : n;
  }

  resolve(name: string): FlagSpec | null {
    const direct = this.byName.get(this.norm(name));
    if (direct) return direct;
    if (name.startsWith("--no-")) {
      const pos = this.byName.get(this.norm(`--${name.slice(5)}`));
      if (pos && (pos.negatable || this.syntax.negateBooleans)) return { ...pos, arity: "boolean" };
    }
    if (this.syntax.dotted && name.startsWith("--") && name.includes(".")) {
      const base = this.byName.get(this.norm(name.slice(0, name.indexOf("."))));
      if (base) return base;
    }
    return null;
  }
}

function key(path: string[]): string {
  return path.join(" ");
}
