/** A schema's value and vocabularies, hashed: what a generated module is made from (the emit memo's key). */
import { contentHash } from "../cache/hash.js";
import type { SchemaDoc } from "./types.js";

export function schemaDigest(d: SchemaDoc): string {
  return contentHash(
    JSON.stringify(d.value),
    JSON.stringify(d.vocabularies.map((v) => [v.name, v.members.map((m) => [m.value, m.deprecated, m.replacedBy ?? null])])),
  );
}
