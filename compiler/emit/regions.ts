/**
 * Region planning: for every `docpact:begin` … `docpact:end` region the
 * Markdown reader found, resolve its source, render its template and decide
 * what build writes there. The result is data — new document texts, facts
 * (a region that cannot be generated, one edited by hand) and one outcome per
 * region — computed identically by `check` and `build`; rules judge them.
 *
 * Only the bytes between a region's markers (and its end marker) change;
 * everything else, BOM and line endings included, is kept as it is.
 */
import { by } from "../util/compare.js";
import type { Span } from "../model/diagnostic.js";
import type { MarkdownDoc, Region } from "../model/types.js";
import type { ContractModel } from "../model/contract-model.js";
import { LineIndex } from "../util/text.js";
import type { EmitFact, PlannedFile, RegionOutcome } from "./plan.js";
import { commandRows, filterGlob, membersOf, noteRows, propertiesOf, ruleRows, siteRows, type RuleSummary, type TemplateContext } from "./region-context.js";
import { contentHash as fullHash } from "../cache/hash.js";
import { encode } from "../cache/codec.js";
import { digestOf, hashList, partDigest, schemaKey } from "../model/digests.js";
import { unoptimized } from "../util/optimizations.js";
import { containsMarker, regionSha, currentContent, normalizeOutput, regionText } from "./region-content.js";
import { resolveSource, type ExportFolder, type ResolvedSource } from "./region-sources.js";
import { ADAPTERS } from "../readers/cli/index.js";
import { BUILTIN_TEMPLATES, isBuiltin, renderTemplate, type BuiltinTemplate, type TemplateSet } from "./templates.js";
import { weakMemo } from "../util/memo.js";

export interface RegionPlanOptions {
  /** Overwrite regions edited by hand (build --force). */
  force: boolean;
  /** Root-relative folder of user templates (config `templates`), or null. */
  templatesDir: string | null;
  /** The templates, read by the read stage (compiler/readers/templates.ts). */
  templates: TemplateSet;
  /** The rule catalogue, for the `rules` template. */
  catalogue?: readonly RuleSummary[];
  /** Folds `module:` sources (default: the constant folder). */
  fold?: ExportFolder;
  /** Remembers rendered regions across runs (the pipeline's read cache). */
  memo?: RenderMemo;
}

/** A string store for rendered region content, keyed by a hash of everything the render read. */
export interface RenderMemo {
  get(key: string): string | undefined;
  set(key: string, content: string): void;
}

export interface RegionPlan {
  /** Documents whose text changes (full new text, BOM included). */
  documents: PlannedFile[];
  facts: EmitFact[];
  regions: RegionOutcome[];
}

/** Arguments each built-in accepts; `source` is resolved for every template that has one. */
const BUILTIN_ARGS: Record<BuiltinTemplate, { required: string[]; optional: string[] }> = {
  vocabulary: { required: ["source"], optional: [] },
  "schema-table": { required: ["source"], optional: [] },
  delegations: { required: [], optional: ["filter"] },
  commands: { required: [], optional: ["prefix"] },
  rules: { required: [], optional: ["prefix"] },
  sites: { required: [], optional: [] },
};

/** The options, plus what one plan computes once. */
type PlanState = RegionPlanOptions & { catalogueDigest?: string };

export function planRegions(model: ContractModel, options: RegionPlanOptions): RegionPlan {
  const opts: PlanState = { ...options };
  const out: RegionPlan = { documents: [], facts: [], regions: [] };
  const docs = model.docs.filter((d) => d.regions.length > 0).sort(by((d) => d.file));
  if (!docs.length) return out;
  const templates = opts.templates;
  const inputs = unoptimized() ? null : planInputs(model, opts);
  for (const doc of docs) {
    const text = model.texts.get(doc.file);
    if (text === undefined) continue;
    const planned = inputs === null ? planDocument(model, doc, text, templates, opts, out) : reusedPlan(model, doc, text, templates, opts, out, inputs);
    const bom = doc.bom ? "\uFEFF" : "";
    if (planned !== text) out.documents.push({ path: doc.file, content: bom + planned, base: bom + text });
  }
  return out;
}

/**
 * Everything a document's plan reads besides the document itself, as one digest per plan: the
 * config (limits, templates folder), the templates, `force`, the rule catalogue, every schema's
 * text (sources, `$ref`s), the vocabularies, the command surface, and the notes and their headings
 * (the project digest). A document with a `module:` source also reads code: it is always planned.
 */
function planInputs(model: ContractModel, opts: PlanState): string {
  opts.catalogueDigest ??= fullHash(JSON.stringify(opts.catalogue ?? []));
  return hashList([
    digestOf(model.config),
    encode(opts.templates),
    String(opts.force),
    opts.catalogueDigest,
    ...model.schemas.map((s) => schemaKey(model, s)),
    partDigest(model, "vocabularies"),
    partDigest(model, "surface"),
    model.index.projectDigest,
  ]);
}

/** A document's last plan, kept by its reader object (same object, same text) under the plan inputs it was made with. */
interface KeptPlan {
  inputs: string;
  regions: RegionOutcome[];
  facts: EmitFact[];
  planned: string;
  /** The render memo's keys the plan looked up: a reused plan looks them up again, so the cache keeps them. */
  memoKeys: string[];
}
const kept = weakMemo<MarkdownDoc, KeptPlan>("emit/regions#kept");

/** `planDocument`, or the document's last plan when neither it nor the plan inputs changed (a watch re-check). */
function reusedPlan(model: ContractModel, doc: MarkdownDoc, text: string, templates: TemplateSet, opts: PlanState, out: RegionPlan, inputs: string): string {
  if (doc.regions.some((r) => r.args.source?.startsWith("module:"))) return planDocument(model, doc, text, templates, opts, out);
  const last = kept.get(doc);
  if (last && last.inputs === inputs) {
    for (const k of last.memoKeys) opts.memo?.get(k);
    out.regions.push(...last.regions);
    out.facts.push(...last.facts);
    return last.planned;
  }
  const memoKeys: string[] = [];
  const memo = opts.memo;
  const recording: PlanState = memo
    ? { ...opts, memo: { get: (k) => (memoKeys.push(k), memo.get(k)), set: (k, v) => (memoKeys.push(k), memo.set(k, v)) } }
    : opts;
  const mine: RegionPlan = { documents: [], facts: [], regions: [] };
  const planned = planDocument(model, doc, text, templates, recording, mine);
  opts.catalogueDigest ??= recording.catalogueDigest;
  out.regions.push(...mine.regions);
  out.facts.push(...mine.facts);
  kept.set(doc, { inputs, regions: mine.regions, facts: mine.facts, planned, memoKeys: [...new Set(memoKeys)] });
  return planned;
}

/** Plans one document's regions; returns its new text (BOM removed). */
function planDocument(model: ContractModel, doc: MarkdownDoc, text: string, templates: TemplateSet, opts: PlanState, out: RegionPlan): string {
  const lines = new LineIndex(text);
  const toSpan = (start: number, end: number): Span => {
    const a = lines.position(start);
    const b = lines.position(end);
    return { file: doc.file, line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
  };
  const regions = [...doc.regions].sort((a, b) => a.beginStart - b.beginStart);
  const pieces: string[] = [];
  let cursor = 0;
  for (const region of regions) {
    // Regions never overlap (the reader rejects nesting); skip anything that would.
    if (region.beginStart < cursor || region.endEnd > text.length) continue;
    const span = toSpan(region.beginStart, region.beginEnd);
    const current = currentContent(text.slice(region.beginEnd, region.endStart));
    const outcome: RegionOutcome = { file: doc.file, template: region.template, span, status: "fresh", current, expected: null, sha: region.sha };
    out.regions.push(outcome);
    pieces.push(text.slice(cursor, region.beginStart));
    cursor = region.endEnd;
    const existing = text.slice(region.beginStart, region.endEnd);
    const rendered = renderRegion(model, doc, region, templates, opts);
    if (!rendered.ok) {
      outcome.status = "malformed";
      out.facts.push({ kind: "region-malformed", span, template: region.template, detail: rendered.message });
      pieces.push(existing);
      continue;
    }
    outcome.expected = rendered.content;
    const next = regionText(text.slice(region.beginStart, region.beginEnd), rendered.content, doc.eol);
    if (next === existing) {
      pieces.push(existing);
      continue;
    }
    const handEdited = region.sha !== null && regionSha(current) !== region.sha && current !== rendered.content;
    if (handEdited && !opts.force) {
      outcome.status = "hand-edited";
      out.facts.push({ kind: "region-hand-edited", span, template: region.template, sha: region.sha! });
      pieces.push(existing);
      continue;
    }
    outcome.status = "stale";
    pieces.push(next);
  }
  pieces.push(text.slice(cursor));
  const planned = pieces.join("");
  return planned === text ? text : withinSizeLimit(model, doc.file, text, planned, out);
}

/**
 * A document whose regions would grow it past `limits.maxFileBytes` is not
 * rewritten: the next run would refuse to read it (input/too-large), so its
 * regions would never be checked again. Its stale regions become malformed.
 */
function withinSizeLimit(model: ContractModel, file: string, text: string, planned: string, out: RegionPlan): string {
  const max = model.config.limits.maxFileBytes;
  const bytes = Buffer.byteLength(planned, "utf8");
  if (bytes <= max) return planned;
  for (const o of out.regions) {
    if (o.status !== "stale" || o.file !== file) continue;
    o.status = "malformed";
    out.facts.push({
      kind: "region-malformed",
      span: o.span,
      template: o.template,
      detail: `writing it would grow ${o.file} to ${bytes} bytes, more than limits.maxFileBytes (${max}), after which the document is no longer read; not written`,
    });
  }
  return text;
}

type Rendered = { ok: true; content: string } | { ok: false; message: string };

function renderRegion(model: ContractModel, doc: MarkdownDoc, region: Region, templates: TemplateSet, opts: PlanState): Rendered {
  const name = region.template;
  const template = templates.templates.get(name);
  if (!template) {
    const known = [...templates.templates.keys()].sort().join(", ") || BUILTIN_TEMPLATES.join(", ");
    const folder = templates.userDirProblem ? `; ${templates.userDirProblem}` : "";
    return { ok: false, message: `unknown template '${name}' (known: ${known})${folder}` };
  }
  if (template.refused) return { ok: false, message: template.refused };
  const builtin = isBuiltin(name) ? name : null;
  if (builtin) {
    const spec = BUILTIN_ARGS[builtin];
    for (const req of spec.required) {
      if (region.args[req] === undefined) return { ok: false, message: `template ${name} needs a ${req}= argument` };
    }
    // A user override of a built-in may take arguments of its own.
    if (template.origin === "builtin") {
      const allowed = [...spec.required, ...spec.optional];
      for (const key of Object.keys(region.args)) {
        if (!allowed.includes(key)) {
          const list = allowed.length ? `its arguments: ${allowed.join(", ")}` : "it takes no arguments";
          return { ok: false, message: `template ${name} has no argument '${key}' (${list})` };
        }
      }
    }
  }
  for (const [k, v] of Object.entries(region.args)) {
    if (v === "" && (k === "source" || k === "filter")) return { ok: false, message: `template ${name}: ${k}= is empty` };
  }

  let source: ResolvedSource | null = null;
  if (region.args.source !== undefined) {
    const r = resolveSource(model, doc.file, region.args.source, opts.fold);
    if (!r.ok) return { ok: false, message: r.message };
    source = r.source;
  }
  const filter = filterGlob(doc.file, region.args.filter);
  if (region.args.filter !== undefined && filter === null)
    return { ok: false, message: `template ${name}: filter '${region.args.filter}' points outside the root` };
  const members = source ? membersOf(source) : null;
  const properties = source ? propertiesOf(source, model.schemas ?? [], model.index?.schemas) : null;
  if (builtin === "vocabulary" && template.origin === "builtin" && !members) {
    return { ok: false, message: `source '${region.args.source}' is not a closed set of values (enum, const, oneOf of consts, or a code vocabulary)` };
  }
  if (builtin === "schema-table" && template.origin === "builtin" && !properties) {
    return { ok: false, message: `source '${region.args.source}' is not an object schema with properties` };
  }
  const context: TemplateContext = {
    template: name,
    document: doc.file,
    args: { ...region.args },
    source: source ? sourceValue(source) : null,
    sourceInfo: source ? { kind: source.kind, file: source.file, name: source.kind === "schema" ? source.pointer : source.name } : null,
    members,
    properties,
    notes: [],
    commands: [],
    globalFlags: [...model.surface.globalFlags].sort(),
    binaries: [...model.binaries],
    rules: [],
    readers: [],
    sites: siteRows(),
    renderers: siteRows(true),
  };
  // The project-wide lists are built only when a template reads them: most regions are vocabularies.
  const read = { wide: false };
  lazy(context, "notes", read, () => noteRows(model, doc.file, filter));
  lazy(context, "commands", read, () => commandRows(model, region.args.prefix ?? null));
  lazy(context, "rules", read, () => ruleRows(opts.catalogue ?? [], builtin === "rules" ? (region.args.prefix ?? null) : null));
  lazy(context, "readers", read, () => ADAPTERS.map((a) => ({ id: a.id, docs: a.docs, packages: [...a.packages] })));
  // A render that read only its own inputs is remembered under their hash (serializing them costs far less than rendering).
  const key = opts.memo
    ? fullHash(
        template.file,
        template.text,
        name,
        doc.file,
        JSON.stringify(context.args),
        JSON.stringify(context.source),
        JSON.stringify(context.sourceInfo),
        JSON.stringify(members),
        JSON.stringify(properties),
        JSON.stringify(context.globalFlags),
        JSON.stringify(context.binaries),
      )
    : null;
  // A render that read the project-wide lists is remembered under a second key that adds their digest.
  let remembered = key !== null ? opts.memo!.get(key) : undefined;
  if (remembered === WIDE) remembered = opts.memo!.get(wideKey(key!, model, opts));
  if (remembered !== undefined) return { ok: true, content: remembered };
  const r = renderTemplate(template, context, model.config.limits);
  if (!r.ok) return r;
  const content = normalizeOutput(r.text);
  if (containsMarker(content)) return { ok: false, message: `template ${template.file} produced a docpact marker; regions cannot nest` };
  if (key !== null) {
    if (read.wide) {
      opts.memo!.set(key, WIDE);
      opts.memo!.set(wideKey(key, model, opts), content);
    } else opts.memo!.set(key, content);
  }
  return { ok: true, content };
}

/** Memo value meaning "this render read the project-wide lists; look under the wide key". */
const WIDE = "\u0000wide";

/** The narrow key plus a digest of every note, command (the model's index) and rule (once per plan). */
function wideKey(narrow: string, model: ContractModel, opts: PlanState): string {
  opts.catalogueDigest ??= fullHash(JSON.stringify(opts.catalogue ?? []));
  return fullHash(narrow, model.index.projectDigest, opts.catalogueDigest);
}

/** Replaces a context field by a getter that computes it once, on first read. */
function lazy<K extends "notes" | "commands" | "rules" | "readers">(
  context: TemplateContext,
  key: K,
  read: { wide: boolean },
  compute: () => TemplateContext[K],
): void {
  let value: TemplateContext[K] | undefined;
  Object.defineProperty(context, key, {
    enumerable: true,
    configurable: true,
    get: () => {
      read.wide = true;
      return (value ??= compute());
    },
  });
}

/** What `source` is in the template context: the JSON value, or the vocabulary's members for code sources. */
function sourceValue(source: ResolvedSource): unknown {
  if (source.kind === "code") return { id: source.vocabulary.id, name: source.name, members: source.vocabulary.members.map((m) => m.value) };
  return source.value;
}
