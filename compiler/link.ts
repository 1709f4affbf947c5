/**
 * Link: reader outputs become one contract model, with the indexes every
 * rule and emitter shares (the schema graph, the reference and vocabulary
 * indexes) built here, once. Reads nothing: everything comes from the read stage.
 */
import { by } from "./util/compare.js";
import type { ResolvedConfig } from "./config/types.js";
import type { Discovered } from "./discover.js";
import type { IgnoreRule, InstanceDoc, ModelData, SchemaDoc, Site, VocabularyDeclaration } from "./model/types.js";
import type { ContractModel } from "./model/contract-model.js";
import { applyVocabularyDeclarations } from "./model/vocabulary-declarations.js";
import type { ReadResult } from "./read.js";
import type { CodeFacts } from "./readers/code.js";
import type { DecisionRegistry } from "./model/decisions.js";
import { buildIndexes } from "./model/indexes.js";
import type { GitHistory } from "./model/history.js";
import type { SkillBundle } from "./model/skills.js";
import type { PackageNames } from "./model/packages.js";

export interface LinkInput {
  root: string;
  config: ResolvedConfig;
  discovered: Discovered;
  read: ReadResult;
  schemas: SchemaDoc[];
  instances: InstanceDoc[];
  /** Path → content of every file in the generate outDir. */
  generatedOnDisk: Record<string, string>;
  code: CodeFacts;
  /** The decision registry (config `decisions`), when configured. */
  decisions?: DecisionRegistry | null;
  /** Documentation sites (compiler/readers/sites). */
  sites?: Site[];
  /** Renames and retirements from config `vocabularies` and mapping files. */
  vocabularyDeclarations?: VocabularyDeclaration[];
  /** Removed and renamed paths from git, when the root is in a work tree. */
  history?: GitHistory | null;
  /** The agent skill bundle (compiler/readers/skills). */
  skills?: SkillBundle | null;
  /** The package.json names (compiler/readers/packages.ts). */
  packages?: PackageNames | null;
  /** Tracked files a sparse checkout leaves out of the work tree (compiler/git/sparse.ts): they exist for references. */
  sparseFiles?: string[];
  /** The repository's `.gitignore` rules (compiler/readers/sites/gitignore.ts `repositoryGitignore`). */
  gitignored?: IgnoreRule[];
}

export function link(input: LinkInput): ContractModel {
  const { root, config, discovered, read, schemas, code } = input;
  const declarations = input.vocabularyDeclarations ?? [];
  const vocabularies = applyVocabularyDeclarations(
    [...schemas.flatMap((s) => s.vocabularies), ...code.vocabularies].sort(by((v) => v.id)),
    declarations,
    config.file ?? "docpact.config.json",
  );
  const model: ModelData = {
    root,
    config,
    binaries: config.cli.binaries,
    docs: read.docs,
    schemas,
    instances: input.instances,
    generatedOnDisk: input.generatedOnDisk,
    files: input.sparseFiles?.length ? [...new Set([...discovered.files, ...input.sparseFiles])].sort() : discovered.files,
    surface: code.surface,
    codeProblems: code.problems,
    readProblems: [...discovered.refused, ...read.readProblems],
    vocabularies,
    codeIdentifiers: code.identifiers,
    codeIdentifierVersions: code.identifierVersions,
    defaultExports: code.defaultExports ?? [],
    vocabularyDeclarations: declarations,
    texts: read.texts,
    counts: { docs: discovered.docs.length, schemas: discovered.schemas.length, code: discovered.code.length },
    codeFiles: discovered.code,
    ...(discovered.binClosures ? { binClosures: discovered.binClosures } : {}),
    ...(code.binarySurfaces ? { binarySurfaces: code.binarySurfaces } : {}),
    decisions: input.decisions ?? null,
    sites: input.sites ?? [],
    ...(input.gitignored?.length ? { gitignored: input.gitignored } : {}),
    history: input.history ?? null,
    skills: input.skills ?? null,
    packages: input.packages ?? null,
  };
  // The indexes hold the model itself (not a copy): what is set on it later (`planned`) is what they see.
  const linked = model as ContractModel;
  linked.index = buildIndexes(model);
  return linked;
}
