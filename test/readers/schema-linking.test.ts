import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { linkSchemas } from "../../compiler/model/schemas.js";
import { fixtures, loadSchemas } from "./schema-helpers.js";

describe("linkSchemas", () => {
  test("resolves local pointers (escapes), relative files, $id URIs, anchors and cycles offline", () => {
    const g = linkSchemas(loadSchemas(join(fixtures, "schemas-good")));
    const target = (file: string, pointer: string) => g.resolved.get(`${file}#${pointer}`)?.target;
    const ev = "schemas/event.schema.json";
    expect(target(ev, "/properties/type")).toEqual({ file: ev, pointer: "/$defs/eventType" });
    // relative to the $id base names no schema, so it falls back to the file path
    expect(target(ev, "/properties/actor")).toEqual({ file: "schemas/common/actor.schema.json", pointer: "" });
    expect(target(ev, "/properties/kind")).toEqual({ file: "schemas/common/kinds.schema.json", pointer: "/$defs/kind" });
    expect(target(ev, "/properties/odd")).toEqual({ file: ev, pointer: "/$defs/a~1b" });
    expect(target(ev, "/properties/spaced")).toEqual({ file: ev, pointer: "/$defs/with space" });
    expect(target(ev, "/$defs/node/properties/children/items")).toEqual({ file: ev, pointer: "/$defs/node" });
    expect(target("schemas/common/actor.schema.json", "/properties/kind")).toEqual({ file: "schemas/common/kinds.schema.json", pointer: "/$defs/kind" });
    expect(target("schemas/common/kinds.schema.json", "/$defs/tagged/properties/self")).toEqual({
      file: "schemas/common/kinds.schema.json",
      pointer: "/$defs/tagged",
    });
    expect(g.unresolved).toEqual([]);
    expect(g.duplicates).toEqual([]);
  });

  test("remote URIs, missing files and pointers are unresolved, naming the target; duplicate $ids name both files", () => {
    const g = linkSchemas(loadSchemas(join(fixtures, "schemas-bad")));
    expect(g.unresolved.map((u) => [u.ref.pointer, u.reason, u.target])).toEqual([
      ["/properties/remote", "remote", "https://remote.example/common.json"],
      ["/properties/missing", "missing-file", "missing.schema.json"],
      ["/properties/pointer", "missing-pointer", "https://example.test/dup.json#/$defs/nope"],
    ]);
    expect(g.unresolved[0].message).toContain("never fetches");
    expect(g.duplicates).toHaveLength(1);
    expect(g.duplicates[0]).toMatchObject({
      id: "https://example.test/dup.json",
      first: { file: "bom-crlf.schema.json" },
      second: { file: "dup.schema.json", span: { line: 3, column: 10 } },
    });
  });
});
