/**
 * From a binary's entry file to the reader that reads it: the file
 * package.json `bin` points at (its source when `bin` points at build
 * output: `dist/cli.js` → `src/cli.ts` or `source/cli.ts`; a `require` of
 * build output on the way likewise), then the relative modules it
 * imports, requires, re-exports or imports lazily, breadth first (and, with a
 * workspace resolver, the project's own packages it imports by name). The first
 * file on the way that a reader detects (its parser import or marker) names
 * the reader; when none does, the trace says how far following went and
 * which packages the reached files import, so `init` can say why no reader
 * applies instead of staying silent.
 *
 * Text only (import specifiers by pattern): it runs before any config
 * exists, on files it reads itself, and never executes anything.
 */
import type { CliAdapter } from "./adapter.js";
import { type BareResolver, MAX_FILES, importSpecifiers, resolveImport } from "../../discover-entry.js";

export { type BareResolver, bundledSources, entryClosure, entrySource, isNodeScript, workspaceResolver } from "../../discover-entry.js";

export interface EntryTrace {
  /** The entry file followed (root-relative), or null when no source for `bin` was found. */
  entry: string | null;
  /** The reader that applies first on the way, and the file it applies to. */
  reader: string | null;
  file: string | null;
  /** Imports between the entry and that file (0: the entry itself). */
  hops: number;
  /** Files reached. */
  reached: number;
  /** Packages the reached files import (for the message when no reader applies). */
  packages: string[];
}

/** Follows the entry's relative imports (and `bare` ones into workspace packages) until a reader detects a file. */
export function traceEntry(
  entry: string,
  files: ReadonlySet<string>,
  read: (rel: string) => string,
  readers: readonly CliAdapter[],
  bare?: BareResolver,
): EntryTrace {
  const queue: { rel: string; hops: number }[] = [{ rel: entry, hops: 0 }];
  const seen = new Set([entry]);
  const packages = new Set<string>();
  for (let i = 0; i < queue.length && seen.size <= MAX_FILES; i++) {
    const { rel, hops } = queue[i]!;
    const text = read(rel);
    const reader = readers.find((r) => r.detect(text, rel));
    if (reader) return { entry, reader: reader.id, file: rel, hops, reached: i + 1, packages: [] };
    for (const spec of importSpecifiers(text)) {
      const target = resolveImport(rel, spec, files, bare);
      if (!spec.startsWith(".") && !target) {
        packages.add(spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]!);
        continue;
      }
      if (target && !seen.has(target)) {
        seen.add(target);
        queue.push({ rel: target, hops: hops + 1 });
      }
    }
  }
  return { entry, reader: null, file: null, hops: 0, reached: queue.length, packages: [...packages].sort() };
}
