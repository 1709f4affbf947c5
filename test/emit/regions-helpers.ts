/** Test helpers for region planning: a small contract model built from in-memory texts. */
import { DEFAULT_LIMITS } from "../../compiler/config/limits.js";
import type { ResolvedConfig } from "../../compiler/config/resolve.js";
import type { EmitPlan } from "../../compiler/emit/plan.js";
import type { CommandDecl, Vocabulary } from "../../compiler/model/types.js";
import type { ContractModel } from "../../compiler/model/contract-model.js";
import { buildIndexes } from "../../compiler/model/indexes.js";
import { readMarkdown } from "../../compiler/readers/markdown.js";
import { readSchema } from "../../compiler/readers/schema.js";
import { decodeSource } from "../../compiler/util/text.js";

export interface ModelInput {
  root?: string;
  /** Path → raw text (may start with a BOM). */
  docs?: Record<string, string>;
  schemas?: Record<string, string>;
  vocabularies?: Vocabulary[];
  commands?: Pick<CommandDecl, "path" | "verbs" | "flags">[];
  globalFlags?: string[];
  binaries?: string[];
  templates?: string | null;
}

export function config(templates: string | null = null, binaries: string[] = ["aw"]): ResolvedConfig {
  return {
    file: null,
    docs: ["**/*.md"],
    schemas: ["**/*.schema.json"],
    code: { kind: "none" },
    cli: { binaries, commandType: null, flagAccessors: [] },
    notes: { markers: ["not this document's call"] },
    vocabularies: [],
    instances: [],
    decisions: null,
    generate: null,
    templates,
    limits: { ...DEFAULT_LIMITS },
    rules: {},
    sites: null,
    baseline: null,
    packageJson: null,
  } as ResolvedConfig;
}

const span = (file: string) => ({ file, line: 1, column: 1, endLine: 1, endColumn: 1 });

export function makeModel(input: ModelInput): ContractModel {
  const binaries = input.binaries ?? ["aw"];
  const texts = new Map<string, string>();
  const docs = Object.entries(input.docs ?? {})
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([file, raw]) => {
      const src = decodeSource(raw);
      texts.set(file, src.text);
      return readMarkdown(file, src.text, { binaries, markers: ["not this document's call"], bom: src.bom });
    });
  const schemas = Object.entries(input.schemas ?? {})
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([file, text]) => {
      texts.set(file, text);
      return readSchema(file, text);
    });
  const vocabularies = [...(input.vocabularies ?? []), ...schemas.flatMap((s) => s.vocabularies)].sort((a, b) => (a.id < b.id ? -1 : 1));
  const model = {
    root: input.root ?? "/nonexistent-docpact-root",
    config: config(input.templates ?? null, binaries),
    binaries,
    docs,
    files: [...texts.keys()].sort(),
    surface: {
      commands: (input.commands ?? []).map((c) => ({ ...c, via: "command-type" as const, span: span("src/cli.ts") })),
      globalFlags: input.globalFlags ?? [],
    },
    codeProblems: [],
    readProblems: [],
    vocabularies,
    schemas,
    instances: [],
    generatedOnDisk: {},
    texts,
    counts: { docs: docs.length, schemas: schemas.length, code: 0 },
    decisions: null,
    codeIdentifiers: [],
    defaultExports: [],
    vocabularyDeclarations: [],
    sites: [],
  } as unknown as Omit<ContractModel, "index">;
  return { ...model, index: buildIndexes(model) };
}

export function codeVocabulary(file: string, name: string, members: (string | [string, string])[]): Vocabulary {
  return {
    id: `code:${file}#${name}`,
    kind: "code",
    file,
    name,
    members: members.map((m) =>
      typeof m === "string" ? { value: m, deprecated: false, span: span(file) } : { value: m[0], deprecated: true, replacedBy: m[1], span: span(file) },
    ),
    span: span(file),
  };
}

/** The raw texts after applying the plan's documents to the inputs. */
export function applyDocs(docs: Record<string, string>, plan: Pick<EmitPlan, "documents">): Record<string, string> {
  const out = { ...docs };
  for (const f of plan.documents) out[f.path] = f.content;
  return out;
}
