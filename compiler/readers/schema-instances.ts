/**
 * Instance reader: the files config `instances` names, parsed with positions so
 * `schema/invalid-instance` can point at the offending value. Reads files; never judges.
 */
import { DEFAULT_LIMITS } from "../config/limits.js";
import type { ResolvedConfig } from "../config/types.js";
import { ignoredDirs, matchFiles } from "../discover.js";
import { readInput } from "../read-input.js";
import type { InstanceDoc } from "../model/types.js";
import { toPosix } from "../util/text.js";
import { parseDataWithPositions } from "./yaml-positions.js";

/** Parses one instance file's text (BOM tolerated): YAML when it is named `.yaml`/`.yml`, else JSON. */
export function readInstance(file: string, schema: string, text: string, maxNesting?: number): InstanceDoc {
  const p = parseDataWithPositions(file, text, maxNesting);
  return { file, schema, value: p.value, locations: p.locations, problems: p.problems };
}

/**
 * Expands every `instances` entry's globs (relative to the root, outside
 * node_modules/.git/outDir) and reads each file. Sorted by file, then schema;
 * a file matched by two entries is validated against both schemas.
 */
/** `files`: every file discover listed (the instance globs are matched against it, not the disk). */
export function readInstances(root: string, config: ResolvedConfig, files: readonly string[]): InstanceDoc[] {
  const out: InstanceDoc[] = [];
  const ignore = ignoredDirs(config);
  const limits = config.limits ?? DEFAULT_LIMITS;
  for (const entry of config.instances) {
    const schema = toPosix(entry.schema).replace(/^\.\/+/, "");
    for (const file of matchFiles(files, entry.files, ignore)) {
      const span = { file, line: 1, column: 1, endLine: 1, endColumn: 1 };
      // The same guarded read as every input: a regular file inside the root, within limits.maxFileBytes, UTF-8 text.
      const src = readInput(root, file, limits);
      if ("span" in src) {
        out.push({ file, schema, locations: {}, problems: [{ message: src.message, span }] });
        continue;
      }
      const text = src.text;
      out.push(readInstance(file, schema, text, limits.maxNesting));
    }
  }
  return out.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.schema < b.schema ? -1 : a.schema > b.schema ? 1 : 0));
}
