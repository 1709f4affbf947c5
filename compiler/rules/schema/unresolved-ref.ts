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
      "Nothing is ever fetched over the network. A missing file, a pointer to nothing, or a remote URI in the folder of a loaded schema's own " +
      "absolute `$id` (the project's published namespace) that no loaded schema declares is reported at the `$ref`, naming the target it looked for; " +
      "a remote URI anywhere else (another publisher's schema) is counted as not judged, since docpact cannot know whether it exists. Add the schema to the `schemas` globs or fix the reference.",
    messages: {
      unresolved: "{{reason}}",
    },
    examples: {
      bad: {
        "s.schema.json": JSON.stringify({
          $schema: "http://json-schema.org/draft-07/schema#",
          $defs: { a: { type: "string" } },
          properties: { x: { $ref: "#/$defs/b" } },
        }),
      },
      good: {
        "s.schema.json": JSON.stringify({
          $schema: "http://json-schema.org/draft-07/schema#",
          $defs: { a: { type: "string" } },
          properties: { x: { $ref: "#/$defs/a" } },
        }),
      },
    },
    example: {
      bad: '{ "$ref": "./common.schema.json#/$defs/id" }  (no such file)',
      fix: "Point the $ref at a loaded schema, or add the schema to `schemas`.",
    },
  },
  check(ctx) {
    const { registry, unresolved } = ctx.model.index.schemas;
    // The project's own published namespaces: the folder URL of each loaded schema's absolute `$id`.
    const bases = [...registry.keys()].filter((k) => /^https?:\/\//i.test(k)).map((k) => k.slice(0, k.lastIndexOf("/") + 1));
    for (const u of unresolved) {
      // Another publisher's schema (a `$ref` to an editor's published settings schema) may well exist: docpact never fetches, so it does not know.
      if (u.reason === "remote" && !bases.some((b) => u.target.startsWith(b))) {
        ctx.notJudged(u.ref.span, "names a remote schema outside the loaded schemas' $id namespaces; docpact never fetches remote schemas");
        continue;
      }
      ctx.report({ span: u.ref.span, messageId: "unresolved", data: { reason: u.message } });
    }
  },
});
