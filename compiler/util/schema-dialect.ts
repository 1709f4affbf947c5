/**
 * What differs between JSON Schema dialects in the keywords docpact reads itself
 * (Ajv knows the rest): draft-04 names a schema's identifier `id`, every later
 * dialect `$id`.
 */
/** A JSON Schema dialect docpact reads (the `$schema` it names; compiler/model/types.ts SchemaDoc.dialect). */
export type SchemaDialect = "draft-04" | "draft-06" | "draft-07" | "2019-09" | "2020-12";

/** The keyword that holds a schema's identifier (base URI, or `#name` anchor before 2019-09). */
export function idKeyword(dialect: SchemaDialect | null): "id" | "$id" {
  return dialect === "draft-04" ? "id" : "$id";
}

/** Dialects in which an identifier `#name` declares a plain-name anchor (2019-09 on use `$anchor`). */
export function idMayBeAnchor(dialect: SchemaDialect | null): boolean {
  return dialect === "draft-04" || dialect === "draft-06" || dialect === "draft-07";
}
