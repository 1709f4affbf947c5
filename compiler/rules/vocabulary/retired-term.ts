import { collectTerms, sentenceAround } from "../../model/terms.js";
import { bindingDeclarations, vocabularyIndexForFile } from "../../model/vocabulary-versions.js";
import { recordOfFile } from "../../model/document-record.js";
import { defineRule } from "../types.js";

/** Words that make a sentence a note about the removal rather than a use of the name. */
const RETIREMENT_NOTE = /\b(retired|removed|deprecated|formerly|previously|no longer|legacy)\b/i;

/** A term that names something the vocabulary removed without a replacement. */
export default defineRule({
  meta: {
    id: "vocabulary/retired-term",
    perDocument: { consults: ["vocabularies"], schemas: true },
    defaultSeverity: "error",
    description: "Prose or a schema description names a vocabulary term that was removed without a replacement.",
    explanation:
      "A spec sometimes drops an error code or event outright (`unsupported_modality` is gone, hosts answer `capability_not_provided`). " +
      'Such names are declared retired in config (`vocabularies: [{ "schema": "x.schema.json#/pointer", "retired": ["gone"] }]`) or in ' +
      "a mapping file the spec ships (`vocabularies[].mapping`, an old name mapped to `null`). The rule reports every backticked term in Markdown " +
      "prose or in a schema `description`, `title` or `$comment` that equals a retired name exactly: readers would build on a name no host sends. " +
      "There is no fix, since only a person knows what the sentence should say now. It stays silent when the value is also a member or alias of " +
      "any vocabulary, when the same sentence calls it retired, removed, deprecated, legacy, formerly/previously used or no longer used " +
      "(a note about the removal), and inside docpact regions and fenced code." +
      " A record (a proposal or a historical page: see vocabulary/unknown-term) is not judged: each such place is counted as not judged, with the reason." +
      " A page or schema under a version folder (`docs/2025-06-18/…` beside `schema/2025-06-18/…`: see vocabulary/unknown-term) is judged against its own version's vocabularies only; " +
      "a page under no version folder is not judged against a retirement only an older version declares (the family's newest version does not): " +
      "each such place is counted as not judged, with the reason.",
    messages: {
      retired: "`{{term}}` was retired from {{vocabulary}} and has no replacement",
    },
    examples: {
      bad: {
        "docs/a.md": "Reject the part with `unsupported_modality`.\n",
        "docpact.config.json": JSON.stringify({ vocabularies: [{ schema: "error.schema.json#/properties/code", retired: ["unsupported_modality"] }] }),
        "error.schema.json": JSON.stringify({ type: "object", properties: { code: { enum: ["capability_not_provided", "timeout", "denied"] } } }),
      },
      good: {
        "docs/a.md": "Reject the part with `capability_not_provided`.\n",
        "docpact.config.json": JSON.stringify({ vocabularies: [{ schema: "error.schema.json#/properties/code", retired: ["unsupported_modality"] }] }),
        "error.schema.json": JSON.stringify({ type: "object", properties: { code: { enum: ["capability_not_provided", "timeout", "denied"] } } }),
      },
    },
    example: {
      bad: "A part whose type is not advertised MUST be rejected with `unsupported_modality`.",
      fix: "Name what the spec says now (`capability_not_provided`), or drop the sentence.",
    },
  },
  check(ctx) {
    const { model } = ctx;
    for (const term of collectTerms(model)) {
      const index = vocabularyIndexForFile(model, term.file);
      const retiredIn = index.retired(term.value);
      if (retiredIn.length === 0 || index.members(term.value).length > 0) continue;
      // A page under no version folder is about no one version: an older version's retirement does not bind it.
      const { binding: refs, notBinding } = bindingDeclarations(model, term.file, retiredIn, "retired");
      if (notBinding !== null) {
        ctx.notJudged(term.span, notBinding, { kind: "terms" });
        continue;
      }
      const record = term.source === "markdown" ? recordOfFile(model.docs, model.texts, term.file) : null;
      if (record !== null) {
        ctx.notJudged(term.span, `the document is a record (${record}): its names are its proposal's or its time's`, { kind: "terms" });
        continue;
      }
      ctx.judged(term.span, "terms");
      if (RETIREMENT_NOTE.test(sentenceAround(model.texts.get(term.file), term.offset, term.source === "schema"))) continue;
      const ref = refs[0];
      ctx.report({
        span: term.span,
        messageId: "retired",
        data: { term: term.value, vocabulary: ref.vocabulary.id },
        related: [
          { file: ref.member.span.file, line: ref.member.span.line, column: ref.member.span.column, message: `declared retired for ${ref.vocabulary.id}` },
        ],
      });
    }
  },
});
