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
import { collectNotes, type CollectedNote } from "./note-headings.js";
import { buildReferenceIndex, type ReferenceIndex } from "./references.js";
import { schemaDigest } from "./schema-digest.js";
import { linkSchemas, type SchemaGraph } from "./schemas.js";
import type { ContractModel, SchemaDoc, Vocabulary } from "./types.js";
import { VocabularyIndex } from "./vocabulary-index.js";

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
export function buildIndexes(model: Omit<ContractModel, "index">): ModelIndex {
  let known: KnownNames | undefined;
  let notes: CollectedNote[] | undefined;
  let project: string | undefined;
  const digests = new Map<SchemaDoc, string>();
  return {
    schemas: linkSchemas(model.schemas),
    references: buildReferenceIndex(model),
    vocabulary: vocabularyIndex(model.vocabularies, model.binaries),
    instanceValidators: new Map(),
    get knownNames() {
      return (known ??= new KnownNames(model));
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
 * again: then the last index is reused instead of built again.
 */
let lastVocabulary: { vocabularies: readonly Vocabulary[]; binaries: readonly string[]; index: VocabularyIndex } | null = null;
function vocabularyIndex(vocabularies: readonly Vocabulary[], binaries: readonly string[]): VocabularyIndex {
  const last = lastVocabulary;
  if (last && sameItems(last.vocabularies, vocabularies) && sameItems(last.binaries, binaries)) return last.index;
  const index = new VocabularyIndex(vocabularies, binaries);
  lastVocabulary = { vocabularies: [...vocabularies], binaries: [...binaries], index };
  return index;
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function digestOfProject(model: Omit<ContractModel, "index">): string {
  const notes = model.docs.flatMap((d) => d.notes.map((n) => [d.file, n.id, n.span.line, n.subject, n.owners.map((o) => o.raw)]));
  const headings = model.docs.filter((d) => d.notes.length > 0).map((d) => [d.file, d.headings.map((h) => [h.slug, h.span.line]), d.regions.map((r) => [r.span.line, r.span.endLine])]);
  return contentHash(JSON.stringify(notes), JSON.stringify(headings), JSON.stringify(model.surface), JSON.stringify(model.binaries));
}
