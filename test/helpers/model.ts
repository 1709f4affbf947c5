/**
 * Test helper: a complete ContractModel with empty defaults, so a rule test
 * only states the parts it is about. `config` defaults to the resolved
 * default config of a root that does not exist (no package.json, no tsconfig).
 */
import { emptySurface } from "../../compiler/model/cli.js";
import { resolveConfig } from "../../compiler/config/resolve.js";
import type { ContractModel } from "../../compiler/model/contract-model.js";
import { buildIndexes } from "../../compiler/model/indexes.js";

export const TEST_ROOT = "/nonexistent-docpact-test-root";

export function makeModel(partial: Partial<ContractModel> = {}): ContractModel {
  const root = partial.root ?? TEST_ROOT;
  const model: Omit<ContractModel, "index"> = {
    root,
    config: partial.config ?? resolveConfig(root, {}, null),
    binaries: [],
    docs: [],
    files: [],
    surface: emptySurface(),
    codeProblems: [],
    readProblems: [],
    vocabularies: [],
    codeIdentifiers: [],
    defaultExports: [],
    vocabularyDeclarations: [],
    schemas: [],
    instances: [],
    generatedOnDisk: {},
    texts: new Map(),
    counts: { docs: 0, schemas: 0, code: 0 },
    decisions: null,
    sites: [],
    ...partial,
  };
  // Indexes as the link stage builds them; a test that changes the model afterwards calls `relink`.
  // Like link: the indexes hold the model object itself, so what is built on first use sees later changes.
  const full = model as ContractModel;
  full.index = partial.index ?? buildIndexes(model);
  return full;
}

/** The model with its indexes built again, after a test changed its parts. */
export function relink(model: ContractModel): ContractModel {
  const { index: _old, ...rest } = model;
  return { ...rest, index: buildIndexes(rest) };
}
