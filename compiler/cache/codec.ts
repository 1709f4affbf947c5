/**
 * Encodings of reader outputs.
 *
 * `encode`/`decode`: plain JSON with Maps and Sets tagged, for digests
 * (compiler/rules/incremental.ts hashes it) and small values.
 *
 * `encodeEntry`/`decodeEntry`: the compact form of one on-disk cache entry
 * (compiler/cache/cache.ts). Reader outputs are mostly spans, and a span
 * written as JSON repeats its file name and five key names
 * (`{"file":"docs/a.md","line":3,…}`, ≈ 90 bytes); here each entry lists its
 * files once and a span is `[file index, line, column, endLine − line,
 * endColumn]` (≈ 15 bytes). Decoding gives back the same shapes, keys in the
 * same order, with one string per file name shared by its spans, so readers
 * and rules never see the encoding.
 *
 * The compact form is unambiguous: after `JSON.parse`, an array of five
 * whose first element is a number is a span, and an array whose first
 * element is the escape string is a genuine array (an array of data that
 * would otherwise read as a span, or that starts with the escape itself).
 */

const MAP = "$docpact:map";
const SET = "$docpact:set";
/** Wraps a genuine object whose only key is one of the tags above, so it is not read as a tag. */
const OBJ = "$docpact:obj";
/** First element of a genuine array that would otherwise be misread (see above). */
const ESC = "\u0000";

export function encode(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Map) return { [MAP]: [...v.entries()] };
    if (v instanceof Set) return { [SET]: [...v] };
    return v;
  });
}

export function decode(text: string): unknown {
  // A reviver makes JSON.parse several times slower; most caches hold no Map or Set at all.
  if (!text.includes(MAP) && !text.includes(SET)) return JSON.parse(text);
  return JSON.parse(text, (_key, v: unknown) => {
    if (v !== null && typeof v === "object" && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      if (Array.isArray(o[MAP]) && Object.keys(o).length === 1) return new Map(o[MAP] as [unknown, unknown][]);
      if (Array.isArray(o[SET]) && Object.keys(o).length === 1) return new Set(o[SET] as unknown[]);
    }
    return v;
  });
}

/** The keys of a span (compiler/model/diagnostic.ts), in the order readers write them. */
const SPAN_KEYS = ["file", "line", "column", "endLine", "endColumn"] as const;

/** One encoded entry: its file table and the value with spans replaced. */
interface EncodedEntry {
  f: string[];
  v: unknown;
}

/** The compact JSON text of one cache entry (see the module comment). */
export function encodeEntry(value: unknown): string {
  const files: string[] = [];
  const index = new Map<string, number>();
  const fileIndex = (f: string): number => {
    let i = index.get(f);
    if (i === undefined) {
      i = files.push(f) - 1;
      index.set(f, i);
    }
    return i;
  };
  const walk = (v: unknown): unknown => {
    if (v === null || typeof v !== "object") return v;
    if (Array.isArray(v)) {
      const out = v.map((x) => (x === undefined || typeof x === "function" || typeof x === "symbol" ? null : walk(x)));
      // A genuine array that decode would take for a span or an escaped array: escaped.
      if ((out.length === 5 && typeof out[0] === "number") || out[0] === ESC) out.unshift(ESC);
      return out;
    }
    if (v instanceof Map) return { [MAP]: walk([...v.entries()]) };
    if (v instanceof Set) return { [SET]: walk([...v]) };
    const o = v as Record<string, unknown>;
    if (typeof (o as { toJSON?: unknown }).toJSON === "function") return walk((o as { toJSON(): unknown }).toJSON());
    if (isSpan(o)) {
      const s = o as unknown as { file: string; line: number; column: number; endLine: number; endColumn: number };
      return [fileIndex(s.file), s.line, s.column, s.endLine - s.line, s.endColumn];
    }
    const keys = Object.keys(o);
    const out: Record<string, unknown> = {};
    for (const k of keys) {
      const x = o[k];
      if (x === undefined || typeof x === "function" || typeof x === "symbol") continue;
      // `__proto__` as a data key (JSON allows it) must stay a key, not set the prototype.
      if (k === "__proto__") Object.defineProperty(out, k, { value: walk(x), enumerable: true, writable: true, configurable: true });
      else out[k] = walk(x);
    }
    if (keys.length === 1 && (keys[0] === MAP || keys[0] === SET || keys[0] === OBJ)) return { [OBJ]: out };
    return out;
  };
  const v = walk(value);
  return JSON.stringify({ f: files, v } satisfies EncodedEntry);
}

/** An object that is exactly a span: its five keys in order, a file name and integer positions. */
function isSpan(o: Record<string, unknown>): boolean {
  if (
    typeof o.file !== "string" ||
    !Number.isSafeInteger(o.line) ||
    !Number.isSafeInteger(o.column) ||
    !Number.isSafeInteger(o.endLine) ||
    !Number.isSafeInteger(o.endColumn)
  )
    return false;
  const keys = Object.keys(o);
  return keys.length === 5 && keys.every((k, i) => k === SPAN_KEYS[i]);
}

/** The value `encodeEntry` encoded; throws on text it did not write. */
export function decodeEntry(text: string): unknown {
  const body = JSON.parse(text) as EncodedEntry;
  if (body === null || typeof body !== "object" || !Array.isArray(body.f) || !("v" in body)) throw new Error("not a cache entry");
  const files = body.f;
  const walk = (v: unknown): unknown => {
    if (v === null || typeof v !== "object") return v;
    if (Array.isArray(v)) {
      if (v.length === 5 && typeof v[0] === "number") {
        const file = files[v[0]];
        if (typeof file !== "string") throw new Error("span names no file");
        return { file, line: v[1], column: v[2], endLine: v[1] + v[3], endColumn: v[4] };
      }
      const from = v[0] === ESC ? 1 : 0;
      const out = new Array<unknown>(v.length - from);
      for (let i = from; i < v.length; i++) out[i - from] = walk(v[i]);
      return out;
    }
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.length === 1) {
      if (keys[0] === MAP) return new Map(walk(o[MAP]) as [unknown, unknown][]);
      if (keys[0] === SET) return new Set(walk(o[SET]) as unknown[]);
      if (keys[0] === OBJ) return walkObject(o[OBJ] as Record<string, unknown>);
    }
    return walkObject(o);
  };
  const walkObject = (o: Record<string, unknown>): Record<string, unknown> => {
    for (const k of Object.keys(o)) o[k] = walk(o[k]);
    return o;
  };
  return walk(body.v);
}
