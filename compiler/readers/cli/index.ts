/**
 * The CLI readers: one descriptor per reader (its id, the packages or text
 * that detect it, its read function and its docs line), each the default
 * export of its module in this folder. generated/cli-readers.ts lists them
 * (`docpact build` writes it from the folder, as it writes the rule
 * catalogue), and everything else derives from that one list: the merge
 * order here, `init`'s detection, the README reader table and
 * docs/cli/README.md.
 */
import catalogue from "../../../generated/cli-readers.js";
import type { CommandSurface } from "../../model/cli.js";
import type { ParsedFile } from "../code-source.js";
import type { CliAdapter, CliReadOptions } from "./adapter.js";
import { readSurface } from "./surface.js";

/** Every reader, in the order their findings are merged. */
export const ADAPTERS: readonly CliAdapter[] = [...(catalogue as readonly CliAdapter[])].sort(
  (a, b) => a.order - b.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
);

export function readCommands(root: string, files: ParsedFile[], opts: CliReadOptions): CommandSurface {
  return readSurface(root, files, opts, ADAPTERS);
}

export { detectCommandTypes } from "./registry.js";
export type { CliAdapter, CliReadOptions } from "./adapter.js";
