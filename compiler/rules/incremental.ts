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
import type { Span } from "../model/diagnostic.js";
import { digestOf, documentKey, partDigest, schemaKey, type ModelPart } from "../model/digests.js";
import type { ContractModel } from "../model/contract-model.js";
import type { MentionMark, Rule, RuleReport } from "./types.js";
import { weakMemo } from "../util/memo.js";
import type { HistoryAsk } from "../model/history.js";

export { partDigest, type ModelPart };

/** What one rule said about one document. */
export interface DocumentResult {
  reports: RuleReport[];
  notJudged: { span: Span; reason: string; mention?: MentionMark; ask?: HistoryAsk }[];
  /** Mentions the rule judged (summary.coverage); absent when none. */
  judged?: { span: Span; kind: string }[];
}

/** What a rule's check is run with: a view of the model and the three sinks of its context. */
export type RunCheck = (
  view: ContractModel,
  report: (r: RuleReport) => void,
  notJudged: (span: Span, reason: string, mention?: MentionMark, ask?: HistoryAsk) => void,
  judged: (span: Span, kind: string) => void,
) => void;

/** A place not judged as a result keeps it: only the fields given. */
function notJudgedEntry(span: Span, reason: string, mention: MentionMark | undefined, ask: HistoryAsk | undefined): DocumentResult["notJudged"][number] {
  return { span, reason, ...(mention !== undefined ? { mention } : {}), ...(ask !== undefined ? { ask } : {}) };
}

/** Runs `run` on `view`, collecting what it raises into one result. */
function collect(run: RunCheck, view: ContractModel): DocumentResult {
  const out: DocumentResult = { reports: [], notJudged: [] };
  run(
    view,
    (r) => out.reports.push(r),
    (span, reason, mention, ask) => out.notJudged.push(notJudgedEntry(span, reason, mention, ask)),
    (span, kind) => (out.judged ??= []).push({ span, kind }),
  );
  return out;
}

/**
 * One rule's results under one rule key, by unit (a document's or schema's
 * content key). Most documents give a rule nothing to say: those are `0`,
 * which keeps the disk cache small.
 */
export type ResultTable = Record<string, DocumentResult | 0>;

/**
 * Where results are kept between runs (the read cache, in memory or on disk):
 * one table per rule key, so a re-check looks up one entry per rule and its
 * units by the content keys each document object keeps (no key strings built
 * and hashed per document per rule).
 */
export interface RuleMemo {
  get(ruleKey: string): ResultTable | undefined;
  set(ruleKey: string, table: ResultTable): void;
}

const EMPTY: DocumentResult = Object.freeze({ reports: [], notJudged: [] }) as DocumentResult;
const WHOLE = "*";

/** A RuleMemo over a key-value store (the read cache's `rule-doc` entries). */
export function ruleMemo(store: { peek(key: string): unknown; put(key: string, value: unknown): void }): RuleMemo {
  return {
    get: (key) => {
      const v = store.peek(key);
      return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as ResultTable) : undefined;
    },
    set: (key, table) => store.put(key, table),
  };
}

const stored = (r: DocumentResult): DocumentResult | 0 => (r.reports.length === 0 && r.notJudged.length === 0 && !r.judged?.length ? 0 : r);
const result = (v: DocumentResult | 0 | undefined): DocumentResult | undefined => (v === 0 ? EMPTY : v);

/** The key of a rule's results: its id, the config and the parts it consults. */
function ruleKeyOf(rule: Rule, model: ContractModel, consults: readonly ModelPart[]): string {
  return contentHash(rule.meta.id, digestOf(model.config), ...consults.map((p) => `${p}=${partDigest(model, p)}`));
}

/**
 * Runs a rule that declares `meta.wholeModel`: its whole result depends only
 * on the config and the parts it consults, so it is remembered under their digests.
 */
export function runWholeModel(rule: Rule, model: ContractModel, memo: RuleMemo, run: RunCheck): DocumentResult {
  const key = ruleKeyOf(rule, model, rule.meta.wholeModel?.consults ?? []);
  const hit = result(memo.get(key)?.[WHOLE]);
  if (hit !== undefined) return hit;
  const out = collect(run, model);
  memo.set(key, { [WHOLE]: stored(out) });
  return out;
}

/**
 * Runs a per-document rule, reusing remembered results. `run` checks a view
 * of the model whose `docs` are the given documents (and, for a rule that
 * declares `perDocument.schemas`, whose `schemas` are the given schemas);
 * everything else is the model's own: its indexes see every document and schema.
 */
export function runPerDocument(rule: Rule, model: ContractModel, memo: RuleMemo, run: RunCheck): DocumentResult {
  const declared = rule.meta.perDocument;
  const ruleKey = ruleKeyOf(rule, model, declared?.consults ?? []);
  const withSchemas = declared?.schemas === true;
  // Documents first, then schemas: the order a full run raises them in (the rule's own loop over docs, then schemas).
  // A document's and a schema's keys never meet: each hashes its own path.
  const units = unitKeys(model, withSchemas);
  const old = memo.get(ruleKey);
  const known = old ? tableKeys.get(old) : undefined;
  const results: (DocumentResult | undefined)[] = new Array(units.length);
  const missed: number[] = [];
  // A unit that is the same object as at this index in the run that last matched the table has that run's
  // result (the table still holds it): an identity check, not a key lookup, for the thousands of units an edit left alone.
  let same = known !== undefined && known.units.length === units.length;
  for (let i = 0; i < units.length; i++) {
    const u = units[i];
    let r: DocumentResult | undefined;
    if (known !== undefined && known.units[i] === u) r = known.results[i];
    else {
      same = false;
      r = old ? result(old[u.key]) : undefined;
    }
    if (r === undefined) missed.push(i);
    results[i] = r;
  }
  if (missed.length === 0) {
    // The same units as the table holds: it stays as it is (looking it up kept it).
    if (old !== undefined && sizeOf(old) === units.length) {
      if (same) {
        known!.units = units;
        return known!.all;
      }
      const all = concat(results as DocumentResult[]);
      if (known !== undefined) Object.assign(known, { units, results, all });
      return all;
    }
  } else {
    const nDocs = model.docs.length;
    const missedDocs = missed.filter((i) => i < nDocs).map((i) => model.docs[i]);
    const missedSchemas = missed.filter((i) => i >= nDocs).map((i) => model.schemas[i - nDocs]);
    const fresh = new Map<string, DocumentResult>([...missedDocs, ...missedSchemas].map((d) => [d.file, { reports: [], notJudged: [] }]));
    const stray: DocumentResult = { reports: [], notJudged: [] };
    const parts: PropertyDescriptorMap = { docs: { value: missedDocs, enumerable: true } };
    if (withSchemas) parts.schemas = { value: missedSchemas, enumerable: true };
    const view = Object.create(model, parts) as ContractModel;
    run(
      view,
      (r) => (fresh.get(r.span.file) ?? stray).reports.push(r),
      (span, reason, mention, ask) => (fresh.get(span.file) ?? stray).notJudged.push(notJudgedEntry(span, reason, mention, ask)),
      (span, kind) => ((fresh.get(span.file) ?? stray).judged ??= []).push({ span, kind }),
    );
    if (stray.reports.length > 0 || stray.notJudged.length > 0 || (stray.judged?.length ?? 0) > 0) {
      // Not what the rule declared: nothing is remembered, and a full run is the answer.
      return collect(run, model);
    }
    for (const i of missed) results[i] = fresh.get(units[i].file);
  }
  const all = concat(results as DocumentResult[]);
  memo.set(ruleKey, nextTable(old, units, results as DocumentResult[], missed, all));
  return all;
}

/**
 * What this process knows of a table it built: which key each file has in it, how many entries
 * it holds, and the units, results and concatenated result of the run that last matched it
 * (a table decoded from disk has none of it: it is built again). Counting here spares an
 * Object.keys of ten thousand entries per rule per re-check (garbage a watch session paid for in GC).
 */
interface TableFacts {
  byFile: Map<string, string>;
  size: number;
  units: readonly Unit[];
  results: readonly DocumentResult[];
  all: DocumentResult;
}
const tableKeys = weakMemo<ResultTable, TableFacts>("rules/incremental#tableKeys");

function sizeOf(table: ResultTable): number {
  return tableKeys.get(table)?.size ?? Object.keys(table).length;
}

/**
 * The table for this run's units only (results of texts no longer read are not kept). A watch
 * re-check that changed a few documents patches the last table: the missed units' old entries
 * out, their new ones in; when that does not leave exactly this run's units (a file removed), it
 * is built afresh.
 */
function nextTable(
  old: ResultTable | undefined,
  units: readonly Unit[],
  results: readonly DocumentResult[],
  missed: readonly number[],
  all: DocumentResult,
): ResultTable {
  const keys = old ? tableKeys.get(old) : undefined;
  if (old && keys) {
    for (const i of missed) {
      const u = units[i];
      const before = keys.byFile.get(u.file);
      if (before !== undefined && old[before] !== undefined) {
        delete old[before];
        keys.size--;
      }
      old[u.key] = stored(results[i]);
      keys.size++;
      keys.byFile.set(u.file, u.key);
    }
    if (keys.byFile.size === units.length && keys.size === units.length) {
      Object.assign(keys, { units, results, all });
      return old;
    }
    // Patched out of step with what it knew: never matched by identity again.
    tableKeys.delete(old);
  }
  const table: ResultTable = {};
  const byFile = new Map<string, string>();
  let size = 0;
  units.forEach((u, i) => {
    if (table[u.key] === undefined) size++;
    table[u.key] = stored(results[i]);
    byFile.set(u.file, u.key);
  });
  tableKeys.set(table, { byFile, size, units, results, all });
  return table;
}

/**
 * The model's units with their content keys, once per run (every incremental rule asks): one
 * list of documents, one of documents then schemas. Each unit object is kept per reader object,
 * so an unchanged document is the same unit run after run (what the identity check above relies on).
 */
const unitsOf = weakMemo<ContractModel, { docs: Unit[]; all: Unit[] }>("rules/incremental#unitsOf");
type Unit = { readonly file: string; readonly key: string };
const unitOfReader = weakMemo<object, Unit>("rules/incremental#unitOfReader");
function unitKeys(model: ContractModel, withSchemas: boolean): readonly Unit[] {
  let u = unitsOf.get(model);
  if (!u) {
    const unit = (reader: object, file: string, key: () => string): Unit => {
      let x = unitOfReader.get(reader);
      if (x === undefined || x.file !== file) unitOfReader.set(reader, (x = { file, key: key() }));
      return x;
    };
    const docs = model.docs.map((d) => unit(d, d.file, () => documentKey(model, d)));
    u = { docs, all: [...docs, ...model.schemas.map((s) => unit(s, s.file, () => schemaKey(model, s)))] };
    unitsOf.set(model, u);
  }
  return withSchemas ? u.all : u.docs;
}

function concat(parts: DocumentResult[]): DocumentResult {
  // Plain loops: flatMap over thousands of mostly empty parts showed up in watch profiles.
  const out: DocumentResult = { reports: [], notJudged: [] };
  for (const p of parts) {
    for (const r of p.reports) out.reports.push(r);
    for (const n of p.notJudged) out.notJudged.push(n);
    if (p.judged) for (const j of p.judged) (out.judged ??= []).push(j);
  }
  return out;
}
