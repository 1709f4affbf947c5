/**
 * Digests of the model's parts, for results remembered between runs
 * (incremental rules, indexes a watch re-check reuses): each digest covers
 * everything the part is built from, and is computed once per object, so a
 * reader output a watch session reuses object for object costs nothing again.
 */
import { contentHash } from "../cache/hash.js";
import { encode } from "../cache/codec.js";
import type { ModelData, MarkdownDoc, SchemaDoc, Site, Vocabulary } from "./types.js";
import { siteOf } from "./site-links.js";
import { lastMemo, weakMemo } from "../util/memo.js";

/**
 * The global parts of the model an incremental rule may consult; each has a digest.
 * - `surface`: the CLI's command surface.
 * - `references`: what the reference index is built from — every file's path,
 *   each document's headings, anchors and front matter (and its whole text
 *   when a docs site renders it: includes and attribute ids), the sites, the
 *   anchors build would write, git history and the package names.
 * - `vocabularies`: every vocabulary (schema and code, declarations applied),
 *   members, aliases, retired names and spans: what the vocabulary index is built from.
 * - `known-names`: what KnownNames is built from — the surface, every schema's
 *   text, every document's headings, every file's path, the names declared in code.
 * - `history`: git history (what commits removed or renamed) and every file's
 *   path (a removal from a file that is gone counts as evidence).
 * - `decisions`: the decision registry's module, export, error and rows (not the
 *   texts of the row documents it holds), or its absence.
 * - `skills`: the skill bundle (compiler/readers/skills): its entries, their
 *   declarations, and the documents' mentions of commands and skills, spans included.
 */
export type ModelPart = "surface" | "references" | "vocabularies" | "known-names" | "history" | "decisions" | "skills";

/** Digests by the object they were computed from: a cached reader output reused by watch costs nothing. */
const digests = weakMemo<object, string>("model/digests#digests");

export function digestOf(value: object): string {
  let d = digests.get(value);
  if (d === undefined) digests.set(value, (d = contentHash(encode(value))));
  return d;
}

export function partDigest(model: ModelData, part: ModelPart): string {
  switch (part) {
    case "surface":
      // The binaries' programs (package.json `bin`, compiler/model/packages.ts) are read with the surface: which binaries are one program,
      // and which binary's entry reaches the files its commands were read from.
      return model.packages?.bins || model.binClosures
        ? hashList([digestOf(model.surface), digestOf(model.packages?.bins ?? []), digestOf(model.binClosures ?? []), digestOf(model.binarySurfaces ?? [])])
        : digestOf(model.surface);
    case "references":
      return referencesDigest(model);
    case "vocabularies":
      return vocabulariesDigest(model);
    case "known-names":
      return knownNamesDigest(model);
    case "history":
      return contentHash(model.history ? digestOf(model.history) : "no history", filesDigest(model.files));
    case "skills":
      return model.skills ? digestOf(model.skills) : "no skills";
    case "decisions": {
      const reg = model.decisions;
      if (!reg) return "no registry";
      // Once per registry object (a re-check that folded the same rows and read the same texts links the same one).
      let d = registryDigests.get(reg);
      if (d === undefined)
        registryDigests.set(
          reg,
          (d = contentHash(encode({ module: reg.module, export: reg.export, error: reg.error, rows: reg.rows, unreadable: reg.unreadable }))),
        );
      return d;
    }
  }
}

/** The decision registry's digest by registry object (not `digestOf`: it leaves the row documents' texts out). */
const registryDigests = weakMemo<object, string>("model/digests#registryDigests");

/**
 * `contentHash` of many parts, each length-prefixed as it does, fed to the hash in one piece:
 * thousands of parts (one per document) cost one native call instead of three per part.
 */
export function hashList(parts: readonly string[]): string {
  let joined = "";
  for (const p of parts) joined += `${p.length}:${p}`;
  return contentHash(String(parts.length), joined);
}

/** Per part, the digest of the model it was last asked for (the model object is the run's). */
const partDigests = weakMemo<object, Map<ModelPart, string>>("model/digests#partDigests");
function memoPart(model: ModelData, part: ModelPart, compute: () => string): string {
  let m = partDigests.get(model);
  if (!m) partDigests.set(model, (m = new Map()));
  let d = m.get(part);
  if (d === undefined) m.set(part, (d = compute()));
  return d;
}

/** Each vocabulary digested once per object (a watch re-check links the cached objects again), in model order. */
function vocabulariesDigest(model: ModelData): string {
  return memoPart(model, "vocabularies", () => vocabularyDigest(model.vocabularies, model.binaries));
}

/** What the vocabulary index is built from: each vocabulary (all of it, spans included) and the binaries. */
export function vocabularyDigest(vocabularies: readonly Vocabulary[], binaries: readonly string[]): string {
  return hashList([...vocabularies.map(digestOf), binaries.join("\u0000")]);
}

/** Everything `KnownNames` (compiler/model/known-names.ts) reads: a model with the same digest has the same known names. */
export function knownNamesDigest(
  model: Pick<ModelData, "config" | "surface" | "schemas" | "docs" | "files" | "codeIdentifiers" | "codeIdentifierVersions" | "texts">,
): string {
  return memoPart(model as ModelData, "known-names", () => {
    const parts = [
      // The config: schemas are keyed by their text, and the parse options (limits) are the config's.
      digestOf(model.config),
      digestOf(model.surface),
      ...model.schemas.map((s) => schemaKey(model, s)),
      ...model.docs.map((d) => anchorFace(d)),
      filesDigest(model.files),
      digestOf(model.codeIdentifiers),
      digestOf(model.codeIdentifierVersions ?? {}),
    ];
    return lastKnownNames.get(parts, () => hashList(parts));
  });
}
const lastKnownNames = lastMemo<string>("model/digests#lastKnownNames");

/**
 * The digest of the project's file list, once per list of the same paths (a watch re-check
 * after an edit walks no folder again: the same path strings, compared item by item).
 */
const lastFiles = lastMemo<string>("model/digests#lastFiles");
const fileLists = weakMemo<readonly string[], string>("model/digests#fileLists");
function filesDigest(files: readonly string[]): string {
  // Once per list object (three parts ask each run), and across runs while the paths are the same.
  let d = fileLists.get(files);
  if (d === undefined) fileLists.set(files, (d = lastFiles.get([...files], () => contentHash(files.join("\u0000")))));
  return d;
}

function referencesDigest(model: ModelData): string {
  let d = digests.get(model);
  if (d !== undefined) return d;
  const sites = model.sites ?? [];
  const sitesKey = encode(sites);
  const parts = [
    filesDigest(model.files),
    sitesKey,
    encode(model.gitignored ?? []),
    model.history ? digestOf(model.history) : "no history",
    // The package names (reference/missing-path: a list item labelled by another project's name).
    model.packages ? digestOf(model.packages) : "no packages",
    ...model.docs.map((doc) => referenceFace(model, doc, sites, sitesKey)),
  ];
  d = lastReferences.get(parts, () => hashList(parts));
  digests.set(model, d);
  return d;
}
const lastReferences = lastMemo<string>("model/digests#lastReferences");

/**
 * What the reference index takes from one document, kept per document object while the document
 * build would write for it (the planned object) and the sites are the same.
 */
const referenceFaces = weakMemo<MarkdownDoc, { planned: object | undefined; sites: string; face: string }>("model/digests#referenceFaces");
function referenceFace(model: ModelData, doc: MarkdownDoc, sites: readonly Site[], sitesKey: string): string {
  const planned = model.planned?.get(doc.file);
  const kept = referenceFaces.get(doc);
  if (kept !== undefined && kept.planned === planned && kept.sites === sitesKey) return kept.face;
  // Anchors are judged against what build writes: after a build, the written document has the planned anchors.
  const seen = `${doc.file}\u0000${anchorFace(planned ?? doc)}\u0000${doc.frontMatter ?? "\u0001"}`;
  // A docs site may pull in content or read attribute ids anywhere in a page: there the whole text counts.
  const face = sites.length > 0 && siteOf(sites, doc.file) !== null ? `${seen}\u0000${documentKey(model, doc)}` : seen;
  referenceFaces.set(doc, { planned, sites: sitesKey, face });
  return face;
}

/** A document's headings and explicit anchors, as other documents' links see them. */
const faces = weakMemo<object, string>("model/digests#faces");
export function anchorFace(doc: Pick<MarkdownDoc, "headings" | "anchors">): string {
  let f = faces.get(doc);
  if (f === undefined) {
    f = contentHash(encode({ h: doc.headings.map((h) => [h.depth, h.text, h.slug, h.idText ?? null, h.slugAlt ?? null]), a: doc.anchors.map((a) => a.id) }));
    faces.set(doc, f);
  }
  return f;
}

/** The content key of a document: its path, the text it was read from, and its BOM (the parse options are in the config digest). */
export function documentKey(model: Pick<ModelData, "texts">, doc: MarkdownDoc): string {
  const memo = digests.get(doc);
  if (memo !== undefined) return memo;
  const key = contentHash(doc.file, model.texts.get(doc.file) ?? "\u0000missing", String(doc.bom));
  digests.set(doc, key);
  return key;
}

/** The content key of a schema: its path and text (the parse options are in the config digest), as the read cache keys it. */
export function schemaKey(model: Pick<ModelData, "texts">, schema: SchemaDoc): string {
  const memo = digests.get(schema);
  if (memo !== undefined) return memo;
  const key = contentHash(schema.file, model.texts.get(schema.file) ?? "\u0000missing");
  digests.set(schema, key);
  return key;
}
