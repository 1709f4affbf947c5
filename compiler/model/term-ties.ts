/**
 * How a backticked name's context ties it to a vocabulary when it is no near
 * miss of a member (compiler/model/term-context.ts reads the context): a
 * column headed by the vocabulary's name, a sentence naming it, a verb of its
 * role, a coherent list. Shared by vocabulary/unknown-term (which judges the
 * tie) and the `terms` coverage finder (which counts the name as found).
 */
import type { TermOccurrence } from "./terms.js";
import type { TermContext } from "./term-context.js";
import type { Vocabulary } from "./types.js";
import { shapeOf, type VocabularyIndex } from "./vocabulary-index.js";
import { namesVocabulary, vocabularyWords } from "./vocabulary-names.js";

type Index = VocabularyIndex;

/** Verbs by which a sentence says what a host emits or answers: tied to an event or an error vocabulary. */
const EMIT_VERB = /\b(?:emits?|emitted|emitting|publish(?:es|ed)?|fires?|fired|sends?)$/;
const ERROR_VERB = /\b(?:returns?|returned|answers?|rejects? with|fails? with|responds? with)$/;

/** How the context ties a term to `v` (its column, its sentence, a verb of its role, a coherent list), or null. */
export function tieTo(v: Vocabulary, c: TermContext, sentence: string): "column" | "sentence" | "verb" | null {
  if (c.column !== null && c.cellValue && namesVocabulary(c.column, v, true)) return "column";
  if (namesVocabulary(sentence, v)) return "sentence";
  const words = vocabularyWords(v);
  if (words.has("event") && EMIT_VERB.test(c.before)) return "verb";
  if ((words.has("error") || words.has("code")) && ERROR_VERB.test(c.before)) return "verb";
  return null;
}

/**
 * Where the context ties a name that is no near miss to a vocabulary: the vocabulary and how. `byContext` says which
 * vocabularies a verb or a list (ties the text does not name) may reach; a column or a sentence naming one reaches any.
 */
export function contextTie(
  term: TermOccurrence,
  c: TermContext,
  sentence: string,
  index: Index,
  byContext: (v: Vocabulary) => boolean = () => true,
): { vocabulary: Vocabulary; how: "column" | "sentence" | "verb" | "list" } | null {
  // A column headed by the vocabulary's own name: every cell value is one of its members.
  if (c.column !== null && c.cellValue) {
    const v = index.all().find((x) => namesVocabulary(c.column!, x, true));
    if (v) return { vocabulary: v, how: "column" };
  }
  // The sentence names the vocabulary, or a verb of its role stands before the name: judged when it has the vocabulary's namespace and shape.
  for (const v of index.shapedLike(term.value)) {
    const how = tieTo(v, c, sentence);
    if (how === "sentence" || (how === "verb" && byContext(v))) return { vocabulary: v, how };
  }
  // A coherent list: at least three of its other names are members of one vocabulary, and the names that are not are at most half as many.
  if (c.neighbours.length >= 3) {
    const counts = new Map<Vocabulary, number>();
    let strangers = 1;
    for (const n of c.neighbours) {
      const vs = index.vocabulariesOf(n.value).filter(byContext);
      if (vs.length === 0 && index.members(n.value).length === 0) strangers++;
      for (const v of vs) counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    const best = [...counts].sort((a, b) => b[1] - a[1] || (a[0].id < b[0].id ? -1 : 1))[0];
    // A table whose other column lists the vocabulary's members, one per row (a role table's `Role` column), holds them there:
    // this column is another attribute of those rows (each role's default skill, named like the roles it serves), no list of members.
    const beside =
      c.list === "column" &&
      best !== undefined &&
      (c.otherColumns ?? []).some(
        (col) => col.length >= 3 && col.length >= c.neighbours.length && col.every((t) => index.vocabulariesOf(t.value).includes(best[0])),
      );
    if (best && !beside && best[1] >= 3 && strangers * 2 <= best[1] && fitsShape(term.value, index, best[0])) return { vocabulary: best[0], how: "list" };
  }
  return null;
}

/** The name looks like the vocabulary's members: the same shape as one of them, or, without namespaces, only their segment classes and separators. */
function fitsShape(value: string, index: Index, v: Vocabulary): boolean {
  const members = v.members.filter((m) => !m.deprecated).map((m) => m.value);
  const shape = shapeOf(value);
  if (members.some((m) => shapeOf(m) === shape)) return true;
  // Without a shared shape, only a vocabulary of plain words takes a plain (or hyphenated) word: `writing`, `coding-standards` beside `planner`.
  if (index.shapedLike(value).length > 0 || /[.:]/.test(value) || members.some((m) => /[.:]/.test(m))) return false;
  const classes = new Set(members.flatMap((m) => m.split(/[-_]/).map((seg) => shapeOf(seg))));
  return value.split(/[-_]/).every((seg) => classes.has(shapeOf(seg)));
}
