import { readFileSync } from "node:fs";
import { join } from "node:path";
import { globSync } from "tinyglobby";
import { readSchema } from "../../compiler/readers/schema.js";
import type { SchemaDoc } from "../../compiler/model/types.js";

export const fixtures = join(import.meta.dirname, "..", "fixtures");

/** Reads every `*.schema.json` of a fixture folder, paths relative to it. */
export function loadSchemas(dir: string, pattern = "**/*.schema.json"): SchemaDoc[] {
  return globSync([pattern], { cwd: dir })
    .sort()
    .map((f) => readSchema(f, readFileSync(join(dir, f), "utf8")));
}
