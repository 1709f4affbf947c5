/**
 * YAML with positions, in the shape json-positions.ts gives for JSON: the value
 * as JSON data, JSON pointer → key and value spans, problems instead of throws.
 * Parsed by the `yaml` package (YAML 1.2 core schema: no timestamps, no custom
 * tags evaluated); one document per file. An alias's locations are those of
 * the node it names. Duplicate keys, several documents and syntax errors make
 * the file unreadable (`value` undefined), as invalid JSON does.
 */
import type { Document, Node as YamlNode } from "yaml";
import { yaml } from "../util/yaml.js";
import type { Span } from "../model/diagnostic.js";
import type { JsonLocation, JsonProblem } from "../model/types.js";
import { escapePointerToken } from "../util/json-pointer.js";
import { isYamlFile } from "../util/paths.js";
import { DEFAULT_MAX_NESTING, parseJsonWithPositions, type ParsedJson } from "./json-positions.js";

/** Parses YAML text (BOM tolerated) into a JSON value with the location of every value. */
export function parseYamlWithPositions(file: string, text: string, maxNesting = DEFAULT_MAX_NESTING): ParsedJson {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lines = new (yaml().LineCounter)();
  const at = (start: number, end: number): Span => {
    const a = lines.linePos(start);
    const b = lines.linePos(Math.max(end, start));
    return { file, line: a.line, column: a.col, endLine: b.line, endColumn: b.col };
  };
  const doc = yaml().parseDocument(src, { lineCounter: lines, prettyErrors: false, keepSourceTokens: false, merge: false });
  const locations: Record<string, JsonLocation> = {};
  if (doc.errors.length > 0) {
    const e = doc.errors[0];
    return { locations, problems: [{ message: `invalid YAML: ${e.message.split("\n")[0]}`, span: at(e.pos[0], e.pos[1]) }] };
  }
  if (doc.contents === null) return { locations, problems: [{ message: "empty document: expected a YAML value", span: at(0, 0) }] };
  const problems: JsonProblem[] = [];
  const walker = new Walker(doc, locations, at, maxNesting);
  let value: unknown;
  try {
    value = walker.value(doc.contents as YamlNode, "", undefined, 0);
  } catch (e) {
    if (!(e instanceof Stop)) throw e;
    problems.push({ message: e.message, span: e.span });
    return { locations, problems };
  }
  return { value, locations, problems };
}

const MAX_ALIASES = 1000;

/** Stops the walk at a value docpact cannot take as JSON data; never escapes the module. */
class Stop {
  constructor(
    readonly message: string,
    readonly span: Span,
  ) {}
}

class Walker {
  /** Aliases followed so far (each walks its node again; this bounds a "billion laughs" file). */
  private aliases = 0;

  constructor(
    private readonly doc: Document,
    private readonly locations: Record<string, JsonLocation>,
    private readonly at: (start: number, end: number) => Span,
    private readonly maxNesting: number,
  ) {}

  value(node: YamlNode, pointer: string, key: Span | undefined, depth: number): unknown {
    if (depth > this.maxNesting) throw new Stop(`nesting deeper than ${this.maxNesting} levels (limits.maxNesting); not read`, this.span(node));
    let target: YamlNode = node;
    if (yaml().isAlias(node)) {
      if (++this.aliases > MAX_ALIASES)
        throw new Stop(`the YAML follows more than ${MAX_ALIASES} aliases (nested aliases multiply); not read`, this.span(node));
      const resolved = node.resolve(this.doc);
      if (!resolved) throw new Stop(`invalid YAML: unresolved alias *${node.source}`, this.span(node));
      target = resolved as YamlNode;
    }
    const range = target.range ?? [0, 0, 0];
    // `key:` with nothing after it is an empty null scalar: shown at its key.
    const value = key && range[0] === range[1] ? key : this.span(target);
    this.locations[pointer] = key ? { key, value, start: range[0], end: range[1] } : { value, start: range[0], end: range[1] };
    if (yaml().isMap(target)) {
      const out: Record<string, unknown> = {};
      for (const pair of target.items) {
        const k = pair.key as YamlNode | null;
        if (k !== null && !yaml().isScalar(k)) throw new Stop("a mapping key that is not a plain value cannot be read as JSON", this.span(k));
        const name = k === null ? "" : String(k.value);
        const keySpan = k?.range ? this.at(k.range[0], k.range[1]) : this.span(target);
        const v = pair.value as YamlNode | null;
        const at = pointer + "/" + escapePointerToken(name);
        const end = k?.range?.[1] ?? range[0];
        if (v === null) this.locations[at] = { key: keySpan, value: keySpan, start: end, end };
        // defineProperty: a key named `__proto__` is a plain key, as in JSON.parse.
        Object.defineProperty(out, name, {
          value: v === null ? null : this.value(v, at, keySpan, depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
    if (yaml().isSeq(target))
      return target.items.map((item, i) => (item === null ? null : this.value(item as YamlNode, `${pointer}/${i}`, undefined, depth + 1)));
    if (yaml().isScalar(target)) {
      const v = target.value;
      if (v === null || typeof v === "string" || typeof v === "boolean") return v;
      if (typeof v === "number") {
        if (!Number.isFinite(v)) throw new Stop(`${String(target.source ?? v)} is not a JSON number`, this.span(target));
        return v;
      }
      if (typeof v === "bigint") return Number(v);
      throw new Stop("a value that is not JSON data (a tagged or binary value)", this.span(target));
    }
    throw new Stop("a value that is not JSON data", this.span(target));
  }

  private span(node: YamlNode): Span {
    const r = node.range ?? [0, 0, 0];
    return this.at(r[0], r[1]);
  }
}

/** JSON or YAML by the file's name (`.yaml`/`.yml` are YAML, everything else JSON). */
export function parseDataWithPositions(file: string, text: string, maxNesting?: number): ParsedJson & { format: "json" | "yaml" } {
  return isYamlFile(file)
    ? { ...parseYamlWithPositions(file, text, maxNesting), format: "yaml" }
    : { ...parseJsonWithPositions(file, text, maxNesting), format: "json" };
}
