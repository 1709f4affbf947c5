/** Stable, collision-free names for generated schema modules and the identifiers inside them. */
import { posix } from "node:path";
import { toSafeString } from "json-schema-to-typescript/dist/src/utils.js";
import { splitPointer } from "../util/json-pointer.js";

/** Names the barrel and the lead's modules own at the top of outDir. */
const RESERVED = new Set(["index", "delegations"]);

/**
 * Module path (relative to the root, without `.ts`) for each schema file:
 * `<outDir>/<path without .schema.json, .json, .schema.yaml, .yaml or .yml>`, folders
 * kept. When two schemas would share a module (`a.json` and `a.schema.json`, `a.json`
 * and `a.yaml`, or a reserved top-level name) the `.schema` part (and a YAML extension)
 * is kept, then a numeric suffix is added.
 */
export function schemaModulePaths(files: string[], outDir: string): Map<string, string> {
  const out = new Map<string, string>();
  const used = new Set<string>();
  const sorted = [...files].sort();
  const strip = (f: string) => f.replace(/\.(json|ya?ml)$/i, "").replace(/\.schema$/i, "");
  const counts = new Map<string, number>();
  for (const f of sorted) counts.set(strip(f), (counts.get(strip(f)) ?? 0) + 1);
  for (const f of sorted) {
    let base = strip(f);
    if (counts.get(base)! > 1 || (!base.includes("/") && RESERVED.has(base))) base = f.replace(/\.json$/i, "");
    base = base.replace(/\.(ts|js|d)$/i, "$&-schema");
    let candidate = base;
    for (let n = 2; used.has(candidate); n++) candidate = `${base}-${n}`;
    used.add(candidate);
    out.set(f, posix.join(outDir, candidate));
  }
  return out;
}

/** `import … from "<spec>"` specifier from one module to another (both without `.ts`). */
export function importSpecifier(fromModule: string, toModule: string): string {
  let rel = posix.relative(posix.dirname(fromModule), toModule);
  if (!rel.startsWith(".")) rel = `./${rel}`;
  return `${rel}.js`;
}

/** PascalCase identifier, as json-schema-to-typescript names types (so both agree). */
export function typeName(s: string): string {
  return toSafeString(s) || "Schema";
}

export function camelName(s: string): string {
  const t = typeName(s);
  return t.charAt(0).toLowerCase() + t.slice(1);
}

const MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"]);
const LISTS = new Set(["oneOf", "anyOf", "allOf", "prefixItems"]);

/** `/$defs/capabilityTargets/properties/from` → `CapabilityTargetsFrom`; `""` → the fallback. */
export function pointerName(pointer: string, fallback: string): string {
  const tokens = splitPointer(pointer);
  const names: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (MAPS.has(t) && i + 1 < tokens.length) names.push(tokens[++i]);
    else if (LISTS.has(t) || (t === "items" && /^\d+$/.test(tokens[i + 1] ?? ""))) i++;
    else if (
      !/^\d+$/.test(t) &&
      ![
        "items",
        "additionalProperties",
        "additionalItems",
        "not",
        "if",
        "then",
        "else",
        "contains",
        "propertyNames",
        "unevaluatedItems",
        "unevaluatedProperties",
      ].includes(t)
    )
      names.push(t);
  }
  return names.length === 0 ? fallback : names.map((t) => typeName(t)).join("");
}

/** Hands out names, suffixing `2`, `3`, … on collision. */
export class NameSet {
  private readonly used = new Set<string>();
  constructor(taken: Iterable<string> = []) {
    for (const t of taken) this.used.add(t);
  }
  has(name: string): boolean {
    return this.used.has(name);
  }
  take(name: string): string {
    let n = name;
    for (let i = 2; this.used.has(n); i++) n = `${name}${i}`;
    this.used.add(n);
    return n;
  }
}
