/**
 * The linked model's indexes, built once by the link stage
 * (compiler/link.ts) and shared by every rule and emitter: the schema graph
 * (`$ref`s resolved, `$id`s registered), the reference index (files, folders,
 * headings and anchors), the vocabulary index (members by value, folded
 * form and namespace), and — built on first use, since many runs need none
 * of them — the names a term may mean besides a member, the delegation notes
 * under their headings, and per-schema digests. Nothing builds them again
 * during a run, and no stage keeps a cache of its own keyed by the model.
 */
import { contentHash } from "../cache/hash.js";
import { KnownNames } from "./known-names.js";
import { digestOf, knownNamesDigest, vocabularyDigest } from "./digests.js";
import { unoptimized } from "../util/optimizations.js";
import { sameItems } from "../util/reuse.js";
import { collectNotes, type CollectedNote } from "./note-headings.js";
import { buildReferenceIndex, type ReferenceIndex } from "./references.js";
import { schemaDigest } from "./schema-digest.js";
import { linkSchemas, type SchemaGraph } from "./schemas.js";
import type { ModelData, MarkdownDoc, SchemaDoc, Vocabulary } from "./types.js";
import { VocabularyIndex } from "./vocabulary-index.js";
import { cellMemo, lastMappedMemo, lastMemo } from "../util/memo.js";

export interface ModelIndex {
  schemas: SchemaGraph;
  references: ReferenceIndex;
  vocabulary: VocabularyIndex;
  /** Instance validators compiled so far, by schema file (compiled on first use: Ajv compilation is the cost). */
  instanceValidators: Map<string, unknown>;
  /** Everything else a backticked token may name (commands, properties, headings, files, code names). */
  readonly knownNames: KnownNames;
  /** Delegation notes outside regions, with their nearest heading, by document. */
  readonly notes: readonly CollectedNote[];
  /** A digest of every note, the headings of documents with notes, the command surface and the binaries: what project-wide region lists are made from. */
  readonly projectDigest: string;
  /** A schema's digest (its value and vocabularies), computed once per schema. */
  schemaDigest(doc: SchemaDoc): string;
}

/**
 * The indexes of `model`. They hold the model itself, not a copy: what is
 * set on it later (`planned`) is what they see, and the ones built on first
 * use read the model as it is then.
 */
export function buildIndexes(model: ModelData): ModelIndex {
  let known: KnownNames | undefined;
  let notes: CollectedNote[] | undefined;
  let project: string | undefined;
  const digests = new Map<SchemaDoc, string>();
  return {
    schemas: schemaGraph(model.schemas),
    references: buildReferenceIndex(model),
    vocabulary: vocabularyIndex(model.vocabularies, model.binaries),
    instanceValidators: new Map(),
    get knownNames() {
      return (known ??= knownNames(model));
    },
    get notes() {
      return (notes ??= collectNotes(model.docs));
    },
    get projectDigest() {
      return (project ??= digestOfProject(model));
    },
    schemaDigest(doc) {
      let h = digests.get(doc);
      if (h === undefined) digests.set(doc, (h = schemaDigest(doc)));
      return h;
    },
  };
}

/**
 * The vocabulary index is a pure function of the vocabularies and binaries. A
 * watch re-check after a doc edit links the same cached vocabulary objects
 * again, and one after a code edit that changed no list links equal ones:
 * then the last index is reused instead of built again.
 */
const lastVocabulary = cellMemo<{ vocabularies: readonly Vocabulary[]; binaries: readonly string[]; digest: string | null; index: VocabularyIndex }>(
  "model/indexes#lastVocabulary",
);
function vocabularyIndex(vocabularies: readonly Vocabulary[], binaries: readonly string[]): VocabularyIndex {
  const last = lastVocabulary.value;
  if (last && sameItems(last.vocabularies, vocabularies) && sameItems(last.binaries, binaries)) return last.index;
  const digest = unoptimized() ? null : vocabularyDigest(vocabularies, binaries);
  if (last && digest !== null && last.digest === digest) {
    lastVocabulary.value = { ...last, vocabularies: [...vocabularies] };
    return last.index;
  }
  const index = new VocabularyIndex(vocabularies, binaries);
  lastVocabulary.value = { vocabularies: [...vocabularies], binaries: [...binaries], digest, index };
  return index;
}

/** The schema graph is a pure function of the schemas: a re-check that read the same schema objects reuses the last one. */
const lastGraph = lastMemo<SchemaGraph>("model/indexes#lastGraph");
function schemaGraph(schemas: SchemaDoc[]): SchemaGraph {
  return lastGraph.get([...schemas], () => linkSchemas(schemas));
}

/**
 * KnownNames is a pure function of what its digest covers (compiler/model/digests.ts): a watch
 * re-check whose edit changed none of it (a paragraph, not a heading) reuses the last one.
 */
const lastKnown = cellMemo<{ digest: string; names: KnownNames }>("model/indexes#lastKnown");
function knownNames(model: ModelData): KnownNames {
  if (unoptimized()) return new KnownNames(model);
  const digest = knownNamesDigest(model);
  const last = lastKnown.value;
  if (last?.digest === digest) return last.names;
  const names = new KnownNames(model);
  lastKnown.value = { digest, names };
  return names;
}

/** The digest is a function of each document's pieces, the surface and the binaries. */
const lastProject = lastMemo<string>("model/indexes#lastProject");
const lastPieces = lastMappedMemo<MarkdownDoc, { notes: string; headings: string; key: string }>("model/indexes#lastPieces");
function digestOfProject(model: ModelData): string {
  // The surface digested once per object (a watch re-check after a doc edit links the same one).
  const surface = digestOf(model.surface);
  const binaries = JSON.stringify(model.binaries);
  const all = lastPieces.map(model.docs, projectPieces);
  // By the pieces' texts: an edited document is a new object, its pieces mostly the same.
  return lastProject.get([surface, binaries, ...all.map((p) => p.key)], () => {
    // The JSON of the whole lists, put together from each document's (a re-check redoes the edited ones).
    const notes: string[] = [];
    const headings: string[] = [];
    for (const p of all) {
      if (p.notes !== "") notes.push(p.notes);
      if (p.headings !== "") headings.push(p.headings);
    }
    return contentHash(`[${notes.join(",")}]`, `[${headings.join(",")}]`, surface, binaries);
  });
}

function projectPieces(d: MarkdownDoc): { notes: string; headings: string; key: string } {
  const notes = d.notes.map((n) => JSON.stringify([d.file, n.id, n.span.line, n.subject, n.owners.map((o) => o.raw)])).join(",");
  const headings =
    d.notes.length > 0 ? JSON.stringify([d.file, d.headings.map((h) => [h.slug, h.span.line]), d.regions.map((r) => [r.span.line, r.span.endLine])]) : "";
  return { notes, headings, key: JSON.stringify([notes, headings]) };
}
