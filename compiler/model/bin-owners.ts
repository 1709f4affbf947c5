/**
 * Whose code a file is, among the binaries followed from their entries
 * (discover.ts `binClosures`): the binaries whose entry's imports reach it;
 * for a file no entry reaches, the followed binaries its own package declares
 * (the nearest package.json holding it, any package declaring the name:
 * `@alias/tool` runs `@tool/cli`'s bin), whose framework may load it from a folder
 * (oclif's `commands`, yargs' `commandDir`); for a file of a package that
 * declares no followed binary (a template, a test fixture, a script's
 * package), none. What `cli/unread` and the split by program
 * (readers/cli/binary-surfaces.ts) tell the binaries' CLIs apart by.
 */
import { posix } from "node:path";
import type { BinClosure, Closure, CommandSurface } from "./types.js";
import type { PackageNames } from "./packages.js";
import { manifestFiles } from "../util/package-manifest.js";
import { weakMemo } from "../util/memo.js";

export interface BinOwners {
  (file: string): readonly string[];
  /**
   * A file that is certainly no binary's: no entry reaches it and it sits in the root package, which is private and
   * declares none of the binaries (a monorepo's `scripts/`): no package can import it by name.
   */
  nobodys(file: string): boolean;
}

/** What the packages reader says that ownership reads: every package's bins and whether the root package.json is private. */
export type OwnerPackages = Pick<PackageNames, "bins"> & { root?: Pick<NonNullable<PackageNames["root"]>, "private"> | null };

/** The owners of files given the closures, every file of the tree (for the package folders) and the packages. */
export function binOwners(closures: readonly BinClosure[], files: readonly string[], packages: OwnerPackages | null = null): BinOwners {
  const bins = packages?.bins ?? [];
  const privateRoot = packages?.root?.private === true;
  const reached = new Map<string, string[]>();
  for (const c of closures) for (const f of c.files) reached.set(f, [...(reached.get(f) ?? []), c.binary]);
  const followed = new Set(closures.map((c) => c.binary));
  const byPackage = new Map<string, Set<string>>();
  const declare = (dir: string, name: string) => {
    if (!byPackage.has(dir)) byPackage.set(dir, new Set());
    byPackage.get(dir)!.add(name);
  };
  for (const c of closures) if (c.package !== undefined) declare(c.package, c.binary);
  for (const b of bins) if (b.manifest !== undefined && followed.has(b.name)) declare(b.manifest === "package.json" ? "" : posix.dirname(b.manifest), b.name);
  const dirs = packageDirs(files);
  const packageOf = (file: string): string | null => {
    for (let dir = posix.dirname(file); ; dir = posix.dirname(dir)) {
      const at = dir === "." ? "" : dir;
      if (dirs.has(at)) return at;
      if (at === "") return null;
    }
  };
  const owners = (file: string): readonly string[] => {
    const own = reached.get(file);
    if (own) return own;
    const at = packageOf(file);
    return at === null ? [] : [...(byPackage.get(at) ?? [])].sort();
  };
  return Object.assign(owners, {
    nobodys: (file: string) => privateRoot && !reached.has(file) && packageOf(file) === "" && !byPackage.has(""),
  });
}

/** The folders holding a package.json ("" for the root), outside node_modules. */
function packageDirs(files: readonly string[]): ReadonlySet<string> {
  let dirs = dirsOf.get(files);
  if (!dirs) {
    dirs = new Set(manifestFiles(files).map((m) => (m === "package.json" ? "" : posix.dirname(m))));
    dirsOf.set(files, dirs);
  }
  return dirs;
}
const dirsOf = weakMemo<readonly string[], ReadonlySet<string>>("model/bin-owners#dirsOf");

/**
 * The files a surface was read from: each command's and each option's (a root's options may come from another file
 * than the root's first declaration), sorted; with `openings`, also where a list was left open or a parser call's argv
 * was not traced (what may hold code of a binary the surface does not show).
 */
export function surfaceFiles(surface: CommandSurface, openings = false): string[] {
  const out = new Set<string>();
  const openAt = (c: Closure) => {
    if (openings && !c.closed && c.span) out.add(c.span.file);
  };
  openAt(surface.commandSet);
  for (const c of surface.commands) {
    out.add(c.span.file);
    for (const o of c.options) if (o.span) out.add(o.span.file);
    openAt(c.commandSet);
    openAt(c.flagSet);
  }
  if (openings) for (const u of surface.unreached ?? []) out.add(u.span.file);
  // A program of its own in each file: the files a binary's entry reaches tell its program apart from the others.
  for (const f of surface.programFiles ?? []) out.add(f);
  return [...out].sort();
}
