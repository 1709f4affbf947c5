/**
 * One surface per program where the binaries' entries read apart. The code in
 * scope is read as one surface; in a monorepo a scaffolder sits beside its tool
 * (`create-email` and `email`), each with a CLI of its own, and their root
 * options would merge into one root that accepts both sets. When every file a
 * command, option or open list was read from is reached by some binary's entry
 * (discover-entry.ts), and the entries of two or more programs reach such
 * files, each program's surface is read again from the files its entry reaches
 * alone. A command file no entry reaches may be any binary's (a bare import of
 * a workspace package, a command folder a framework loads): then nothing is
 * split, and every binary is judged against the union, as before.
 */
import { type BinarySurface, type Closure, type CommandSurface, emptySurface } from "../../model/cli.js";
import type { BinClosure } from "../../model/types.js";

/** The surfaces by program, or null when the entries do not tell the binaries' CLIs apart. */
export function surfacesByEntry(
  surface: CommandSurface,
  closures: readonly BinClosure[],
  readFrom: (files: ReadonlySet<string>) => CommandSurface,
): BinarySurface[] | null {
  if (surface.commands.length === 0 || closures.length < 2) return null;
  // Binaries whose entries reach the same files are one program (`aw` and `agent-workflow`).
  const programs = new Map<string, { binaries: string[]; files: ReadonlySet<string> }>();
  for (const c of closures) {
    const key = c.files.join("\u0000");
    const p = programs.get(key);
    if (p) p.binaries.push(c.binary);
    else programs.set(key, { binaries: [c.binary], files: new Set(c.files) });
  }
  if (programs.size < 2) return null;
  const declaring = declaringFiles(surface);
  const reached = (f: string) => [...programs.values()].some((p) => p.files.has(f));
  if (![...declaring].every(reached)) return null;
  const withCommands = [...programs.values()].filter((p) => [...declaring].some((f) => p.files.has(f)));
  if (withCommands.length < 2) return null;
  const out: BinarySurface[] = [];
  for (const p of programs.values()) {
    const own = withCommands.includes(p) ? readFrom(p.files) : null;
    // The literal and accessor flags stay the whole code's: a program's flag read through a shared helper is still accepted.
    const s = own ? { ...own, globalFlags: surface.globalFlags, globalFlagSet: surface.globalFlagSet } : emptySurface();
    out.push({ binaries: [...p.binaries].sort(), surface: s });
  }
  return out.sort((a, b) => (a.binaries[0]! < b.binaries[0]! ? -1 : 1));
}

/** Every file the surface was read from: commands, options, and where a list was left open. */
function declaringFiles(surface: CommandSurface): Set<string> {
  const out = new Set<string>();
  const openAt = (c: Closure) => {
    if (!c.closed && c.span) out.add(c.span.file);
  };
  openAt(surface.commandSet);
  for (const c of surface.commands) {
    out.add(c.span.file);
    for (const o of c.options) if (o.span) out.add(o.span.file);
    openAt(c.commandSet);
    openAt(c.flagSet);
  }
  for (const u of surface.unreached ?? []) out.add(u.span.file);
  return out;
}
