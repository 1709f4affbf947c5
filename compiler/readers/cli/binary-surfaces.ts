/**
 * One surface per program where the binaries' entries read apart. The code in
 * scope is read as one surface; in a monorepo a scaffolder sits beside its tool
 * (`create-email` and `email`), each with a CLI of its own, and their root
 * options would merge into one root that accepts both sets. When every file a
 * command, option or open list was read from is some binary's code
 * (model/bin-owners.ts: what its entry reaches, else its package's files), and
 * two or more programs own such files, each program's surface is read again
 * from its own files alone. A command file no binary owns may be any one's (a
 * bare import from a package that declares no binary): then nothing is split,
 * and every binary is judged against the union, as before.
 */
import { type BinarySurface, type CommandSurface, emptySurface } from "../../model/cli.js";
import type { BinClosure } from "../../model/types.js";
import { type BinOwners, surfaceFiles } from "../../model/bin-owners.js";

/**
 * The surfaces by program, or null when the entries do not tell the binaries' CLIs apart. A binary whose code holds no
 * file the surface was read from (the union's readers stood aside for it: its hand-rolled parsing in a monorepo whose
 * other packages import a parser package) is read again from its own files alone, and keeps what that finds.
 */
export function surfacesByEntry(
  surface: CommandSurface,
  closures: readonly BinClosure[],
  owners: BinOwners,
  readFrom: (owned: (file: string) => boolean) => CommandSurface,
): BinarySurface[] | null {
  const files = surfaceFiles(surface, true);
  const split = splitByEntry(surface, files, closures, owners, readFrom);
  const alone = readAlone(surface, files, closures, owners, readFrom, split);
  if (alone.length === 0) return split;
  const taken = new Set(alone.flatMap((p) => p.binaries));
  const kept = (split ?? []).map((p) => ({ ...p, binaries: p.binaries.filter((b) => !taken.has(b)) })).filter((p) => p.binaries.length > 0);
  return [...kept, ...alone].sort((a, b) => (a.binaries[0]! < b.binaries[0]! ? -1 : 1));
}

/** The binaries the union (or its split) shows no command of, each read from its own files where that finds commands; binaries owning the same files are one program. */
function readAlone(
  surface: CommandSurface,
  files: readonly string[],
  closures: readonly BinClosure[],
  owners: BinOwners,
  readFrom: (owned: (file: string) => boolean) => CommandSurface,
  split: BinarySurface[] | null,
): BinarySurface[] {
  // One binary beside a surface read from elsewhere keeps the union, as before: nothing tells its code apart.
  if (surface.commands.length > 0 && closures.length < 2) return [];
  const shown = new Set((split ?? []).filter((p) => p.surface.commands.length > 0).flatMap((p) => p.binaries));
  // Binaries whose own reads come from the same files are one program (a tool's shims).
  const programs = new Map<string, BinarySurface>();
  for (const c of closures) {
    if (shown.has(c.binary) || files.some((f) => owners(f).includes(c.binary))) continue;
    const own = readFrom((f) => owners(f).includes(c.binary));
    if (own.commands.length === 0) continue;
    const key = surfaceFiles(own).join("\u0000");
    const known = programs.get(key);
    if (known) known.binaries.push(c.binary);
    else programs.set(key, { binaries: [c.binary], surface: own });
  }
  return [...programs.values()].map((p) => ({ ...p, binaries: [...p.binaries].sort() }));
}

/** The surface split by the programs whose entries reach the files it was read from (`files`), or null (see the header). */
function splitByEntry(
  surface: CommandSurface,
  all: readonly string[],
  closures: readonly BinClosure[],
  owners: BinOwners,
  readFrom: (owned: (file: string) => boolean) => CommandSurface,
): BinarySurface[] | null {
  if (surface.commands.length === 0 || closures.length < 2) return null;
  // A file that is certainly no binary's (a private monorepo root's script parsing its own argv) is left out.
  if (!all.every((f) => owners(f).length > 0 || owners.nobodys(f))) return null;
  const declaring = all.filter((f) => owners(f).length > 0);
  // Binaries owning the same command files are one program (`aw` and `agent-workflow`; a tool's shims).
  const programs = new Map<string, string[]>();
  for (const c of closures) {
    const key = declaring.filter((f) => owners(f).includes(c.binary)).join("\u0000");
    programs.set(key, [...(programs.get(key) ?? []), c.binary]);
  }
  if ([...programs.keys()].filter((k) => k !== "").length < 2) return null;
  const out: BinarySurface[] = [];
  for (const [key, binaries] of programs) {
    const first = binaries[0]!;
    const own = key === "" ? null : readFrom((f) => owners(f).includes(first));
    // The literal and accessor flags stay the whole code's: a program's flag read through a shared helper is still accepted.
    const s = own ? { ...own, globalFlags: surface.globalFlags, globalFlagSet: surface.globalFlagSet } : emptySurface();
    out.push({ binaries: [...binaries].sort(), surface: s });
  }
  return out.sort((a, b) => (a.binaries[0]! < b.binaries[0]! ? -1 : 1));
}
