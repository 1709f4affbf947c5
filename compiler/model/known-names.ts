/**
 * Everything else a backticked token may name: before a vocabulary rule takes
 * a near-miss for a misspelt member, it asks these indexes, and any hit means
 * silence (confident or silent). Built once per model from what the readers
 * found: the CLI's commands and flags, the property names (and nesting) of
 * every loaded schema, headings, file names and names declared in code.
 */
import { splitPointer } from "../util/json-pointer.js";
import type { ModelData } from "./types.js";
import { isObject } from "../util/objects.js";

/** What a token was found to name instead of a vocabulary member. */
export type KnownKind = "command" | "flag" | "schema property" | "property path" | "heading" | "file" | "code identifier";

/** Keywords after which a pointer token is a name (of a property or a definition). */
const NAMING = new Set(["properties", "$defs", "definitions"]);

export class KnownNames {
  private readonly names = new Map<string, KnownKind>();
  /** `parent\u0000child`: a property (or definition) whose subschema declares property `child`. */
  private readonly nesting = new Set<string>();

  constructor(model: Pick<ModelData, "surface" | "schemas" | "docs" | "files" | "codeIdentifiers">) {
    const add = (name: string, kind: KnownKind) => {
      if (name !== "" && !this.names.has(name)) this.names.set(name, kind);
    };
    for (const c of model.surface.commands) {
      add(c.path.join(" "), "command");
      for (const p of c.path) add(p, "command");
      for (const v of c.verbs ?? []) add(v, "command");
    }
    for (const c of model.surface.commands) for (const f of c.flags ?? []) add(f.replace(/^-+/, ""), "flag");
    for (const f of model.surface.globalFlags) add(f.replace(/^-+/, ""), "flag");
    for (const schema of model.schemas) {
      // The schema's own names for its root object: `proposal` of proposal.schema.json, its `title`.
      const base = schema.file.slice(schema.file.lastIndexOf("/") + 1);
      const roots = [base.slice(0, base.indexOf(".") > 0 ? base.indexOf(".") : undefined)];
      const title = isObject(schema.value) && typeof schema.value.title === "string" ? schema.value.title : null;
      if (title !== null && /^\w+$/.test(title)) roots.push(title, title[0].toLowerCase() + title.slice(1));
      // A property whose subschema is a local `$ref` has the referenced definition's properties too.
      const refTarget = new Map<string, string>();
      for (const r of schema.refs) {
        const m = /^#\/(?:\$defs|definitions)\/([^/]+)$/.exec(r.ref);
        const owner = splitPointer(r.pointer);
        if (m && owner.length >= 2 && NAMING.has(owner[owner.length - 2])) refTarget.set(owner[owner.length - 1], m[1]);
      }
      const children = new Map<string, Set<string>>();
      for (const pointer of Object.keys(schema.locations)) {
        const tokens = splitPointer(pointer);
        let parent: string | null = null;
        for (let i = 0; i + 1 < tokens.length; i++) {
          if (!NAMING.has(tokens[i])) continue;
          const name = tokens[i + 1];
          add(name, "schema property");
          if (parent === null && tokens[i] === "properties") for (const r of roots) this.nest(children, r, name);
          if (parent !== null) this.nest(children, parent, name);
          parent = name;
          i++;
        }
      }
      for (const [prop, def] of refTarget) for (const child of children.get(def) ?? []) this.nesting.add(prop + "\u0000" + child);
    }
    for (const doc of model.docs) {
      for (const h of doc.headings) {
        add(h.text.trim(), "heading");
        add(h.slug, "heading");
      }
    }
    for (const f of model.files) {
      add(f, "file");
      const base = f.slice(f.lastIndexOf("/") + 1);
      add(base, "file");
      // `run.retried.md` names `run.retried` and `run`.
      const first = base.indexOf(".");
      if (first > 0) add(base.slice(0, first), "file");
      const last = base.lastIndexOf(".");
      if (last > first) add(base.slice(0, last), "file");
    }
    for (const id of model.codeIdentifiers) add(id, "code identifier");
  }

  private nest(children: Map<string, Set<string>>, parent: string, child: string): void {
    this.nesting.add(parent + "\u0000" + child);
    let set = children.get(parent);
    if (!set) children.set(parent, (set = new Set()));
    set.add(child);
  }

  /** True when `segment` is a property name of a loaded schema or a name declared in code: a field. */
  isField(segment: string): boolean {
    const kind = this.names.get(segment);
    return kind === "schema property" || kind === "code identifier";
  }

  /** What `value` names besides a vocabulary member, or null. */
  explain(value: string): KnownKind | null {
    const hit = this.names.get(value);
    if (hit) return hit;
    // `memory.supported`: properties nested in a loaded schema, written as a dotted path.
    const parts = value.split(".");
    if (parts.length > 1 && parts.every((p, i) => i === 0 || this.nesting.has(parts[i - 1] + "\u0000" + p))) return "property path";
    return null;
  }
}

/** The index for a model: the link stage's (built once per run and shared by the vocabulary rules). */
export function knownNamesFor(model: { index: { knownNames: KnownNames } }): KnownNames {
  return model.index.knownNames;
}
