/**
 * The linked model's indexes, built once by the link stage
 * (compiler/link.ts) and shared by every rule and emitter: the schema graph
 * (`$ref`s resolved, `$id`s registered), the reference index (files, folders,
 * headings and anchors) and the vocabulary index (members by value, folded
 * form and namespace). Nothing builds them again during a run.
 */
import { buildReferenceIndex, type ReferenceIndex } from "./references.js";
import { linkSchemas, type SchemaGraph } from "./schemas.js";
import type { ContractModel, Vocabulary } from "./types.js";
import { VocabularyIndex } from "./vocabulary-index.js";

export interface ModelIndex {
  schemas: SchemaGraph;
  references: ReferenceIndex;
  vocabulary: VocabularyIndex;
  /** Instance validators compiled so far, by schema file (compiled on first use: Ajv compilation is the cost). */
  instanceValidators: Map<string, unknown>;
}

export function buildIndexes(model: Omit<ContractModel, "index">): ModelIndex {
  return {
    schemas: linkSchemas(model.schemas),
    references: buildReferenceIndex(model),
    vocabulary: vocabularyIndex(model.vocabularies, model.binaries),
    instanceValidators: new Map(),
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
