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
import { digestOf, documentKey, hashList, schemaKey, vocabularyDigest } from "./digests.js";
import type { Mention } from "./mentions.js";
import { fileTermsOf } from "./term-context.js";
import { contextTie } from "./term-ties.js";
import { collectTerms, sentenceAround, type TermOccurrence } from "./terms.js";
import type { ModelData } from "./types.js";
import { isTermCandidate, type vocabularyIndexFor } from "./vocabulary-index.js";
import { vocabularyIndexForFile } from "./vocabulary-versions.js";

type TermModel = Pick<ModelData, "docs" | "schemas" | "vocabularies" | "texts"> & {
  /** Part of a memo's keys: the parse options a document's inline code was read with are the config's. */
  config?: ModelData["config"];
  binaries?: readonly string[];
  index?: Parameters<typeof vocabularyIndexFor>[0]["index"];
};

/**
 * Where a long-lived process keeps each document's and schema's term mentions between runs (the read
 * cache): a unit's mentions depend only on its own text and on the vocabularies and binaries, so a watch
 * save recomputes the edited file's alone (keyed with the config too).
 */
export interface TermMentionMemo {
  get(key: string): Mention[] | undefined;
  set(key: string, mentions: Mention[]): void;
}

export function termMentions(model: TermModel, memo?: TermMentionMemo): Mention[] {
  if (model.vocabularies.length === 0) return [];
  if (!memo) return mentionsOf(model, collectTerms(model));
  const scope = hashList([model.config ? digestOf(model.config) : "", vocabularyDigest(model.vocabularies, model.binaries ?? [])]);
  const out: Mention[] = [];
  const unit = (key: string, part: Pick<ModelData, "docs" | "schemas">) => {
    const k = hashList([key, scope]);
    let found = memo.get(k);
    if (!found) memo.set(k, (found = mentionsOf(model, collectTerms(part))));
    out.push(...found);
  };
  // Units in collectTerms' order (documents, then schemas), so the list is the one a whole run gives.
  for (const doc of model.docs) unit(documentKey(model, doc), { docs: [doc], schemas: [] });
  for (const schema of model.schemas) unit(schemaKey(model, schema), { docs: [], schemas: [schema] });
  return out;
}

/** The mentions among `terms` (any file's: each term's context is its own file's). */
function mentionsOf(model: TermModel, terms: readonly TermOccurrence[]): Mention[] {
  let index = vocabularyIndexForFile(model, "");
  const binaries = model.binaries ?? [];
  const out: Mention[] = [];
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
