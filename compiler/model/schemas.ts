/**
 * Schema linking: an `$id` registry over every loaded schema and offline `$ref`
 * resolution (local pointers, relative files, absolute `$id` URIs with
 * fragments, anchors). Never touches the network or the disk: a target that is
 * not among the loaded schemas is an unresolved ref, data for `schema/unresolved-ref`.
 */
import { by } from "../util/compare.js";
import { idKeyword } from "../util/schema-dialect.js";
import type { Span } from "./diagnostic.js";
import type { SchemaDoc, SchemaRef } from "./types.js";

/** Where a `$ref` lands: a schema file and a JSON pointer inside it. */
export interface RefTarget {
  file: string;
  pointer: string;
}

export interface ResolvedRef {
  file: string;
  ref: SchemaRef;
  target: RefTarget;
}

export interface UnresolvedRef {
  file: string;
  ref: SchemaRef;
  /** The absolute URI docpact looked for (or the ref as written when it is not a valid URI). */
  target: string;
  reason: "remote" | "missing-file" | "missing-pointer" | "missing-anchor" | "bad-uri";
  message: string;
}

export interface DuplicateId {
  id: string;
  first: { file: string; span: Span };
  second: { file: string; span: Span };
}

export interface SchemaGraph {
  /** Documents by file. */
  docs: Map<string, SchemaDoc>;
  /** Canonical URI of each document's root (its `$id` resolved, else `file:///<path>`). */
  rootUri: Map<string, string>;
  /** Normalized URI (no fragment) → the resource it names. */
  registry: Map<string, RefTarget>;
  /** Keyed by `<file>#<pointer of the $ref's object>`. */
  resolved: Map<string, ResolvedRef>;
  unresolved: UnresolvedRef[];
  duplicates: DuplicateId[];
}

/** The retrieval URI docpact gives a schema file (relative path, so machine-independent). */
export function fileUri(file: string): string {
  return "file:///" + file.split("/").map(encodeURIComponent).join("/");
}

function stripHash(u: string): string {
  const i = u.indexOf("#");
  return i === -1 ? u : u.slice(0, i);
}

function tryUrl(ref: string, base: string): URL | null {
  try {
    return new URL(ref, base);
  } catch {
    return null;
  }
}

export function linkSchemas(schemas: SchemaDoc[]): SchemaGraph {
  const sorted = [...schemas].sort(by((s) => s.file));
  const docs = new Map(sorted.map((d) => [d.file, d]));
  const registry = new Map<string, RefTarget>();
  const owner = new Map<string, { file: string; span: Span }>();
  const rootUri = new Map<string, string>();
  const bases = new Map<string, { pointer: string; base: string }[]>();
  const duplicates: DuplicateId[] = [];

  const register = (uri: string, target: RefTarget, span: Span | null): void => {
    const key = stripHash(uri);
    const prev = owner.get(key);
    if (prev && span) {
      if (prev.file !== target.file) duplicates.push({ id: key, first: prev, second: { file: target.file, span } });
      return;
    }
    if (!registry.has(key)) registry.set(key, target);
    if (span) owner.set(key, { file: target.file, span });
  };

  for (const doc of sorted) {
    if (doc.value === undefined) continue;
    const fu = fileUri(doc.file);
    const idUrl = doc.id !== null ? tryUrl(doc.id, fu) : null;
    const base = idUrl ? stripHash(idUrl.href) : fu;
    rootUri.set(doc.file, base);
    const list = [{ pointer: "", base }];
    if (base !== fu) register(fu, { file: doc.file, pointer: "" }, null);
    register(base, { file: doc.file, pointer: "" }, doc.id !== null ? (doc.locations[`/${idKeyword(doc.dialect)}`]?.value ?? null) : null);
    for (const n of doc.nestedIds) {
      const parent = baseFor(list, n.pointer);
      const u = tryUrl(n.id, parent);
      if (!u) continue;
      const b = stripHash(u.href);
      list.push({ pointer: n.pointer, base: b });
      register(b, { file: doc.file, pointer: n.pointer }, doc.locations[`${n.pointer}/${idKeyword(doc.dialect)}`]?.value ?? null);
    }
    bases.set(doc.file, list);
  }

  const resolved = new Map<string, ResolvedRef>();
  const unresolved: UnresolvedRef[] = [];
  for (const doc of sorted) {
    const list = bases.get(doc.file);
    if (!list) continue;
    for (const ref of doc.refs) {
      const r = resolveRef(doc, ref, list, docs, registry);
      if ("reason" in r) unresolved.push(r);
      else resolved.set(`${doc.file}#${ref.pointer}`, r);
    }
  }
  return { docs, rootUri, registry, resolved, unresolved, duplicates };
}

/** The base URI in effect at `pointer`: the nearest enclosing `$id`. */
function baseFor(list: { pointer: string; base: string }[], pointer: string): string {
  let best = list[0];
  for (const e of list) {
    if ((pointer === e.pointer || pointer.startsWith(e.pointer + "/")) && e.pointer.length >= best.pointer.length) best = e;
  }
  return best.base;
}

function resolveRef(
  doc: SchemaDoc,
  ref: SchemaRef,
  list: { pointer: string; base: string }[],
  docs: Map<string, SchemaDoc>,
  registry: Map<string, RefTarget>,
): ResolvedRef | UnresolvedRef {
  const base = baseFor(list, ref.pointer);
  const fail = (target: string, reason: UnresolvedRef["reason"], message: string): UnresolvedRef => ({ file: doc.file, ref, target, reason, message });
  const url = tryUrl(ref.ref, base);
  if (!url) return fail(ref.ref, "bad-uri", `$ref "${ref.ref}" is not a valid URI reference`);
  // The document's own resources first: a duplicate `$id` elsewhere must not capture local refs.
  const own = list.find((e) => e.base === stripHash(url.href));
  let resource = own ? { file: doc.file, pointer: own.pointer } : registry.get(stripHash(url.href));
  let looked = stripHash(url.href);
  let viaFile: URL | null = null;
  // A relative ref under an `$id` base that names no loaded schema: try the file path too.
  if (!resource && !/^[a-z][a-z0-9+.-]*:/i.test(ref.ref)) {
    viaFile = tryUrl(ref.ref, fileUri(doc.file));
    const r = viaFile ? registry.get(stripHash(viaFile.href)) : undefined;
    if (r) {
      resource = r;
      looked = stripHash(viaFile!.href);
    }
  }
  if (!resource) {
    const fileHref = looked.startsWith("file:///") ? looked : viaFile ? stripHash(viaFile.href) : null;
    if (fileHref !== null && ref.ref.startsWith("#") === false) {
      const path = decodeURIComponent(fileHref.slice(8));
      const also = looked !== fileHref ? ` (nor does any loaded schema declare $id ${looked})` : "";
      return fail(
        path,
        "missing-file",
        `$ref "${ref.ref}" points to ${path}, which is not a loaded schema${also}: a missing file, or outside the \`schemas\` globs`,
      );
    }
    return fail(looked, "remote", `$ref "${ref.ref}" names ${looked}, which no loaded schema declares as its $id; docpact never fetches remote schemas`);
  }
  const target = docs.get(resource.file)!;
  let fragment = url.hash.slice(1);
  try {
    fragment = decodeURIComponent(fragment);
  } catch {
    // keep it as written
  }
  let pointer: string;
  if (fragment === "" || fragment.startsWith("/")) {
    pointer = resource.pointer + fragment;
    if (!(pointer in target.locations)) {
      return fail(`${looked}#${fragment}`, "missing-pointer", `$ref "${ref.ref}": nothing at ${fragment || "/"} in ${target.file}`);
    }
  } else {
    const anchor = target.anchors.find(
      (a) => a.name === fragment && (a.pointer === resource.pointer || a.pointer.startsWith(resource.pointer + "/") || resource.pointer === ""),
    );
    if (!anchor) return fail(`${looked}#${fragment}`, "missing-anchor", `$ref "${ref.ref}": no anchor "${fragment}" in ${target.file}`);
    pointer = anchor.pointer;
  }
  return { file: doc.file, ref, target: { file: target.file, pointer } };
}

/** A JSON pointer as a URI fragment (each token percent-encoded). */
export function pointerToFragment(pointer: string): string {
  return pointer
    .split("/")
    .map((t) => encodeURIComponent(t))
    .join("/");
}
