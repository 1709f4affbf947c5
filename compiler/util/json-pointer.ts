/** JSON pointers (RFC 6901): escaping, splitting, the value a pointer names and where it sits in the text. */

/** Escapes one reference token (`~` → `~0`, `/` → `~1`). */
export function escapePointerToken(token: string): string {
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** Unescapes one reference token (`~1` → `/`, `~0` → `~`). */
export function unescapePointerToken(token: string): string {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** Splits a JSON pointer into unescaped tokens (`""` → `[]`). */
export function splitPointer(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer.slice(1).split("/").map(unescapePointerToken);
}

/** The value at a pointer (escaped form): own keys of objects, in-range indices of arrays; else not found. */
export function valueAt(root: unknown, pointer: string): { ok: true; value: unknown } | { ok: false } {
  let v: unknown = root;
  for (const token of splitPointer(pointer)) {
    if (Array.isArray(v)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token) || Number(token) >= v.length) return { ok: false };
      v = v[Number(token)];
    } else if (v && typeof v === "object" && Object.hasOwn(v, token)) {
      v = (v as Record<string, unknown>)[token];
    } else {
      return { ok: false };
    }
  }
  return { ok: true, value: v };
}

/**
 * Span of the value (or, with `part: "key"`, the member's key when it has one)
 * at `pointer`, falling back to the nearest ancestor that was located.
 */
/** `locations` are a schema's or instance's JsonLocation table (compiler/model/types.ts); the span type is theirs. */
export function spanAtPointer<S>(locations: Record<string, { key?: S; value: S }>, pointer: string, part: "key" | "value" = "value"): S | undefined {
  let p = pointer;
  for (;;) {
    const loc = locations[p];
    if (loc) return part === "key" && loc.key ? loc.key : loc.value;
    if (p === "") return undefined;
    p = p.slice(0, p.lastIndexOf("/"));
  }
}
