/**
 * Validates a parsed config against contracts/config.schema.json with the
 * validator docpact generated from that schema (generated/contracts/config.ts):
 * docpact eats its own cooking, and needs no schema compiler to start.
 */
import { validateDocpactConfig } from "../../generated/contracts/config.js";
import { closest } from "../util/edit-distance.js";
import { readFileSync } from "../util/input-fs.js";
import { splitPointer } from "../util/json-pointer.js";
import { packagePath } from "../util/package-root.js";

/** Returns null when valid, else one line naming the JSON pointer and what is wrong (an unknown key with its nearest known one). */
export function validateConfig(value: unknown): string | null {
  const r = validateDocpactConfig(value);
  if (r.ok) return null;
  const e = r.errors[0];
  if (!e) return "invalid config";
  const where = e.pointer === "" ? "/" : e.pointer;
  const unknown = /^unknown key "(.*)"$/.exec(e.message);
  const near = unknown ? closest(unknown[1], keysAt(configSchema(), splitPointer(e.pointer)), 0.4) : null;
  return `${where}: ${e.message}${near ? `; did you mean "${near}"?` : ""}`;
}

type SchemaNode = { [k: string]: unknown };

let schema: SchemaNode | undefined;
function configSchema(): SchemaNode {
  schema ??= JSON.parse(readFileSync(packagePath("contracts/config.schema.json"), "utf8")) as SchemaNode;
  return schema;
}

/** The property names the schema allows at `path` (every branch of a oneOf/anyOf/allOf, `$ref`s to `#/$defs/…` followed). */
export function keysAt(root: SchemaNode, path: readonly string[]): string[] {
  const out = new Set<string>();
  const seen = new Set<SchemaNode>();
  const visit = (node: unknown, rest: readonly string[]) => {
    if (!node || typeof node !== "object" || seen.has(node as SchemaNode)) return;
    const n = node as SchemaNode;
    if (rest.length === 0) seen.add(n);
    if (typeof n.$ref === "string" && n.$ref.startsWith("#/")) visit(resolveRef(root, n.$ref), rest);
    for (const k of ["oneOf", "anyOf", "allOf"]) if (Array.isArray(n[k])) for (const b of n[k] as unknown[]) visit(b, rest);
    if (rest.length === 0) {
      if (n.properties && typeof n.properties === "object") for (const p of Object.keys(n.properties)) out.add(p);
      return;
    }
    const [t, ...more] = rest;
    const props = n.properties as Record<string, unknown> | undefined;
    if (props && Object.hasOwn(props, t)) visit(props[t], more);
    else if (n.additionalProperties && typeof n.additionalProperties === "object") visit(n.additionalProperties, more);
    if (/^\d+$/.test(t) && n.items) visit(n.items, more);
  };
  visit(root, path);
  return [...out].sort();
}

function resolveRef(root: SchemaNode, ref: string): unknown {
  let cur: unknown = root;
  for (const t of splitPointer(ref.slice(1))) cur = cur && typeof cur === "object" ? (cur as SchemaNode)[t] : undefined;
  return cur;
}
