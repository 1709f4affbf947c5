/**
 * What the evaluator's parts share: the running evaluation's budget, the
 * module table and the provenance side tables (where each object literal and
 * array element was written, for diagnostics that point at a row).
 */
import type { Span } from "../../model/diagnostic.js";
import { type ParsedFile, spanOf, ts } from "../code-source.js";
import type { Modules } from "./modules.js";
import { Unknown, type Value } from "./values.js";
import { type Clock, Deadline } from "../../util/deadline.js";

/** Thrown to stop evaluating a function or declaration whose result depends on an unknown (a branch on it, a throw, a lost mutation). */
export class Abort {
  constructor(readonly value: Unknown) {}
}

export interface Limits {
  /** Evaluation steps (nodes visited) per entry call. */
  maxSteps: number;
  /** Nested calls. */
  maxDepth: number;
  /**
   * Milliseconds per entry call, a deadline beside the step budget (built-ins run natively between steps); past only
   * when both wall and CPU time are (util/deadline.ts), so the machine's load does not change what is read.
   */
  timeoutMs: number;
  /** Where time is read (tests pass a fake one). */
  clock?: Clock;
}

export const DEFAULT_LIMITS: Limits = { maxSteps: 2_000_000, maxDepth: 200, timeoutMs: 5_000 };

/** Steps between two looks at the clock. */
const CLOCK_EVERY = 1024;

export class Interp {
  steps = 0;
  depth = 0;
  exhausted: Unknown | null = null;
  private deadline: Deadline | null = null;
  /** Object literal → where it was written. */
  readonly origins = new WeakMap<object, Span>();
  /** Array literal → where each element was written. */
  readonly elementSpans = new WeakMap<Value[], Span[]>();
  /** Out-of-context local declarations (block-level consts read from a nested expression), by node. */
  readonly locals = new WeakMap<ts.Node, Value>();
  /** The same, for local constants evaluated with bound parameters (Env.bindings), per bindings object. */
  readonly boundLocals = new WeakMap<object, WeakMap<ts.Node, Value>>();

  constructor(
    readonly modules: Modules,
    readonly limits: Limits,
  ) {}

  /** Counts one step; past the budget every further step is the same unknown. */
  step(file: ParsedFile, node: ts.Node): void {
    if (this.exhausted) throw new Abort(this.exhausted);
    if (++this.steps > this.limits.maxSteps) {
      this.exhausted = new Unknown(`evaluation stopped after ${this.limits.maxSteps} steps (the step budget)`, spanOf(file, node));
      throw new Abort(this.exhausted);
    }
    if (this.steps % CLOCK_EVERY === 0) this.checkClock(file, node);
  }

  /**
   * Charges what a built-in produced (its size in steps, see bounds.ts); past
   * the budget the evaluation stops like any other exhausted one.
   */
  charge(weight: number, file: ParsedFile, node: ts.Node): void {
    if (weight <= 0) return;
    if (this.exhausted) throw new Abort(this.exhausted);
    this.steps += weight;
    if (this.steps > this.limits.maxSteps) {
      this.exhausted = new Unknown(
        `evaluation stopped: built-ins produced more than the step budget allows (${this.limits.maxSteps} steps; strings and arrays are charged by size)`,
        spanOf(file, node),
      );
      throw new Abort(this.exhausted);
    }
    this.checkClock(file, node);
  }

  /** Steps left in this entry call's budget. */
  get stepsLeft(): number {
    return this.limits.maxSteps - this.steps;
  }

  private checkClock(file: ParsedFile, node: ts.Node): void {
    if (!this.deadline?.past()) return;
    this.exhausted = new Unknown(`evaluation stopped after ${this.limits.timeoutMs} ms (the evaluation deadline)`, spanOf(file, node));
    throw new Abort(this.exhausted);
  }

  /** Starts an entry call: a fresh budget. */
  begin(): void {
    this.steps = 0;
    this.depth = 0;
    this.exhausted = null;
    this.deadline = new Deadline(this.limits.timeoutMs, this.limits.clock);
  }
}

const MAX_TEXT = 60;

/** The node's source text on one line, shortened. */
export function textOf(file: ParsedFile, node: ts.Node): string {
  const t = node.getText(file.sf).replace(/\s+/g, " ").trim();
  return t.length > MAX_TEXT ? `${t.slice(0, MAX_TEXT - 1)}…` : t;
}

/** An unknown for `node`: "cannot fold `text`: why". */
export function unknownAt(file: ParsedFile, node: ts.Node, why: string): Unknown {
  return new Unknown(`cannot fold \`${textOf(file, node)}\`: ${why}`, spanOf(file, node));
}

export function hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
  return (ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === kind)) ?? false;
}
