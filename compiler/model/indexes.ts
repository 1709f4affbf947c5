/**
 * The linked model's indexes, built once by the link stage
 * (compiler/link.ts) and shared by every rule and emitter: the schema graph
 * (`$ref`s resolved, `$id`s registered), the reference index (files, folders,
 * headings and anchors) and the vocabulary index (members by value, folded
 * form and namespace). Nothing builds them again during a run.
 */
import { buildReferenceIndex, type ReferenceIndex } from "./references.js";
import { linkSchemas, type SchemaGraph } from "./schemas.js";
import type { ContractModel } from "./types.js";
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
    vocabulary: new VocabularyIndex(model.vocabularies, model.binaries),
    instanceValidators: new Map(),
  };
}
