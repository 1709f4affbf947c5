/**
 * The contract model as rules, emitters and reporters see it: the linked data (ModelData,
 * compiler/model/types.ts) and the indexes built once over it (compiler/model/indexes.ts).
 */
import type { ModelIndex } from "./indexes.js";
import type { ModelData } from "./types.js";

export interface ContractModel extends ModelData {
  /** Indexes built once by the link stage (compiler/model/indexes.ts). */
  index: ModelIndex;
}
