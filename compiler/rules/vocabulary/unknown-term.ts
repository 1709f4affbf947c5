import { collectTerms } from "../../model/terms.js";
import { MATCH_LIMITS, vocabularyIndexFor, type UnknownMatch } from "../../model/vocabulary-index.js";
import { defineRule } from "../types.js";

const L = MATCH_LIMITS;

/** A name that looks like a vocabulary member but is none: a typo, a stale name or one that never existed. */
export default defineRule({
  meta: {
    id: "vocabulary/unknown-term",
    defaultSeverity: "error",
    description: "Prose or a schema description names a term that clearly belongs to a vocabulary but is not one of its members.",
    explanation:
      "Docs and schema descriptions name event types, error codes and states in backticks; when the name is not in the schema enum or code list " +
      "it stands for, readers build on a name that does not exist. A backticked term (Markdown prose outside fenced blocks and docpact regions, " +
      "schema `description`/`title`/`$comment`) that is no member of any vocabulary is reported when it clearly belongs to one: " +
      "(1) it equals a canonical member once `.`, `-` and `_` are folded (multi-segment terms, letters identical); or " +
      `(2) it is within ${1} edit of a member up to ${L.oneEditUpTo} characters, 2 edits above, never below ${L.minEditLength} characters, ` +
      "keeping the first letter, not differing only in digits (`v1`/`v2`), and without capitals the member lacks; or " +
      `(3) it starts with one of the vocabulary's namespaces — a leading segment such as \`run.\` shared by at least ` +
      `${L.minNamespaceMembers - 1} canonical members, where the namespaces together cover at least ${L.namespaceShare * 100}% of at least ` +
      `${L.minNamespaceMembers} members — and has the shape of that namespace's members (segment character classes, ` +
      "separators, segment count). The suggestion is the closest canonical member. Never flagged: file paths and host names (`/` or a file " +
      "extension), flags, placeholders (`<x>`, `{x}`, `$VAR`, `*`, `NNN`), snippets with spaces, quotes or parentheses, numbers and versions, " +
      "URLs, CLI invocations, field paths in another shape (`run.runId` beside `run.started`), and plain one-segment words — except by one " +
      `edit from a single-word member of at least ${L.minPlainWordLength} characters in a vocabulary of at least ${L.minNamespaceMembers} members, ` +
      "and not an inflection of it. Vocabularies of plain words (`draft`/`ready`, `string`/`number`, `true`/`false`) have no namespace, so " +
      "they never match by shape.",
    messages: {
      folded: "`{{term}}` is not a member of {{vocabulary}}; it differs from `{{suggestion}}` only in separators",
      editDistance: "`{{term}}` is not a member of {{vocabulary}}",
      editDistanceHint: "`{{term}}` is not a member of {{vocabulary}}; did you mean `{{suggestion}}`?",
      namespace: "`{{term}}` has the namespace `{{namespace}}` and shape of {{vocabulary}} but is not one of its members",
      namespaceHint: "`{{term}}` has the namespace `{{namespace}}` and shape of {{vocabulary}} but is not one of its members; did you mean `{{suggestion}}`?",
    },
    examples: {
      bad: { "schemas/event.schema.json": JSON.stringify({ $schema: "http://json-schema.org/draft-07/schema#", $defs: { eventType: { enum: ["run.started", "run.finished", "run.failed"] } } }), "doc.md": "The kernel emits `run.strated` when a run begins.\n" },
      good: { "schemas/event.schema.json": JSON.stringify({ $schema: "http://json-schema.org/draft-07/schema#", $defs: { eventType: { enum: ["run.started", "run.finished", "run.failed"] } } }), "doc.md": "The kernel emits `run.started` when a run begins.\n" },
    },
    example: {
      bad: "The kernel emits `run.strated` when a run begins.",
      fix: "Use the schema's member: `run.started`.",
    },
  },
  check(ctx) {
    const { model } = ctx;
    const index = vocabularyIndexFor(model);
    for (const term of collectTerms(model)) {
      const match = index.classify(term.value);
      if (!match) continue;
      const v = match.vocabulary;
      ctx.report({
        span: term.span,
        ...report(term.value, match),
        related: [{ file: v.span.file, line: v.span.line, column: v.span.column, message: `vocabulary ${v.id}` }],
      });
    }
  },
});

/** The message for a match: the suggestion, when there is one, is a value the user can apply. */
function report(term: string, m: UnknownMatch) {
  const vocabulary = m.vocabulary.id;
  const s = m.suggestion;
  const suggestions = s !== null ? { suggestions: [s] } : {};
  switch (m.reason) {
    case "folded":
      return { messageId: "folded" as const, data: { term, vocabulary, suggestion: String(s) }, ...suggestions };
    case "edit-distance":
      return s !== null
        ? { messageId: "editDistanceHint" as const, data: { term, vocabulary, suggestion: s }, ...suggestions }
        : { messageId: "editDistance" as const, data: { term, vocabulary } };
    case "namespace":
      return s !== null
        ? { messageId: "namespaceHint" as const, data: { term, vocabulary, namespace: m.namespace ?? "", suggestion: s }, ...suggestions }
        : { messageId: "namespace" as const, data: { term, vocabulary, namespace: m.namespace ?? "" } };
  }
}
