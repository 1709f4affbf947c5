/** Builds a model from in-memory Markdown and schema texts through the real readers, and runs one rule on it. */
import type { Diagnostic } from "../../compiler/model/diagnostic.js";
import type { ContractModel, Vocabulary, VocabularyDeclaration } from "../../compiler/model/types.js";
import { applyVocabularyDeclarations } from "../../compiler/model/vocabulary-declarations.js";
import { readMarkdown } from "../../compiler/readers/markdown.js";
import { readSchema } from "../../compiler/readers/schema.js";
import type { EmitPlan } from "../../compiler/emit/plan.js";
import type { Rule } from "../../compiler/rules/types.js";
import { makeModel } from "../helpers/model.js";

export interface Sources {
  docs?: Record<string, string>;
  schemas?: Record<string, string>;
  /** Code vocabularies (the code reader's output). */
  code?: Vocabulary[];
  binaries?: string[];
  vocabLinks?: { code: string; schema: string }[];
  /** Renames and retirements, as the config and mapping-file reader returns them. */
  declarations?: VocabularyDeclaration[];
}

export function modelOf(src: Sources): ContractModel {
  const binaries = src.binaries ?? ["aw"];
  const texts = new Map<string, string>();
  const docs = Object.entries(src.docs ?? {}).map(([file, text]) => {
    texts.set(file, text);
    return readMarkdown(file, text, { binaries, markers: ["not this document's call"] });
  });
  const schemas = Object.entries(src.schemas ?? {}).map(([file, text]) => {
    texts.set(file, text);
    return readSchema(file, text);
  });
  const base = makeModel();
  return makeModel({
    binaries,
    docs,
    schemas,
    texts,
    vocabularies: applyVocabularyDeclarations([...schemas.flatMap((s) => s.vocabularies), ...(src.code ?? [])], src.declarations ?? [], "docpact.config.json"),
    vocabularyDeclarations: src.declarations ?? [],
    config: { ...base.config, vocabularies: src.vocabLinks ?? [] },
  });
}

/** Runs `rule` on `model`; places it did not judge go to `notJudged` (line, column and reason). */
export function run(rule: Rule, model: ContractModel, notJudged: { reason: string }[] = []): Diagnostic[] {
  const out: Diagnostic[] = [];
  rule.check({
    notJudged(span, reason) {
      const entry = { line: span.line, column: span.column, reason };
      notJudged.push(entry);
    },
    model,
    plan: {} as EmitPlan,
    report(r) {
      out.push({ rule: rule.meta.id, severity: r.severity ?? rule.meta.defaultSeverity, message: r.message, ...r.span, ...(r.suggestion !== undefined ? { suggestion: r.suggestion } : {}), ...(r.related ? { related: r.related } : {}), ...(r.fix ? { fix: r.fix } : {}) });
    },
  });
  return out;
}

export const codeSpan = (file: string, line: number) => ({ file, line, column: 1, endLine: line, endColumn: 10 });

export function codeVocab(file: string, name: string, values: string[], line = 1, mirrors?: string): Vocabulary {
  return {
    id: `code:${file}#${name}`,
    kind: "code",
    file,
    name,
    span: codeSpan(file, line),
    members: values.map((value) => ({ value, deprecated: false, span: codeSpan(file, line) })),
    ...(mirrors !== undefined ? { mirrors } : {}),
  };
}
