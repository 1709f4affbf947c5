/**
 * Schema modules: per schema one `<outDir>/<path>.ts` (types, vocabularies, a
 * typed validator) plus `<path>.validator.ts` (Ajv standalone code, unchecked
 * JavaScript) and an `index.ts` barrel. Output is byte-stable: sorted inputs,
 * no timestamps, LF.
 */
import { by } from "../util/compare.js";
import type { SchemaDoc, Vocabulary, VocabularyMember } from "../model/types.js";
import { contentHash } from "../cache/hash.js";
import { generatedHeader, provenFresh, stampGenerated } from "./generated-files.js";
import { blockCommentText, tsString } from "./ts-text.js";
import { docpactVersion, installedVersion } from "../util/package-root.js";
import { unoptimized } from "../util/optimizations.js";
import { sameItems } from "../util/reuse.js";
import { linkSchemas, type SchemaGraph } from "../model/schemas.js";
import { ajvCopies } from "../model/schema-ajv.js";
import { schemaDigest } from "../model/schema-digest.js";
import type { EmitFact, PlannedFile } from "./plan.js";
import { NameSet, importSpecifier, schemaModulePaths } from "./schema-naming.js";
import { refTargetNames, rootTypeName, typesCode } from "./schema-types.js";
import { type AjvCache, validatorCode } from "./schema-validators.js";
import { vocabularyCode } from "./schema-vocab.js";
import { cellMemo, lastMemo, weakMemo } from "../util/memo.js";

/** The schema files `file` reaches by `$ref`, itself included. */
function refClosure(graph: SchemaGraph, file: string): Set<string> {
  const closure = new Set([file]);
  const queue = [file];
  while (queue.length) {
    const f = queue.pop()!;
    for (const ref of graph.docs.get(f)?.refs ?? []) {
      const r = graph.resolved.get(`${f}#${ref.pointer}`);
      if (r && !closure.has(r.target.file)) {
        closure.add(r.target.file);
        queue.push(r.target.file);
      }
    }
  }
  return closure;
}

/** The `$ref` targets' type names (`file#pointer` → name) grouped by the file before the `#`, each with its place in the map. */
type TargetsByFile = Map<string, { at: number; key: string; name: string }[]>;

function targetsByFile(targets: Map<string, string>): TargetsByFile {
  const out: TargetsByFile = new Map();
  let at = 0;
  for (const [key, name] of targets) {
    const file = key.slice(0, key.indexOf("#"));
    const list = out.get(file);
    const entry = { at: at++, key, name };
    if (list) list.push(entry);
    else out.set(file, [entry]);
  }
  return out;
}

/**
 * A schema's vocabularies as the model has them: renames and retirements declared in config or
 * a mapping file applied (compiler/model/vocabulary-declarations.ts), so the generated members
 * leave the old names out and the replacements map carries them. `keyOf` is what the
 * declarations changed in one schema's vocabularies ("" when nothing: its modules' stamps stay
 * as they were), `key` the same for every schema.
 */
function declaredVocabularies(schemas: readonly SchemaDoc[], vocabularies: readonly Vocabulary[] | undefined) {
  const byId = new Map((vocabularies ?? []).filter((v) => v.kind === "schema").map((v) => [v.id, v]));
  const of = (doc: SchemaDoc): Vocabulary[] => doc.vocabularies.map((v) => byId.get(v.id) ?? v);
  const keys = new Map<string, string>();
  for (const doc of schemas) {
    const changed = of(doc).filter((v, i) => v !== doc.vocabularies[i]);
    if (changed.length === 0) continue;
    const shape = (m: VocabularyMember) => [m.value, m.deprecated, m.replacedBy ?? null];
    keys.set(doc.file, JSON.stringify(changed.map((v) => [v.id, v.members.map(shape), (v.aliases ?? []).map(shape)])));
  }
  return { of, keyOf: (doc: SchemaDoc) => keys.get(doc.file) ?? "", key: JSON.stringify([...keys]) };
}

/** Everything one schema's modules are made from: the schemas it reaches by `$ref`, their paths, module paths and type names, and renames declared for its vocabularies. */
function moduleKey(
  graph: SchemaGraph,
  doc: SchemaDoc,
  outDir: string,
  modules: Map<string, string>,
  targets: TargetsByFile,
  digest: (d: SchemaDoc) => string,
  declared: string,
): string {
  const closure = refClosure(graph, doc.file);
  const parts = [outDir, doc.file];
  if (declared !== "") parts.push("declared", declared);
  for (const file of [...closure].sort()) {
    const d = graph.docs.get(file)!;
    parts.push(file, String(d.dialect), graph.rootUri.get(file) ?? "", modules.get(file) ?? "", digest(d));
  }
  // The closure's targets in map order (a scan of every target per schema was quadratic at scale).
  const reached = [...closure].flatMap((f) => targets.get(f) ?? []).sort((a, b) => a.at - b.at);
  for (const t of reached) parts.push(t.key, t.name);
  return contentHash(...parts);
}

/**
 * Bump when the bytes of schema modules change without a version change of
 * docpact or of the generators below (a development checkout): freshness
 * stamps written by the old code then no longer count.
 */
const GENERATOR_REVISION = "1";

let generatorMemo: string | undefined;

/** The generator's identity for freshness stamps: docpact's version and revision, and the generators it runs. */
function generatorIdentity(): string {
  generatorMemo ??= [
    `docpact@${docpactVersion()}`,
    `rev${GENERATOR_REVISION}`,
    `json-schema-to-typescript@${installedVersion("json-schema-to-typescript")}`,
    `prettier@${installedVersion("prettier", "json-schema-to-typescript")}`,
    `ajv@${installedVersion("ajv")}`,
    `ajv-formats@${installedVersion("ajv-formats")}`,
  ].join(" ");
  return generatorMemo;
}

/** Names a module exports (`export interface X`, `export const x`, …), for the barrel. */
export function exportedNames(content: string): { name: string; type: boolean }[] {
  const out: { name: string; type: boolean }[] = [];
  for (const m of content.matchAll(/^export (?:declare )?(interface|type|const|function|enum|class|let) ([A-Za-z_$][\w$]*)/gm)) {
    out.push({ name: m[2], type: m[1] === "interface" || m[1] === "type" });
  }
  return out;
}

/** A planned module's exported names, once per planned file object (a watch re-check plans the same module objects again). */
const exportsKept = weakMemo<PlannedFile, { name: string; type: boolean }[]>("emit/generated-schemas#exportsKept");
function exportsOf(m: PlannedFile): { name: string; type: boolean }[] {
  let names = exportsKept.get(m);
  if (!names) exportsKept.set(m, (names = exportedNames(m.content)));
  return names;
}

/**
 * The barrel: names exported by exactly one module are re-exported by name;
 * every module is also available as a namespace (`export * as <name>`), so a
 * name two schemas share stays reachable without a conflict.
 */
export function buildBarrel(outDir: string, modules: PlannedFile[]): PlannedFile {
  // A function of outDir and the modules' paths and texts: a re-check that planned the same modules takes the last barrel.
  return lastBarrel.get([outDir, ...modules.flatMap((m) => [m.path, m.content])], () => barrelOf(outDir, modules));
}
const lastBarrel = lastMemo<PlannedFile>("emit/generated-schemas#lastBarrel");

function barrelOf(outDir: string, modules: PlannedFile[]): PlannedFile {
  const sorted = [...modules]
    .filter((m) => m.path.endsWith(".ts") && !m.path.endsWith(".validator.ts"))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const owners = new Map<string, number>();
  const names = sorted.map(exportsOf);
  for (const list of names) for (const n of list) owners.set(n.name, (owners.get(n.name) ?? 0) + 1);
  const ns = new NameSet();
  const lines: string[] = [];
  sorted.forEach((m, i) => {
    const mod = m.path.replace(/\.ts$/, "");
    const spec = importSpecifier(`${outDir}/index`, mod);
    const unique = names[i].filter((n) => owners.get(n.name) === 1).sort((a, b) => (a.name < b.name ? -1 : 1));
    const values = unique.filter((n) => !n.type).map((n) => n.name);
    const types = unique.filter((n) => n.type).map((n) => n.name);
    if (values.length) lines.push(`export { ${values.join(", ")} } from ${tsString(spec)};`);
    if (types.length) lines.push(`export type { ${types.join(", ")} } from ${tsString(spec)};`);
    const nsName = ns.take(
      mod
        .slice(outDir.length + 1)
        .split("/")
        .map((p, j) => (j === 0 ? camel(p) : pascal(p)))
        .join("") || "schema",
    );
    lines.push(`export * as ${nsName} from ${tsString(spec)};`);
  });
  return { path: `${outDir}/index.ts`, content: `${generatedHeader()}\n${lines.join("\n")}\n` };
}

function pascal(s: string): string {
  const t = s.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : "")).replace(/^\d+/, "");
  return t.charAt(0).toUpperCase() + t.slice(1);
}
function camel(s: string): string {
  const t = pascal(s);
  return t.charAt(0).toLowerCase() + t.slice(1);
}

const notGenerated = (schema: string, step: "types" | "validator" | "ref-module" | "root-type", detail: string): EmitFact => ({
  kind: "schema-not-generated",
  span: { file: schema, line: 1, column: 1, endLine: 1, endColumn: 1 },
  schema,
  step,
  detail,
});

/** Memoizes one schema's modules under a key covering everything they are made from (the run's cache). */
export type EmitMemo = (key: string, compute: () => Promise<ModuleOutput>) => Promise<ModuleOutput>;

export interface ModuleOutput {
  files: PlannedFile[];
  facts: EmitFact[];
}

/**
 * Plans every schema module (not the barrel: call `buildBarrel` with these
 * files plus any other modules of outDir). Schemas that are not valid JSON or
 * name an unsupported dialect get no module (schema/invalid reports them);
 * a schema whose module fails at some step is a `schema-not-generated` fact.
 * With `memo`, a schema whose inputs (itself, the schemas it reaches by
 * `$ref`, their module paths and type names) are unchanged is not compiled again.
 * With `onDisk` (outDir's files now), a module whose files carry the freshness
 * stamp of its current inputs, with untouched bodies, is taken from disk
 * (see stampGenerated); anything else is generated, so a hand edit still shows.
 */
/** `digest` is the model index's (computed once per schema); without a model each call hashes afresh. */
export async function emitSchemaModules(
  schemas: SchemaDoc[],
  outDir: string,
  memo?: EmitMemo,
  graph: SchemaGraph = linkSchemas(schemas),
  digest: (d: SchemaDoc) => string = schemaDigest,
  onDisk?: Readonly<Record<string, string>>,
  vocabularies?: readonly Vocabulary[],
): Promise<ModuleOutput> {
  const reference = unoptimized();
  const declared = declaredVocabularies(schemas, vocabularies);
  const last = lastEmit.value ?? null;
  if (
    !reference &&
    last !== null &&
    last.outDir === outDir &&
    sameItems(last.schemas, schemas) &&
    sameFiles(last.onDisk, onDisk) &&
    last.declared === declared.key
  ) {
    // The same schema objects and the same files on disk: the same modules. The memo is asked again, so the cache keeps them.
    const files: PlannedFile[] = [];
    const facts: EmitFact[] = [];
    for (const m of last.made) {
      const out = memo ? await memo(m.inputs, async () => m.out) : m.out;
      files.push(...out.files);
      facts.push(...out.facts);
    }
    files.sort(by((f) => f.path));
    return { files, facts };
  }
  const docs = [...graph.docs.values()].filter((d) => d.dialect !== null && d.value !== null && typeof d.value === "object" && !Array.isArray(d.value));
  const modules = schemaModulePaths(
    docs.map((d) => d.file),
    outDir,
  );
  const targets = refTargetNames(graph);
  // Each validator is compiled by a fresh Ajv holding only the schemas it reaches: its code (and
  // Ajv's function numbering) then depends on nothing else, so a module compiled alone in a warm
  // run is byte-identical to the one a cold run wrote, and no run pays for adding every schema.

  const emitOne = async (doc: SchemaDoc, inputs: string): Promise<ModuleOutput> => {
    const files: PlannedFile[] = [];
    const facts: EmitFact[] = [];
    const mod = modules.get(doc.file)!;
    const types = await typesCode(graph, doc, targets);
    if (types.error) {
      facts.push(notGenerated(doc.file, "types", types.error));
      return { files, facts };
    }
    const root = rootTypeName(doc);
    const importLines: string[] = [];
    for (const file of [...types.imports.keys()].sort()) {
      const other = modules.get(file);
      const wanted = [...types.imports.get(file)!].sort();
      if (!other) {
        facts.push(notGenerated(doc.file, "ref-module", file));
        continue;
      }
      importLines.push(`import type { ${wanted.join(", ")} } from ${tsString(importSpecifier(mod, other))};`);
    }
    const names = new NameSet(exportedNames(types.code).map((n) => n.name));
    for (const list of types.imports.values()) for (const n of list) names.take(n);
    if (!names.has(root)) facts.push(notGenerated(doc.file, "root-type", root));
    const vocab = vocabularyCode(declared.of(doc), root, names);

    const validator = validatorCode(graph, ajvCopies(graph, refClosure(graph, doc.file)), doc.file, doc.dialect!, new Map() as AjvCache);
    const sections: string[] = [generatedHeader(doc.file)];
    let validatorSection = "";
    if (validator.code) {
      const vname = names.take(`validate${root}`);
      const raw = names.take(`${vname}Raw`);
      importLines.push(`import { validate as ${raw} } from ${tsString(importSpecifier(mod, `${mod}.validator`))};`);
      validatorSection = [
        `/** Validates a value against ${blockCommentText(doc.file)}; errors carry JSON pointers into the value. */`,
        `export function ${vname}(value: unknown): { ok: true; value: ${root} } | { ok: false; errors: { pointer: string; message: string }[] } {`,
        `  const run = ${raw} as unknown as ((data: unknown) => boolean) & { errors?: { instancePath: string; keyword: string; params?: Record<string, unknown>; message?: string }[] | null };`,
        "  if (run(value)) return { ok: true, value: value as " + root + " };",
        "  // A oneOf/anyOf summary follows the errors of its branches; the branches say more.",
        '  const errors = (run.errors ?? []).filter((e, _, all) => !((e.keyword === "oneOf" || e.keyword === "anyOf") && all.length > 1));',
        "  return { ok: false, errors: errors.map((e) => ({ pointer: e.instancePath, message: describeError(e) })) };",
        "}",
        "",
        "function describeError(e: { keyword: string; params?: Record<string, unknown>; message?: string }): string {",
        "  const p = e.params ?? {};",
        '  if (e.keyword === "additionalProperties") return `unknown key "${String(p.additionalProperty)}"`;',
        '  if (e.keyword === "enum" && Array.isArray(p.allowedValues)) return `must be one of ${p.allowedValues.map((v) => JSON.stringify(v)).join(", ")}`;',
        '  return e.message ?? "is invalid";',
        "}",
      ].join("\n");
      files.push({
        path: `${mod}.validator.ts`,
        content: `${generatedHeader(doc.file)}// @ts-nocheck -- Ajv standalone code, compiled at build time; needs no package at run time.\n/* eslint-disable */\n\n${validator.code}`,
      });
    } else {
      facts.push(notGenerated(doc.file, "validator", validator.error ?? "unknown error"));
    }
    if (importLines.length) sections.push(importLines.join("\n"));
    sections.push(types.code);
    if (vocab.code) sections.push(vocab.code);
    if (validatorSection) sections.push(validatorSection);
    files.push({ path: `${mod}.ts`, content: `${sections[0]}\n${sections.slice(1).join("\n\n")}\n` });
    // Only a module generated without a fact is stamped: the facts of the others are found by generating again.
    if (facts.length > 0) return { files, facts };
    return { files: files.map((f) => ({ path: f.path, content: stampGenerated(f.content, inputs) })), facts };
  };

  /** A module whose two files on disk carry the stamp of these inputs and are untouched: build would write them as they are. */
  const fresh = (doc: SchemaDoc, inputs: string): ModuleOutput | null => {
    if (!onDisk) return null;
    const mod = modules.get(doc.file)!;
    const files: PlannedFile[] = [];
    for (const path of [`${mod}.validator.ts`, `${mod}.ts`]) {
      const content = onDisk[path];
      if (content === undefined || !provenFresh(content, inputs)) return null;
      files.push({ path, content });
    }
    return { files, facts: [] };
  };

  const files: PlannedFile[] = [];
  const facts: EmitFact[] = [];
  const made: { inputs: string; out: ModuleOutput }[] = [];
  const grouped = targetsByFile(targets);
  for (const doc of docs) {
    const key = moduleKey(graph, doc, outDir, modules, grouped, digest, declared.keyOf(doc));
    const inputs = contentHash(key, generatorIdentity());
    const out = (reference ? null : fresh(doc, inputs)) ?? (memo ? await memo(inputs, () => emitOne(doc, inputs)) : await emitOne(doc, inputs));
    made.push({ inputs, out });
    files.push(...out.files);
    facts.push(...out.facts);
  }
  lastEmit.value = reference ? undefined : { schemas: [...schemas], outDir, onDisk, declared: declared.key, made };
  files.sort(by((f) => f.path));
  return { files, facts };
}

/**
 * The last plan's inputs and modules, for a watch re-check whose edit touched no schema and
 * nothing in outDir (a doc or code edit): a pure function of those (and of the generator, fixed per process).
 */
const lastEmit = cellMemo<{
  schemas: SchemaDoc[];
  outDir: string;
  onDisk: Readonly<Record<string, string>> | undefined;
  declared: string;
  made: { inputs: string; out: ModuleOutput }[];
}>("emit/generated-schemas#lastEmit");

function sameFiles(a: Readonly<Record<string, string>> | undefined, b: Readonly<Record<string, string>> | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}
