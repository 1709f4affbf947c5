/**
 * The data a region template sees. Every template gets the same context
 * (documented in docs/fragments.md): the region's document and arguments, its
 * resolved source, and rows for the project's vocabulary members, schema
 * properties, delegation notes, commands and rules — plain JSON, sorted.
 */
import { siteGenerators } from "../model/routes/index.js";
import { cmp } from "../util/compare.js";
import { posix } from "node:path";
import type { Severity } from "../model/diagnostic.js";
import type { SchemaDoc } from "../model/types.js";
import type { ContractModel } from "../model/contract-model.js";
import { linkSchemas, type SchemaGraph } from "../model/schemas.js";
import { escapePointerToken, unescapePointerToken } from "../util/json-pointer.js";
import { matchesGlob } from "./region-glob.js";
import { resolveArgPath, valueAt, type ResolvedSource } from "./region-sources.js";
import { isObject } from "../util/objects.js";

export interface MemberRow {
  value: string;
  deprecated: boolean;
  /** The member that replaces a deprecated one, or null. */
  replacedBy: string | null;
}

export interface PropertyRow {
  name: string;
  /** `string`, `integer or null`, `array of eventType`, … */
  type: string;
  /** `yes` or `no`. */
  required: string;
  isRequired: boolean;
  /** First sentence of the description (empty when there is none). */
  description: string;
  /** Enum/const values of the property (empty when not closed). */
  allowed: string[];
  deprecated: boolean;
}

export interface NoteRow {
  id: string;
  /** Root-relative path of the note's document. */
  file: string;
  line: number;
  /** Link cell: `{ text: file, url: path relative to the region's document + #section }`. */
  document: { text: string; url: string };
  subject: string;
  /** Owner invocations as written, de-duplicated. */
  owners: string[];
}

export interface CommandRow {
  /** The binary (when the CLI has exactly one) and the command path. */
  command: string;
  path: string[];
  verbs: string[];
  flags: string[];
}

/** What templates need from a rule's metadata. */
export interface RuleSummary {
  id: string;
  defaultSeverity: Severity;
  description: string;
  explanation?: string;
  fixable?: boolean;
  example?: { bad: string; fix: string };
}

export interface RuleRow {
  id: string;
  severity: Severity;
  description: string;
  /** The paragraph `docpact explain` prints. */
  explanation: string;
  fixable: boolean;
  /** A failing snippet and how to fix it, or null. */
  example: { bad: string; fix: string } | null;
}

export interface TemplateContext {
  template: string;
  /** The region's document, root-relative. */
  document: string;
  args: Record<string, string>;
  /** The resolved `source` value (schema JSON, code vocabulary, folded constant), or null without `source`. */
  source: unknown;
  /** Where the source came from, or null. */
  sourceInfo: { kind: ResolvedSource["kind"]; file: string; name: string } | null;
  /** The source as vocabulary members, or null when it is not a closed set. */
  members: MemberRow[] | null;
  /** The source as an object schema's properties, or null when it has none. */
  properties: PropertyRow[] | null;
  /** Delegation notes of every document (filtered by the `filter` glob argument when given). */
  notes: NoteRow[];
  commands: CommandRow[];
  globalFlags: string[];
  binaries: string[];
  rules: RuleRow[];
  /** docpact's CLI readers, in merge order (compiler/readers/cli registry): id, docs line. */
  readers: ReaderRow[];
  /** The site generators docpact detects (its registry, generated/sites.ts), in detection order. */
  sites: SiteRow[];
  /** Every way docpact renders documents: GitHub's plain files first, then `sites`. */
  renderers: SiteRow[];
}

export interface ReaderRow {
  id: string;
  docs: string;
  packages: string[];
}

export interface SiteRow {
  /** The `sites[].generator` value. */
  id: string;
  name: string;
  /** The config files that mark its sites, in prose. */
  detection: string;
  /** The document extensions it renders, `.md, .mdx`. */
  documents: string;
  /** Whether docpact models its routes and heading ids (else its links that name no file are not judged). */
  modelled: string;
  /** How its files become routes, or null when it has no routes (GitHub, `unknown`). */
  routes: { pages: string; assets: string; notJudged: string } | null;
  /** How its headings get ids. */
  anchors: { slug: string; customId: string; repeats: string };
}

/** One row per site generator with a config file docpact looks for (`plain`: GitHub's plain files too). */
export function siteRows(plain = false): SiteRow[] {
  return siteGenerators
    .filter((d) => plain || d.configFiles.length > 0)
    .map((d) => ({
      id: d.id,
      name: d.name,
      detection: d.configHint,
      documents: d.docExtensions.join(", "),
      modelled: d.routesUnknown === undefined ? "routes, clean URLs, heading ids" : "detected only: links that name no file are not judged",
      routes: d.docs.routes ?? null,
      anchors: d.docs.anchors,
    }));
}

// ───────────────────────────── vocabulary members ─────────────────────────────

export function membersOf(source: ResolvedSource): MemberRow[] | null {
  if (source.kind === "code" || (source.kind === "schema" && source.vocabulary)) {
    const voc = source.kind === "code" ? source.vocabulary : source.vocabulary!;
    return voc.members.map((m) => ({ value: m.value, deprecated: m.deprecated, replacedBy: m.replacedBy ?? null }));
  }
  const v = source.value;
  if (source.kind === "module") {
    if (Array.isArray(v) && v.length && v.every(isScalar)) return v.map((x) => plain(String(x)));
    return null;
  }
  return schemaMembers(v);
}

/** Members of a closed schema written without a reader vocabulary (non-string enums, nested refs). */
function schemaMembers(v: unknown): MemberRow[] | null {
  if (!isObject(v)) return null;
  if (Array.isArray(v.enum)) return v.enum.map((x) => plain(scalarText(x)));
  if ("const" in v) return [plain(scalarText(v.const))];
  for (const k of ["oneOf", "anyOf"]) {
    const arr = v[k];
    if (Array.isArray(arr) && arr.length && arr.every((b) => isObject(b) && "const" in b)) {
      return (arr as Record<string, unknown>[]).map((b) => ({
        value: scalarText(b.const),
        deprecated: b.deprecated === true,
        replacedBy: typeof b["x-replaced-by"] === "string" ? b["x-replaced-by"] : null,
      }));
    }
  }
  return null;
}

const plain = (value: string): MemberRow => ({ value, deprecated: false, replacedBy: null });

// ───────────────────────────── schema properties ─────────────────────────────

/** Follows a `$ref` found at a pointer of the source's schema file; null when it does not resolve. */
export type RefFollower = (pointer: string) => unknown;

export function propertiesOf(source: ResolvedSource, schemas: SchemaDoc[], graph: SchemaGraph = linkSchemas(schemas)): PropertyRow[] | null {
  if (source.kind === "code") return null;
  const schema = source.value;
  if (!isObject(schema) || !isObject(schema.properties)) return null;
  const deref: RefFollower = source.kind === "schema" ? (pointer) => derefSchema(graph, schemas, source.file, pointer) : () => undefined;
  const base = source.kind === "schema" ? source.pointer : null;
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((x): x is string => typeof x === "string") : []);
  return Object.keys(schema.properties).map((name) => {
    const prop = (schema.properties as Record<string, unknown>)[name];
    const at = base === null ? null : `${base}/properties/${escapePointerToken(name)}`;
    const target = at !== null && isObject(prop) && typeof prop.$ref === "string" ? deref(at) : undefined;
    const p = isObject(prop) ? prop : {};
    const t = isObject(target) ? target : {};
    const description = typeof p.description === "string" ? p.description : typeof t.description === "string" ? t.description : "";
    const members = schemaMembers(p) ?? schemaMembers(t) ?? schemaMembers(isObject(p.items) ? p.items : null);
    return {
      name,
      type: typeLabel(prop),
      required: required.has(name) ? "yes" : "no",
      isRequired: required.has(name),
      description: firstSentence(description),
      allowed: members ? members.map((m) => m.value) : [],
      deprecated: p.deprecated === true || t.deprecated === true,
    };
  });
}

function derefSchema(graph: SchemaGraph, schemas: SchemaDoc[], file: string, pointer: string): unknown {
  const target = graph.resolved.get(`${file}#${pointer}`)?.target;
  if (!target) return undefined;
  const doc = schemas.find((s) => s.file === target.file);
  const found = doc ? valueAt(doc.value, target.pointer) : { ok: false as const };
  return found.ok ? found.value : undefined;
}

/** A short human type: `string`, `integer or null`, `array of eventType`, `eventType` for a `$ref`. */
export function typeLabel(s: unknown, depth = 0): string {
  if (s === true || s === undefined) return "any";
  if (s === false) return "never";
  if (!isObject(s) || depth > 4) return "any";
  if (typeof s.$ref === "string") return refName(s.$ref);
  const t = s.type;
  if (typeof t === "string") return t === "array" ? arrayLabel(s, depth) : t;
  if (Array.isArray(t) && t.length) return t.map((x) => (x === "array" ? arrayLabel(s, depth) : String(x))).join(" or ");
  if ("const" in s) return jsonType(s.const);
  if (Array.isArray(s.enum) && s.enum.length) return [...new Set(s.enum.map(jsonType))].join(" or ");
  for (const k of ["oneOf", "anyOf"]) {
    const arr = s[k];
    if (Array.isArray(arr) && arr.length) return [...new Set(arr.map((x) => typeLabel(x, depth + 1)))].join(" or ");
  }
  if (Array.isArray(s.allOf) && s.allOf.length) return typeLabel(s.allOf[0], depth + 1);
  if (isObject(s.properties)) return "object";
  if (s.items !== undefined) return arrayLabel(s, depth);
  return "any";
}

function arrayLabel(s: Record<string, unknown>, depth: number): string {
  return isObject(s.items) ? `array of ${typeLabel(s.items, depth + 1)}` : "array";
}

/** `#/$defs/eventType` → `eventType`; `common.schema.json#/$defs/id` → `id`; `common.schema.json` → `common`. */
function refName(ref: string): string {
  const hash = ref.indexOf("#");
  const frag = hash === -1 ? "" : ref.slice(hash + 1);
  const last = frag.split("/").filter(Boolean).pop();
  if (last) return unescapePointerToken(safeDecode(last));
  const file = (hash === -1 ? ref : ref.slice(0, hash)).split("/").pop() ?? ref;
  return file.replace(/\.schema\.json$|\.json$/, "") || ref;
}

function jsonType(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v;
}

const ABBREVIATIONS = /(?:\b(?:e\.g|i\.e|etc|vs|cf)\.)$/i;

/** The first sentence of a description, on one line. */
export function firstSentence(text: string): string {
  const s = text.replace(/\s+/g, " ").trim();
  const re = /[.!?](?=\s|$)/g;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    const upTo = s.slice(0, m.index + 1);
    if (ABBREVIATIONS.test(upTo)) continue;
    return upTo;
  }
  return s;
}

// ───────────────────────────── notes, commands, rules ─────────────────────────────

export function noteRows(model: ContractModel, document: string, filter: string | null): NoteRow[] {
  const from = posix.dirname(document);
  const rows: NoteRow[] = [];
  for (const { file, slug, note } of model.index.notes) {
    if (filter !== null && !matchesGlob(file, filter)) continue;
    let url = file === document ? "" : posix.relative(from, file);
    if (slug !== null) url += `#${slug}`;
    if (!url) url = posix.basename(file);
    rows.push({
      id: note.id,
      file,
      line: note.span.line,
      document: { text: file, url },
      subject: note.subject,
      owners: [...new Set(note.owners.map((o) => o.raw))],
    });
  }
  return rows;
}

/** The `filter` argument as a root-relative glob (it is relative to the document, like every path argument). */
export function filterGlob(document: string, filter: string | undefined): string | null {
  if (filter === undefined) return null;
  return resolveArgPath(document, filter);
}

export function commandRows(model: ContractModel, prefix: string | null): CommandRow[] {
  const byPath = new Map<string, { path: string[]; verbs: Set<string>; flags: Set<string> }>();
  for (const c of model.surface.commands) {
    const key = c.path.join(" ");
    let e = byPath.get(key);
    if (!e) byPath.set(key, (e = { path: c.path, verbs: new Set(), flags: new Set() }));
    for (const v of c.verbs ?? []) e.verbs.add(v);
    for (const f of c.flags ?? []) e.flags.add(f);
  }
  const bin = model.binaries.length === 1 ? model.binaries[0] : null;
  const want = prefix?.trim().split(/\s+/).filter(Boolean) ?? [];
  return [...byPath.entries()]
    .filter(([, e]) => want.every((w, i) => e.path[i] === w))
    .sort(([a], [b]) => cmp(a, b))
    .map(([key, e]) => ({
      command: bin ? `${bin} ${key}`.trim() : key,
      path: e.path,
      verbs: [...e.verbs].sort(),
      flags: [...e.flags].sort(),
    }));
}

export function ruleRows(catalogue: readonly RuleSummary[], prefix: string | null): RuleRow[] {
  return catalogue
    .filter((r) => prefix === null || r.id.startsWith(prefix))
    .map((r) => ({
      id: r.id,
      severity: r.defaultSeverity,
      description: r.description,
      explanation: r.explanation ?? "",
      fixable: r.fixable === true,
      example: r.example ?? null,
    }))
    .sort((a, b) => cmp(a.id, b.id));
}

// ───────────────────────────── helpers ─────────────────────────────

function isScalar(v: unknown): v is string | number | boolean {
  return typeof v === "string" || typeof v === "number" || typeof v === "boolean";
}

function scalarText(v: unknown): string {
  return typeof v === "string" ? v : (JSON.stringify(v) ?? "null");
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
