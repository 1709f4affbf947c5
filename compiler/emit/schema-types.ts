/**
 * Type code via json-schema-to-typescript, fed an offline copy of each schema:
 * local `$ref`s become plain `#/pointer` refs, refs into another schema become
 * `tsType` references to the type that schema's module exports (imported, not
 * copied), unresolved refs are dropped; every ref target gets a stable name
 * (`title`), so both modules agree on it. Nothing is fetched or read from disk.
 */
import type { SchemaGraph } from "../model/schemas.js";
import { pointerToFragment } from "../model/schemas.js";
import { splitPointer } from "../util/json-pointer.js";
import { idKeyword } from "../util/schema-dialect.js";
import type { SchemaDoc } from "../model/types.js";
import { NameSet, typeName } from "./schema-naming.js";

/** The exported type name of each schema's root. */
export function rootTypeName(doc: SchemaDoc): string {
  const v = doc.value as Record<string, unknown>;
  if (v && typeof v.title === "string" && typeName(v.title) !== "Schema") return typeName(v.title);
  const base = doc.file
    .split("/")
    .pop()!
    .replace(/\.json$/i, "")
    .replace(/\.schema$/i, "");
  return typeName(base);
}

/** Names every `$ref` target (`<file>#<pointer>` → type name), stable: sorted by file then pointer. */
export function refTargetNames(graph: SchemaGraph): Map<string, string> {
  const byFile = new Map<string, Set<string>>();
  for (const r of graph.resolved.values()) {
    if (!byFile.has(r.target.file)) byFile.set(r.target.file, new Set());
    byFile.get(r.target.file)!.add(r.target.pointer);
  }
  const out = new Map<string, string>();
  for (const file of [...byFile.keys()].sort()) {
    const doc = graph.docs.get(file)!;
    const root = rootTypeName(doc);
    const names = new NameSet([root]);
    for (const pointer of [...byFile.get(file)!].sort()) {
      if (pointer === "") {
        out.set(`${file}#`, root);
        continue;
      }
      const node = nodeAt(doc.value, pointer) as Record<string, unknown> | undefined;
      const title = node && typeof node.title === "string" ? typeName(node.title) : "";
      const tokens = splitPointer(pointer);
      out.set(`${file}#${pointer}`, names.take(title && title !== "Schema" ? title : typeName(tokens[tokens.length - 1])));
    }
  }
  return out;
}

export function nodeAt(root: unknown, pointer: string): unknown {
  let cur = root;
  for (const t of splitPointer(pointer)) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<string, unknown>)[t];
  }
  return cur;
}

export interface TypesCode {
  code: string;
  /** Other schema files → the type names imported from their modules. */
  imports: Map<string, Set<string>>;
  error?: string;
}

const REF_OPTIONS = { resolve: { external: false, http: false, file: false } };

export async function typesCode(graph: SchemaGraph, doc: SchemaDoc, targetNames: Map<string, string>): Promise<TypesCode> {
  const imports = new Map<string, Set<string>>();
  const copy = structuredClone(doc.value) as Record<string, unknown>;
  for (const ref of doc.refs) {
    const node = nodeAt(copy, ref.pointer) as Record<string, unknown>;
    const r = graph.resolved.get(`${doc.file}#${ref.pointer}`);
    delete node.$ref;
    if (!r) continue;
    if (r.target.file === doc.file) {
      node.$ref = `#${pointerToFragment(r.target.pointer)}`;
      continue;
    }
    const name = targetNames.get(`${r.target.file}#${r.target.pointer}`)!;
    if (!imports.has(r.target.file)) imports.set(r.target.file, new Set());
    imports.get(r.target.file)!.add(name);
    node.tsType = name;
  }
  // `$id`s (draft-04: `id`s) would be taken for names and refs by the ref parser: drop them all.
  const idKey = idKeyword(doc.dialect);
  for (const n of doc.nestedIds) delete (nodeAt(copy, n.pointer) as Record<string, unknown>)[idKey];
  for (const a of doc.anchors) {
    const node = nodeAt(copy, a.pointer) as Record<string, unknown>;
    delete node.$anchor;
    if (typeof node[idKey] === "string") delete node[idKey];
  }
  delete copy[idKey];
  delete copy.$schema;
  // Targets of refs get their agreed names; a target outside `$defs`/`definitions`
  // that only other schemas use is made reachable through a definitions entry.
  const defsKey = copy.definitions && !copy.$defs ? "definitions" : "$defs";
  for (const [key, name] of targetNames) {
    const hash = key.indexOf("#");
    if (key.slice(0, hash) !== doc.file) continue;
    const pointer = key.slice(hash + 1);
    if (pointer === "") continue;
    const node = nodeAt(copy, pointer);
    if (!node || typeof node !== "object" || Array.isArray(node)) continue;
    (node as Record<string, unknown>).title = name;
    const tokens = splitPointer(pointer);
    const isDef = tokens.length === 2 && (tokens[0] === "$defs" || tokens[0] === "definitions");
    if (!isDef) {
      const defs = ((copy[defsKey] as Record<string, unknown> | undefined) ??= {});
      defs[`docpactRef${name}`] = { $ref: `#${pointerToFragment(pointer)}` };
    }
  }
  copy.title = rootTypeName(doc);
  try {
    // Loaded on first use: a check whose modules are all proven fresh never needs the generator.
    const { compile } = await import("json-schema-to-typescript");
    const code = await compile(copy as never, copy.title as string, {
      bannerComment: "",
      unreachableDefinitions: true,
      unknownAny: true,
      strictIndexSignatures: false,
      format: true,
      cwd: "/nonexistent-docpact",
      declareExternallyReferenced: true,
      $refOptions: REF_OPTIONS as never,
      style: { singleQuote: false, printWidth: 120, trailingComma: "all", endOfLine: "lf" },
    });
    return { code: code.trim(), imports };
  } catch (e) {
    return { code: "", imports, error: (e as Error).message.split("\n")[0] };
  }
}
