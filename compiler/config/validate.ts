/**
 * Validates a parsed config against contracts/config.schema.json with the
 * validator docpact generated from that schema (generated/contracts/config.ts):
 * docpact eats its own cooking, and needs no schema compiler to start.
 */
import { validateDocpactConfig } from "../../generated/contracts/config.js";

/** Returns null when valid, else one line naming the JSON pointer and what is wrong. */
export function validateConfig(value: unknown): string | null {
  const r = validateDocpactConfig(value);
  if (r.ok) return null;
  const e = r.errors[0];
  return e ? `${e.pointer === "" ? "/" : e.pointer}: ${e.message}` : "invalid config";
}
