/**
 * The term matcher: one index over every vocabulary, built once per run, that
 * answers "is this backticked token a member, a deprecated alias, or a name
 * that clearly belongs to a vocabulary without being in it?".
 *
 * Lookups never compare a term with every member: exact values, folded forms
 * and namespaces are hash lookups, and edit-distance candidates come from a
 * deletion neighbourhood (SymSpell-style) index, verified with a bounded
 * distance.
 */
import { cmp } from "../util/compare.js";
import { editDistance } from "../util/edit-distance.js";
import type { Vocabulary, VocabularyMember } from "./types.js";

/** A member together with the vocabulary that declares it. */
export interface MemberRef {
  vocabulary: Vocabulary;
  member: VocabularyMember;
}

export type UnknownReason = "folded" | "edit-distance" | "namespace";

/** Why a non-member term is taken for a member of `vocabulary`. */
export interface UnknownMatch {
  reason: UnknownReason;
  vocabulary: Vocabulary;
  /** The closest canonical member, when one is close enough to propose. */
  suggestion: string | null;
  /** The namespace shared by the vocabulary's members (reason `namespace`). */
  namespace?: string;
}

/** Thresholds, documented in the `vocabulary/unknown-term` explanation. */
export const MATCH_LIMITS = {
  /** Terms and members shorter than this are never matched by edit distance. */
  minEditLength: 5,
  /** Up to this length one edit is allowed, above it two. */
  oneEditUpTo: 6,
  /** A vocabulary has namespaces only with this many canonical members (each namespace shared by one fewer) … */
  minNamespaceMembers: 3,
  /** … and when its namespaces together cover this share of them. */
  namespaceShare: 0.8,
  /** A name that is no near miss is taken for a member by namespace and shape only in a namespace of at least this many members. */
  minShapeMembers: 3,
} as const;

const SEPARATOR = /[._:-]/;
const SPLIT = /([._:-])/;

/** File extensions (and top-level domains) that make a dotted token a file or host name, not a term. */
const EXTENSIONS = new Set(
  (
    "md mdx markdown txt json jsonc json5 yaml yml toml ini cfg conf env lock log csv tsv xml html htm css scss " +
    "ts tsx mts cts js jsx mjs cjs d map sh bash zsh fish ps1 bat py rb go rs java kt c h cpp hpp cs swift php " +
    "sql db sqlite png jpg jpeg gif svg webp pdf zip tar gz tgz wasm bin exe dll so dylib pem key crt " +
    "com org net io ai dev app sh"
  ).split(" "),
);

/** `.`, `-`, `_` and case folded away. */
export function fold(value: string): string {
  return value.replace(/[._-]/g, "").toLowerCase();
}

/** Character class of one segment: `a` lower, `A` upper, `Aa` Pascal, `aA` camel, `9` digits, `?` other. */
function segmentClass(seg: string): string {
  if (/^[0-9]+$/.test(seg)) return "9";
  if (/^[a-z][a-z0-9]*$/.test(seg)) return "a";
  if (/^[A-Z][A-Z0-9]*$/.test(seg)) return "A";
  if (/^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)*$/.test(seg)) return "Aa";
  if (/^[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*$/.test(seg)) return "aA";
  return "?";
}

/** Shape of a name: segment classes with their separators (`run.started` → `a.a`, `run.runId` → `a.aA`). */
export function shapeOf(value: string): string {
  return value
    .split(SPLIT)
    .map((part, i) => (i % 2 === 1 ? part : segmentClass(part)))
    .join("");
}

function isSeparatorCode(c: number): boolean {
  return c === 46 || c === 45 || c === 95 || c === 58; // . - _ :
}

export function segmentCount(value: string): number {
  return value.split(SEPARATOR).length;
}

/**
 * True when a token could be a vocabulary term at all. File paths, flags,
 * placeholders, snippets (spaces, quotes, parentheses), numbers, versions,
 * URLs and CLI invocations are not.
 */
export function isTermCandidate(value: string, binaries: readonly string[] = []): boolean {
  if (value.length < 3) return false;
  // Only name characters; anything else (`/`, spaces, quotes, `<x>`, `{x}`, `$VAR`, `*`, `=`) is a path, snippet or placeholder.
  if (!/^[A-Za-z0-9][A-Za-z0-9._:-]*[A-Za-z0-9]$/.test(value)) return false;
  if (!/[A-Za-z]/.test(value)) return false;
  const parts = value.split(SEPARATOR);
  if (parts.some((p) => p === "")) return false;
  if (parts.length > 1 && value.includes(".") && EXTENSIONS.has(value.slice(value.lastIndexOf(".") + 1).toLowerCase())) return false;
  // Numbers and versions: 1.2.3, v2, 2.0.0-beta.1, draft-07.
  if (/^v?\d+(?:[._-]\d+)*(?:[-+][0-9A-Za-z.-]+)?$/.test(value)) return false;
  // Placeholders: NNN, XXX.
  if (/^(.)\1+$/i.test(value)) return false;
  if (binaries.includes(value)) return false;
  return true;
}

function hasUpper(s: string): boolean {
  return /[A-Z]/.test(s);
}

/** Edit budget for a pair (0 = never matched by edit distance). */
function editBudget(length: number): number {
  if (length < MATCH_LIMITS.minEditLength) return 0;
  return length <= MATCH_LIMITS.oneEditUpTo ? 1 : 2;
}

// Deletion-neighbourhood keys are hashes, not strings: building thousands of
// members' two-deletion neighbourhoods as strings costs a second; as small
// integers (a polynomial hash in 32-bit arithmetic, cut to 30 bits so V8 keeps
// it unboxed) it costs milliseconds. A collision only adds a candidate, which
// the real edit distance then rejects.
const BASE = 0x01000193;
const MASK = 0x3fffffff;

/** Keys of every string obtained from `s` by deleting up to `k` (≤ 2) characters, `s` itself included. */
function deletionKeys(s: string, k: number): number[] {
  const n = s.length;
  const h = new Int32Array(n + 1);
  const w = new Int32Array(n + 1);
  w[0] = 1;
  for (let i = 0; i < n; i++) {
    h[i + 1] = (Math.imul(h[i], BASE) + s.charCodeAt(i) + 1) | 0;
    w[i + 1] = Math.imul(w[i], BASE);
  }
  // Hash of s[a, b).
  const sub = (a: number, b: number): number => (h[b] - Math.imul(h[a], w[b - a])) | 0;
  const out = [h[n] & MASK];
  if (k >= 1) {
    for (let i = 0; i < n; i++) out.push((Math.imul(h[i], w[n - 1 - i]) + sub(i + 1, n)) & MASK);
  }
  if (k >= 2) {
    for (let i = 0; i < n; i++) {
      const head = Math.imul(h[i], w[n - 2 - i]);
      for (let j = i + 1; j < n; j++) out.push((head + Math.imul(sub(i + 1, j), w[n - 1 - j]) + sub(j + 1, n)) & MASK);
    }
  }
  return out;
}

/** A member's namespace: its first segment with the separator after it (`run.` of `run.started`), or null. */
function namespaceOf(value: string): string | null {
  const i = value.search(SEPARATOR);
  return i <= 0 || i === value.length - 1 ? null : value.slice(0, i + 1);
}

/** Lower-case words, camel humps and separators alike (`agent.toolCalled` and `agent.tool-called` → `agent tool called`); "" for ALL_CAPS names. */
function camelWords(value: string): string {
  if (!/[a-z]/.test(value)) return "";
  return value
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[._:\s-]+/)
    .join(" ")
    .toLowerCase();
}

/** Segment classes without separators (`a.a-a` → `aaa`): what folding must keep. */
function classesOf(value: string): string {
  return value.split(SEPARATOR).map(segmentClass).join(",");
}

interface Profile {
  vocabulary: Vocabulary;
  namespace: string;
  shapes: Set<string>;
  /** How many canonical members share the namespace. */
  size: number;
  /** The ending (2+ letters) every member of the namespace shares, such as the `ed` of past-tense events; "" when none. */
  ending: string;
}

const byValue = cmp;

export class VocabularyIndex {
  /** Every member (canonical or deprecated) by exact value. */
  private readonly exact = new Map<string, MemberRef[]>();
  /** Canonical members by folded form. */
  private readonly folded = new Map<string, MemberRef[]>();
  /** Namespace (with its trailing separator) → vocabularies whose members share it. */
  private readonly namespaces = new Map<string, Profile[]>();
  /** Deletion-neighbourhood key → canonical member values (one value, or several). */
  private readonly neighbourhood = new Map<number, string | string[]>();
  /** Canonical member value → its declarations. */
  private readonly canonical = new Map<string, MemberRef[]>();
  /** Canonical members of each vocabulary, sorted, for prefix-neighbour suggestions. */
  private readonly sortedMembers = new Map<Vocabulary, string[]>();
  private readonly memberSets = new Map<Vocabulary, Set<string>>();
  private readonly memo = new Map<string, UnknownMatch | null>();
  /** Namespaces (with separator) of each vocabulary, from its profile. */
  private readonly ownNamespaces = new Map<Vocabulary, Set<string>>();
  /** Retired names by exact value. */
  private readonly retiredNames = new Map<string, MemberRef[]>();
  /** `namespace\0shape` of each canonical member → the vocabularies holding such a member. */
  private readonly byNamespaceShape = new Map<string, Set<Vocabulary>>();
  /** Cheap pre-filters before hashing a term's neighbourhood: indexed members' lengths and first letters. */
  private readonly lengths = new Set<number>();
  private readonly initials = new Set<string>();

  constructor(
    vocabularies: readonly Vocabulary[],
    private readonly binaries: readonly string[] = [],
  ) {
    // Inline unions (a property's type) are candidate mirrors only: terms are never matched against them.
    const vocabs = vocabularies.filter((v) => v.property === undefined).sort((a, b) => byValue(a.id, b.id));
    for (const vocabulary of vocabs) {
      const canon: string[] = [];
      for (const member of [...vocabulary.members, ...(vocabulary.aliases ?? [])]) {
        const ref = { vocabulary, member };
        push(this.exact, member.value, ref);
        if (member.deprecated) continue;
        canon.push(member.value);
        push(this.canonical, member.value, ref);
        push(this.folded, fold(member.value), ref);
        const ns = namespaceOf(member.value);
        if (ns !== null) {
          const k = `${ns}\0${shapeOf(member.value)}`;
          const set = this.byNamespaceShape.get(k);
          if (set) set.add(vocabulary);
          else this.byNamespaceShape.set(k, new Set([vocabulary]));
        }
      }
      for (const member of vocabulary.retired ?? []) push(this.retiredNames, member.value, { vocabulary, member });
      const sorted = [...new Set(canon)].sort(byValue);
      this.sortedMembers.set(vocabulary, sorted);
      this.memberSets.set(vocabulary, new Set(sorted));
      const profiles = namespaceProfiles(vocabulary, sorted);
      this.ownNamespaces.set(vocabulary, new Set(profiles.map((p) => p.namespace)));
      for (const p of profiles) push(this.namespaces, p.namespace, p);
    }
    for (const value of this.canonical.keys()) {
      const k = editBudget(value.length);
      if (k === 0) continue;
      this.lengths.add(value.length);
      this.initials.add(value[0].toLowerCase());
      for (const d of deletionKeys(value, k)) {
        const at = this.neighbourhood.get(d);
        if (at === undefined) this.neighbourhood.set(d, value);
        else if (typeof at === "string") {
          if (at !== value) this.neighbourhood.set(d, [at, value]);
        } else if (at[at.length - 1] !== value) at.push(value);
      }
    }
  }

  /** Every declaration (canonical or deprecated) of exactly this value. */
  members(value: string): MemberRef[] {
    return this.exact.get(value) ?? [];
  }

  /** True when some vocabulary has `value` as a canonical (not deprecated) member. */
  isCanonical(value: string): boolean {
    return this.canonical.has(value);
  }

  /** True when `value` is a canonical member of `vocabulary`. */
  isMemberOf(value: string, vocabulary: Vocabulary): boolean {
    return this.memberSets.get(vocabulary)?.has(value) ?? false;
  }

  /** Declarations of `value` as a retired name (config `retired`, a mapping file's `null`). */
  retired(value: string): MemberRef[] {
    return this.retiredNames.get(value) ?? [];
  }

  /**
   * The member `value` is a field path of, or null: a canonical member of `vocabulary` followed by `.` and more
   * (`agent.decided.confidence`), or a plain one-word member of any vocabulary — a thing the project names, such as
   * `run` — followed by fields that `isField` knows (`run.metadata`).
   */
  fieldPathOf(value: string, vocabulary: Vocabulary, isField: (segment: string) => boolean): string | null {
    const own = this.memberSets.get(vocabulary);
    for (let i = value.length - 2; i > 0; i--) {
      if (value.charCodeAt(i) === 46 && own?.has(value.slice(0, i))) return value.slice(0, i);
    }
    const dot = value.indexOf(".");
    if (dot <= 0) return null;
    const head = value.slice(0, dot);
    if (!this.canonical.has(head) || SEPARATOR.test(head)) return null;
    return value
      .slice(dot + 1)
      .split(".")
      .every(isField)
      ? head
      : null;
  }

  /** True when `member`'s vocabulary has namespaces and `value` starts with the member's one. */
  private inOwnNamespace(value: string, ref: MemberRef): boolean {
    const ns = namespaceOf(ref.member.value);
    return ns !== null && value.startsWith(ns) && (this.ownNamespaces.get(ref.vocabulary)?.has(ns) ?? false);
  }

  /**
   * For a term that is no member of any vocabulary: the vocabulary it clearly
   * belongs to, or null. Folded equality is tried first, then edit distance,
   * then namespace and shape.
   */
  classify(value: string): UnknownMatch | null {
    let m = this.memo.get(value);
    if (m === undefined) {
      m = this.compute(value);
      this.memo.set(value, m);
    }
    return m;
  }

  private compute(value: string): UnknownMatch | null {
    if (this.exact.has(value)) return null;
    if (!isTermCandidate(value, this.binaries)) return null;
    const segments = segmentCount(value);

    // Same name once separators are folded: `envelope.retry_exhausted` for `envelope.retry-exhausted`.
    // Within the member's own namespace only: `session-close` is no `session.close` (another separator after `session`).
    // Only multi-segment terms, and case must agree letter for letter (`RETRY_EXHAUSTED` is a constant's name).
    if (segments > 1 && this.folded.size > 0) {
      const refs = this.folded.get(fold(value));
      const letters = value.replace(/[._-]/g, "");
      const classes = classesOf(value);
      const words = camelWords(value);
      const hit = refs?.find(
        (r) =>
          this.inOwnNamespace(value, r) &&
          // Same letters and segment classes, or the same words once camel humps count as separators (`agent.toolCalled`, `agent.tool-called`).
          ((r.member.value.replace(/[._-]/g, "") === letters && classesOf(r.member.value) === classes) || camelWords(r.member.value) === words),
      );
      if (hit) return { reason: "folded", vocabulary: hit.vocabulary, suggestion: hit.member.value };
    }

    const near = this.nearest(value);
    if (near) {
      const ref = this.canonical.get(near)![0];
      return { reason: "edit-distance", vocabulary: ref.vocabulary, suggestion: near };
    }

    // Namespace and shape: `run.paused` beside `run.started`, `run.finished`, …
    if (segments > 1 && this.namespaces.size > 0) {
      let shape: string | undefined;
      for (let i = 0; i < value.length - 1; i++) {
        if (!isSeparatorCode(value.charCodeAt(i))) continue;
        const profiles = this.namespaces.get(value.slice(0, i + 1));
        if (!profiles) continue;
        shape ??= shapeOf(value);
        for (const p of profiles) {
          // Only a schema vocabulary (a published, closed set) claims names that are no near miss of a member.
          if (p.vocabulary.kind === "schema" && p.size >= MATCH_LIMITS.minShapeMembers && p.shapes.has(shape) && value.endsWith(p.ending))
            return { reason: "namespace", vocabulary: p.vocabulary, namespace: p.namespace, suggestion: this.suggestIn(value, p.vocabulary) };
        }
      }
    }
    return null;
  }

  /** Canonical members that share a deletion-neighbourhood key with `value` (a superset of those within `k` edits). */
  private near(value: string, k: number, into: Set<string>): void {
    for (const d of deletionKeys(value, k)) {
      const at = this.neighbourhood.get(d);
      if (at === undefined) continue;
      if (typeof at === "string") into.add(at);
      else for (const c of at) into.add(c);
    }
  }

  /** The closest canonical member within the edit budget that passes the precision guards, or null. */
  private nearest(value: string): string | null {
    const k = editBudget(value.length);
    if (k === 0 || !this.initials.has(value[0].toLowerCase())) return null;
    let lengthFits = false;
    for (let l = value.length - k; l <= value.length + k && !lengthFits; l++) lengthFits = this.lengths.has(l);
    if (!lengthFits) return null;
    // Never for plain one-segment words (`states` is no typo of `status`).
    if (segmentCount(value) === 1) return null;
    // The edits happen after the namespace, so the budget is the rest's: `host.sms` is no typo of `host.fs`.
    const ns = namespaceOf(value);
    const restBudget = editBudget(value.length - (ns?.length ?? 0));
    if (restBudget === 0) return null;
    const shape = shapeOf(value);
    const candidates = new Set<string>();
    this.near(value, k, candidates);
    let best: string | null = null;
    let bestD = Infinity;
    for (const c of [...candidates].sort(byValue)) {
      const budget = Math.min(k, restBudget, editBudget(c.length));
      if (budget === 0) continue;
      if (c[0].toLowerCase() !== value[0].toLowerCase()) continue; // typos keep the first letter
      if (hasUpper(value) && !hasUpper(c)) continue; // `run.runId` is a field path, not `run.run-id`
      if (value.replace(/\d+/g, "#") === c.replace(/\d+/g, "#")) continue; // `v1` vs `v2`: different things
      // Only within the member's namespace and shape: `run.strated` beside `run.started`, not `phase-next` beside `phase-exit` of a vocabulary without namespaces.
      if (shapeOf(c) !== shape || !this.canonical.get(c)!.some((r) => this.inOwnNamespace(value, r))) continue;
      const d = editDistance(value, c, budget);
      if (d <= budget && d < bestD) {
        best = c;
        bestD = d;
      }
    }
    return best;
  }

  /**
   * Vocabularies whose namespace `value` starts with and whose members there have its shape (`run.paused` beside
   * `run.started`): where context ties the name to one of them, it is judged as that vocabulary's. No size or ending
   * requirement: the context, not the name alone, makes the tie.
   */
  shapedLike(value: string): Vocabulary[] {
    if (segmentCount(value) < 2 || !isTermCandidate(value, this.binaries)) return [];
    const out: Vocabulary[] = [];
    let shape: string | undefined;
    for (let i = 0; i < value.length - 1; i++) {
      if (!isSeparatorCode(value.charCodeAt(i))) continue;
      for (const p of this.namespaces.get(value.slice(0, i + 1)) ?? []) {
        shape ??= shapeOf(value);
        if (p.shapes.has(shape) && !out.includes(p.vocabulary)) out.push(p.vocabulary);
      }
    }
    return out;
  }

  /** Vocabularies (with namespaces or not) that have `value` as a canonical member. */
  vocabulariesOf(value: string): Vocabulary[] {
    return [...new Set((this.canonical.get(value) ?? []).map((r) => r.vocabulary))];
  }

  /**
   * Vocabularies with a canonical member of `value`'s shape in its first namespace segment, with or without
   * namespace profiles (`dev.cdevents.build.queued.0.3.0` beside the one-member enum `dev.cdevents.build.queued.0.4.0`).
   */
  memberShaped(value: string): Vocabulary[] {
    const ns = namespaceOf(value);
    if (ns === null || !isTermCandidate(value, this.binaries)) return [];
    const shape = shapeOf(value);
    const out = new Set(this.byNamespaceShape.get(`${ns}\0${shape}`) ?? []);
    // snake_case and kebab-case are one shape here (`input_required` beside `input-required`): a release renames between
    // them, and only a commit that renamed the vocabulary's line to a member makes such a name a finding. `.` never folds.
    const swap = (x: string) => x.replace(/[-_]/g, (c) => (c === "-" ? "_" : "-"));
    if (swap(shape) !== shape) for (const v of this.byNamespaceShape.get(`${swap(ns)}\0${swap(shape)}`) ?? []) out.add(v);
    return [...out];
  }

  /** Every vocabulary terms are matched against (inline property unions left out). */
  all(): Vocabulary[] {
    return [...this.sortedMembers.keys()];
  }

  /** The closest canonical member of `vocabulary` plausibly meant by `value`, or null. */
  suggestionIn(value: string, vocabulary: Vocabulary): string | null {
    return this.suggestIn(value, vocabulary);
  }

  /** A suggestion inside one vocabulary: an indexed near member, else the members sorted next to the term. */
  private suggestIn(value: string, vocabulary: Vocabulary): string | null {
    const sorted = this.sortedMembers.get(vocabulary) ?? [];
    if (sorted.length === 0) return null;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid] < value) lo = mid + 1;
      else hi = mid;
    }
    const own = this.memberSets.get(vocabulary)!;
    const pool = new Set(sorted.slice(Math.max(0, lo - 3), lo + 3));
    const k = Math.max(2, editBudget(value.length));
    const near = new Set<string>();
    this.near(value, Math.min(k, 2), near);
    for (const c of near) if (own.has(c)) pool.add(c);
    let best: string | null = null;
    let bestD = Infinity;
    for (const c of [...pool].sort(byValue)) {
      const d = editDistance(value, c, bestD === Infinity ? Math.max(value.length, c.length) : bestD);
      if (d < bestD) {
        best = c;
        bestD = d;
      }
    }
    // Only propose what is plausibly meant: at most a quarter of the longer name differs.
    return best !== null && bestD <= Math.ceil(Math.max(value.length, best.length) / 4) ? best : null;
  }
}

/**
 * The namespaces of a vocabulary: leading segments (with their separator)
 * each shared by at least `minNamespaceMembers - 1` canonical members, kept
 * only when together they cover at least `namespaceShare` of at least
 * `minNamespaceMembers` members (`run.` and `envelope.` in an event-type
 * enum). Vocabularies of plain words (`draft`, `ready`, `string`, `true`)
 * have none, so they never match by shape.
 */
function namespaceProfiles(vocabulary: Vocabulary, members: string[]): Profile[] {
  if (members.length < MATCH_LIMITS.minNamespaceMembers) return [];
  const groups = new Map<string, string[]>();
  for (const m of members) {
    const i = m.search(SEPARATOR);
    if (i <= 0 || i === m.length - 1) continue;
    push(groups, m.slice(0, i + 1), m);
  }
  const kept = [...groups].filter(([, ms]) => ms.length >= MATCH_LIMITS.minNamespaceMembers - 1);
  const covered = kept.reduce((n, [, ms]) => n + ms.length, 0);
  if (covered < members.length * MATCH_LIMITS.namespaceShare) return [];
  return kept
    .sort(([a], [b]) => byValue(a, b))
    .map(([namespace, ms]) => ({ vocabulary, namespace, shapes: new Set(ms.map(shapeOf)), size: ms.length, ending: commonEnding(ms) }));
}

/** The longest ending of letters all `values` share, when at least 2 long (`run.started`, `run.failed` → `ed`), else "". */
function commonEnding(values: string[]): string {
  let end = values[0];
  for (const v of values) {
    let n = 0;
    while (n < end.length && n < v.length && end[end.length - 1 - n] === v[v.length - 1 - n] && /[a-z]/i.test(v[v.length - 1 - n])) n++;
    end = end.slice(end.length - n);
    if (end.length < 2) return "";
  }
  return end;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The model's vocabulary index (built by the link stage; built here only for a model that has none). */
export function vocabularyIndexFor(model: {
  vocabularies: readonly Vocabulary[];
  binaries?: readonly string[];
  index?: { vocabulary: VocabularyIndex };
}): VocabularyIndex {
  return model.index?.vocabulary ?? new VocabularyIndex(model.vocabularies, model.binaries ?? []);
}
