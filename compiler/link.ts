/** Link: reader outputs become one contract model. */
import type { ResolvedConfig } from "./config/resolve.js";
import type { Discovered } from "./discover.js";
import type { ContractModel } from "./model/types.js";
import type { ReadResult } from "./read.js";
import type { CodeFacts } from "./readers/code.js";

export interface LinkInput {
  root: string;
  config: ResolvedConfig;
  discovered: Discovered;
  read: ReadResult;
  code: CodeFacts;
}

export function link(input: LinkInput): ContractModel {
  const { root, config, discovered, read, code } = input;
  const vocabularies = [...code.vocabularies].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    root,
    config,
    binaries: config.cli.binaries,
    docs: read.docs,
    files: discovered.files,
    surface: code.surface,
    codeProblems: code.problems,
    readProblems: read.readProblems,
    vocabularies,
    texts: read.texts,
    counts: { docs: discovered.docs.length, schemas: discovered.schemas.length, code: discovered.code.length },
  };
}
