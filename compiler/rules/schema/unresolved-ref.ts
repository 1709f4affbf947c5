import { defineRule } from "../types.js";

/** A `$ref` whose target is not among the loaded schemas (docpact never fetches). */
export default defineRule({
  meta: {
    id: "schema/unresolved-ref",
    defaultSeverity: "error",
    description: "A $ref points to a schema, pointer or anchor that is not among the loaded schemas.",
    explanation:
      "docpact resolves `$ref`s offline: local pointers (`#/$defs/x`, with `~0`/`~1` and %-escapes), anchors, relative files " +
      "(against the schema's `$id` base, then its file path) and absolute URIs that some loaded schema declares as its `$id`. " +
      "Nothing is ever fetched over the network, so a remote URI no loaded schema declares, a missing file or a pointer to nothing " +
      "is reported at the `$ref`, naming the target it looked for. Add the schema to the `schemas` globs or fix the reference.",
    messages: {
      unresolved: "{{reason}}",
    },
    examples: {
      bad: { "s.schema.json": JSON.stringify({ $schema: "http://json-schema.org/draft-07/schema#", $defs: { a: { type: "string" } }, properties: { x: { $ref: "#/$defs/b" } } }) },
      good: { "s.schema.json": JSON.stringify({ $schema: "http://json-schema.org/draft-07/schema#", $defs: { a: { type: "string" } }, properties: { x: { $ref: "#/$defs/a" } } }) },
    },
    example: {
      bad: '{ "$ref": "./common.schema.json#/$defs/id" }  (no such file)',
      fix: "Point the $ref at a loaded schema, or add the schema to `schemas`.",
    },
  },
  check(ctx) {
    for (const u of ctx.model.index.schemas.unresolved) {
      ctx.report({ span: u.ref.span, messageId: "unresolved", data: { reason: u.message } });
    }
  },
});
