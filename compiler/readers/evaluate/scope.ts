/**
 * Scopes: a chain of environments from a function call (or a block) out to
 * its module. Module-level names are not held here: the module record
 * evaluates a top-level declaration only when a name is first read, which
 * keeps evaluation lazy (a registry row never evaluates what it does not use).
 */
import type { ts } from "../code-source.js";
import type { Value } from "./values.js";

export interface Cell {
  value: Value;
  /** `const` bindings cannot be assigned. */
  mutable: boolean;
}

export class Env {
  private readonly vars = new Map<string, Cell>();

  constructor(
    /** The enclosing environment; null at a root. */
    readonly parent: Env | null,
    /**
     * At a root: the node from which names not found in the chain are looked up
     * in the source, outwards through enclosing blocks to the module (an
     * expression evaluated out of context, e.g. a factory's body read at its call site).
     */
    readonly origin: ts.Node | null = null,
    /** `this` inside a method call. */
    readonly self: Value = undefined,
    /**
     * At a root: values given to names of the source around `origin` (a wrapper's parameters, bound at its
     * caller), seen also by the local constants and functions looked up from there (lookupInSource).
     */
    readonly bindings: Readonly<Record<string, Value>> | null = null,
  ) {}

  /** A root environment at `origin` whose names `bindings` gives first. */
  static bound(origin: ts.Node, bindings: Readonly<Record<string, Value>> | null): Env {
    const root = new Env(null, origin, undefined, bindings);
    if (!bindings) return root;
    const env = new Env(root);
    for (const [k, v] of Object.entries(bindings)) env.declare(k, v, false);
    return env;
  }

  declare(name: string, value: Value, mutable: boolean): void {
    this.vars.set(name, { value, mutable });
  }

  lookup(name: string): Cell | undefined {
    for (let e: Env | null = this; e; e = e.parent) {
      const c = e.vars.get(name);
      if (c) return c;
    }
    return undefined;
  }

  /** The root of the chain (where out-of-context lookups continue). */
  root(): Env {
    let e: Env = this;
    while (e.parent) e = e.parent;
    return e;
  }

  thisValue(): Value {
    for (let e: Env | null = this; e; e = e.parent) if (e.self !== undefined) return e.self;
    return undefined;
  }
}
