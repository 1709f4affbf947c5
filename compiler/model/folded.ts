/**
 * What the constant folder (compiler/readers/constant-folder.ts) gives back as data: JSON-shaped
 * values and the rows of an exported array of objects, with the reason a row or field did not fold.
 * Declared in the model because the model's decision registry is made of these rows.
 */
import type { Span } from "./diagnostic.js";

export type FoldedValue = string | number | boolean | null | FoldedValue[] | { [key: string]: FoldedValue };

/** Why a field (or a value) is not known: the unknown's reason, naming the sub-expression, and where it is. */
export interface FoldProblem {
  message: string;
  span: Span;
}

/** One element of an exported array of objects. */
export interface FoldedRow {
  /** The element's expression. */
  span: Span;
  /** The folded object, when every field folded. */
  value?: Record<string, FoldedValue>;
  /** Why the row did not fold (the first field that failed). */
  error?: string;
  /** When `error` is set and the row is an object: the fields that did fold, so the row can be named (and used for those fields). */
  partial?: Record<string, FoldedValue>;
  /** When `error` is set and the row is an object: each field that did not fold, and why. */
  unknown?: Record<string, FoldProblem>;
}

export type FoldRowsResult = { rows: FoldedRow[] } | { error: string; span?: Span };
