/** Types of generate.mjs, for the TypeScript test. */
export declare const GENERATOR_VERSION: number;
export declare const META_FILE: string;
export declare const ID_BASE: string;

export interface BenchCounts {
  docs: number;
  schemas: number;
  ts: number;
}

export interface BenchMeta {
  seed: number;
  scale: number;
  version: number;
  counts: BenchCounts;
  bytes: number;
  /** Files the warm benchmark edits, relative to the root. */
  touch: { doc: string; schema: string; ts: string };
  coreSchemas: string;
}

export declare function countsFor(scale: number): BenchCounts;
export declare function projectName(seed: number, scale: number): string;
export declare function ensureProject(opts: { outDir: string; seed: number; scale: number }): { root: string; reused: boolean; meta: BenchMeta };
export declare function generateProject(opts: { root: string; seed: number; scale: number }): BenchMeta;
