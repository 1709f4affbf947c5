/**
 * The resolved config's types: a leaf every stage may import (it imports only the generated
 * config contract and the limits' type), so that a type in the model or a reader naming the
 * config does not pull in config loading. compiler/config/resolve.ts builds these values.
 */
import type { SitesGeneratorMember } from "../../generated/contracts/config.js";
import type { Limits } from "./limits.js";

/** Where the code comes from; `none` with `bins`: no `code` key and no tsconfig.json, so only the package's bins are followed from their entry. */
export type CodeSource = { kind: "none"; bins?: true } | { kind: "tsconfig"; tsconfig: string } | { kind: "include"; include: string[] };

/** A site generator id: the config schema's enum (each has a descriptor, compiler/model/routes/<id>.ts). */
export type SiteGenerator = SitesGeneratorMember;

/** One configured site; root and srcDir relative to the project root / the site root, `/`. */
export interface SiteSetting {
  root: string;
  generator: SiteGenerator;
  base?: string;
  srcDir?: string;
}

export interface DecisionsConfig {
  module: string;
  export: string;
  idField: string;
  documentField: string;
  attributionField: string;
  documentRoot: string;
}

export interface VocabularyConfig {
  code?: string;
  schema: string;
  aliases?: Record<string, string>;
  retired?: string[];
  mapping?: string;
  mappingFields?: { from?: string; to?: string };
}

/** A registry module build generates (config `generate.registries`). */
export interface RegistryConfig {
  /** Path inside outDir, ending in `.ts`. */
  file: string;
  /** Root-relative globs of the code files whose default exports it imports. */
  include: string[];
}

/** The config with every default applied; paths stay relative to the root (`/`). */
export interface ResolvedConfig {
  /** Path of the config file relative to the root, or null when defaults are used. */
  file: string | null;
  docs: string[];
  schemas: string[];
  code: CodeSource;
  /** `binariesConfigured`: `binaries` came from the config, not from package.json `bin`. */
  cli: { binaries: string[]; commandType: string | null; flagAccessors: string[]; binariesConfigured?: boolean };
  notes: { markers: string[] };
  /** Mirror links (`code` + `schema`) and renames/retirements per schema vocabulary (`aliases`, `retired`, `mapping`). */
  vocabularies: VocabularyConfig[];
  instances: { files: string[]; schema: string }[];
  decisions: DecisionsConfig | null;
  /** Code generation; `registries` are the registry modules (paths inside outDir, include globs root-relative). */
  generate: { outDir: string; registries: RegistryConfig[] } | null;
  templates: string | null;
  /** Size, depth and render bounds (config `limits`, defaults in compiler/config/limits.ts). */
  limits: Limits;
  /** Severity by rule id; every id is one of the rule catalogue's (checked by loadConfig). */
  rules: Partial<Record<string, "error" | "warning" | "off">>;
  /** Documentation sites as configured (`sites`); null means detect them from the generators' configs. */
  sites: SiteSetting[] | null;
  /** Config `baseline`: the baseline file used by default, relative to the root; null when not set. */
  baseline: string | null;
  /** The glob lists written in the config file (not defaults), by key, for the unmatched-pattern check. */
  writtenGlobs?: { key: string; patterns: string[] }[];
  /** Config `errorOnUnmatchedPattern` (default true). */
  errorOnUnmatchedPattern?: boolean;
  /** package.json `bin` keys, name and version where present. */
  packageJson: { name: string | null; bin: Record<string, string> } | null;
}
