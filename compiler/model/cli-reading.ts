/**
 * Whether docpact read each binary's CLI, and when not, where reading stopped:
 * what `cli/unread`, `inspect commands` and `init` say about a binary. The
 * surface is not attributed to binaries, so a binary counts as read when any
 * command was read from the code.
 */
import type { ModelData } from "./types.js";
import { byBinPreference } from "../util/package-manifest.js";

export interface BinaryReading {
  binary: string;
  /** The entry file (the root package.json `bin`, else a workspace package's), root-relative; null when no `bin` names the binary. */
  entry: string | null;
  /** Some command was read from the code. */
  read: boolean;
  /** The CLI readers that found commands (the surface's adapters). */
  readers: string[];
  /** When not read: why, in a few words (where following stopped). */
  stopped: string | null;
}

type Reads = Pick<ModelData, "config" | "surface" | "files" | "counts" | "codeFiles" | "packages">;

export function binaryReadings(model: Reads & Pick<ModelData, "binaries">): BinaryReading[] {
  return model.binaries.map((b) => binaryReading(model, b));
}

export function binaryReading(model: Reads, binary: string): BinaryReading {
  const raw = model.config.packageJson?.bin?.[binary];
  // Not the root's: the workspace package that declares it, as discovery picks it (compiler/discover.ts follows it from there).
  const workspace = (model.packages?.bins ?? [])
    .filter((b) => b.name === binary)
    .sort((a, b) => byBinPreference(a.manifest ?? a.file, b.manifest ?? b.file))[0]?.file;
  const entry = raw === undefined ? (workspace ?? null) : raw.replace(/\\/g, "/").replace(/^\.\//, "");
  const read = model.surface.commands.length > 0;
  return { binary, entry, read, readers: [...model.surface.adapters], stopped: read ? null : whereReadingStopped(model, entry) };
}

function whereReadingStopped(model: Pick<ModelData, "files" | "counts" | "codeFiles" | "surface">, entry: string | null): string {
  // A parser call was found: say where, and that its argv is what could not be followed.
  const first = model.surface.unreached?.[0];
  if (first)
    return `the ${first.reader} reader found a parser call at ${first.span.file}:${first.span.line}, but what it parses could not be traced to the program's argv (\`process.argv\`)`;
  const noCode = model.counts.code === 0 ? "no code is in scope (config `code`, or a root tsconfig.json)" : null;
  if (entry === null) return noCode ?? "no reader recognized a command or flag declaration in the code in scope";
  if (!model.files.includes(entry)) return "the file is not in the repository (build output?), and no reader recognized the code in scope";
  if (noCode) return noCode;
  if (model.codeFiles && !model.codeFiles.includes(entry))
    return "the file is not in the code in scope (config `code`), and no reader recognized the code that is";
  return "no reader recognized how it parses its arguments (no known framework call, configured command type or flag accessor)";
}

/** `entry \`bin.js\`` or what stands for a missing one, as messages name it. */
export function entryLabel(r: BinaryReading): string {
  return r.entry === null ? "no entry file (no package.json `bin` names it)" : `entry \`${r.entry}\``;
}
