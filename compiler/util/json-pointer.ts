/** JSON pointers (RFC 6901): escaping, splitting, and the value a pointer names. */

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
    } else if (v && typeof v === "object" && Object.prototype.hasOwnProperty.call(v, token)) {
      v = (v as Record<string, unknown>)[token];
    } else {
      return { ok: false };
    }
  }
  return { ok: true, value: v };
}
