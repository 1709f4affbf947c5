/**
 * Validates instance documents (config `instances`) against their schema with
 * Ajv (allErrors, formats checked), returning every violation with its pointer.
 */
import addFormatsModule from "ajv-formats";
import type { ValidateFunction } from "ajv";
import { ajvCopies, ajvWithAll, compileSchema, simplify, type AjvIssue } from "./schema-ajv.js";
import { getSchemaGraph, type SchemaGraph } from "./schemas.js";
import type { InstanceDoc, SchemaDoc } from "./types.js";

const addFormats = (addFormatsModule as unknown as { default: (ajv: unknown) => void }).default ?? addFormatsModule;

export type InstanceResult =
  | { kind: "ok" }
  | { kind: "no-schema"; message: string }
  | { kind: "schema-error"; message: string }
  | { kind: "violations"; issues: AjvIssue[] };

const validators = new WeakMap<SchemaGraph, Map<string, ValidateFunction | string>>();

function validatorFor(graph: SchemaGraph, file: string): ValidateFunction | string {
  let byFile = validators.get(graph);
  if (!byFile) {
    byFile = new Map();
    validators.set(graph, byFile);
  }
  const hit = byFile.get(file);
  if (hit) return hit;
  const doc = graph.docs.get(file)!;
  const ajv = ajvWithAll(graph, ajvCopies(graph), doc.dialect ?? "draft-07");
  addFormats(ajv);
  const c = compileSchema(ajv, graph, file);
  const v = c.validate ?? `schema ${file} cannot be compiled: ${c.error}`;
  byFile.set(file, v);
  return v;
}

/** Validates one parsed instance (callers skip instances with JSON problems). */
export function validateInstance(schemas: SchemaDoc[], instance: InstanceDoc): InstanceResult {
  const graph = getSchemaGraph(schemas);
  const doc = graph.docs.get(instance.schema);
  if (!doc) return { kind: "no-schema", message: `schema ${instance.schema} (config \`instances\`) is not a loaded schema; add it to \`schemas\`` };
  if (doc.value === undefined || doc.dialect === null) return { kind: "schema-error", message: `schema ${instance.schema} is invalid (see schema/invalid); ${instance.file} was not validated` };
  const v = validatorFor(graph, doc.file);
  if (typeof v === "string") return { kind: "schema-error", message: v };
  if (v(instance.value)) return { kind: "ok" };
  return { kind: "violations", issues: simplify(v.errors ?? []) };
}
