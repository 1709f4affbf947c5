/**
 * Per-version vocabularies. A specification that keeps one schema per version
 * (`schema/2025-06-18/schema.json`, `schema/draft/schema.json`) and its docs per
 * version (`docs/specification/2025-06-18/…`) states a different set in each:
 * a page about one version is judged against that version's vocabularies, never
 * against another's. Detected from the vocabularies alone: a **version family**
 * is a set of vocabulary files whose paths differ only in one folder that names
 * a version (a date, `v2`, `1.0`, `1.0.0`; `draft`, `next`, `latest`, `unreleased`
 * beside at least one of those), held by at least two versions. A file (a
 * document or a schema) with such a version folder in its path sees every
 * vocabulary outside the families and, of the families, only its own version's.
 * A file with no version folder sees them all (a name is known when any version
 * knows it); a deprecation only an older version declares (its family's newest
 * version — `draft`, `next`, `latest`, `unreleased`, else the highest number —
 * does not) binds only that version's pages.
 */
import { weakMemo } from "../util/memo.js";
import { isVersionName, NAMED_VERSION, NUMBERED_VERSION } from "../util/version-folders.js";
import type { Vocabulary } from "./types.js";
import { VocabularyIndex, vocabularyIndexFor } from "./vocabulary-index.js";

const NUMBERED = NUMBERED_VERSION;
const NAMED = NAMED_VERSION;

export interface VersionScopes {
  /** Versions of the families (empty: the project keeps no per-version vocabularies). */
  versions: ReadonlySet<string>;
  /** Vocabulary id → its version, for vocabularies in a family. */
  versionOf: ReadonlyMap<string, string>;
  /** Vocabulary id → the newest version of its family (the same as its own for the newest's vocabularies). */
  newestOf: ReadonlyMap<string, string>;
}

/** Orders versions oldest first: numbered ones by their numbers (dates as numbers), the named ones (`draft`, `next` …) after every number. */
export function compareVersions(a: string, b: string): number {
  const named = (v: string) => NAMED.test(v);
  if (named(a) !== named(b)) return named(a) ? 1 : -1;
  const nums = (v: string) => (v.match(/\d+/g) ?? []).map(Number);
  const x = nums(a);
  const y = nums(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? -1) - (y[i] ?? -1);
    if (d !== 0) return d;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The version families of a set of vocabularies. */
export function versionScopes(vocabularies: readonly Vocabulary[]): VersionScopes {
  // Pattern (the path with the version folder as `*`) → version → vocabulary ids.
  const patterns = new Map<string, Map<string, string[]>>();
  for (const v of vocabularies) {
    const parts = v.file.split("/");
    for (let i = 0; i < parts.length - 1; i++) {
      if (!isVersionName(parts[i])) continue;
      const key = [...parts.slice(0, i), "*", ...parts.slice(i + 1)].join("/");
      let byVersion = patterns.get(key);
      if (!byVersion) patterns.set(key, (byVersion = new Map()));
      const ids = byVersion.get(parts[i]);
      if (ids) ids.push(v.id);
      else byVersion.set(parts[i], [v.id]);
    }
  }
  const versions = new Set<string>();
  const versionOf = new Map<string, string>();
  const newestOf = new Map<string, string>();
  for (const byVersion of patterns.values()) {
    const names = [...byVersion.keys()];
    if (names.length < 2 || !names.some((n) => NUMBERED.test(n))) continue;
    const newest = [...names].sort(compareVersions).at(-1) as string;
    for (const [version, ids] of byVersion) {
      versions.add(version);
      for (const id of ids) {
        if (versionOf.has(id)) continue;
        versionOf.set(id, version);
        newestOf.set(id, newest);
      }
    }
  }
  return { versions, versionOf, newestOf };
}

/** The version a file's path places it in (its first folder naming one of the families' versions), or null. */
export function versionOfFile(file: string, scopes: VersionScopes): string | null {
  if (scopes.versions.size === 0) return null;
  const parts = file.split("/");
  for (let i = 0; i < parts.length - 1; i++) if (scopes.versions.has(parts[i])) return parts[i];
  return null;
}

interface Scoped {
  scopes: VersionScopes;
  byVersion: Map<string, VocabularyIndex>;
}
const memo = weakMemo<readonly Vocabulary[], Scoped>("model/vocabulary-versions#memo");

type IndexModel = Parameters<typeof vocabularyIndexFor>[0];

function scopedOf(model: IndexModel): Scoped {
  let s = memo.get(model.vocabularies);
  if (!s) memo.set(model.vocabularies, (s = { scopes: versionScopes(model.vocabularies), byVersion: new Map() }));
  return s;
}

/** The vocabulary index a file's terms are judged against: its version's, or the model's whole index. */
export function vocabularyIndexForFile(model: IndexModel, file: string): VocabularyIndex {
  const s = scopedOf(model);
  const version = versionOfFile(file, s.scopes);
  if (version === null) return vocabularyIndexFor(model);
  let index = s.byVersion.get(version);
  if (!index) {
    const seen = model.vocabularies.filter((v) => {
      const own = s.scopes.versionOf.get(v.id);
      return own === undefined || own === version;
    });
    index = new VocabularyIndex(seen, model.binaries ?? []);
    s.byVersion.set(version, index);
  }
  return index;
}

/**
 * True when `value` is a member of another version's vocabulary and of none the file sees. The code declares the
 * members of every version (`"date-time"` in `schema/2025-11-25/schema.ts`'s union): for a page of the draft, such
 * a code literal is the older version's member, so it does not explain the name away as "a code identifier".
 */
export function memberOfOtherVersionOnly(model: IndexModel, file: string, value: string): boolean {
  const s = scopedOf(model);
  if (versionOfFile(file, s.scopes) === null) return false;
  return vocabularyIndexForFile(model, file).members(value).length === 0 && vocabularyIndexFor(model).members(value).length > 0;
}

/**
 * A code identifier declared only under other versions' folders (`ResultType = "complete" | "input_required"` in
 * schema/draft/schema.ts, for a page of 2025-11-25): `versions` are the version folders of the files declaring it
 * (absent when one is under none). It names that other version's code, not this file's, when every one is a version of
 * the project's families and none is the file's own.
 */
export function identifierOfOtherVersionsOnly(model: IndexModel, file: string, versions: readonly string[] | undefined): boolean {
  if (versions === undefined || versions.length === 0) return false;
  const s = scopedOf(model);
  const own = versionOfFile(file, s.scopes);
  if (own === null) return false;
  return versions.every((v) => s.scopes.versions.has(v) && v !== own);
}

/**
 * For a file under no version folder: the version of `vocabularyId` when that vocabulary belongs to a version family
 * and is not its family's newest version (a deprecation it declares binds that version's pages only), else null.
 */
export function olderVersionFor(model: IndexModel, file: string, vocabularyId: string): string | null {
  const s = scopedOf(model);
  if (versionOfFile(file, s.scopes) !== null) return null;
  const own = s.scopes.versionOf.get(vocabularyId);
  if (own === undefined) return null;
  return own === s.scopes.newestOf.get(vocabularyId) ? null : own;
}

/**
 * Splits the vocabularies that declare a name deprecated or retired for a file: those whose declaration binds the file,
 * and the reason to count it as not judged when none does (every one is an older version's, the file under no version folder).
 */
export function bindingDeclarations<R extends { vocabulary: { id: string } }>(
  model: IndexModel,
  file: string,
  refs: readonly R[],
  what: "deprecated" | "retired",
): { binding: R[]; notBinding: string | null } {
  const binding = refs.filter((r) => olderVersionFor(model, file, r.vocabulary.id) === null);
  if (binding.length > 0 || refs.length === 0) return { binding, notBinding: null };
  const r = refs[0];
  const version = olderVersionFor(model, file, r.vocabulary.id);
  return {
    binding,
    notBinding: `${what} only in version ${version} (${r.vocabulary.id}), not in its family's newest version, and the page is under no version folder`,
  };
}
