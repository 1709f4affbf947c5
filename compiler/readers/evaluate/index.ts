/**
 * The evaluator of pure TypeScript: reads values out of source without
 * running it (docpact never executes the code it reads). Shared by the
 * decision registry, `module:` region sources and the code reader (through
 * the constant folder's functions).
 *
 * Create one per run with the root and a source host (the read stage's file
 * access); it parses each module once and evaluates a top-level name only
 * when it is first read. Results are values; what cannot be known is an
 * `Unknown` with its reason and location, possibly deep inside an otherwise
 * known object.
 */
import type { Span } from "../../model/diagnostic.js";
import { type ParsedFile, spanOf, type ts } from "../code-source.js";
import { evaluate } from "./expressions.js";
import { bindPattern } from "./functions.js";
import { Abort, DEFAULT_LIMITS, Interp, type Limits } from "./interp.js";
import { Modules, type SourceHost } from "./modules.js";
import { Env } from "./scope.js";
import { Unknown, type Value } from "./values.js";

export type { SourceHost } from "./modules.js";
export { Builtin, Closure, Namespace, Unknown, firstUnknown, isPlainObject, openOf, toPlain, type Plain, type Value } from "./values.js";

const fileSpan = (file: string): Span => ({ file, line: 1, column: 1, endLine: 1, endColumn: 1 });

export class Evaluator {
  private readonly modules: Modules;
  private readonly interp: Interp;

  constructor(
    readonly root: string,
    host: SourceHost,
    limits: Partial<Limits> = {},
  ) {
    this.modules = new Modules(root, host);
    this.interp = new Interp(this.modules, { ...DEFAULT_LIMITS, ...limits });
    this.modules.interp = this.interp;
    this.modules.evalIn = (file, env, expr) => evaluate(this.interp, file, env, expr);
    this.modules.bind = (file, env, name, value, mutable) => bindPattern(this.interp, file, env, name, value, mutable);
  }

  /**
   * Where bare specifiers resolve: the project's own packages (`@scope/plugin` → its source file, root-relative), or
   * null (not followed). Set before evaluating: modules already loaded keep what they resolved.
   */
  resolveBare(resolver: ((spec: string) => string | null) | null): void {
    this.modules.bare = resolver;
  }

  /** Export `name` (`default` for the default export) of the root-relative module `file`. */
  evaluateExport(file: string, name: string): Value {
    const rec = this.modules.load(file);
    if (!rec) return new Unknown(`cannot read ${file}`, fileSpan(file));
    return this.entry(fileSpan(file), () => this.modules.exported(rec, name, new Set()) ?? new Unknown(`${file} has no export \`${name}\``, fileSpan(file)));
  }

  /** Whether `file` can be read through the host. */
  exists(file: string): boolean {
    return this.modules.load(file) !== null;
  }

  /** Where export `name` of `file` is declared (following re-exports). */
  exportSpan(file: string, name: string): Span {
    const rec = this.modules.load(file);
    return rec ? this.modules.exportSpan(rec, name) : fileSpan(file);
  }

  /**
   * One expression of a parsed file, in its scope: names resolve through the
   * enclosing blocks to the module. `bindings` gives names a value first
   * (a factory's parameters, bound at a call site).
   */
  evaluateExpression(file: ParsedFile, expr: ts.Expression, bindings?: Readonly<Record<string, Value>>): Value {
    this.modules.of(file);
    const env = Env.bound(expr, bindings ?? null);
    return this.entry(spanOf(file, expr), () => evaluate(this.interp, file, env, expr));
  }

  /** Where an object literal was written. */
  originOf(value: object): Span | undefined {
    return this.interp.origins.get(value);
  }

  /** Where each element of an array literal was written (spread elements: where the spread item was written). */
  elementSpans(value: Value[]): readonly Span[] | undefined {
    return this.interp.elementSpans.get(value);
  }

  private entry(at: Span, run: () => Value): Value {
    // Re-entrant: a nested entry (a built-in's callback) shares the outer budget.
    const outer = this.interp.depth > 0 || this.interp.steps > 0;
    if (!outer) this.interp.begin();
    try {
      return run();
    } catch (e) {
      if (e instanceof Abort) return e.value;
      // Never a crash of the run: input docpact cannot evaluate (too deeply nested, a case it mishandles) is an unknown too.
      return new Unknown(`docpact could not evaluate this (${e instanceof Error ? e.message : String(e)})`, at);
    } finally {
      if (!outer) this.interp.steps = 0;
    }
  }
}
