import { spanAtPointer } from "../../util/json-pointer.js";
import { metaValidate } from "../../model/schema-ajv.js";
import type { SchemaDoc } from "../../model/types.js";
import { defineRule } from "../types.js";

/** Why a `$schema` is refused; null when the dialect is supported. */
export function dialectMessage(doc: SchemaDoc): string | null {
  if (doc.dialect !== null || doc.schemaUri === null) return null;
  return `unknown $schema dialect "${doc.schemaUri}": docpact supports draft-04, draft-06, draft-07, 2019-09 and 2020-12 (http://json-schema.org/draft-04/schema#, https://json-schema.org/draft-07/schema#, https://json-schema.org/draft/2020-12/schema, …)`;
}

/** A schema that is not valid JSON, names an unsupported dialect, fails its meta-schema or reuses an `$id`. */
export default defineRule({
  meta: {
    id: "schema/invalid",
    defaultSeverity: "error",
    description: "A JSON Schema is not valid JSON, names an unsupported dialect, fails its dialect's meta-schema or reuses another schema's $id.",
    explanation:
      "Schemas are the machine-readable half of the contract; everything docpact generates or checks from them assumes they are well-formed. " +
      "The rule reports JSON syntax errors and duplicate keys at their position, a `$schema` that is not draft-04, draft-06, draft-07, 2019-09 or 2020-12 " +
      "(a missing `$schema` means draft-07; each dialect is checked by Ajv's own support for it), every error Ajv finds when validating the schema against " +
      "its own dialect's bundled meta-schema (never fetched), at the offending keyword, and an `$id` already declared by another schema, at the second one.",
    messages: {
      unreadable: "{{reason}}",
      dialect: "{{reason}}",
      metaSchema: '{{where}} {{reason}} ({{dialect}} meta-schema, keyword "{{keyword}}")',
      replacedByUnknown: 'x-replaced-by of "{{member}}" names "{{replacedBy}}", which is not a canonical member of {{vocabulary}}',
      noTypes: "cannot generate types for {{schema}}: {{detail}}",
      noValidator: "cannot compile a validator for {{schema}}: {{detail}}",
      refWithoutModule: "{{schema}} refers to {{detail}}, which has no generated module",
      noRootType: "generated types for {{schema}} lack the root type {{detail}}",
      duplicateId: '$id "{{id}}" is already declared by {{first}}',
    },
    examples: {
      bad: { "s.schema.json": '{ "$schema": "https://json-schema.org/draft/2020-12/schema", "type": "strng" }' },
      good: { "s.schema.json": '{ "$schema": "https://json-schema.org/draft/2020-12/schema", "type": "string" }' },
    },
    example: {
      bad: '{ "$schema": "https://json-schema.org/draft/2020-12/schema", "type": "strng" }',
      fix: 'Use a valid type: "type": "string".',
    },
  },
  check(ctx) {
    const schemas = ctx.model.schemas ?? [];
    for (const doc of schemas) {
      for (const p of doc.problems) ctx.report({ span: p.span, messageId: "unreadable", data: { reason: p.message } });
      if (doc.value === undefined) continue;
      const dialect = dialectMessage(doc);
      if (dialect) {
        ctx.report({ span: spanAtPointer(doc.locations, "/$schema")!, messageId: "dialect", data: { reason: dialect } });
        continue;
      }
      for (const issue of metaValidate(doc)) {
        const span = spanAtPointer(doc.locations, issue.pointer)!;
        const where = issue.pointer === "" ? "schema root" : issue.pointer;
        ctx.report({ span, messageId: "metaSchema", data: { where, reason: issue.message, dialect: String(doc.dialect), keyword: issue.keyword } });
      }
    }
    // A deprecated member's replacement must be a canonical member of the same vocabulary.
    for (const v of schemas.flatMap((doc) => doc.vocabularies)) {
      const canonical = new Set(v.members.filter((m) => !m.deprecated).map((m) => m.value));
      for (const m of v.members) {
        if (!m.deprecated || m.replacedBy === undefined || canonical.has(m.replacedBy)) continue;
        ctx.report({ span: m.span, messageId: "replacedByUnknown", data: { member: m.value, replacedBy: m.replacedBy, vocabulary: v.id } });
      }
    }
    for (const f of ctx.plan.facts) {
      if (f.kind === "schema-not-generated") ctx.report({ span: f.span, messageId: NOT_GENERATED[f.step], data: { schema: f.schema, detail: f.detail } });
    }
    for (const d of ctx.model.index.schemas.duplicates) {
      ctx.report({
        span: d.second.span,
        messageId: "duplicateId",
        data: { id: d.id, first: d.first.file },
        related: [{ file: d.first.file, line: d.first.span.line, column: d.first.span.column, message: "first declared here" }],
      });
    }
  },
});

/** The message for each step at which a schema's module could not be generated. */
const NOT_GENERATED = { types: "noTypes", validator: "noValidator", "ref-module": "refWithoutModule", "root-type": "noRootType" } as const;
