/**
 * Validator code: Ajv standalone code compiled at build time, made
 * self-contained (Ajv's two runtime helpers are inlined), so generated code
 * needs no package at run time. `format` is not checked by generated validators
 * (that would need ajv-formats at run time); docpact's own instance checks do check it.
 */
import { createRequire } from "node:module";
import { ajvWithAll, compileSchema } from "../model/schema-ajv.js";
import type { SchemaGraph } from "../model/schemas.js";
import type { SchemaDialect } from "../model/types.js";

type Standalone = (ajv: unknown, refsOrFunc?: unknown) => string;
const require = createRequire(import.meta.url);
// Loaded with the first validator generated, as Ajv itself (model/schema-ajv.ts).
const standaloneCode: Standalone = (ajv, refsOrFunc) => {
  const m = require("ajv/dist/standalone/index.js") as { default?: Standalone } & Standalone;
  return (m.default ?? m)(ajv, refsOrFunc);
};

/** Deep equality for `uniqueItems`/`enum`/`const` over JSON values (replaces ajv/dist/runtime/equal). */
const EQUAL = `function docpactEqual(a, b) {
  if (a === b) return true;
  if (a && b && typeof a === "object" && typeof b === "object") {
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    if (Array.isArray(a)) {
      if (a.length !== b.length) return false;
      for (let i = 0; i < a.length; i++) if (!docpactEqual(a[i], b[i])) return false;
      return true;
    }
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    for (const k of ka) if (!Object.prototype.hasOwnProperty.call(b, k) || !docpactEqual(a[k], b[k])) return false;
    return true;
  }
  return a !== a && b !== b;
}`;

/** String length in code points, as JSON Schema counts (replaces ajv/dist/runtime/ucs2length). */
const UCS2LENGTH = `function docpactLength(str) {
  let n = 0;
  for (let i = 0; i < str.length; i++) {
    n++;
    const c = str.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < str.length) {
      const d = str.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
  }
  return n;
}`;

const RUNTIME: Record<string, { name: string; code: string }> = {
  "ajv/dist/runtime/equal": { name: "docpactEqual", code: EQUAL },
  "ajv/dist/runtime/ucs2length": { name: "docpactLength", code: UCS2LENGTH },
};

export interface ValidatorCode {
  /** ESM JavaScript exporting `validate` (Ajv's function: returns boolean, sets `.errors`). */
  code?: string;
  error?: string;
}

/** Ajv instances per dialect, shared across the schemas of one graph. */
export type AjvCache = Map<SchemaDialect, ReturnType<typeof ajvWithAll>>;

export function validatorCode(
  graph: SchemaGraph,
  copies: Map<string, Record<string, unknown>>,
  file: string,
  dialect: SchemaDialect,
  cache: AjvCache,
): ValidatorCode {
  let ajv = cache.get(dialect);
  if (!ajv) {
    ajv = ajvWithAll(graph, copies, dialect, { code: { source: true, esm: true, lines: true }, validateFormats: false });
    cache.set(dialect, ajv);
  }
  const c = compileSchema(ajv, graph, file);
  if (!c.validate) return { error: c.error };
  let code: string;
  try {
    code = standaloneCode(ajv, c.validate);
  } catch (e) {
    return { error: (e as Error).message };
  }
  const helpers = new Set<string>();
  code = code.replace(/require\("([^"]+)"\)\.default/g, (whole, mod: string) => {
    const r = RUNTIME[mod];
    if (!r) return whole;
    helpers.add(r.code);
    return r.name;
  });
  const left = /require\("([^"]+)"\)/.exec(code);
  if (left) return { error: `the validator needs the runtime module ${left[1]}, which docpact does not inline` };
  code = code.replace(/^"use strict";\s*/, "");
  return { code: [...helpers].sort().join("\n\n") + (helpers.size ? "\n\n" : "") + code.trimEnd() + "\n" };
}
