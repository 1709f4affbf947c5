import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { dialectOf, readSchema } from "../../compiler/readers/schema.js";
import { fixtures, loadSchemas } from "./schema-helpers.js";

describe("readSchema", () => {
  const [actor, kinds, event] = loadSchemas(join(fixtures, "schemas-good"));

  test("dialect, $id and refs", () => {
    expect(event.file).toBe("schemas/event.schema.json");
    expect(event.dialect).toBe("2020-12");
    expect(actor.dialect).toBe("draft-07");
    expect(event.id).toBe("https://example.test/schemas/event.schema.json");
    expect(actor.id).toBeNull();
    expect(event.refs.map((r) => [r.pointer, r.ref])).toEqual([
      ["/properties/type", "#/$defs/eventType"],
      ["/properties/actor", "./common/actor.schema.json"],
      ["/properties/kind", "https://example.test/schemas/common/kinds.schema.json#/$defs/kind"],
      ["/properties/tree", "#/$defs/node"],
      ["/properties/odd", "#/$defs/a~1b"],
      ["/properties/spaced", "#/$defs/with%20space"],
      ["/$defs/node/properties/children/items", "#/$defs/node"],
    ]);
    expect(event.refs[1].span).toMatchObject({ line: 10, column: 24 });
    expect(kinds.anchors).toEqual([{ pointer: "/$defs/tagged", name: "tagged" }]);
  });

  test("vocabularies: oneOf of consts with deprecated aliases, enums with x-replaced-by", () => {
    const v = event.vocabularies.find((x) => x.name === "/$defs/eventType")!;
    expect(v.id).toBe("schemas/event.schema.json#/$defs/eventType");
    expect(v.members.map((m) => [m.value, m.deprecated, m.replacedBy])).toEqual([
      ["envelope.retry-exhausted", false, undefined],
      ["envelope.retry.exhausted", true, "envelope.retry-exhausted"],
      ["run.started", false, undefined],
    ]);
    expect(v.members[1].span).toMatchObject({ line: 22, column: 20 });
    expect(event.vocabularies).toHaveLength(1); // branch consts are not vocabularies of their own
    const role = actor.vocabularies.find((x) => x.name === "/properties/role")!;
    expect(role.members.map((m) => [m.value, m.deprecated, m.replacedBy])).toEqual([
      ["maintainer", false, undefined],
      ["bot", false, undefined],
      ["admin", true, "maintainer"],
    ]);
  });

  test("terms in descriptions carry exact positions", () => {
    expect(event.terms.map((t) => [t.value, t.span.line, t.span.column])).toEqual([
      ["eventType", 5, 37],
      ["envelope.retry-exhausted", 5, 53],
      ["envelope.retry.exhausted", 19, 36],
    ]);
    const t = readSchema("e.json", '{"description": "tab\\t`a\\"b` and \\u0060c\\u0060"}');
    expect(t.terms.map((x) => [x.value, x.offset, x.span.column, x.span.endColumn])).toEqual([
      ['a"b', 23, 24, 28],
      ["c", 39, 40, 41],
    ]);
  });

  test("a property named like a keyword is not a keyword", () => {
    const d = readSchema("k.json", '{"properties": {"enum": {"type": "string"}, "$ref": {"type": "string"}}}');
    expect(d.vocabularies).toEqual([]);
    expect(d.refs).toEqual([]);
  });

  test("dialects: unknown URIs are recorded as unsupported, draft-04 as itself with `id`; BOM and bad JSON never throw", () => {
    expect(dialectOf("http://json-schema.org/draft-07/schema#")).toBe("draft-07");
    expect(dialectOf("https://json-schema.org/draft/2019-09/schema")).toBe("2019-09");
    expect(dialectOf("http://json-schema.org/draft-06/schema#")).toBe("draft-06");
    expect(dialectOf("http://json-schema.org/draft-04/schema#")).toBe("draft-04");
    expect(dialectOf(null)).toBe("draft-07");
    const bad = loadSchemas(join(fixtures, "schemas-bad"));
    const byFile = Object.fromEntries(bad.map((d) => [d.file, d]));
    expect(byFile["draft4.schema.json"]).toMatchObject({ dialect: "draft-04", id: "https://example.test/old.json" });
    const d04 = readSchema(
      "d.json",
      '{"$schema": "http://json-schema.org/draft-04/schema#", "definitions": {"a": {"id": "#a"}, "b": {"id": "b.json"}, "c": {"$id": "c.json"}}}',
    );
    expect(d04.anchors).toEqual([{ pointer: "/definitions/a", name: "a" }]);
    expect(d04.nestedIds).toEqual([{ pointer: "/definitions/b", id: "b.json" }]);
    expect(byFile["unknown.schema.json"].dialect).toBeNull();
    expect(byFile["bom-crlf.schema.json"].locations["/type"].value).toMatchObject({ line: 4, column: 11 });
    expect(byFile["broken.schema.json"].value).toBeUndefined();
    expect(byFile["broken.schema.json"].problems[0].span).toMatchObject({ line: 3, column: 43 });
    expect(readSchema("arr.json", "[1]").problems[0].message).toContain("must be an object");
  });
});
