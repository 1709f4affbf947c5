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

import { resolve } from "node:path";
import { cmp } from "../model/diagnostic.js";
import type { BinClosure, BinarySurface, CodeProblem, CommandSurface, Vocabulary } from "../model/types.js";
import { statSync } from "../util/input-fs.js";
import { weakMemo } from "../util/memo.js";
import { isTestPath } from "../util/test-paths.js";
import { detectCommandTypes, readCommands } from "./cli/index.js";
import { surfacesByEntry } from "./cli/binary-surfaces.js";
import type { BinOwners } from "../model/bin-owners.js";
import { readDefaultExports } from "./code-exports.js";
import { readIdentifiers } from "./code-identifiers.js";
import { firstParseError, type ParsedFile, parseText } from "./code-source.js";
import { readVocabularies } from "./code-vocabularies.js";
import { versionFolders } from "../util/version-folders.js";
import type { BareResolver } from "../discover-entry.js";
import { evaluatorFor } from "./constant-folder.js";

export interface CodeFacts {
  surface: CommandSurface;
  /** Each program's own surface where the binaries' entries read apart (cli/binary-surfaces.ts); absent otherwise. */
  binarySurfaces?: BinarySurface[];
  problems: CodeProblem[];
  vocabularies: Vocabulary[];
  /** Names the code declares (see code-identifiers.ts), sorted. */
  identifiers: string[];
  /**
   * For a name every declaring file of which sits under a folder that could name a version (`schema/draft/schema.ts`):
   * those folders, sorted. A name declared anywhere else has no entry (it is the code's whatever the version).
   */
  identifierVersions: Record<string, string[]>;
  /** Files with a default export, sorted (for generated registries, config `generate.registries`). */
  defaultExports: string[];
}

export interface CodeReadOptions {
  binaries: string[];
  commandType: string | null;
  flagAccessors: string[];
}

/**
 * Parses `files` (paths relative to `root`, `/`-separated) from `texts`, the
 * texts the read stage decoded (BOM removed; see `readSource` in read.ts).
 * A file without a text could not be read: the read stage reported it as
 * input/unreadable, so it is skipped here. No file is read or decoded twice.
 */
export function readCode(
  root: string,
  files: string[],
  opts: CodeReadOptions,
  texts: ReadonlyMap<string, string>,
  entries: { closures: readonly BinClosure[]; owners: BinOwners } | null = null,
  bare: BareResolver | null = null,
): CodeFacts {
  // Values imported from the project's own packages by name (`import * as P from "@scope/plugin"`) are read from their source.
  evaluatorFor(root).resolveBare(bare);
  const problems: CodeProblem[] = [];
  const parsed: ParsedFile[] = [];
  const perFile: FileFacts[] = [];
  for (const rel of [...files].sort()) {
    const abs = resolve(root, rel);
    const text = texts.get(rel);
    if (text === undefined) continue;
    const file = parseText(root, abs, text, statOf(abs));
    parsed.push(file);
    const facts = factsOf(file);
    perFile.push(facts);
    if (facts.problem) problems.push(facts.problem);
  }
  // The command surface is the one cross-file step: adapters follow imports and chains between files.
  const commandTypes = opts.commandType ? [opts.commandType] : detectCommandTypes(parsed);
  const cliOpts = { binaries: opts.binaries, commandTypes, commandTypeConfigured: !!opts.commandType, flagAccessors: opts.flagAccessors };
  const surface = readCommands(root, parsed, cliOpts);
  const binarySurfaces =
    entries &&
    surfacesByEntry(surface, entries.closures, entries.owners, (own) =>
      readCommands(
        root,
        parsed.filter((f) => own(f.rel)),
        cliOpts,
      ),
    );
  const vocabularies = perFile.flatMap((f) => f.vocabularies).sort((a, b) => cmp(a.id, b.id));
  return {
    surface,
    ...(binarySurfaces ? { binarySurfaces } : {}),
    problems,
    vocabularies,
    identifiers: mergeIdentifiers(perFile.map((f) => f.identifiers)),
    identifierVersions: versionsOfIdentifiers(parsed, perFile),
    defaultExports: readDefaultExports(parsed),
  };
}

/** What one file says on its own: its syntax error, vocabularies and declared names. */
interface FileFacts {
  problem: CodeProblem | null;
  vocabularies: Vocabulary[];
  identifiers: string[];
}

/**
 * Per-file facts by parsed file: the parse cache hands back the same object
 * while a file's text is unchanged (watch keeps the trees), so re-reading the
 * code after one edit extracts these from that one file only.
 */
const fileFacts = weakMemo<ParsedFile, FileFacts>("readers/code#fileFacts");

function factsOf(file: ParsedFile): FileFacts {
  let f = fileFacts.get(file);
  if (f === undefined) {
    const err = firstParseError(file);
    if (file.refused) {
      const at = file.lines.position(0);
      f = {
        problem: { message: `${file.rel} ${file.refused}`, span: { file: file.rel, line: at.line, column: 1, endLine: at.line, endColumn: 1 } },
        vocabularies: [],
        identifiers: [],
      };
      fileFacts.set(file, f);
      return f;
    }
    const test = isTestPath(file.rel);
    f = {
      // Test code is not the project's surface (and a fixture may be broken on purpose): its syntax error loses nothing docpact reads.
      problem: err && !test ? { message: `syntax error: ${err.message}`, span: err.span } : null,
      // A test's arrays and unions are its cases, not the project's vocabularies.
      vocabularies: test ? [] : readVocabularies(file),
      identifiers: readIdentifiers([file]),
    };
    fileFacts.set(file, f);
  }
  return f;
}

function versionsOfIdentifiers(parsed: readonly ParsedFile[], perFile: readonly FileFacts[]): Record<string, string[]> {
  const versions = new Map<string, Set<string> | null>();
  perFile.forEach((f, i) => {
    const folders = versionFolders(parsed[i]!.rel);
    for (const n of f.identifiers) {
      const seen = versions.get(n);
      if (seen === null) continue;
      if (folders.length === 0) versions.set(n, null);
      else if (seen) for (const v of folders) seen.add(v);
      else versions.set(n, new Set(folders));
    }
  });
  const out: Record<string, string[]> = {};
  for (const [n, v] of [...versions].sort((a, b) => cmp(a[0], b[0]))) if (v) out[n] = [...v].sort();
  return out;
}

function mergeIdentifiers(lists: string[][]): string[] {
  const names = new Set<string>();
  for (const l of lists) for (const n of l) names.add(n);
  return [...names].sort();
}

/** mtime and size for the parse cache's disk reuse (`loadFile`); unknown when the file vanished. */
function statOf(abs: string): { mtimeMs: number; size: number } | undefined {
  try {
    const s = statSync(abs);
    return { mtimeMs: s.mtimeMs, size: s.size };
  } catch {
    return undefined;
  }
}
