import { spanAtPointer } from "../../readers/json-positions.js";
import { metaValidate } from "../../model/schema-ajv.js";
import { getSchemaGraph } from "../../model/schemas.js";
import type { SchemaDoc } from "../../model/types.js";
import { defineRule } from "../types.js";

/** Why a `$schema` is refused; null when the dialect is supported. */
export function dialectMessage(doc: SchemaDoc): string | null {
  if (doc.dialect !== null || doc.schemaUri === null) return null;
  if (/draft-04\/schema#?$/.test(doc.schemaUri.trim())) {
    return `draft-04 schemas are not supported ($schema "${doc.schemaUri}"): move to draft-07 (rename "id" to "$id", make exclusiveMinimum/exclusiveMaximum numbers) or 2020-12`;
  }
  return `unknown $schema dialect "${doc.schemaUri}": docpact supports draft-06, draft-07, 2019-09 and 2020-12 (https://json-schema.org/draft-07/schema#, https://json-schema.org/draft/2020-12/schema, …)`;
}

/** A schema that is not valid JSON, names an unsupported dialect, fails its meta-schema or reuses an `$id`. */
export default defineRule({
  meta: {
    id: "schema/invalid",
    defaultSeverity: "error",
    description: "A JSON Schema is not valid JSON, names an unsupported dialect, fails its dialect's meta-schema or reuses another schema's $id.",
    explanation:
      "Schemas are the machine-readable half of the contract; everything docpact generates or checks from them assumes they are well-formed. " +
      "The rule reports JSON syntax errors and duplicate keys at their position, a `$schema` that is not draft-06, draft-07, 2019-09 or 2020-12 " +
      "(draft-04 is refused with a migration hint; a missing `$schema` means draft-07), every error Ajv finds when validating the schema against " +
      "its own dialect's bundled meta-schema (never fetched), at the offending keyword, and an `$id` already declared by another schema, at the second one.",
    example: {
      bad: '{ "$schema": "https://json-schema.org/draft/2020-12/schema", "type": "strng" }',
      fix: 'Use a valid type: "type": "string".',
    },
  },
  check(ctx) {
    const schemas = ctx.model.schemas ?? [];
    for (const doc of schemas) {
      for (const p of doc.problems) ctx.report({ span: p.span, message: p.message });
      if (doc.value === undefined) continue;
      const dialect = dialectMessage(doc);
      if (dialect) {
        ctx.report({ span: spanAtPointer(doc.locations, "/$schema")!, message: dialect });
        continue;
      }
      for (const issue of metaValidate(doc)) {
        const span = spanAtPointer(doc.locations, issue.pointer)!;
        const where = issue.pointer === "" ? "schema root" : issue.pointer;
        ctx.report({ span, message: `${where} ${issue.message} (${doc.dialect} meta-schema, keyword "${issue.keyword}")` });
      }
    }
    // What the generator could not make of a schema (types, validator, x-replaced-by) is this rule's too: never a silent skip.
    for (const p of ctx.plan.problems) if (p.rule === "schema/invalid") ctx.report({ span: p.span, message: p.message });
    for (const d of getSchemaGraph(schemas).duplicates) {
      ctx.report({
        span: d.second.span,
        message: `$id "${d.id}" is already declared by ${d.first.file}`,
        related: [{ file: d.first.file, line: d.first.span.line, column: d.first.span.column, message: "first declared here" }],
      });
    }
  },
});
