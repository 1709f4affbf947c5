/** The CLI adapters, in the order their findings are merged (see adapter.ts for how to add one). */
import type { CommandSurface } from "../../model/cli.js";
import type { ParsedFile } from "../code-source.js";
import type { CliAdapter, CliReadOptions } from "./adapter.js";
import { argvAdapter } from "./argv.js";
import { cacAdapter } from "./cac.js";
import { cittyAdapter } from "./citty.js";
import { clipanionAdapter } from "./clipanion.js";
import { commanderAdapter } from "./commander.js";
import { jsdocAdapter } from "./jsdoc.js";
import { oclifAdapter } from "./oclif.js";
import { registryAdapter } from "./registry.js";
import { readSurface } from "./surface.js";
import { yargsAdapter } from "./yargs.js";

export const ADAPTERS: readonly CliAdapter[] = [registryAdapter, commanderAdapter, yargsAdapter, cacAdapter, oclifAdapter, cittyAdapter, clipanionAdapter, argvAdapter, jsdocAdapter];

export function readCommands(root: string, files: ParsedFile[], opts: CliReadOptions): CommandSurface {
  return readSurface(root, files, opts, ADAPTERS);
}

export { detectCommandTypes } from "./registry.js";
export type { CliAdapter, CliReadOptions } from "./adapter.js";
