/**
 * The `terms` kind of `summary.coverage`: the backticked names of prose and
 * schema descriptions (compiler/model/terms.ts) that the vocabulary rules look
 * at — a member of a vocabulary (canonical or deprecated), a retired name, or
 * a term candidate that looks like a member (a near miss of one, or a
 * vocabulary's namespace and shape). Found independently of the rules that
 * judge them (vocabulary/unknown-term, deprecated-term, retired-term).
 * or a name its context ties to a vocabulary (compiler/model/term-ties.ts: a
 * column headed by the vocabulary's name, a sentence naming it, a verb of its
 * role, a coherent list).
 */
import type { Mention } from "./mentions.js";
import { fileTermsOf } from "./term-context.js";
import { contextTie } from "./term-ties.js";
import { collectTerms, sentenceAround, type TermOccurrence } from "./terms.js";
import type { ModelData } from "./types.js";
import { isTermCandidate, type vocabularyIndexFor } from "./vocabulary-index.js";
import { vocabularyIndexForFile } from "./vocabulary-versions.js";

export function termMentions(
  model: Pick<ModelData, "docs" | "schemas" | "vocabularies" | "texts"> & {
    binaries?: readonly string[];
    index?: Parameters<typeof vocabularyIndexFor>[0]["index"];
  },
): Mention[] {
  if (model.vocabularies.length === 0) return [];
  let index = vocabularyIndexForFile(model, "");
  const binaries = model.binaries ?? [];
  const out: Mention[] = [];
  const terms = collectTerms(model);
  const fileTerms = fileTermsOf(model.texts, terms);
  const tied = (t: TermOccurrence) => {
    return contextTie(t, fileTerms.of(t).contextOf(t), sentenceAround(model.texts.get(t.file), t.offset, t.source === "schema"), index) !== null;
  };
  for (const t of terms) {
    index = vocabularyIndexForFile(model, t.file);
    const v = t.value;
    const looks =
      index.members(v).length > 0 ||
      index.retired(v).length > 0 ||
      (isTermCandidate(v, binaries) && (index.classify(v) !== null || index.shapedLike(v).length > 0 || index.memberShaped(v).length > 0 || tied(t)));
    if (looks) out.push({ kind: "terms", source: "term", span: t.span, binary: "" });
  }
  return out;
}
