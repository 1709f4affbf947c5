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
  /** The file it runs, root-relative with `/`. */
  file: string;
  /**
   * The program it is: `file`, or, when that file only imports (or requires)
   * one relative module, that module (root-relative) — `bin/knip.js` and
   * `bin/knip-bun.js` that both `import '../dist/cli.js'` are one program.
   */
  program: string;
}
