/**
 * What emitters produce: the files `build` would write. `check` computes the
 * same plan and rules compare it with the disk; only `build` writes it.
 */
import type { Span } from "../model/diagnostic.js";

export interface PlannedFile {
  /** Path relative to the root, `/`-separated. */
  path: string;
  content: string;
  /**
   * For a file build rewrites (a document with regions): its content as the run read it. The file is
   * replaced only while the disk still holds exactly this, so an edit saved during the build is never lost.
   */
  base?: string;
}

/**
 * What an emitter met that it could not emit: typed facts, never text tagged
 * with a rule id. Rules decide what is wrong and word the diagnostic
 * (fragment/malformed, fragment/hand-edited, schema/invalid).
 */
export type EmitFact =
  /** A region that cannot be generated; `detail` says why (a template error, an unresolvable source, a bad argument). */
  | { kind: "region-malformed"; span: Span; template: string; detail: string }
  /** A region whose content no longer matches its recorded `sha=`; build keeps it. */
  | { kind: "region-hand-edited"; span: Span; template: string; sha: string }
  /** A schema whose module cannot be generated, at one step: its types, its validator, a `$ref` to a schema without a module, its root type. */
  | { kind: "schema-not-generated"; span: Span; schema: string; step: "types" | "validator" | "ref-module" | "root-type"; detail: string }
  /** A registry (config `generate.registries`) whose path another generated module has: that module is written, the registry is not. */
  | { kind: "registry-clash"; span: Span; path: string };

export interface EmitPlan {
  /** Files under `generate.outDir` (empty when generation is off). */
  generated: PlannedFile[];
  /** Whether generation is on, and the folder it owns (for extra-file detection). */
  outDir: string | null;
  /**
   * Generated files on disk whose schema could not be read or compiled this
   * run: build keeps them as they are (never deletes a module because its
   * schema is half-typed) and generated/stale does not call them extra.
   */
  kept: string[];
  /** Documents whose regions change, with their full new text (BOM and line endings kept). */
  documents: PlannedFile[];
  facts: EmitFact[];
  /** Every region of every document, with what build would write there (compiler/emit/regions.ts); rules compare, never re-render. */
  regions: RegionOutcome[];
}

/**
 * One region's comparison of the document with what build writes:
 * `fresh` — identical; `stale` — build rewrites it (content or `sha=` differ);
 * `hand-edited` — the content no longer matches the recorded `sha=` and build
 * keeps it (unless --force); `malformed` — the template could not run (see `facts`).
 */
export interface RegionOutcome {
  file: string;
  template: string;
  /** The begin marker. */
  span: Span;
  status: "fresh" | "stale" | "hand-edited" | "malformed";
  /** Content between the markers now (without the line break after the begin marker), LF. */
  current: string;
  /** Content build writes, LF; null when malformed. */
  expected: string | null;
  /** `sha=` recorded in the end marker, if any. */
  sha: string | null;
}

export function emptyPlan(): EmitPlan {
  return { generated: [], outDir: null, kept: [], documents: [], facts: [], regions: [] };
}
