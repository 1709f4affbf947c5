import { recordOfFile } from "../../model/document-record.js";
import { contentRemovalText, literalRemoval, namesOf } from "../../model/history.js";
import { knownNamesFor } from "../../model/known-names.js";
import { fileTermsOf, type TermContext } from "../../model/term-context.js";
import { contextTie, tieTo } from "../../model/term-ties.js";
import { blockAround, collectTerms, sentenceAround, type TermOccurrence } from "../../model/terms.js";
import type { Vocabulary } from "../../model/types.js";
import { isTermCandidate, MATCH_LIMITS, type UnknownMatch, type vocabularyIndexFor } from "../../model/vocabulary-index.js";
import { identifierOfOtherVersionsOnly, memberOfOtherVersionOnly, vocabularyIndexForFile } from "../../model/vocabulary-versions.js";
import { configuredMirrorLinks, mirrorsSchemaFile } from "../../model/vocabulary-declarations.js";
import { namesVocabulary, vocabularyWords } from "../../model/vocabulary-names.js";
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
      "(`memory.supported`); a heading or its anchor; a file name; a name declared in the code, a string literal of a code union type or of a validator's closed set (`z.enum([…])`, `picklist`, `oneOf`); or a field path: a member of the same vocabulary followed by `.` and more (`agent.decided.confidence`), " +
      "or, for a namespace match, a one-word member of any vocabulary (a thing the project names, such as `run`) followed by property or code names (`run.metadata`). Never judged at all: plain one-segment words (`states` is no typo of `status`), vocabularies without " +
      "namespaces (plain words such as `draft`/`ready`, or a few hyphenated labels) outside a coherent list, inline unions of a property's type (they only serve as " +
      "mirrors), file paths and host names (`/` or a file extension), flags, placeholders (`<x>`, `{x}`, `$VAR`, `*`, `NNN`), snippets with " +
      "spaces, quotes or parentheses, numbers and versions, URLs, CLI invocations, and names in another namespace or shape " +
      "(`session-close` beside `session.close`, `run.runId` beside `run.started`). " +
      "A record is never judged (each place it would report is counted as not judged, with the reason): a changelog, release notes or a file named by its date; a document kept under a folder of dated posts (`blog/`, `_posts/`) or of the past " +
      "(`archive/`, `history/`, `superseded/` …); one kept under a folder of proposals or decisions (`seps/`, `rfcs/`, `peps/`, `adr/`, `proposals/`, " +
      "`enhancements/`) or titled with a proposal's id (`SEP-1686: Tasks`, `RFC 42`) unless its status says it is in force (`Status: implemented`, " +
      "`Accepted`, `Active`, `In progress`: it describes the live system); or one whose opening " +
      "(front matter and first 40 lines, fenced blocks left out) says it is preserved as a historical record, archived, superseded, obsolete, withdrawn or rejected, " +
      "or gives a status not in force (`Status: Draft`, `Proposed`, `Superseded`, `Rejected` …): its names are its proposal's or those of its time. " +
      "Versions are kept apart: when a project keeps one schema or code file per version, in paths that differ only in one folder naming a " +
      "version (a date such as `2025-06-18`, `v2`, `1.0`, or `draft`, `next`, `latest` beside a numbered one; at least two versions), a page or " +
      "schema under such a folder is judged against its own version's vocabularies and those outside every version family only, and a name that " +
      'only another version declares explains nothing there (a code name too, when every file declaring it sits under other versions\' folders: `ResultType = "complete" | "input_required"` in schema/draft/schema.ts is no name of a 2025-11-25 page); a file under no version folder knows every version\'s members. ' +
      "Context decides too. A name that is no near miss is judged against a vocabulary where the text ties it there: a Markdown table column " +
      "whose header is the vocabulary's name (`| RunEventType | … |`, the cell's value), a sentence naming the vocabulary (its declaration or " +
      "pointer name, or the schema file's name with it: `run event type`), a verb of its role just before the name (emits, MUST emit, publishes, fires, sends " +
      "for an event vocabulary; returns, answers, rejects/fails/responds with for an error or code one) when the name has the vocabulary's namespace and " +
      "shape, or a coherent list: a run of backticked names joined only by commas, slashes, `or`/`and`, the items of one bullet list or one table column, " +
      "in which at least 3 others are members of one vocabulary and the names no vocabulary knows are at most half as many (plain-word vocabularies " +
      "included: a stale role `writing` listed beside `planner`, `coder`, `reviewer`). In a schema's own strings a verb or a list reaches only the schemas' vocabularies and the code lists declared to mirror that schema file (config `vocabularies`, `@docpact-mirror`, a comment naming the file): a code list met there only by overlap is one implementation's set, perhaps a subset of what the wire format allows (an error-code example list in a schema beside a server's own union), and the place is counted as not judged. A near miss is left alone (counted as not judged) when no such tie " +
      "holds and its list names more things no vocabulary knows than members or near misses of this one (envelope types `prd.create` / " +
      "`theme.create` beside `clarification.request`; not a name that differs from a member only in separators, whose own words tie it), or its sentence names another set (`<word> type(s)`, `variant(s)`, `kind(s)` with a word that is " +
      'not in the vocabulary\'s name: "envelope type", "suspend variants"). ' +
      "Inside a git work tree, history is evidence (the newest of the last 1,000 commits that touched the schemas and code, and the work tree's " +
      "uncommitted changes before them): when a commit removed the term from the vocabulary's own file the message names it; when it replaced it on " +
      "the same line by a name that is a member now, that member is the suggestion. A plain rename is reported that way even when the old name is no " +
      "near miss of the new: a name with a vocabulary's namespace and shape that a commit removed from the vocabulary's file, or a name sharing a member's " +
      "first segment and shape that a commit renamed on its line to that member (a versioned event type bumped; snake_case and kebab-case count as one shape here, so `input_required` renamed to `input-required` is such a rename, never across `.`); without history such a name is counted " +
      "as not judged.",
    messages: {
      folded: "`{{term}}` is not a member of {{vocabulary}}; it differs from `{{member}}` only in separators",
      notMember: "`{{term}}` is not a member of {{vocabulary}}{{hint}}",
      namespace: "`{{term}}` has the namespace `{{namespace}}` and shape of {{vocabulary}} but is not one of its members{{hint}}",
      column: "`{{term}}` is listed under {{header}} but is not a member of {{vocabulary}}{{hint}}",
      listed: "`{{term}}` is listed beside members of {{vocabulary}} but is not one of them{{hint}}",
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
    // Each file is judged against its version's vocabularies (compiler/model/vocabulary-versions.ts); set per term below.
    let index = vocabularyIndexForFile(model, "");
    const known = knownNamesFor(model);
    const terms = collectTerms(model);
    const fileTerms = fileTermsOf(model.texts, terms);
    const contextOf = (t: TermOccurrence) => fileTerms.of(t).contextOf(t);
    const history = model.history;
    const mirrorLinks = configuredMirrorLinks(model.config.vocabularies ?? []);
    // A code name equal to the term is another version's code, not this page's, when it is declared only under other
    // versions' folders; a model without per-file versions (built by hand) falls back to "a member of another version only".
    const otherVersionOnly = (term: TermOccurrence) =>
      model.codeIdentifierVersions
        ? identifierOfOtherVersionsOnly(model, term.file, model.codeIdentifierVersions[term.value])
        : memberOfOtherVersionOnly(model, term.file, term.value);
    const filesOf = (v: Vocabulary) => (history ? namesOf(history, v.file) : []);
    const report = (
      term: TermOccurrence,
      v: Vocabulary,
      m: { messageId: string; data: Readonly<Record<string, string | undefined>> },
      suggestion: string | null,
      gone?: Removal,
    ) => {
      // A proposal or a historical record names what it proposed or what was true then: counted, not judged against today's vocabularies.
      const record = term.source === "markdown" ? recordOfFile(model.docs, model.texts, term.file) : null;
      if (record !== null) {
        ctx.notJudged(term.span, `the document is a record (${record}): its names are its proposal's or its time's`, { kind: "terms" });
        return;
      }
      ctx.judged(term.span, "terms");
      const evidence = gone && (gone.removal.kind === "removed" || gone.now !== null) ? gone : null;
      const s = evidence?.now ?? suggestion;
      const hinted = evidence?.now && m.data.hint !== undefined ? { ...m, data: { ...m.data, hint: `; did you mean \`${evidence.now}\`?` } } : m;
      ctx.report({
        span: term.span,
        ...hinted,
        ...(evidence ? { evidence: contentRemovalText(evidence.removal, (x) => `\`${x}\``, evidence.removal.file) } : {}),
        ...(history ? { historyAsk: { files: filesOf(v) } } : {}),
        ...(s !== null ? { suggestions: [s] } : {}),
        related: [{ file: v.span.file, line: v.span.line, column: v.span.column, message: `vocabulary ${v.id}` }],
      } as Parameters<typeof ctx.report>[0]);
    };
    const removalOf = (term: TermOccurrence, v: Vocabulary): Removal | null => {
      const files = filesOf(v);
      return literalRemoval(
        history,
        term.value,
        (f) => files.includes(f),
        (x) => index.isMemberOf(x, v),
      );
    };
    for (const term of terms) {
      index = vocabularyIndexForFile(model, term.file);
      if (index.members(term.value).length > 0) {
        // A member is known; a deprecated one is vocabulary/deprecated-term's to judge.
        if (index.isCanonical(term.value)) ctx.judged(term.span, "terms");
        continue;
      }
      if (index.retired(term.value).length > 0) continue; // vocabulary/retired-term's
      if (!isTermCandidate(term.value, model.binaries ?? [])) continue;
      const match = index.classify(term.value);
      const c = contextOf(term);
      const sentence = sentenceAround(model.texts.get(term.file), term.offset, term.source === "schema");
      if (match) {
        const v = match.vocabulary;
        const tie = tieTo(v, c, sentence);
        if (tie === null) {
          // A name that is no near miss of a member belongs to the vocabulary only where the text is about it.
          if (
            match.reason === "namespace" &&
            !namesMemberNearby(term, fileTerms.inFile(term.file), model.texts.get(term.file), (x) => index.isMemberOf(x, v))
          ) {
            ctx.notJudged(term.span, "no member of the vocabulary is named in the same paragraph", { kind: "terms" });
            continue;
          }
          // The same words as a member of its own namespace (`agent.toolCalled` for `agent.tool-called`) name that member
          // whatever its list holds: only the sentence can make it another set's.
          const other = otherSet(v, c, sentence, index, known, match.reason !== "folded");
          if (other !== null) {
            ctx.notJudged(term.span, other, { kind: "terms" });
            continue;
          }
        }
        const why = unexplained(term, v, sentence, match.reason === "namespace", index, known, otherVersionOnly(term));
        if (why !== null) {
          ctx.notJudged(term.span, why, { kind: "terms" });
          continue;
        }
        // Git history, when there is one: the commit that removed the term from the vocabulary's file, or renamed it to a member.
        report(term, v, message(term.value, match), match.suggestion, removalOf(term, v) ?? undefined);
        continue;
      }
      // No near miss of any member: judged only where the context ties the name to a vocabulary, or history says it was a member.
      // A schema states the wire format: a verb or a list there reaches the schemas' vocabularies and the code lists that
      // declare they mirror this schema file, never another code list by overlap (one implementation's set, perhaps a subset).
      const tied =
        term.source === "schema"
          ? contextTie(term, c, sentence, index, (v) => v.kind === "schema" || mirrorsSchemaFile(v, term.file, mirrorLinks))
          : contextTie(term, c, sentence, index);
      if (tied === null && term.source === "schema") {
        const byOverlap = contextTie(term, c, sentence, index);
        if (byOverlap !== null) {
          ctx.notJudged(term.span, `tied only by its ${byOverlap.how} to ${byOverlap.vocabulary.id}, a code list this schema does not refer to`, {
            kind: "terms",
          });
          continue;
        }
      }
      if (tied !== null) {
        const why = unexplained(term, tied.vocabulary, sentence, true, index, known, otherVersionOnly(term));
        if (why !== null) {
          ctx.notJudged(term.span, why, { kind: "terms" });
          continue;
        }
        const suggestion = index.suggestionIn(term.value, tied.vocabulary);
        const hint = suggestion !== null ? `; did you mean \`${suggestion}\`?` : "";
        const m =
          tied.how === "column"
            ? ({ messageId: "column", data: { term: term.value, vocabulary: tied.vocabulary.id, header: c.column ?? "", hint } } as const)
            : tied.how === "list"
              ? ({ messageId: "listed", data: { term: term.value, vocabulary: tied.vocabulary.id, hint } } as const)
              : ({ messageId: "notMember", data: { term: term.value, vocabulary: tied.vocabulary.id, hint } } as const);
        report(term, tied.vocabulary, m, suggestion, removalOf(term, tied.vocabulary) ?? undefined);
        continue;
      }
      // A plain rename: the name has a vocabulary's namespace and shape, and a commit (or the work tree) took it out of the vocabulary's file.
      // Vocabularies with namespaces take a removal as evidence; one whose member merely shares the name's first segment and shape needs a rename to a member on the same line.
      const profiled = index.shapedLike(term.value);
      const alike = [...profiled, ...index.memberShaped(term.value).filter((v) => !profiled.includes(v))];
      const shaped = alike.filter((v) => otherSet(v, c, sentence, index, known) === null);
      if (shaped.length === 0) {
        if (alike.length > 0) ctx.notJudged(term.span, otherSet(alike[0], c, sentence, index, known)!, { kind: "terms" });
        continue;
      }
      if (!history) {
        ctx.notJudged(term.span, `has the namespace and shape of ${shaped[0].id} but is no member, and there is no git history to say whether it was one`, {
          kind: "terms",
        });
        continue;
      }
      if (!history.literals) {
        ctx.notJudged(
          term.span,
          `has the namespace and shape of ${shaped[0].id} but is no member; its history was not read`,
          { kind: "terms" },
          {
            files: [...new Set(shaped.flatMap(filesOf))].sort(),
          },
        );
        continue;
      }
      const gone = shaped
        .map((v) => ({ v, gone: removalOf(term, v) }))
        .find((x) => x.gone !== null && (x.gone.now !== null || (x.gone.removal.kind === "removed" && profiled.includes(x.v))));
      if (!gone) {
        ctx.notJudged(term.span, `has the namespace and shape of ${shaped[0].id} but is no member, and no commit removed it from the vocabulary's file`, {
          kind: "terms",
        });
        continue;
      }
      const why = unexplained(term, gone.v, sentence, true, index, known, otherVersionOnly(term));
      if (why !== null) {
        ctx.notJudged(term.span, why, { kind: "terms" });
        continue;
      }
      const suggestion = gone.gone!.now ?? index.suggestionIn(term.value, gone.v);
      const hint = suggestion !== null ? `; did you mean \`${suggestion}\`?` : "";
      report(term, gone.v, { messageId: "notMember", data: { term: term.value, vocabulary: gone.v.id, hint } }, suggestion, gone.gone!);
    }
  },
});

type Removal = NonNullable<ReturnType<typeof literalRemoval>>;
type Index = ReturnType<typeof vocabularyIndexFor>;
type Known = ReturnType<typeof knownNamesFor>;

/** Nouns that name a set of things: "envelope type", "suspend variants". */
const SET_NOUN = /\b([A-Za-z][\w-]*)[ -](?:types?|variants?|kinds?)\b/g;
const FILLER = new Set([
  "the",
  "a",
  "an",
  "this",
  "that",
  "each",
  "every",
  "its",
  "their",
  "same",
  "other",
  "which",
  "what",
  "any",
  "all",
  "of",
  "one",
  "event",
  "value",
  "member",
]);

/**
 * Why the text makes the term's set another than `v`, or null: its list names mostly things no vocabulary knows
 * (`prd.create` / `theme.create` beside a near miss), or its sentence names a set the vocabulary's name does not
 * ("envelope type strings", "suspend variants").
 */
function otherSet(v: Vocabulary, c: TermContext, sentence: string, index: Index, known: Known, byList = true): string | null {
  if (byList && c.neighbours.length > 0) {
    let own = 0;
    const strangers: string[] = [];
    for (const n of c.neighbours) {
      if (index.isMemberOf(n.value, v) || index.classify(n.value)?.vocabulary === v || index.shapedLike(n.value).includes(v)) own++;
      else if (index.members(n.value).length === 0 && isTermCandidate(n.value) && known.explain(n.value) === null) strangers.push(n.value);
    }
    if (strangers.length > own)
      return `its list names things of another set (${strangers
        .slice(0, 3)
        .map((x) => `\`${x}\``)
        .join(", ")})`;
  }
  if (namesVocabulary(sentence, v)) return null;
  const words = vocabularyWords(v);
  for (const m of sentence.replace(/`[^`]*`/g, " ").matchAll(SET_NOUN)) {
    const w = m[1].toLowerCase().replace(/s$/, "");
    if (FILLER.has(w) || words.has(w)) continue;
    return `its sentence names another set (${m[0].toLowerCase()})`;
  }
  return null;
}

/**
 * Why the term is left alone although it is tied to `v` (the sentence places it outside, a field path, a name of something else), or null.
 * `otherVersion`: a code name equal to the term is declared only in other versions' code, so it names nothing of this page's version.
 */
function unexplained(
  term: TermOccurrence,
  v: Vocabulary,
  sentence: string,
  namespaceOnly: boolean,
  index: Index,
  known: Known,
  otherVersion = false,
): string | null {
  // The sentence's prose places it outside, not the names it lists (`extension` among the task types is a name).
  if (OUTSIDE_NOTE.test(sentence.replace(/`[^`]*`/g, " "))) return "the sentence places the name outside the vocabulary";
  // A one-word member plus fields (`run.metadata`) explains only a namespace match, never a near miss of a member.
  if (index.fieldPathOf(term.value, v, (seg) => namespaceOnly && known.isField(seg)) !== null) return "a field path of a member";
  const kind = known.explain(term.value);
  if (kind === "code identifier" && otherVersion) return null;
  return kind !== null ? `also names a ${kind}` : null;
}

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
