/**
 * Renamed and retired vocabulary names declared outside the schema: config
 * `vocabularies[].aliases` / `retired`, and mapping files the spec ships
 * (`vocabularies[].mapping`: a JSON or YAML file and a JSON pointer to an
 * object of old name → new name, or to an array of rows whose fields config
 * `mappingFields` names, `null` meaning retired). Bad input (a missing
 * file, invalid JSON or YAML, a pointer to nothing, a value that is not a
 * name) is a one-line config error: these files are part of the config.
 */
import { guardedRead } from "../util/guarded-read.js";
import { relative, resolve, isAbsolute } from "node:path";
import type { ResolvedConfig } from "../config/types.js";
import type { Span } from "../model/diagnostic.js";
import type { VocabularyDeclaration } from "../model/types.js";
import { DocpactError } from "../util/errors.js";
import { escapePointerToken, spanAtPointer, valueAt } from "../util/json-pointer.js";
import { parseDataWithPositions } from "./yaml-positions.js";
import { isObject } from "../util/objects.js";

const lineOne = (file: string): Span => ({ file, line: 1, column: 1, endLine: 1, endColumn: 1 });

export function readVocabularyDeclarations(root: string, config: ResolvedConfig): VocabularyDeclaration[] {
  const configFile = config.file ?? "docpact.config.json";
  const out: VocabularyDeclaration[] = [];
  for (const entry of config.vocabularies) {
    if (!entry.aliases && !entry.retired && !entry.mapping) continue;
    const decl: VocabularyDeclaration = { schema: entry.schema, aliases: [], retired: [] };
    for (const [from, to] of Object.entries(entry.aliases ?? {})) decl.aliases.push({ from, to, span: lineOne(configFile) });
    for (const value of entry.retired ?? []) decl.retired.push({ value, span: lineOne(configFile) });
    if (entry.mapping) readMapping(root, configFile, entry.mapping, decl, { from: entry.mappingFields?.from ?? "from", to: entry.mappingFields?.to ?? "to" });
    out.push(decl);
  }
  return out;
}

/** One mapping file: `path#/pointer` → the old → new names at the pointer (an object, or rows). */
function readMapping(root: string, configFile: string, ref: string, decl: VocabularyDeclaration, fields: RowFields): void {
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
  const entries = mappingEntries(rel, text, pointer, where, fields);
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

/** The field names of a mapping file's rows (config `vocabularies[].mappingFields`). */
interface RowFields {
  from: string;
  to: string;
}

/**
 * The entries at `pointer` of a JSON or YAML mapping file: an object of old name → new name,
 * or an array of rows (`[{ "from": …, "to": …, … }]`, other fields ignored), each placed at its
 * old name.
 */
function mappingEntries(file: string, text: string, pointer: string, where: string, fields: RowFields): Entry[] {
  const parsed = parseDataWithPositions(file, text);
  if (parsed.value === undefined) {
    const p = parsed.problems[0];
    const kind = parsed.format === "yaml" ? "YAML" : "JSON";
    const message = p ? p.message.replace(/^invalid (JSON|YAML): /, "") : "";
    throw new DocpactError(`${where}: invalid ${kind}${p ? ` at ${p.span.line}:${p.span.column}: ${message}` : ""}`);
  }
  const found = valueAt(parsed.value, pointer);
  if (!found.ok) throw new DocpactError(`${where}: nothing at ${pointer}`);
  const here = (ptr: string, part: "key" | "value") => spanAtPointer(parsed.locations, ptr, part) ?? lineOne(file);
  if (Array.isArray(found.value)) {
    return found.value.map((row, i) => {
      const at = `${pointer}/${i}`;
      if (!isObject(row)) throw new DocpactError(`${where}: row ${i} is not an object with "${fields.from}" and "${fields.to}"`);
      const from = row[fields.from];
      if (typeof from !== "string" || from === "")
        throw new DocpactError(`${where}: row ${i} has no name in "${fields.from}" (config \`mappingFields\` names the fields)`);
      if (!(fields.to in row))
        throw new DocpactError(`${where}: row ${i} (\`${from}\`) has no "${fields.to}" (null when retired; config \`mappingFields\` names the fields)`);
      return { from, to: nameOrNull(row[fields.to], from, where), span: here(`${at}/${escapePointerToken(fields.from)}`, "value") };
    });
  }
  if (!isObject(found.value)) throw new DocpactError(`${where}: expected an object of old name → new name, or an array of rows, at ${pointer || "the root"}`);
  return Object.entries(found.value).map(([from, to]) => ({
    from,
    to: nameOrNull(to, from, where),
    span: here(`${pointer}/${escapePointerToken(from)}`, "key"),
  }));
}

function nameOrNull(to: unknown, from: string, where: string): string | null {
  if (to === null) return null;
  if (typeof to === "string" && to !== "") return to;
  throw new DocpactError(`${where}: the new name of \`${from}\` must be a string, or null when retired`);
}
