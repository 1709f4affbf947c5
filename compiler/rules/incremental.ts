/**
 * Incremental rules: a rule that declares `meta.perDocument` promises that
 * what it reports about a document depends only on that document and on the
 * parts of the model it names in `consults`. The runner then keys each
 * document's reports by the document's content hash plus a digest of those
 * parts, and re-runs the rule only on the documents whose key it has not seen
 * (watch re-checks, a check after build). The result is the sequence a full
 * run gives: documents in model order, each document's reports in the order
 * the rule raised them.
 *
 * Reports are attributed by `span.file`; when a report or not-judged place
 * falls outside the documents the rule was given, nothing is remembered and
 * the rule runs on the whole model (the declaration was wrong, the output
 * stays right).
 */
import { contentHash } from "../cache/hash.js";
import { encode } from "../cache/codec.js";
import type { Span } from "../model/diagnostic.js";
import type { ContractModel, MarkdownDoc } from "../model/types.js";
import { siteOf } from "../model/site-links.js";
import type { Rule, RuleReport } from "./types.js";

/**
 * The global parts of the model a per-document rule may consult; each has a digest.
 * - `surface`: the CLI's command surface.
 * - `references`: what the reference index is built from — every file's path,
 *   each document's headings, anchors and front matter (and its whole text
 *   when a docs site renders it: includes and attribute ids), the sites, the
 *   anchors build would write, and git history.
 * - `history`: git history (what commits removed or renamed) and every file's
 *   path (a removal from a file that is gone counts as evidence).
 */
export type ModelPart = "surface" | "references" | "history";

/** What one rule said about one document. */
export interface DocumentResult {
  reports: RuleReport[];
  notJudged: { span: Span; reason: string }[];
}

/** Where per-document results are kept between runs (the read cache, in memory or on disk). */
export interface RuleMemo {
  get(key: string): DocumentResult | undefined;
  set(key: string, value: DocumentResult): void;
}

const EMPTY: DocumentResult = Object.freeze({ reports: [], notJudged: [] }) as DocumentResult;

/**
 * A RuleMemo over a key-value store (the read cache's `rule-doc` entries).
 * Most documents give a rule nothing to say: those are stored as `0`, which
 * keeps the disk cache small.
 */
export function ruleMemo(store: { peek(key: string): unknown; put(key: string, value: unknown): void }): RuleMemo {
  return {
    get: (key) => {
      const v = store.peek(key);
      return v === 0 ? EMPTY : (v as DocumentResult | undefined);
    },
    set: (key, value) => store.put(key, value.reports.length === 0 && value.notJudged.length === 0 ? 0 : value),
  };
}

/** Digests by the object they were computed from: a cached reader output reused by watch costs nothing. */
const digests = new WeakMap<object, string>();

function digestOf(value: object): string {
  let d = digests.get(value);
  if (d === undefined) digests.set(value, (d = contentHash(encode(value))));
  return d;
}

export function partDigest(model: ContractModel, part: ModelPart): string {
  switch (part) {
    case "surface":
      return digestOf(model.surface);
    case "references":
      return referencesDigest(model);
    case "history":
      return contentHash(model.history ? digestOf(model.history) : "no history", digestOf(model.files));
  }
}

function referencesDigest(model: ContractModel): string {
  let d = digests.get(model);
  if (d !== undefined) return d;
  const sites = model.sites ?? [];
  d = contentHash(
    model.files.join("\u0000"),
    encode(sites),
    model.history ? digestOf(model.history) : "no history",
    ...model.docs.map((doc) => {
      // Anchors are judged against what build writes: after a build, the written document has the planned anchors.
      const seen = `${doc.file}\u0000${anchorFace(model.planned?.get(doc.file) ?? doc)}\u0000${doc.frontMatter ?? "\u0001"}`;
      // A docs site may pull in content or read attribute ids anywhere in a page: there the whole text counts.
      return siteOf(sites, doc.file) !== null ? `${seen}\u0000${documentKey(model, doc)}` : seen;
    }),
  );
  digests.set(model, d);
  return d;
}

/** A document's headings and explicit anchors, as other documents' links see them. */
const faces = new WeakMap<object, string>();
function anchorFace(doc: Pick<MarkdownDoc, "headings" | "anchors">): string {
  let f = faces.get(doc);
  if (f === undefined) {
    f = contentHash(encode({ h: doc.headings.map((h) => [h.depth, h.text, h.slug, h.idText ?? null]), a: doc.anchors.map((a) => a.id) }));
    faces.set(doc, f);
  }
  return f;
}

/** The content key of a document: its path, the text it was read from, and its BOM (the parse options are in the config digest). */
function documentKey(model: ContractModel, doc: MarkdownDoc): string {
  const memo = digests.get(doc);
  if (memo !== undefined) return memo;
  const key = contentHash(doc.file, model.texts.get(doc.file) ?? "\u0000missing", String(doc.bom));
  digests.set(doc, key);
  return key;
}

/**
 * Runs a per-document rule, reusing remembered results. `run` checks a view
 * of the model whose `docs` are the given documents (everything else is the
 * model's own: its indexes see every document).
 */
export function runPerDocument(
  rule: Rule,
  model: ContractModel,
  memo: RuleMemo,
  run: (view: ContractModel, report: (r: RuleReport) => void, notJudged: (span: Span, reason: string) => void) => void,
): DocumentResult {
  const consults = rule.meta.perDocument?.consults ?? [];
  const ruleKey = contentHash(rule.meta.id, digestOf(model.config), ...consults.map((p) => `${p}=${partDigest(model, p)}`));
  // Concatenated, not hashed again: one hash per document per rule would cost more than the lookups.
  const keys = model.docs.map((d) => `${ruleKey}:${documentKey(model, d)}`);
  const results: (DocumentResult | undefined)[] = keys.map((k) => memo.get(k));
  const misses = model.docs.filter((_, i) => results[i] === undefined);
  if (misses.length > 0) {
    const fresh = new Map<string, DocumentResult>(misses.map((d) => [d.file, { reports: [], notJudged: [] }]));
    const stray: DocumentResult = { reports: [], notJudged: [] };
    const view = Object.create(model, { docs: { value: misses, enumerable: true } }) as ContractModel;
    run(
      view,
      (r) => (fresh.get(r.span.file) ?? stray).reports.push(r),
      (span, reason) => (fresh.get(span.file) ?? stray).notJudged.push({ span, reason }),
    );
    if (stray.reports.length > 0 || stray.notJudged.length > 0) {
      // Not what the rule declared: nothing is remembered, and a full run is the answer.
      const all: DocumentResult = { reports: [], notJudged: [] };
      run(model, (r) => all.reports.push(r), (span, reason) => all.notJudged.push({ span, reason }));
      return all;
    }
    model.docs.forEach((d, i) => {
      if (results[i] !== undefined) return;
      results[i] = fresh.get(d.file);
      memo.set(keys[i], results[i]!);
    });
  }
  return concat(results as DocumentResult[]);
}

function concat(parts: DocumentResult[]): DocumentResult {
  // Plain loops: flatMap over thousands of mostly empty parts showed up in watch profiles.
  const out: DocumentResult = { reports: [], notJudged: [] };
  for (const p of parts) {
    for (const r of p.reports) out.reports.push(r);
    for (const n of p.notJudged) out.notJudged.push(n);
  }
  return out;
}
