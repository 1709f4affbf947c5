/**
 * Schema reader: one JSON Schema file → SchemaDoc (value with positions, dialect,
 * `$id` (draft-04 `id`), `$ref`s, anchors, vocabularies and backticked terms). It never judges:
 * an unknown dialect is recorded as `dialect: null`, and rules decide.
 */
import type { Span } from "../model/diagnostic.js";
import type { JsonLocation, SchemaDialect, SchemaDoc, SchemaRef, Term, Vocabulary, VocabularyMember } from "../model/types.js";
import { idKeyword, idMayBeAnchor } from "../util/schema-dialect.js";
import { escapePointerToken, spanAtPointer, stringOffsets } from "./json-positions.js";
import { parseDataWithPositions } from "./yaml-positions.js";
import { LineIndex } from "../util/text.js";
import { isObject } from "../util/objects.js";

/** Keywords whose value is one subschema. */
const SINGLE = [
  "additionalProperties",
  "additionalItems",
  "items",
  "contains",
  "propertyNames",
  "not",
  "if",
  "then",
  "else",
  "unevaluatedItems",
  "unevaluatedProperties",
  "contentSchema",
];
/** Keywords whose value is an array of subschemas. */
const ARRAY = ["allOf", "anyOf", "oneOf", "prefixItems", "items"];
/** Keywords whose value maps names to subschemas. */
const MAP = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"];
/** String keywords that are prose: backticked tokens in them are terms. */
const PROSE = ["description", "title", "$comment"];

/** `$schema` URI → dialect. Trailing `#` and http/https are ignored. */
export function dialectOf(uri: string | null): SchemaDialect | null {
  if (uri === null) return "draft-07";
  const u = uri
    .trim()
    .replace(/#$/, "")
    .replace(/^http:/, "https:");
  switch (u) {
    case "https://json-schema.org/draft-04/schema":
      return "draft-04";
    case "https://json-schema.org/draft-06/schema":
      return "draft-06";
    case "https://json-schema.org/draft-07/schema":
      return "draft-07";
    case "https://json-schema.org/draft/2019-09/schema":
      return "2019-09";
    case "https://json-schema.org/draft/2020-12/schema":
      return "2020-12";
    default:
      return null;
  }
}

export function readSchema(file: string, text: string, maxNesting?: number): SchemaDoc {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // A schema file named `.yaml`/`.yml` is YAML (config `schemas` decides which files are schemas).
  const parsed = parseDataWithPositions(file, src, maxNesting);
  const doc: SchemaDoc = {
    file,
    value: parsed.value,
    locations: parsed.locations,
    problems: parsed.problems,
    schemaUri: null,
    dialect: "draft-07",
    id: null,
    refs: [],
    nestedIds: [],
    anchors: [],
    vocabularies: [],
    terms: [],
  };
  const root = parsed.value;
  if (root === undefined) return doc;
  if (!isObject(root)) {
    if (typeof root !== "boolean") {
      doc.problems.push({ message: "a JSON Schema must be an object (or a boolean)", span: parsed.locations[""].value });
    }
    return doc;
  }
  doc.schemaUri = typeof root.$schema === "string" ? root.$schema : null;
  doc.dialect = dialectOf(doc.schemaUri);
  const idKey = idKeyword(doc.dialect);
  doc.id = typeof root[idKey] === "string" ? (root[idKey] as string) : null;
  new Walker(doc, src, parsed.format === "yaml").schema(root, "");
  return doc;
}

class Walker {
  constructor(
    private readonly doc: SchemaDoc,
    private readonly text: string,
    private readonly yaml: boolean,
  ) {}

  /** Line starts of the text, made on first use (YAML strings may span lines). */
  private lines?: LineIndex;

  private span(pointer: string, part: "key" | "value" = "value"): Span {
    return spanAtPointer(this.doc.locations, pointer, part) ?? { file: this.doc.file, line: 1, column: 1, endLine: 1, endColumn: 1 };
  }

  schema(s: unknown, pointer: string, inConstVocab = false): void {
    if (!isObject(s)) return;
    const doc = this.doc;
    if (typeof s.$ref === "string") doc.refs.push({ pointer, ref: s.$ref, span: this.span(pointer + "/$ref") } satisfies SchemaRef);
    const id = s[idKeyword(doc.dialect)];
    if (typeof id === "string") {
      const legacyAnchor = idMayBeAnchor(doc.dialect) && id.startsWith("#");
      if (legacyAnchor) doc.anchors.push({ pointer, name: id.slice(1) });
      else if (pointer !== "") doc.nestedIds.push({ pointer, id });
    }
    if (typeof s.$anchor === "string") doc.anchors.push({ pointer, name: s.$anchor });
    for (const k of PROSE) if (typeof s[k] === "string") this.terms(pointer + "/" + escapePointerToken(k), s[k]);

    const constBranches = this.vocabulary(s, pointer, inConstVocab);

    for (const k of SINGLE) if (isObject(s[k])) this.schema(s[k], pointer + "/" + k);
    for (const k of ARRAY) {
      const arr = s[k];
      if (!Array.isArray(arr)) continue;
      const inVocab = constBranches && (k === "oneOf" || k === "anyOf");
      arr.forEach((sub, i) => this.schema(sub, `${pointer}/${k}/${i}`, inVocab));
    }
    for (const k of MAP) {
      const m = s[k];
      if (!isObject(m)) continue;
      for (const name of Object.keys(m)) this.schema(m[name], `${pointer}/${k}/${escapePointerToken(name)}`);
    }
  }

  /** Records the vocabulary declared at this schema object; true when its oneOf/anyOf is a const vocabulary. */
  private vocabulary(s: Record<string, unknown>, pointer: string, inConstVocab: boolean): boolean {
    const file = this.doc.file;
    const push = (keyword: string, members: VocabularyMember[]): void => {
      if (members.length === 0) return;
      this.doc.vocabularies.push({
        id: `${file}#${pointer}`,
        kind: "schema",
        file,
        name: pointer,
        members,
        span: this.span(`${pointer}/${keyword}`, "key"),
      } satisfies Vocabulary);
    };
    if (Array.isArray(s.enum)) {
      const deprecated = new Set(Array.isArray(s["x-deprecated"]) ? s["x-deprecated"].filter((x): x is string => typeof x === "string") : []);
      const replaced = isObject(s["x-replaced-by"]) ? s["x-replaced-by"] : {};
      const members: VocabularyMember[] = [];
      s.enum.forEach((v, i) => {
        if (typeof v !== "string") return;
        const by = typeof replaced[v] === "string" ? (replaced[v] as string) : undefined;
        members.push(member(v, deprecated.has(v) || by !== undefined, by, this.span(`${pointer}/enum/${i}`)));
      });
      push("enum", members);
      return false;
    }
    for (const k of ["oneOf", "anyOf"]) {
      const arr = s[k];
      if (!Array.isArray(arr) || arr.length === 0) continue;
      if (!arr.every((b) => isObject(b) && typeof b.const === "string")) continue;
      const members = (arr as Record<string, unknown>[]).map((b, i) =>
        member(
          b.const as string,
          b.deprecated === true,
          typeof b["x-replaced-by"] === "string" ? b["x-replaced-by"] : undefined,
          this.span(`${pointer}/${k}/${i}/const`),
        ),
      );
      push(k, members);
      return true;
    }
    if (typeof s.const === "string" && !inConstVocab) {
      push("const", [
        member(s.const, s.deprecated === true, typeof s["x-replaced-by"] === "string" ? s["x-replaced-by"] : undefined, this.span(`${pointer}/const`)),
      ]);
    }
    return false;
  }

  /** Backticked tokens inside the string at `pointer`, with exact positions (escapes accounted for). */
  private terms(pointer: string, value: unknown): void {
    const loc: JsonLocation | undefined = this.doc.locations[pointer];
    if (!loc || typeof value !== "string" || !value.includes("`")) return;
    if (this.yaml) return this.yamlTerms(loc, value);
    let offsets: number[] | undefined;
    for (const m of value.matchAll(/`([^`\n]+)`/g)) {
      offsets ??= stringOffsets(this.text, loc.start);
      const from = m.index + 1;
      const to = from + m[1].length;
      const start = offsets[from];
      const end = offsets[to];
      this.doc.terms.push({ value: m[1], offset: start, span: spanFromLocation(loc, start, end, this.text) } satisfies Term);
    }
  }

  /**
   * In YAML the decoded string is found in the source token by token: plain, quoted and block
   * scalars keep a backticked name as written. A token folded across lines is not found verbatim;
   * it is placed at the start of its string, where no fix applies (the text there is not the token).
   */
  private yamlTerms(loc: JsonLocation, value: string): void {
    const raw = this.text.slice(loc.start, loc.end);
    let from = 0;
    for (const m of value.matchAll(/`([^`\n]+)`/g)) {
      const i = raw.indexOf(m[0], from);
      if (i === -1) {
        this.doc.terms.push({ value: m[1], offset: loc.start, span: loc.value } satisfies Term);
        continue;
      }
      from = i + m[0].length;
      const start = loc.start + i + 1;
      this.doc.terms.push({ value: m[1], offset: start, span: this.spanAt(start, start + m[1].length) } satisfies Term);
    }
  }

  private spanAt(start: number, end: number): Span {
    const lines = (this.lines ??= new LineIndex(this.text));
    const a = lines.position(start);
    const b = lines.position(end);
    return { file: this.doc.file, line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
  }
}

function member(value: string, deprecated: boolean, replacedBy: string | undefined, span: Span): VocabularyMember {
  return replacedBy !== undefined ? { value, deprecated, replacedBy, span } : { value, deprecated, span };
}

/** A span for offsets inside one JSON string (strings never contain raw line breaks). */
function spanFromLocation(loc: JsonLocation, start: number, end: number, _text: string): Span {
  const v = loc.value;
  return { file: v.file, line: v.line, column: v.column + (start - loc.start), endLine: v.line, endColumn: v.column + (end - loc.start) };
}
