/** Content hashes for cache keys. */
import { createHash } from "node:crypto";

/** A hash of the given parts, separated so `["ab","c"]` and `["a","bc"]` differ. */
export function contentHash(...parts: string[]): string {
  const h = createHash("sha1");
  for (const p of parts) {
    h.update(String(p.length));
    h.update(":");
    h.update(p);
  }
  return h.digest("hex");
}
