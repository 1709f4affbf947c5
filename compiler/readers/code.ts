/**
 * The code reader: parses the CLI's TypeScript (syntax only, through one
 * ts-morph project; no type checker) and returns the command surface, the
 * code vocabularies and the files that do not parse. It never throws on bad
 * input: an unreadable file or a syntax error is a CodeProblem and the rest is
 * still read.
 *
 * When `commandType` is null, the command type is auto-detected, narrowly:
 * see `detectCommandTypes` in cli/registry.ts. The commands themselves are
 * read by the CLI adapters (cli/index.ts).
 */
import { readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import type { CodeProblem, CommandSurface, Vocabulary } from "../model/types.js";
import { cmp } from "../model/diagnostic.js";
import { decodeSource } from "../util/text.js";
import { detectCommandTypes, readCommands } from "./cli/index.js";
import { firstParseError, type ParsedFile, parseText } from "./code-source.js";
import { readVocabularies } from "./code-vocabularies.js";
import { readIdentifiers } from "./code-identifiers.js";

export interface CodeFacts {
  surface: CommandSurface;
  problems: CodeProblem[];
  vocabularies: Vocabulary[];
  /** Names the code declares (see code-identifiers.ts), sorted. */
  identifiers: string[];
}

export interface CodeReadOptions {
  binaries: string[];
  commandType: string | null;
  flagAccessors: string[];
}

/**
 * Reads `files` (paths relative to `root`, `/`-separated). `texts` holds
 * texts the caller already read (BOM removed), so no file is read twice.
 */
export function readCode(root: string, files: string[], opts: CodeReadOptions, texts?: ReadonlyMap<string, string>): CodeFacts {
  const problems: CodeProblem[] = [];
  const parsed: ParsedFile[] = [];
  for (const rel of [...files].sort()) {
    const abs = resolve(root, rel);
    let raw: string;
    let stat: { mtimeMs: number; size: number };
    try {
      const s = statSync(abs);
      stat = { mtimeMs: s.mtimeMs, size: s.size };
      raw = texts?.get(rel) ?? readFileSync(abs, "utf8");
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? String(e);
      problems.push({ message: `cannot read ${rel}: ${code}`, span: { file: rel, line: 1, column: 1, endLine: 1, endColumn: 1 } });
      continue;
    }
    const file = parseText(root, abs, decodeSource(raw).text, stat);
    parsed.push(file);
    const err = firstParseError(file);
    if (err) problems.push({ message: `syntax error: ${err.message}`, span: err.span });
  }
  const commandTypes = opts.commandType ? [opts.commandType] : detectCommandTypes(parsed);
  const surface = readCommands(root, parsed, { binaries: opts.binaries, commandTypes, commandTypeConfigured: !!opts.commandType, flagAccessors: opts.flagAccessors });
  const vocabularies = parsed.flatMap(readVocabularies).sort((a, b) => cmp(a.id, b.id));
  return { surface, problems, vocabularies, identifiers: readIdentifiers(parsed) };
}
