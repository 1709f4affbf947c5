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

/** The surfaces by program, or null when the entries do not tell the binaries' CLIs apart. */
export function surfacesByEntry(
  surface: CommandSurface,
  closures: readonly BinClosure[],
  owners: BinOwners,
  readFrom: (owned: (file: string) => boolean) => CommandSurface,
): BinarySurface[] | null {
  if (surface.commands.length === 0 || closures.length < 2) return null;
  // A file that is certainly no binary's (a private monorepo root's script parsing its own argv) is left out.
  const all = surfaceFiles(surface, true);
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
