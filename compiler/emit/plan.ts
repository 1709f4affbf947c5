/**
 * What emitters produce: the files `build` would write. `check` computes the
 * same plan and rules compare it with the disk; only `build` writes it.
 */
import type { Span } from "../model/diagnostic.js";

export interface PlannedFile {
  /** Path relative to the root, `/`-separated. */
  path: string;
  content: string;
}

/** A problem an emitter met (a template error, an unresolvable source); rules turn these into diagnostics. */
export interface EmitProblem {
  rule: string;
  message: string;
  span: Span;
}

export interface EmitPlan {
  /** Files under `generate.outDir` (empty when generation is off). */
  generated: PlannedFile[];
  /** Whether generation is on, and the folder it owns (for extra-file detection). */
  outDir: string | null;
  /** Documents whose regions change, with their full new text (BOM and line endings kept). */
  documents: PlannedFile[];
  problems: EmitProblem[];
}

export function emptyPlan(): EmitPlan {
  return { generated: [], outDir: null, documents: [], problems: [] };
}
