/**
 * Everything docpact asks of Ajv, in one place: meta-schema checks (bundled
 * meta-schemas, never fetched), instance validation and the Ajv instances the
 * validator emitter compiles standalone code with.
 *
 * Ajv sees copies of the schemas in which every `$ref` has been rewritten to the
 * absolute `<root uri>#<pointer>` docpact's own resolver found (so `$id` refs,
 * relative files and anchors behave the same everywhere); unresolved refs are
 * dropped from the copies (they are reported by `schema/unresolved-ref`).
 */
import { createRequire } from "node:module";
import type { Ajv, ErrorObject, Options, ValidateFunction } from "ajv";
import type { Ajv2019 } from "ajv/dist/2019.js";
import type { Ajv2020 } from "ajv/dist/2020.js";
import type { SchemaDialect, SchemaDoc } from "./types.js";
import { type SchemaGraph, pointerToFragment } from "./schemas.js";
import { escapePointerToken, valueAt } from "../util/json-pointer.js";
import { idKeyword } from "../util/schema-dialect.js";
import { mapMemo, weakMemo } from "../util/memo.js";

const require = createRequire(import.meta.url);

interface AjvClasses {
  Ajv: new (opts: Options) => Ajv;
  Ajv2019: new (opts: Options) => Ajv2019;
  Ajv2020: new (opts: Options) => Ajv2020;
  /** Ajv's draft-04 class (its own package: Ajv 8 dropped the dialect from its core). */
  AjvDraft04: new (
    opts: Options,
  ) => Ajv;
}

// Loaded on the first schema, not at start-up: a project without schemas (and every `--version`) never pays for Ajv.
let classes: AjvClasses | undefined;

function ajvClasses(): AjvClasses {
  if (!classes) {
    const draft04 = require("ajv-draft-04") as { default?: unknown };
    classes = {
      Ajv: (require("ajv") as { Ajv: AjvClasses["Ajv"] }).Ajv,
      Ajv2019: (require("ajv/dist/2019.js") as { Ajv2019: AjvClasses["Ajv2019"] }).Ajv2019,
      Ajv2020: (require("ajv/dist/2020.js") as { Ajv2020: AjvClasses["Ajv2020"] }).Ajv2020,
      AjvDraft04: (draft04.default ?? draft04) as AjvClasses["AjvDraft04"],
    };
  }
  return classes;
}

type AnyAjv = Ajv | Ajv2019 | Ajv2020;

/** One Ajv error, reduced to plain data. */
export interface AjvIssue {
  /** Pointer into the validated value (`instancePath`), `""` for the root. */
  pointer: string;
  /** The keyword that failed. */
  keyword: string;
  message: string;
}

export function newAjv(dialect: SchemaDialect, options: Options = {}): AnyAjv {
  const opts: Options = { allErrors: true, strict: false, logger: false, ...options };
  const { Ajv, Ajv2019, Ajv2020, AjvDraft04 } = ajvClasses();
  if (dialect === "2020-12") return new Ajv2020(opts);
  if (dialect === "2019-09") return new Ajv2019(opts);
  if (dialect === "draft-04") return new AjvDraft04(opts);
  const ajv = new Ajv(opts);
  if (dialect === "draft-06") ajv.addMetaSchema(require("ajv/dist/refs/json-schema-draft-06.json"));
  return ajv;
}

const metaAjv = mapMemo<SchemaDialect, AnyAjv>("model/schema-ajv#metaAjv", 8);

/** Each dialect's meta-schema, as Ajv (and ajv-draft-04) register it. */
const META_SCHEMA: Record<SchemaDialect, string> = {
  "draft-04": "http://json-schema.org/draft-04/schema",
  "draft-06": "http://json-schema.org/draft-06/schema",
  "draft-07": "http://json-schema.org/draft-07/schema",
  "2019-09": "https://json-schema.org/draft/2019-09/schema",
  "2020-12": "https://json-schema.org/draft/2020-12/schema",
};

/**
 * Validates a schema against its own dialect's meta-schema. Returns every error,
 * each with a pointer into the schema (the offending keyword's value).
 */
export function metaValidate(doc: SchemaDoc): AjvIssue[] {
  // Reader outputs are immutable and a watch re-check links the cached ones again: each is validated once.
  let issues = metaIssues.get(doc);
  if (issues === undefined) metaIssues.set(doc, (issues = metaValidateOnce(doc)));
  return issues;
}

const metaIssues = weakMemo<SchemaDoc, AjvIssue[]>("model/schema-ajv#metaIssues");

function metaValidateOnce(doc: SchemaDoc): AjvIssue[] {
  if (doc.value === undefined || doc.value === null || doc.dialect === null || typeof doc.value !== "object") return [];
  let ajv = metaAjv.get(doc.dialect);
  if (!ajv) {
    ajv = newAjv(doc.dialect);
    metaAjv.set(doc.dialect, ajv);
  }
  const value = doc.value as Record<string, unknown>;
  // Against the dialect's bundled meta-schema by the URI Ajv registered it under: `$schema`
  // as written may differ from it (https for http, a trailing `#` or none), and without one
  // the dialect is draft-07.
  const ok = ajv.validate(META_SCHEMA[doc.dialect], value) as boolean;
  if (ok) return [];
  return simplify(ajv.errors ?? []);
}

const SUMMARY = new Set(["anyOf", "oneOf", "if"]);

/** Reduces Ajv errors: drops the `oneOf`/`anyOf`/`if` summaries when a more specific error exists at the same place, dedupes. */
export function simplify(errors: ErrorObject[]): AjvIssue[] {
  const out: AjvIssue[] = [];
  const seen = new Set<string>();
  const specific = new Set(errors.filter((e) => !SUMMARY.has(e.keyword)).map((e) => e.instancePath));
  for (const e of errors) {
    if (SUMMARY.has(e.keyword) && specific.has(e.instancePath)) continue;
    const pointer = e.instancePath;
    let message = e.message ?? "is invalid";
    if (e.keyword === "additionalProperties")
      message = `must NOT have additional property "${(e.params as { additionalProperty: string }).additionalProperty}"`;
    else if (e.keyword === "enum")
      message = `must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(", ")}`;
    else if (e.keyword === "const") message = `must be ${JSON.stringify((e.params as { allowedValue: unknown }).allowedValue)}`;
    const key = `${pointer}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ pointer: additionalPointer(e) ?? pointer, keyword: e.keyword, message });
  }
  return out;
}

/** An unknown property is best shown at the property itself. */
function additionalPointer(e: ErrorObject): string | undefined {
  if (e.keyword !== "additionalProperties" && e.keyword !== "unevaluatedProperties") return undefined;
  const p =
    (e.params as { additionalProperty?: string; unevaluatedProperty?: string }).additionalProperty ??
    (e.params as { unevaluatedProperty?: string }).unevaluatedProperty;
  return p === undefined ? undefined : `${e.instancePath}/${escapePointerToken(p)}`;
}

/**
 * Copies of every loadable schema for Ajv: root `$id` set to the graph's
 * canonical URI, nested `$id`/`$anchor`/`$schema` removed, `$ref`s rewritten
 * to absolute pointers (or dropped when unresolved).
 */
export function ajvCopies(graph: SchemaGraph, only?: Iterable<string>): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  const files = only ? [...only].filter((f) => graph.docs.has(f)) : [...graph.docs.keys()];
  for (const file of files) {
    const doc = graph.docs.get(file)!;
    const uri = graph.rootUri.get(file);
    if (uri === undefined || doc.value === null || typeof doc.value !== "object" || Array.isArray(doc.value)) continue;
    const copy = structuredClone(doc.value) as Record<string, unknown>;
    for (const ref of doc.refs) {
      const node = at(copy, ref.pointer) as Record<string, unknown> | undefined;
      if (!node) continue;
      const r = graph.resolved.get(`${file}#${ref.pointer}`);
      if (r) node.$ref = `${graph.rootUri.get(r.target.file)}#${pointerToFragment(r.target.pointer)}`;
      else delete node.$ref;
    }
    const idKey = idKeyword(doc.dialect);
    for (const n of doc.nestedIds) delete (at(copy, n.pointer) as Record<string, unknown>)[idKey];
    for (const a of doc.anchors) {
      const node = at(copy, a.pointer) as Record<string, unknown>;
      delete node.$anchor;
      const id = node[idKey];
      if (typeof id === "string" && id.startsWith("#")) delete node[idKey];
    }
    delete copy.$schema;
    copy[idKey] = uri;
    out.set(file, copy);
  }
  return out;
}

function at(root: unknown, pointer: string): unknown {
  const found = valueAt(root, pointer);
  return found.ok ? found.value : undefined;
}

/**
 * An Ajv instance holding every schema copy, for the dialect of the schema to compile.
 * Draft-04 copies name themselves with `id`, which the later dialects' Ajv refuses, and
 * the draft-04 Ajv knows only `id`: a copy whose `$schema` names a dialect of the other
 * side is left out, so a `$ref` across does not compile (and says so) rather than
 * half-validate. A schema without `$schema` takes the dialect of the schema that reaches
 * it (a shared `defs.json` beside draft-04 schemas), with its identifier renamed to match.
 */
export function ajvWithAll(graph: SchemaGraph, copies: Map<string, Record<string, unknown>>, dialect: SchemaDialect, options: Options = {}): AnyAjv {
  const ajv = newAjv(dialect, { validateSchema: false, ...options });
  const draft04 = dialect === "draft-04";
  for (const [file, copy] of copies) {
    const doc = graph.docs.get(file);
    if (doc?.schemaUri === null && draft04) {
      const { $id, ...rest } = copy;
      ajv.addSchema({ ...rest, id: $id } as Record<string, unknown>);
    } else if (doc?.schemaUri === null || (doc?.dialect === "draft-04") === draft04) ajv.addSchema(copy);
  }
  return ajv;
}

export interface CompiledValidator {
  validate?: ValidateFunction;
  /** Why compiling failed (Ajv's message), when it did. */
  error?: string;
}

/** Compiles the schema `file` with every other schema available to its refs. */
export function compileSchema(ajv: AnyAjv, graph: SchemaGraph, file: string): CompiledValidator {
  const uri = graph.rootUri.get(file);
  if (uri === undefined) return { error: `${file} is not a loadable schema` };
  try {
    const validate = ajv.getSchema(uri);
    return validate ? { validate } : { error: `${file} could not be compiled` };
  } catch (e) {
    return { error: (e as Error).message };
  }
}
