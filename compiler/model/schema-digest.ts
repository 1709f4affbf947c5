/** A schema's value and vocabularies, hashed: what a generated module is made from (the emit memo's key). */
import { contentHash } from "../cache/hash.js";
import type { SchemaDoc } from "./types.js";
import { weakMemo } from "../util/memo.js";

/** Reader outputs are immutable, and a watch re-check links the cached ones again: each is digested once. */
const memo = weakMemo<SchemaDoc, string>("model/schema-digest#memo");

export function schemaDigest(d: SchemaDoc): string {
  let h = memo.get(d);
  if (h === undefined) memo.set(d, (h = digestOf(d)));
  return h;
}

function digestOf(d: SchemaDoc): string {
  return contentHash(
    JSON.stringify(d.value),
    JSON.stringify(d.vocabularies.map((v) => [v.name, v.members.map((m) => [m.value, m.deprecated, m.replacedBy ?? null])])),
  );
}
