/**
 * The names a text may call a vocabulary by: its declaration's name
 * (`RunEventType`, `RUN_EVENTS`), the schema pointer's own segments
 * (`…/properties/eventType`), and the schema file's name with the last
 * segment (`run-event` + `type`). Each as lower-case words; only names of at
 * least two words, since one word (`type`, `status`) names too many things.
 */
import { nameWords } from "./term-context.js";
import type { Vocabulary } from "./types.js";
import { mapMemo, weakMemo } from "../util/memo.js";

/** Pointer segments that are JSON Schema structure, not names. */
const STRUCTURE = new Set([
  "properties",
  "items",
  "$defs",
  "definitions",
  "oneOf",
  "anyOf",
  "allOf",
  "enum",
  "const",
  "additionalProperties",
  "patternProperties",
  "prefixItems",
  "then",
  "else",
  "if",
  "not",
]);

const memo = weakMemo<Vocabulary, string[][]>("model/vocabulary-names#memo");
const singularNames = weakMemo<Vocabulary, string[][]>("model/vocabulary-names#singularNames");
/** A text's words, each without a final `s` (namesVocabulary's side of the comparison). */
const singularText = mapMemo<string, string[]>("model/vocabulary-names#singularText", 8192);

const singular = (words: string[]): string[] => words.map((w) => w.replace(/s$/, ""));

/** The vocabulary's names, each as its words (at least two). */
export function vocabularyNames(v: Vocabulary): string[][] {
  let out = memo.get(v);
  if (out) return out;
  const names: string[][] = [];
  const add = (words: string[]) => {
    if (words.length >= 2 && !names.some((n) => n.join(" ") === words.join(" "))) names.push(words);
  };
  if (v.kind === "code") add(nameWords(v.name.replace(/^.*#/, "")));
  else {
    const segs = segmentsOf(v);
    for (const s of segs) add(nameWords(s));
    const base = v.file.replace(/^.*\//, "").replace(/(\.schema)?\.(json|ya?ml)$/i, "");
    const last = segs.length > 0 ? nameWords(segs[segs.length - 1]) : [];
    const fileWords = nameWords(base);
    if (last.length > 0 && fileWords.length > 0) add([...fileWords, ...last.filter((w) => !fileWords.includes(w))]);
  }
  out = names;
  memo.set(v, out);
  return out;
}

/** The schema pointer's segments that name something (structure keywords and indexes left out). */
function segmentsOf(v: Vocabulary): string[] {
  return v.name
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .filter((s) => s !== "" && !STRUCTURE.has(s) && !/^\d+$/.test(s));
}

/** Every word of every name (for telling a sibling set's name from the vocabulary's own). */
export function vocabularyWords(v: Vocabulary): Set<string> {
  const out = new Set<string>();
  for (const n of vocabularyNames(v)) for (const w of n) out.add(w.replace(/s$/, ""));
  if (v.kind === "code") for (const w of nameWords(v.name)) out.add(w.replace(/s$/, ""));
  else
    for (const s of [...segmentsOf(v), v.file.replace(/^.*\//, "").replace(/(\.schema)?\.(json|ya?ml)$/i, "")])
      for (const w of nameWords(s)) out.add(w.replace(/s$/, ""));
  return out;
}

/** True when `text` (a header, a sentence) names the vocabulary: one of its names, word for word (plural allowed), appears in it. */
export function namesVocabulary(text: string, v: Vocabulary, whole = false): boolean {
  // The same sentence or header is asked about for every vocabulary, and again on every watch run.
  let words = singularText.get(text);
  if (!words) singularText.set(text, (words = singular(nameWords(text))));
  let names = singularNames.get(v);
  if (!names) singularNames.set(v, (names = vocabularyNames(v).map(singular)));
  for (const n of names) {
    if (whole) {
      if (n.length === words.length && n.every((w, i) => w === words[i])) return true;
      continue;
    }
    for (let i = 0; i + n.length <= words.length; i++) if (n.every((w, j) => words[i + j] === w)) return true;
  }
  return false;
}
