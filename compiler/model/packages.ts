/** The package names the project publishes (compiler/readers/packages.ts reads them). Rules only look things up here. */
export interface PackageNames {
  /** The root package.json: its name (null when it has none) and whether it is private; null when there is none or it does not parse. */
  root: { name: string | null; private: boolean } | null;
  /** Every package name in the project (root and workspaces), sorted. */
  names: string[];
  /** Every binary a package.json `bin` declares (root and workspaces), sorted by name then package; absent in models built by hand. */
  bins?: PackageBin[];
}

/** One `bin` entry of a package.json. */
export interface PackageBin {
  /** The command name (`bin`'s key; for a string `bin`, the package name without its scope). */
  name: string;
  /** The package that declares it (its `name`, null when it has none). */
  package: string | null;
  /** The package.json that declares it, root-relative (absent in models built by hand). */
  manifest?: string;
  /** The file it runs, root-relative with `/`. */
  file: string;
  /**
   * The program it is: `file`, or, when that file only imports (or requires)
   * one relative module, that module (root-relative) — `bin/knip.js` and
   * `bin/knip-bun.js` that both `import '../dist/cli.js'` are one program.
   */
  program: string;
}

/**
 * What else runs each of `binaries` (the Markdown reader's `runs`): `packages`, each package that declares one of
 * them — its only binary among them, or the one named as the package without its scope (as `npx` picks) — and
 * `files`, each binary's bin file (root-relative; a file two binaries run goes to the first by name). Plain data:
 * part of every document's cache key.
 */
export function binaryRuns(
  packages: PackageNames | null | undefined,
  binaries: readonly string[],
): { packages: Record<string, string>; files: Record<string, string> } {
  const want = new Set(binaries);
  const byPackage = new Map<string, string[]>();
  const files: Record<string, string> = {};
  for (const b of packages?.bins ?? []) {
    if (!want.has(b.name)) continue;
    if (b.package !== null) byPackage.set(b.package, [...(byPackage.get(b.package) ?? []), b.name]);
    files[b.file] ??= b.name;
  }
  const out: Record<string, string> = {};
  for (const [pkg, names] of [...byPackage].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const own = [...new Set(names)];
    const pick = own.length === 1 ? own[0] : own.find((n) => n === pkg.replace(/^@[^/]+\//, ""));
    if (pick && !want.has(pkg)) out[pkg] = pick;
  }
  return { packages: out, files };
}

/**
 * The package a package manager's initializer runs for a name (`npm create x`, `npm init x`, `yarn create x`):
 * `vite` → `create-vite`, `@s/app` → `@s/create-app`, `@s` → `@s/create`.
 */
export function initializerPackage(name: string): string {
  if (name.startsWith("@")) {
    const slash = name.indexOf("/");
    return slash === -1 ? `${name}/create` : `${name.slice(0, slash)}/create-${name.slice(slash + 1)}`;
  }
  return `create-${name}`;
}
