import { blockAround, collectTerms, sentenceAround, type TermOccurrence } from "../../model/terms.js";
import { MATCH_LIMITS, vocabularyIndexFor, type UnknownMatch } from "../../model/vocabulary-index.js";
import { knownNamesFor } from "../../model/known-names.js";
import { contentRemovalText, literalRemoval, namesOf } from "../../model/history.js";
import { defineRule } from "../types.js";

const L = MATCH_LIMITS;

/** Words by which a sentence says a name is deliberately not (yet) a member: an extension, a proposal, a rejected option. */
const OUTSIDE_NOTE = /\b(non-normative|extensions?|vendor|custom|proposed|proposal|hypothetical|rejected|reserved|future|planned)\b/i;

/** A name that looks like a vocabulary member but is none: a typo, a stale name or one that never existed. */
export default defineRule({
  meta: {
    id: "vocabulary/unknown-term",
    perDocument: { consults: ["vocabularies", "known-names", "history"], schemas: true },
    defaultSeverity: "error",
    description: "Prose or a schema description names a term that clearly belongs to a vocabulary but is not one of its members.",
    explanation:
      "Docs and schema descriptions name event types, error codes and states in backticks; when the name is not in the schema enum or code list " +
      "it stands for, readers build on a name that does not exist. A backticked term (Markdown prose outside fenced blocks and docpact regions, " +
      "schema `description`/`title`/`$comment`) that is no member, alias or retired name of any vocabulary is reported when it clearly belongs to " +
      "one. That needs a vocabulary with namespaces — leading segments such as `run.` each shared by at least " +
      `${L.minNamespaceMembers - 1} canonical members, together covering at least ${L.namespaceShare * 100}% of at least ${L.minNamespaceMembers} ` +
      "members — and a term that starts with one of them, and then: (1) it equals a member of that namespace once `.`, `-` and `_` are folded " +
      "(same letters, same segment classes), or camel humps read as separators (`agent.toolCalled` for `agent.tool-called`); or " +
      `(2) it has the member's shape (segment character classes, separators, count) and is within 1 edit of it up to ${L.oneEditUpTo} ` +
      `characters, 2 edits above, never below ${L.minEditLength} characters, keeping the first letter, not differing only in digits (\`v1\`/\`v2\`); or ` +
      `(3) the vocabulary is a schema's, the same paragraph, table row or schema string names one of its members, and the term is in a namespace of at least ${L.minShapeMembers} members, has their shape and ends as all of them do (2+ letters such as the \`ed\` of past-tense events, when they share one). The suggestion is the closest canonical member. ` +
      "The edit budget counts the part after the namespace (`host.sms` is no typo of `host.fs`). " +
      "It stays silent (and counts the place as not judged, with the reason) when its sentence places the name outside the vocabulary " +
      "(non-normative, extension, vendor, custom, proposed, hypothetical, rejected, reserved, future, planned), and when the term is explained by anything else docpact knows: " +
      "a CLI command, sub-command or flag; a property or definition name of a loaded schema, or a dotted path of nested properties " +
      "(`memory.supported`); a heading or its anchor; a file name; a name declared in the code or a string literal of a code union type; or a field path: a member of the same vocabulary followed by `.` and more (`agent.decided.confidence`), " +
      "or, for a namespace match, a one-word member of any vocabulary (a thing the project names, such as `run`) followed by property or code names (`run.metadata`). Never judged at all: plain one-segment words (`states` is no typo of `status`), vocabularies without " +
      "namespaces (plain words such as `draft`/`ready`, or a few hyphenated labels), inline unions of a property's type (they only serve as " +
      "mirrors), file paths and host names (`/` or a file extension), flags, placeholders (`<x>`, `{x}`, `$VAR`, `*`, `NNN`), snippets with " +
      "spaces, quotes or parentheses, numbers and versions, URLs, CLI invocations, and names in another namespace or shape " +
      "(`session-close` beside `session.close`, `run.runId` beside `run.started`). " +
      "Inside a git work tree, when a commit removed the term from the vocabulary's own file (the newest of the last 1,000 commits that touched the schemas and code), " +
      "the message names it; when the commit replaced it on the same line by a name that is a member now, that member is the suggestion.",
    messages: {
      folded: "`{{term}}` is not a member of {{vocabulary}}; it differs from `{{member}}` only in separators",
      notMember: "`{{term}}` is not a member of {{vocabulary}}{{hint}}",
      namespace: "`{{term}}` has the namespace `{{namespace}}` and shape of {{vocabulary}} but is not one of its members{{hint}}",
    },
    examples: {
      bad: {
        "docs/events.md": "The kernel emits `run.strated` when a run begins and `run.finished` when it ends.\n",
        "events.schema.json": JSON.stringify({ $defs: { eventType: { enum: ["run.started", "run.finished", "run.failed"] } } }),
      },
      good: {
        "docs/events.md": "The kernel emits `run.started` when a run begins and `run.finished` when it ends.\n",
        "events.schema.json": JSON.stringify({ $defs: { eventType: { enum: ["run.started", "run.finished", "run.failed"] } } }),
      },
    },
    example: {
      bad: "The kernel emits `run.strated` when a run begins.",
      fix: "Use the schema's member: `run.started`.",
    },
  },
  check(ctx) {
    const { model } = ctx;
    const index = vocabularyIndexFor(model);
    const known = knownNamesFor(model);
    const terms = collectTerms(model);
    const byFile = new Map<string, TermOccurrence[]>();
    for (const t of terms) {
      const list = byFile.get(t.file);
      if (list) list.push(t);
      else byFile.set(t.file, [t]);
    }
    for (const term of terms) {
      if (index.retired(term.value).length > 0) continue; // vocabulary/retired-term's
      const match = index.classify(term.value);
      if (!match) continue;
      const v = match.vocabulary;
      // A name that is no near miss of a member belongs to the vocabulary only where the text is about it.
      if (match.reason === "namespace" && !namesMemberNearby(term, byFile.get(term.file) ?? [], model.texts.get(term.file), (x) => index.isMemberOf(x, v))) {
        ctx.notJudged(term.span, "no member of the vocabulary is named in the same paragraph");
        continue;
      }
      if (OUTSIDE_NOTE.test(sentenceAround(model.texts.get(term.file), term.offset, term.source === "schema"))) {
        ctx.notJudged(term.span, "the sentence places the name outside the vocabulary");
        continue;
      }
      // A one-word member plus fields (`run.metadata`) explains only a namespace match, never a near miss of a member.
      if (index.fieldPathOf(term.value, v, (seg) => match.reason === "namespace" && known.isField(seg)) !== null) {
        ctx.notJudged(term.span, "a field path of a member");
        continue;
      }
      const kind = known.explain(term.value);
      if (kind !== null) {
        ctx.notJudged(term.span, `also names a ${kind}`);
        continue;
      }
      // Git history, when there is one: the commit that removed the term from the vocabulary's file, or renamed it to a member.
      const history = model.history;
      const vocabFiles = history ? namesOf(history, v.file) : [];
      const gone = literalRemoval(history, term.value, (f) => vocabFiles.includes(f), (x) => index.isMemberOf(x, v));
      const evidence = gone && (gone.removal.kind === "removed" || gone.now !== null) ? gone : null;
      const found = evidence?.now ? { ...match, suggestion: evidence.now } : match;
      ctx.report({
        span: term.span,
        ...message(term.value, found),
        ...(evidence ? { evidence: contentRemovalText(evidence.removal, (x) => `\`${x}\``, evidence.removal.file) } : {}),
        ...(found.suggestion !== null ? { suggestions: [found.suggestion] } : {}),
        related: [{ file: v.span.file, line: v.span.line, column: v.span.column, message: `vocabulary ${v.id}` }],
      });
    }
  },
});

function message(value: string, m: UnknownMatch) {
  const id = m.vocabulary.id;
  const hint = m.suggestion !== null ? `; did you mean \`${m.suggestion}\`?` : "";
  switch (m.reason) {
    case "folded":
      return { messageId: "folded", data: { term: value, vocabulary: id, member: m.suggestion ?? "" } } as const;
    case "edit-distance":
      return { messageId: "notMember", data: { term: value, vocabulary: id, hint } } as const;
    case "namespace":
      return { messageId: "namespace", data: { term: value, vocabulary: id, namespace: m.namespace ?? "", hint } } as const;
  }
}

/** True when the paragraph (Markdown) or string (schema) holding `term` also names a member the predicate accepts. */
function namesMemberNearby(term: TermOccurrence, fileTerms: TermOccurrence[], text: string | undefined, isMember: (value: string) => boolean): boolean {
  const [start, end] = blockAround(text, term.offset, term.source === "schema");
  return fileTerms.some((t) => t !== term && t.offset >= start && t.offset < end && isMember(t.value));
}
