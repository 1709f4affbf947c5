/** The package names the project publishes (compiler/readers/packages.ts reads them). Rules only look things up here. */
export interface PackageNames {
  /** The root package.json: its name (null when it has none) and whether it is private; null when there is none or it does not parse. */
  root: { name: string | null; private: boolean } | null;
  /** Every package name in the project (root and workspaces), sorted. */
  names: string[];
  /** Every binary a package.json of the project declares in `bin` (root and workspaces), sorted; absent in models built by hand. */
  bins?: string[];
}
