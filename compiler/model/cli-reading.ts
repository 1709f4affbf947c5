/**
 * Whether docpact read each binary's CLI, and when not, where reading stopped:
 * what `cli/unread`, `inspect commands` and `init` say about a binary. The
 * surface is one for the whole code in scope; a binary counts as read when
 * any command was read from the code, unless the binaries' entries tell them
 * apart: when one binary's entry reaches (by its imports) a file a command was
 * read from and another's reaches none, the other's CLI was not read (a
 * scaffolder beside the tool, `create-x` and `x`), and its documented
 * commands and flags are not judged against the tool's. Where each program's
 * entry reaches command files of its own (`binarySurfaces`), each is read, by
 * the readers of its own surface.
 */
import type { ModelData } from "./types.js";
import { byBinPreference } from "../util/package-manifest.js";
import { binOwners, surfaceFiles } from "./bin-owners.js";
import { weakMemo } from "../util/memo.js";

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

type Reads = Pick<ModelData, "config" | "surface" | "files" | "counts" | "codeFiles" | "packages" | "binClosures" | "binarySurfaces">;

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
  const own = model.binarySurfaces?.find((p) => p.binaries.includes(binary))?.surface;
  if (own && own.commands.length > 0) return { binary, entry, read: true, readers: [...own.adapters], stopped: null };
  if (model.surface.commands.length === 0)
    return { binary, entry, read: false, readers: [...model.surface.adapters], stopped: whereReadingStopped(model, entry) };
  const apart = readByEntry(model);
  // A binary whose entry was not followed (no `bin` names it): nothing tells it apart, the surface stays every binary's.
  const closure = model.binClosures?.find((c) => c.binary === binary);
  if (apart === null || apart.reaching.has(binary) || !closure) return { binary, entry, read: true, readers: [...model.surface.adapters], stopped: null };
  const others = [...apart.reaching]
    .sort()
    .map((b) => `\`${b}\``)
    .join(", ");
  const whose =
    others === "" ? `the commands read come from ${apart.files}, whose package declares none of the binaries` : `${apart.files} does, for ${others}`;
  const stopped = `its entry's imports reach ${closure.files.length} file(s), none of which declares a command read (${whose})`;
  return { binary, entry, read: false, readers: [], stopped };
}

/**
 * The binaries whose code (model/bin-owners.ts: what their entry reaches, else their package) holds a file a
 * command was read from, and the first such file (else the first command file); null when fewer than two binaries
 * were followed from their entries (nothing tells them apart: the surface is every binary's).
 */
function readByEntry(model: Pick<ModelData, "surface" | "binClosures" | "files" | "packages">): { reaching: Set<string>; files: string } | null {
  const closures = model.binClosures ?? [];
  if (closures.length < 2) return null;
  // Asked once per binary by each CLI rule: computed once per surface and closures.
  const kept = byEntry.get(model.surface);
  if (kept && kept.closures === closures && kept.files === model.files && kept.packages === model.packages) return kept.result;
  const result = readByEntryNow(model, closures);
  byEntry.set(model.surface, { closures, files: model.files, packages: model.packages, result });
  return result;
}
const byEntry = weakMemo<
  object,
  { closures: readonly unknown[]; files: readonly string[]; packages: ModelData["packages"]; result: { reaching: Set<string>; files: string } }
>("model/cli-reading#byEntry");

function readByEntryNow(
  model: Pick<ModelData, "surface" | "files" | "packages">,
  closures: NonNullable<ModelData["binClosures"]>,
): { reaching: Set<string>; files: string } {
  const owners = binOwners(closures, model.files, model.packages);
  // A root's options may come from another file than its first declaration (a fixture's oclif root merged with the tool's parseArgs).
  const declaring = surfaceFiles(model.surface);
  const reaching = new Set<string>();
  let first: string | null = null;
  for (const f of declaring) {
    const own = owners(f);
    for (const b of own) reaching.add(b);
    if (own.length > 0) first ??= f;
  }
  // Commands read only from files no binary's entry or package holds (a template's, a fixture's): no binary's CLI.
  return { reaching, files: first ?? declaring[0]! };
}

/** The binaries of the docs whose CLI was not read while another's was (see the header): their mentions are not judged. */
export function unreadBinaries(model: Reads & Pick<ModelData, "binaries">): Map<string, string> {
  const out = new Map<string, string>();
  if (model.surface.commands.length === 0) return out;
  for (const b of model.binaries) {
    const r = binaryReading(model, b);
    if (!r.read) out.set(b, r.stopped ?? "");
  }
  return out;
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
