/**
 * Renamed and retired vocabulary names declared outside the schema: config
 * `vocabularies[].aliases` / `retired`, and mapping files the spec ships
 * (`vocabularies[].mapping`: a JSON or YAML file and a JSON pointer to an
 * object of old name → new name, `null` meaning retired). Bad input (a missing
 * file, invalid JSON or YAML, a pointer to nothing, a value that is not a
 * name) is a one-line config error: these files are part of the config.
 */
import { guardedRead } from "../util/guarded-read.js";
import { join, relative, resolve, isAbsolute } from "node:path";
import { LineCounter, parseDocument, isMap, isScalar, type Node as YamlNode } from "yaml";
import type { ResolvedConfig } from "../config/resolve.js";
import type { Span } from "../model/diagnostic.js";
import type { VocabularyDeclaration } from "../model/types.js";
import { DocpactError } from "../util/errors.js";
import { parseJsonWithPositions, spanAtPointer, splitPointer } from "./json-positions.js";

const lineOne = (file: string): Span => ({ file, line: 1, column: 1, endLine: 1, endColumn: 1 });

export function readVocabularyDeclarations(root: string, config: ResolvedConfig): VocabularyDeclaration[] {
  const configFile = config.file ?? "docpact.config.json";
  const out: VocabularyDeclaration[] = [];
  for (const entry of config.vocabularies) {
    if (!entry.aliases && !entry.retired && !entry.mapping) continue;
    const decl: VocabularyDeclaration = { schema: entry.schema, aliases: [], retired: [] };
    for (const [from, to] of Object.entries(entry.aliases ?? {})) decl.aliases.push({ from, to, span: lineOne(configFile) });
    for (const value of entry.retired ?? []) decl.retired.push({ value, span: lineOne(configFile) });
    if (entry.mapping) readMapping(root, configFile, entry.mapping, decl);
    out.push(decl);
  }
  return out;
}

/** One mapping file: `path#/pointer` → the object of old → new names at the pointer. */
function readMapping(root: string, configFile: string, ref: string, decl: VocabularyDeclaration): void {
  const hash = ref.indexOf("#");
  const rel = (hash === -1 ? ref : ref.slice(0, hash)).replace(/\\/g, "/").replace(/^(\.\/)+/, "");
  const pointer = hash === -1 ? "" : ref.slice(hash + 1);
  const where = `${configFile}: vocabularies mapping ${ref}`;
  const abs = resolve(root, rel);
  const r = relative(resolve(root), abs);
  if (r.startsWith("..") || isAbsolute(r)) throw new DocpactError(`${where}: the file is outside the root`);
  // The guarded read: links resolved (a mapping that leads outside the root is not read), regular files only (a FIFO never blocks), size-bounded.
  const read = guardedRead(root, abs, rel);
  if (!read.ok) throw new DocpactError(`${where}: ${read.kind === "missing" ? `cannot read ${rel}: ENOENT` : read.message}`);
  const text = read.text;
  const entries = /\.ya?ml$/i.test(rel) ? yamlEntries(rel, text, pointer, where) : jsonEntries(rel, text, pointer, where);
  for (const e of entries) {
    if (e.to === null) decl.retired.push({ value: e.from, span: e.span });
    else decl.aliases.push({ from: e.from, to: e.to, span: e.span });
  }
}

interface Entry {
  from: string;
  to: string | null;
  span: Span;
}

function jsonEntries(file: string, text: string, pointer: string, where: string): Entry[] {
  const parsed = parseJsonWithPositions(file, text);
  if (parsed.problems.length > 0 || parsed.value === undefined) {
    const p = parsed.problems[0];
    throw new DocpactError(`${where}: invalid JSON${p ? ` at ${p.span.line}:${p.span.column}: ${p.message}` : ""}`);
  }
  const obj = at(parsed.value, pointer, where);
  return Object.entries(obj).map(([from, to]) => ({
    from,
    to: nameOrNull(to, from, where),
    span: spanAtPointer(parsed.locations, `${pointer}/${from.replace(/~/g, "~0").replace(/\//g, "~1")}`, "key") ?? lineOne(file),
  }));
}

function yamlEntries(file: string, text: string, pointer: string, where: string): Entry[] {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  if (doc.errors.length > 0) throw new DocpactError(`${where}: invalid YAML: ${doc.errors[0].message.split("\n")[0]}`);
  let node: unknown = doc.contents;
  for (const token of splitPointer(pointer)) {
    node = isMap(node) ? node.get(token, true) : undefined;
    if (node === undefined) throw new DocpactError(`${where}: nothing at ${pointer}`);
  }
  if (!isMap(node)) throw new DocpactError(`${where}: expected an object of old name → new name at ${pointer || "the root"}`);
  const out: Entry[] = [];
  for (const pair of node.items) {
    const key = pair.key as YamlNode | null;
    const from = isScalar(key) ? String(key.value) : null;
    if (from === null) throw new DocpactError(`${where}: a key is not a name`);
    const value = pair.value as YamlNode | null;
    const to = value === null || (isScalar(value) && value.value === null) ? null : isScalar(value) ? value.value : value;
    const pos = key?.range ? lines.linePos(key.range[0]) : { line: 1, col: 1 };
    out.push({ from, to: nameOrNull(to, from, where), span: { file, line: pos.line, column: pos.col, endLine: pos.line, endColumn: pos.col + from.length } });
  }
  return out;
}

function at(value: unknown, pointer: string, where: string): Record<string, unknown> {
  let v = value;
  for (const token of splitPointer(pointer)) {
    v = isObject(v) ? v[token] : Array.isArray(v) ? v[Number(token)] : undefined;
    if (v === undefined) throw new DocpactError(`${where}: nothing at ${pointer}`);
  }
  if (!isObject(v)) throw new DocpactError(`${where}: expected an object of old name → new name at ${pointer || "the root"}`);
  return v;
}

function nameOrNull(to: unknown, from: string, where: string): string | null {
  if (to === null) return null;
  if (typeof to === "string" && to !== "") return to;
  throw new DocpactError(`${where}: the new name of \`${from}\` must be a string, or null when retired`);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
