/**
 * JSON encoding of reader outputs for the on-disk cache. Reader outputs are
 * plain data, but a few hold Maps or Sets; those are tagged so they come back
 * as what they were.
 */

const MAP = "$docpact:map";
const SET = "$docpact:set";

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
