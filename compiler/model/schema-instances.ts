/**
 * Validates instance documents (config `instances`) against their schema with
 * Ajv (allErrors, formats checked), returning every violation with its pointer.
 */
import { createRequire } from "node:module";
import type { ValidateFunction } from "ajv";
import { ajvCopies, ajvWithAll, compileSchema, simplify, type AjvIssue } from "./schema-ajv.js";
import type { SchemaGraph } from "./schemas.js";
import type { InstanceDoc } from "./types.js";
import { guardedRegExp, RegexCut } from "../util/regex-guard.js";

const require = createRequire(import.meta.url);
// Loaded with the first instance validated (Ajv itself loads with the first schema: model/schema-ajv.ts).
const addFormats = (ajv: unknown): void => {
  const m = require("ajv-formats") as { default?: (ajv: unknown) => void } & ((ajv: unknown) => void);
  (m.default ?? m)(ajv);
};

export type InstanceResult =
  | { kind: "ok" }
  | { kind: "no-schema"; message: string }
  | { kind: "schema-error"; message: string }
  | { kind: "violations"; issues: AjvIssue[] }
  /** Validation was cut (a schema pattern that may backtrack catastrophically): the instance is not judged. */
  | { kind: "not-judged"; message: string };

/** Compiled validators by schema file; the run's map lives in the model's index. */
type Validators = Map<string, unknown>;

function validatorFor(graph: SchemaGraph, file: string, byFile: Validators): ValidateFunction | string {
  const hit = byFile.get(file) as ValidateFunction | string | undefined;
  if (hit) return hit;
  const doc = graph.docs.get(file)!;
  // Patterns come from the schemas (user input): run through the backtracking guard.
  const ajv = ajvWithAll(graph, ajvCopies(graph), doc.dialect ?? "draft-07", { code: { regExp: guardedRegExp } });
  addFormats(ajv);
  const c = compileSchema(ajv, graph, file);
  const v = c.validate ?? `schema ${file} cannot be compiled: ${c.error}`;
  byFile.set(file, v);
  return v;
}

/**
 * Validates one parsed instance (callers skip instances with JSON problems)
 * against the run's schema graph, compiling each schema's validator once into `validators`.
 */
export function validateInstance(graph: SchemaGraph, instance: InstanceDoc, validators: Validators = new Map()): InstanceResult {
  const doc = graph.docs.get(instance.schema);
  if (!doc) return { kind: "no-schema", message: `schema ${instance.schema} (config \`instances\`) is not a loaded schema; add it to \`schemas\`` };
  if (doc.value === undefined || doc.dialect === null)
    return { kind: "schema-error", message: `schema ${instance.schema} is invalid (see schema/invalid); ${instance.file} was not validated` };
  const v = validatorFor(graph, doc.file, validators);
  if (typeof v === "string") return { kind: "schema-error", message: v };
  try {
    if (v(instance.value)) return { kind: "ok" };
  } catch (e) {
    if (e instanceof RegexCut) return { kind: "not-judged", message: `not validated: ${e.reason}` };
    throw e;
  }
  return { kind: "violations", issues: simplify(v.errors ?? []) };
}
