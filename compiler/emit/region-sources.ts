/**
 * Region sources: the `source=` argument of a region, resolved against the
 * contract model. Three forms, paths relative to the region's document:
 *
 * - `../schemas/x.schema.json#/$defs/eventType` — a schema (by path among the
 *   project's schemas) and a JSON pointer into it; a `$ref` found there is
 *   followed (through the schema graph, so relative files and `$id`s work);
 * - `code:../src/events.ts#RUN_EVENTS` — a code vocabulary the code reader found;
 * - `module:../src/contract.ts#NAME` — an exported constant, folded statically.
 *
 * Nothing here throws or reads a file: a source that does not resolve is a
 * message, and a `module:` source is folded (and confined to the root) by the
 * read stage's folder (compiler/emit/index.ts builds it from compiler/readers/).
 */
import { isYamlFile, resolvePath } from "../util/paths.js";
import type { SchemaDoc, Vocabulary } from "../model/types.js";
import type { ContractModel } from "../model/contract-model.js";
import { linkSchemas } from "../model/schemas.js";
import type { FoldResult } from "../readers/constant-folder.js";
import { valueAt } from "../util/json-pointer.js";

export type ResolvedSource =
  | {
      kind: "schema";
      /** The schema file and pointer the value came from (after following `$ref`s). */
      file: string;
      pointer: string;
      value: unknown;
      /** The vocabulary the schema reader found at (or on the way to) the location, with deprecations. */
      vocabulary: Vocabulary | null;
    }
  | { kind: "code"; file: string; name: string; vocabulary: Vocabulary }
  | { kind: "module"; file: string; name: string; value: unknown };

export type SourceResult = { ok: true; source: ResolvedSource } | { ok: false; message: string };

/**
 * Folds a module export; injectable for tests. `outsideRoot` means the module
 * is a link whose real path leaves the root: it was not read.
 */
export type ExportFolder = (root: string, file: string, exportName: string) => FoldResult | { ok: false; outsideRoot: true };

const MAX_REF_HOPS = 32;

/**
 * A path argument relative to `document`, as a root-relative path; a leading
 * `/` means the root. Null when it leaves the root.
 */
export function resolveArgPath(document: string, p: string): string | null {
  return resolvePath(document, p);
}

/** Folding needs ts-morph; the caller passes the folder in only when a `module:` source exists. */
const noFolder: ExportFolder = (_root, file) => ({
  ok: false,
  message: `module sources are not read in this run (no source files were given for ${file})`,
  span: { file, line: 1, column: 1, endLine: 1, endColumn: 1 },
});

export function resolveSource(model: ContractModel, document: string, raw: string, fold: ExportFolder = noFolder): SourceResult {
  const hash = raw.indexOf("#");
  const prefix = /^(code|module):/.exec(raw)?.[1] ?? null;
  const pathPart = (hash === -1 ? raw : raw.slice(0, hash)).slice(prefix ? prefix.length + 1 : 0);
  const fragment = hash === -1 ? null : raw.slice(hash + 1);
  if (pathPart === "") return fail(`source '${raw}' names no file`);
  const file = resolveArgPath(document, pathPart);
  if (file === null || file === "") return fail(`source '${raw}' points outside the root`);

  if (prefix === "code") {
    if (!fragment) return fail(`source '${raw}' names no declaration (code:FILE#NAME)`);
    const id = `code:${file}#${fragment}`;
    const vocabulary = model.vocabularies.find((v) => v.id === id);
    if (!vocabulary) {
      const inFile = model.vocabularies.filter((v) => v.kind === "code" && v.file === file).map((v) => v.name);
      const found = inFile.length ? ` (found: ${[...new Set(inFile)].sort().join(", ")})` : "";
      return fail(`source '${raw}': no code vocabulary \`${fragment}\` in ${file}${found}`);
    }
    return { ok: true, source: { kind: "code", file, name: fragment, vocabulary } };
  }

  if (prefix === "module") {
    if (!fragment) return fail(`source '${raw}' names no export (module:FILE#NAME)`);
    const r = fold(model.root, file, fragment);
    // Confined like every read: a module that is a link leading out of the root is not folded.
    if (!r.ok && "outsideRoot" in r) return fail(`source '${raw}': ${file} resolves to a file outside the root; not read`);
    // The unknown's location may be deep inside another module: name it.
    if (!r.ok) {
      const whole = r.span.line === 1 && r.span.column === 1 && r.span.endLine === 1 && r.span.endColumn === 1;
      return fail(`source '${raw}': ${r.message}${whole ? "" : ` (${r.span.file}:${r.span.line}:${r.span.column})`}`);
    }
    return { ok: true, source: { kind: "module", file, name: fragment, value: r.value } };
  }

  const schemas: SchemaDoc[] = model.schemas ?? [];
  const doc = schemas.find((s) => s.file === file);
  if (!doc) return fail(`source '${raw}': ${file} is not one of the project's schemas (config \`schemas\`)`);
  if (doc.value === undefined) return fail(`source '${raw}': ${file} is not valid ${isYamlFile(file) ? "YAML" : "JSON"}`);
  let pointer: string;
  try {
    pointer = fragment === null ? "" : decodeURIComponent(fragment);
  } catch {
    return fail(`source '${raw}': bad percent-encoding in the fragment`);
  }
  if (pointer !== "" && !pointer.startsWith("/")) return fail(`source '${raw}': the fragment is not a JSON pointer (#/…)`);
  return followRefs(model, schemas, raw, doc, pointer);
}

/** Reads the value at `pointer` and follows `$ref`s found there. */
function followRefs(model: ContractModel, schemas: SchemaDoc[], raw: string, doc: SchemaDoc, pointer: string): SourceResult {
  let current = doc;
  let at = pointer;
  let vocabulary: Vocabulary | null = null;
  const seen = new Set<string>();
  for (let hop = 0; hop <= MAX_REF_HOPS; hop++) {
    const key = `${current.file}#${at}`;
    if (seen.has(key)) return fail(`source '${raw}': cyclic $ref at ${key}`);
    seen.add(key);
    const found = valueAt(current.value, at);
    if (!found.ok) return fail(`source '${raw}': ${current.file} has nothing at #${at}`);
    vocabulary ??= findVocabulary(model, current, key);
    const v = found.value;
    const ref = v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>).$ref : undefined;
    if (typeof ref !== "string") return { ok: true, source: { kind: "schema", file: current.file, pointer: at, value: v, vocabulary } };
    const target = (model.index?.schemas ?? linkSchemas(schemas)).resolved.get(key)?.target;
    if (!target) return fail(`source '${raw}': cannot resolve $ref '${ref}' at ${key}`);
    const next = schemas.find((s) => s.file === target.file);
    if (!next || next.value === undefined) return fail(`source '${raw}': cannot resolve $ref '${ref}' at ${key}`);
    current = next;
    at = target.pointer;
  }
  return fail(`source '${raw}': more than ${MAX_REF_HOPS} $ref hops`);
}

function findVocabulary(model: ContractModel, doc: SchemaDoc, id: string): Vocabulary | null {
  return model.vocabularies.find((v) => v.id === id) ?? doc.vocabularies.find((v) => v.id === id) ?? null;
}

export { valueAt } from "../util/json-pointer.js";

function fail(message: string): SourceResult {
  return { ok: false, message };
}
