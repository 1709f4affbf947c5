/**
 * The constant folder: the evaluator's answers as JSON-shaped data, for the
 * callers that want a value or a reason (region sources, the decision
 * registry, the code reader's names, verbs and flags). The evaluation itself
 * lives in ./evaluate/ (see its index for what evaluates and what does not).
 *
 * A value with an unknown anywhere inside does not fold; the result names
 * that unknown's sub-expression, reason and span. Rows (`foldArrayRows`) keep
 * their known fields and say which fields are unknown, so a consumer that
 * needs only some fields can still use the row.
 */
import type { Span } from "../model/diagnostic.js";
import type { ParsedFile, ts } from "./code-source.js";
import { Builtin, Closure, Evaluator, firstUnknown, isPlainObject, openOf, toPlain, Unknown, type Value } from "./evaluate/index.js";
import { diskSourceHost, type SourceHost } from "./source-host.js";
import { onRecordingStart } from "../util/input-fs.js";

export type { FoldedValue, FoldProblem, FoldedRow, FoldRowsResult } from "../model/folded.js";
import type { FoldedValue, FoldProblem, FoldedRow, FoldRowsResult } from "../model/folded.js";
import { mapMemo } from "../util/memo.js";

export type FoldResult = { ok: true; value: FoldedValue; span: Span } | { ok: false; message: string; span: Span };

export type Fold = { ok: true; value: FoldedValue } | { ok: false; message: string; span: Span };

const evaluators = mapMemo<string, { host: SourceHost; evaluator: Evaluator }>("readers/constant-folder#evaluators", 64);
// Modules an evaluator loaded are not read again: a recorded run starts without them.
onRecordingStart(() => evaluators.clear());

/** Steps per expression the code reader folds (module constants it reaches are evaluated once and remembered). */
const CODE_READER_STEPS = 200_000;

/**
 * The evaluator for `root` and `host`. Without a host, one disk-backed
 * evaluator per root is shared by the calls of a run (so each module is parsed
 * and each constant evaluated once); `resetEvaluators` drops it.
 */
export function evaluatorFor(root: string, host?: SourceHost): Evaluator {
  if (host) return new Evaluator(root, host);
  let hit = evaluators.get(root);
  if (!hit) {
    const h = diskSourceHost(root);
    // The code reader folds many small expressions (names, verbs, flags): a smaller budget each keeps a pathological helper cheap.
    hit = { host: h, evaluator: new Evaluator(root, h, { maxSteps: CODE_READER_STEPS }) };
    evaluators.set(root, hit);
  }
  return hit.evaluator;
}

/** Forgets the shared evaluators (files may have changed: watch, tests). */
export function resetEvaluators(): void {
  evaluators.clear();
}

/** Folds the export `exportName` of `file` (a path relative to `root`). */
export function foldExport(root: string, file: string, exportName: string, host?: SourceHost): FoldResult {
  return foldExportWith(new Evaluator(root, host ?? diskSourceHost(root)), file, exportName);
}

/** `foldExport` with a given evaluator (several exports of one run share its parsed modules and values). */
export function foldExportWith(ev: Evaluator, file: string, exportName: string): FoldResult {
  const v = ev.evaluateExport(file, exportName);
  const span = ev.exportSpan(file, exportName);
  if (v instanceof Unknown) return { ok: false, message: v.unknown, span: v.span };
  const r = plain(v, span, `\`${exportName}\` in ${file}`);
  return r.ok ? { ok: true, value: r.value, span } : r;
}

/**
 * Folds an exported array row by row, so one row that cannot be folded does
 * not sink the others (the decision registry).
 */
export function foldArrayRows(root: string, file: string, exportName: string, host?: SourceHost): FoldRowsResult {
  const ev = new Evaluator(root, host ?? diskSourceHost(root));
  if (!ev.exists(file)) return { error: `cannot read ${file}` };
  const v = ev.evaluateExport(file, exportName);
  const span = ev.exportSpan(file, exportName);
  if (v instanceof Unknown) return { error: v.unknown, span: v.span };
  if (!Array.isArray(v)) return { error: `\`${exportName}\` in ${file} is not an array`, span };
  const spans = ev.elementSpans(v);
  const rows: FoldedRow[] = [];
  v.forEach((item, i) => {
    const at = spans?.[i] ?? (item !== null && typeof item === "object" ? ev.originOf(item) : undefined) ?? span;
    rows.push(rowOf(item, at));
  });
  return { rows };
}

function rowOf(item: Value, span: Span): FoldedRow {
  if (item instanceof Unknown) return { span, error: item.unknown };
  if (!isPlainObject(item)) {
    const p = toPlain(item);
    const what = p instanceof Unknown || p === undefined ? "this row" : `row \`${JSON.stringify(p)}\``;
    return { span, error: `${what} is not an object` };
  }
  const partial: Record<string, FoldedValue> = {};
  const unknown: Record<string, FoldProblem> = {};
  let first: Unknown | null = openOf(item) ?? null;
  for (const k of Object.keys(item)) {
    const p = toPlain(item[k]);
    if (p instanceof Unknown) {
      unknown[k] = { message: p.unknown, span: p.span };
      first ??= p;
    } else if (p !== undefined) partial[k] = p;
  }
  if (!first) return { span, value: partial };
  const open = openOf(item);
  if (open) unknown["*"] = { message: open.unknown, span: open.span };
  return { span, error: first.unknown, partial, unknown };
}

/**
 * Folds one expression of an already parsed file (the code reader's names,
 * verbs and flags; the CLI adapters). `bindings` gives names a value first:
 * a factory's parameters bound to the arguments at one call site.
 */
export function foldExpression(root: string, file: ParsedFile, expr: ts.Expression, bindings?: Readonly<Record<string, Value>>): Fold {
  const v = evaluatorFor(root).evaluateExpression(file, expr, bindings);
  if (v instanceof Unknown) return { ok: false, message: v.unknown, span: v.span };
  return plain(v, null, null);
}

/**
 * An expression's value as the evaluator holds it, unknown parts and all (an
 * array of option objects whose `parse` functions are unknown): for callers
 * that use some fields of it as bindings of a further `foldExpression`.
 */
export function evaluateValue(root: string, file: ParsedFile, expr: ts.Expression, bindings?: Readonly<Record<string, Value>>): Value {
  return evaluatorFor(root).evaluateExpression(file, expr, bindings);
}

export type { Value as EvaluatedValue } from "./evaluate/index.js";

function plain(v: Value, span: Span | null, what: string | null): Fold {
  const u = firstUnknown(v);
  if (u) return { ok: false, message: u.unknown, span: u.span };
  if (what && span && (v instanceof Closure || v instanceof Builtin)) return { ok: false, message: `${what} is a function, not a constant`, span };
  const p = toPlain(v);
  if (p instanceof Unknown) return { ok: false, message: p.unknown, span: p.span };
  if (p === undefined)
    return {
      ok: false,
      message: `${what ?? "the value"} has no JSON value (undefined or a function)`,
      span: span ?? { file: "", line: 1, column: 1, endLine: 1, endColumn: 1 },
    };
  return { ok: true, value: p };
}
