// Writes the config schema's enums that list a registry's members (`sites[].generator`: one value per
// module of compiler/model/routes/ with a default export), so adding a site generator edits no schema by
// hand. Run by `npm run build` before tsc; `docpact build` then regenerates the schema's types
// (generated/contracts/config.ts). Members keep their order; new ones go before `unknown` (or last).
// The accepted values are the registry's, as they were: only the copy is gone.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Each enum the schema keeps of a registry: the registry's folder and the enum's path in the schema. */
export const ENUMS = [
  {
    dir: "compiler/model/routes",
    schema: "contracts/config.schema.json",
    path: ["properties", "sites", "items", "properties", "generator", "enum"],
  },
];

/** The ids of a registry folder: the names of its `.ts` modules that have a default export, sorted. */
export function registryIds(root, dir) {
  return readdirSync(join(root, dir))
    .filter((f) => f.endsWith(".ts") && /^export default\b/m.test(readFileSync(join(root, dir, f), "utf8")))
    .map((f) => f.slice(0, -3))
    .sort();
}

/** The enum with the registry's ids: old order kept, removed ones dropped, new ones before `unknown`. */
export function mergedEnum(old, ids) {
  const kept = old.filter((v) => ids.includes(v));
  const added = ids.filter((v) => !old.includes(v));
  const at = kept.indexOf("unknown");
  return at === -1 ? [...kept, ...added] : [...kept.slice(0, at), ...added, ...kept.slice(at)];
}

/** Rewrites each enum that differs from its registry (only the array's text changes); returns the schemas written. */
export function syncEnums(root, enums = ENUMS) {
  const written = [];
  for (const e of enums) {
    const file = join(root, e.schema);
    const text = readFileSync(file, "utf8");
    const old = e.path.reduce((o, k) => o?.[k], JSON.parse(text));
    if (!Array.isArray(old)) throw new Error(`${e.schema}: no array at /${e.path.join("/")}`);
    const next = mergedEnum(old, registryIds(root, e.dir));
    if (JSON.stringify(next) === JSON.stringify(old)) continue;
    // The array as the formatter writes it on one line; it must occur once.
    const was = `[${old.map((v) => JSON.stringify(v)).join(", ")}]`;
    if (text.split(was).length !== 2) throw new Error(`${e.schema}: the enum ${was} is not written once on one line`);
    writeFileSync(file, text.replace(was, `[${next.map((v) => JSON.stringify(v)).join(", ")}]`));
    written.push(e.schema);
  }
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const f of syncEnums(join(fileURLToPath(import.meta.url), "..", ".."))) console.log(`registry-enums: wrote ${f}`);
}
