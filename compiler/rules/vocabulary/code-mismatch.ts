import type { RelatedLocation, Span } from "../../model/diagnostic.js";
import type { Vocabulary } from "../../model/types.js";
import { configuredMirrorLinks, normalizeSchemaId } from "../../model/vocabulary-declarations.js";
import { closest } from "../../util/edit-distance.js";
import { defineRule, type MessageReport } from "../types.js";

/** Heuristic mirror: at least this many shared canonical members … */
const MIN_SHARED = 3;
/** … making up at least this share of the union. */
const MIN_OVERLAP = 0.6;

/** A code constant that mirrors a schema enum has gained or lost a member. */
const messages = {
  noSchema: "{{code}} is declared to mirror {{link}}, but no schema vocabulary has that id",
  missing: "{{code}} lacks `{{member}}`, a member of {{vocabulary}}{{alias}}",
  extra: "{{code}} has `{{member}}`, which {{vocabulary}} does not{{renamed}}",
} as const;

export default defineRule({
  meta: {
    id: "vocabulary/code-mismatch",
    wholeModel: { consults: ["vocabularies"] },
    defaultSeverity: "error",
    description: "A code vocabulary that mirrors a schema vocabulary lacks one of its members or has one the schema does not.",
    explanation:
      "A TypeScript `as const` list, string-literal union or string enum often restates a schema `enum` so the code can switch on it; when one " +
      "side gains or loses a member the other still accepts or rejects the old set. A code vocabulary mirrors a schema vocabulary when linked " +
      "explicitly (config `vocabularies` with `code` and `schema`, or a `@docpact-mirror path#pointer` JSDoc tag), or when a leading comment says so in words " +
      '("Mirrored from schemas/run-event.schema.json", "keep in sync with ../schemas/x.json", copied/generated/derived from): then the best-overlapping ' +
      "vocabulary of that file (at least the shared members below) is the mirror. Explicit and declared links are compared " +
      "in full and every difference is an error. Failing that, a mirror is inferred when the two share at least " +
      `${MIN_SHARED} canonical members making up at least ${MIN_OVERLAP * 100}% of their union (the best-overlapping schema vocabulary wins); ` +
      'an inline union written as a property\'s type (`kind: "a" | "b"` in an interface) is a candidate only for schema vocabularies at ' +
      "`…/properties/kind` (or its `items`). An inferred mirror is only a guess, so its findings are warnings, and it is judged only when a rename " +
      "ties the two: each extra code member is a near rename of a missing one, or the code still carries a deprecated alias of a missing " +
      "member. It stays silent (counted as not judged) when the code list is a superset of the schema vocabulary (a wider code type that also " +
      "covers this enum), a subset with no rename (a narrower type sharing a few words: declare the mirror to have it checked) or differs " +
      "both ways without a rename. The rule reports, one diagnostic per member, each canonical schema member the " +
      "code lacks and each code member the schema does not have, at the code declaration with the schema vocabulary as related location. " +
      "Deprecated schema members and aliases (from the schema, config `aliases` or a mapping file) are not required in code, so a code list " +
      "carrying only the new names is no mismatch; an old name the code still carries is reported once, on the member it was renamed to. " +
      "An explicit link to a schema vocabulary that does not exist is reported too.",
    messages,
    examples: {
      bad: {
        "docpact.config.json": JSON.stringify({
          code: { include: ["src/**/*.ts"] },
          vocabularies: [{ code: "src/events.ts#EVENTS", schema: "events.schema.json#/$defs/eventType" }],
        }),
        "events.schema.json": JSON.stringify({ $defs: { eventType: { enum: ["run.started", "run.finished", "run.failed"] } } }),
        "src/events.ts": 'export const EVENTS = ["run.started", "run.finished"] as const;\n',
      },
      good: {
        "docpact.config.json": JSON.stringify({
          code: { include: ["src/**/*.ts"] },
          vocabularies: [{ code: "src/events.ts#EVENTS", schema: "events.schema.json#/$defs/eventType" }],
        }),
        "events.schema.json": JSON.stringify({ $defs: { eventType: { enum: ["run.started", "run.finished", "run.failed"] } } }),
        "src/events.ts": 'export const EVENTS = ["run.started", "run.finished", "run.failed"] as const;\n',
      },
    },
    example: {
      bad: 'export const EVENTS = ["run.started", "run.finished"] as const; // schema enum also has "run.failed"',
      fix: 'Add "run.failed" to EVENTS, or remove it from the schema.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    const schemaVocabs = model.vocabularies.filter((v) => v.kind === "schema").sort(byId);
    const byIdMap = new Map(schemaVocabs.map((v) => [v.id, v]));
    const order = new Map(schemaVocabs.map((v, i) => [v, i]));
    const explicit = configuredMirrorLinks(model.config.vocabularies ?? []);
    // Member value → schema vocabularies holding it, so each code list meets only the schemas it shares a member with.
    const byMember = new Map<string, Vocabulary[]>();
    for (const v of schemaVocabs) {
      for (const value of new Set(v.members.map((m) => m.value))) {
        const list = byMember.get(value);
        if (list) list.push(v);
        else byMember.set(value, [v]);
      }
    }
    for (const code of model.vocabularies.filter((v) => v.kind === "code").sort(byId)) {
      const link = explicit.get(code.id) ?? (code.mirrors !== undefined ? normalizeSchemaId(code.mirrors) : undefined);
      if (link !== undefined) {
        // `mirrors` arrives resolved against the code file by the code reader; config links are root-relative.
        const schema = byIdMap.get(link);
        if (!schema) {
          ctx.report({ span: code.span, messageId: "noSchema", data: { code: code.name, link } });
          continue;
        }
        for (const r of compare(code, schema)) ctx.report(r);
        continue;
      }
      const candidates = new Set(code.members.flatMap((m) => byMember.get(m.value) ?? []));
      // A comment that names the schema file the list mirrors: a declaration, judged both ways (a superset included), against the best-overlapping vocabulary there.
      if (code.mirrorsFile !== undefined) {
        const [file, pointer] = code.mirrorsFile.split("#");
        const there = [...candidates]
          .filter((v) => v.file === file && (pointer === undefined || normalizeSchemaId(`${file}#${pointer}`) === v.id))
          .sort((a, b) => order.get(a)! - order.get(b)!);
        const said = bestMirror(code, there);
        if (said) {
          for (const r of compare(code, said)) ctx.report(r);
          continue;
        }
      }
      // The candidates in schemaVocabs' order (ties go to the first), without a pass over every schema vocabulary per code list.
      const inOrder = [...candidates].filter((v) => atProperty(v, code.property)).sort((a, b) => order.get(a)! - order.get(b)!);
      const schema = bestMirror(code, inOrder);
      if (!schema) continue;
      const found = compare(code, schema);
      const verdict = judgeInferred(found);
      if (verdict !== null) {
        ctx.notJudged(code.span, verdict);
        continue;
      }
      for (const r of found) ctx.report({ ...r, severity: "warning" });
    }
  },
});

type Finding = MessageReport<typeof messages> & { kind: "missing" | "extra"; renamed?: boolean };

function compare(code: Vocabulary, schema: Vocabulary): Finding[] {
  const out: Finding[] = [];
  const codeValues = new Set(code.members.map((m) => m.value));
  const aliases = [...schema.members.filter((m) => m.deprecated), ...(schema.aliases ?? [])];
  const known = new Set([...schema.members, ...(schema.aliases ?? [])].map((m) => m.value));
  const at = (s: Span, message: string): RelatedLocation => ({ file: s.file, line: s.line, column: s.column, message });
  const vocabRelated = at(schema.span, `schema vocabulary ${schema.id}`);
  const missing = schema.members.filter((m) => !m.deprecated && !codeValues.has(m.value)).sort((a, b) => cmp(a.value, b.value));
  const extra = [...codeValues].filter((v) => !known.has(v)).sort(cmp);
  for (const m of missing) {
    const alias = aliases.find((a) => a.replacedBy === m.value && codeValues.has(a.value));
    out.push({
      kind: "missing",
      renamed: alias !== undefined,
      span: code.span,
      messageId: "missing",
      data: { code: code.name, member: m.value, vocabulary: schema.id, alias: alias ? ` (it still has the deprecated alias \`${alias.value}\`)` : "" },
      related: [vocabRelated, at(m.span, `\`${m.value}\` declared here`)],
    });
  }
  for (const v of extra) {
    const near = closest(
      v,
      missing.map((m) => m.value),
      0.25,
    );
    out.push({
      kind: "extra",
      renamed: near !== null,
      span: code.span,
      messageId: "extra",
      data: { code: code.name, member: v, vocabulary: schema.id, renamed: near ? ` (renamed to \`${near}\`?)` : "" },
      ...(near ? { suggestions: [near] } : {}),
      related: [vocabRelated],
    });
  }
  return out;
}

/**
 * An inferred mirror is judged only when the difference is one-sided; the reason it is not, or null.
 * A superset is a wider code type that also covers this enum; two-way differences without a rename are two different sets.
 */
function judgeInferred(found: Finding[]): string | null {
  const missing = found.filter((f) => f.kind === "missing");
  const extra = found.filter((f) => f.kind === "extra");
  if (missing.length === 0 && extra.length > 0) return "the code list is a superset of the schema vocabulary it overlaps";
  if (missing.length > 0 && extra.some((f) => !f.renamed)) return "the code list and the schema vocabulary it overlaps differ both ways";
  // Lacking members with nothing to show a rename is as likely a narrower type sharing a few words (every such case in the harness was).
  if (extra.length === 0 && !missing.some((f) => f.renamed))
    return "the code list is a subset of the schema vocabulary it overlaps, with no rename to tie them (declare the mirror to have it checked)";
  return null;
}

/** An inline union (a property's type) mirrors only schema vocabularies in that property's position. */
function atProperty(schema: Vocabulary, property: string | undefined): boolean {
  if (property === undefined) return true;
  const tail = `/properties/${property.replace(/~/g, "~0").replace(/\//g, "~1")}`;
  return schema.name.endsWith(tail) || schema.name.endsWith(tail + "/items");
}

/** The schema vocabulary sharing ≥ MIN_SHARED canonical members and ≥ MIN_OVERLAP of the union with `code`, best overlap first. */
function bestMirror(code: Vocabulary, schemas: Vocabulary[]): Vocabulary | undefined {
  let best: Vocabulary | undefined;
  let bestScore = 0;
  for (const s of schemas) {
    const canon = new Set(s.members.filter((m) => !m.deprecated).map((m) => m.value));
    // A code member that is a deprecated alias counts as its replacement: code that lags a rename still mirrors.
    const renamed = new Map(
      [...s.members, ...(s.aliases ?? [])].filter((m) => m.deprecated && m.replacedBy !== undefined).map((m) => [m.value, m.replacedBy!]),
    );
    const codeSet = new Set(code.members.filter((m) => !m.deprecated).map((m) => renamed.get(m.value) ?? m.value));
    let shared = 0;
    for (const v of canon) if (codeSet.has(v)) shared++;
    if (shared < MIN_SHARED) continue;
    const score = shared / (codeSet.size + canon.size - shared);
    if (score >= MIN_OVERLAP && score > bestScore) {
      best = s;
      bestScore = score;
    }
  }
  return best;
}

/** Config `vocabularies` entries with a `code` link: code vocabulary id → schema vocabulary id. */
function byId(a: Vocabulary, b: Vocabulary): number {
  return cmp(a.id, b.id);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
