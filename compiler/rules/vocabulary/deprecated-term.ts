import type { RelatedLocation } from "../../model/diagnostic.js";
import { collectTerms, DEPRECATION_NOTE, replaceTermEdit, sentenceAround, type TermOccurrence } from "../../model/terms.js";
import { bindingDeclarations, vocabularyIndexForFile } from "../../model/vocabulary-versions.js";
import { recordOfFile } from "../../model/document-record.js";
import { defineRule } from "../types.js";

/** A term that still names a deprecated alias: the rename has not reached this sentence. */
export default defineRule({
  meta: {
    id: "vocabulary/deprecated-term",
    perDocument: { consults: ["vocabularies"], schemas: true },
    defaultSeverity: "warning",
    description: "Prose or a schema description names a deprecated vocabulary member.",
    explanation:
      "When a vocabulary renames a member (`envelope.retry.exhausted` → `envelope.retry-exhausted`) the old name lives on as a deprecated alias, " +
      "declared in the schema (`x-deprecated` / `x-replaced-by` next to an `enum`, or `deprecated` / `x-replaced-by` on a `const` branch), in " +
      'config (`vocabularies: [{ "schema": "x.schema.json#/pointer", "aliases": { "old": "new" } }]`), in a mapping file the spec ships ' +
      "(`vocabularies[].mapping`: a JSON or YAML file and a pointer to an object of old → new names, or to an array of rows whose fields `mappingFields` names), or on a code member (`/** @deprecated use x */`). " +
      "Docs and schema descriptions that still say the old name teach readers a name the contract is dropping. The rule reports every backticked " +
      "term in Markdown prose or in a schema `description`, `title` or `$comment` that equals a deprecated name exactly, and suggests its " +
      "replacement; `docpact build --fix` rewrites exactly the token (JSON-escaped inside schema strings) and nothing else. It stays silent when " +
      "the value is also a canonical member of another vocabulary, when the same sentence also names the replacement or calls it deprecated, " +
      "renamed, an alias, legacy, old or formerly/previously used (a note explaining the rename), and inside docpact regions and fenced code." +
      " A record (a proposal or a historical page: see vocabulary/unknown-term) is not judged: each such place is counted as not judged, with the reason." +
      " A page or schema under a version folder (`docs/2025-06-18/…` beside `schema/2025-06-18/…`: see vocabulary/unknown-term) is judged against its own version's vocabularies only; " +
      "a page under no version folder is not judged against a deprecation only an older version declares (the family's newest version — " +
      "`draft`, `next`, `latest`, `unreleased`, else the highest number — does not): each such place is counted as not judged, with the reason.",
    fixable: true,
    messages: {
      deprecated: "`{{term}}` is a deprecated member of {{vocabulary}}",
      useReplacement: "`{{term}}` is a deprecated member of {{vocabulary}}; use `{{replacement}}`",
      replacedByEither: "`{{term}}` is a deprecated member of {{vocabulary}}; replaced by {{replacements}}",
    },
    examples: {
      bad: {
        "schemas/event.schema.json": JSON.stringify({
          $schema: "http://json-schema.org/draft-07/schema#",
          $defs: { eventType: { enum: ["run.started", "run.begun"], "x-deprecated": ["run.begun"], "x-replaced-by": { "run.begun": "run.started" } } },
        }),
        "doc.md": "The kernel emits `run.begun` first.\n",
      },
      good: {
        "schemas/event.schema.json": JSON.stringify({
          $schema: "http://json-schema.org/draft-07/schema#",
          $defs: { eventType: { enum: ["run.started", "run.begun"], "x-deprecated": ["run.begun"], "x-replaced-by": { "run.begun": "run.started" } } },
        }),
        "doc.md": "The kernel emits `run.started` first.\n",
      },
    },
    example: {
      bad: "The run ends with `envelope.retry.exhausted`.",
      fix: "Say `envelope.retry-exhausted` (run `docpact build --fix`).",
    },
  },
  check(ctx) {
    const { model } = ctx;
    for (const term of collectTerms(model)) {
      const index = vocabularyIndexForFile(model, term.file);
      const deprecatedIn = index.members(term.value).filter((r) => r.member.deprecated);
      if (deprecatedIn.length === 0 || index.isCanonical(term.value)) continue;
      // A page under no version folder is about no one version: an older version's deprecation does not bind it.
      const { binding: refs, notBinding } = bindingDeclarations(model, term.file, deprecatedIn, "deprecated");
      if (notBinding !== null) {
        ctx.notJudged(term.span, notBinding, { kind: "terms" });
        continue;
      }
      const replacements = [...new Set(refs.map((r) => r.member.replacedBy).filter((x): x is string => x !== undefined))].sort();
      const replacement = replacements.length === 1 ? replacements[0] : null;
      // A sentence about the rename ("`a.b` became `a-b`", "… are deprecated aliases") names the old term on purpose.
      const sentence = sentenceAround(model.texts.get(term.file), term.offset, term.source === "schema");
      const record = term.source === "markdown" ? recordOfFile(model.docs, model.texts, term.file) : null;
      if (record !== null) {
        ctx.notJudged(term.span, `the document is a record (${record}): its names are its proposal's or its time's`, { kind: "terms" });
        continue;
      }
      ctx.judged(term.span, "terms");
      if (replacement !== null && sentence.includes("`" + replacement + "`")) continue;
      if (DEPRECATION_NOTE.test(sentence)) continue;
      const ref = refs[0];
      const related: RelatedLocation[] = [
        { file: ref.member.span.file, line: ref.member.span.line, column: ref.member.span.column, message: `deprecated in ${ref.vocabulary.id}` },
      ];
      ctx.report({
        span: term.span,
        ...(replacement !== null
          ? { messageId: "useReplacement" as const, data: { term: term.value, vocabulary: ref.vocabulary.id, replacement }, suggestions: [replacement] }
          : replacements.length > 1
            ? {
                messageId: "replacedByEither" as const,
                data: { term: term.value, vocabulary: ref.vocabulary.id, replacements: replacements.map((r) => `\`${r}\``).join(" or ") },
              }
            : { messageId: "deprecated" as const, data: { term: term.value, vocabulary: ref.vocabulary.id } }),
        related,
        ...fixFor(term, replacement, model.texts.get(term.file)),
      });
    }
  },
});

function fixFor(term: TermOccurrence, replacement: string | null, text: string | undefined) {
  if (replacement === null) return {};
  const edit = replaceTermEdit(term, replacement, text);
  if (!edit) return {};
  return { fix: { description: `replace \`${term.value}\` with \`${replacement}\``, file: term.file, edits: [edit] } };
}
