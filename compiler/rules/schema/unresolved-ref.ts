import { defineRule } from "../types.js";

/** The folder a URI names (origin + path up to the last `/`); "" for what is not a URL. */
function namespaceOf(uri: string): string {
  try {
    const u = new URL(uri);
    if (u.protocol === "file:") return "";
    return u.origin + u.pathname.slice(0, u.pathname.lastIndexOf("/") + 1);
  } catch {
    return "";
  }
}

/** The folders under which loaded schemas declare their `$id`s: a namespace the project owns. */
function ownedNamespaces(ids: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const id of ids) {
    const ns = namespaceOf(id);
    if (ns !== "") out.add(ns);
  }
  return out;
}

/** A `$ref` whose target is not among the loaded schemas (docpact never fetches). */
export default defineRule({
  meta: {
    id: "schema/unresolved-ref",
    defaultSeverity: "error",
    description: "A $ref points to a schema, pointer or anchor that is not among the loaded schemas.",
    explanation:
      "docpact resolves `$ref`s offline: local pointers (`#/$defs/x`, with `~0`/`~1` and %-escapes), anchors, relative files " +
      "(against the schema's `$id` base, then its file path) and absolute URIs that some loaded schema declares as its `$id`. " +
      "Nothing is ever fetched over the network. A missing file, a pointer to nothing, or a remote URI in a folder where loaded " +
      "schemas declare their `$id`s (a namespace the project owns) is reported at the `$ref`, naming the target it looked for; " +
      "a remote URI anywhere else is someone else's schema and is counted not judged. Add the schema to the `schemas` globs or fix the reference.",
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
    const { unresolved, registry } = ctx.model.index.schemas;
    const owned = ownedNamespaces(registry.keys());
    for (const u of unresolved) {
      // A remote URI outside every namespace the loaded schemas declare is someone else's
      // schema: docpact cannot know whether it exists, so it is not judged.
      if (u.reason === "remote" && !owned.has(namespaceOf(u.target))) {
        ctx.notJudged(u.ref.span, `remote $ref ${u.target} is outside every $id the loaded schemas declare; docpact never fetches`);
        continue;
      }
      ctx.report({ span: u.ref.span, messageId: "unresolved", data: { reason: u.message } });
    }
  },
});
