import type { RelatedLocation, Span } from "../../model/diagnostic.js";
import { cmp } from "../../util/compare.js";
import type { ContractModel, Vocabulary } from "../../model/types.js";
import { closest } from "../../util/edit-distance.js";
import { defineRule } from "../types.js";

/** Heuristic mirror: at least this many shared canonical members … */
const MIN_SHARED = 3;
/** … making up at least this share of the union. */
const MIN_OVERLAP = 0.6;

/** A code constant that mirrors a schema enum has gained or lost a member. */
export default defineRule({
  meta: {
    id: "vocabulary/code-mismatch",
    defaultSeverity: "error",
    description: "A code vocabulary that mirrors a schema vocabulary lacks one of its members or has one the schema does not.",
    explanation:
      "A TypeScript `as const` list, string-literal union or string enum often restates a schema `enum` so the code can switch on it; when one " +
      "side gains or loses a member the other still accepts or rejects the old set. A code vocabulary mirrors a schema vocabulary when linked " +
      "explicitly (config `vocabularies`, or a `@docpact-mirror path#pointer` JSDoc tag) or, failing that, when they share at least " +
      `${MIN_SHARED} canonical members making up at least ${MIN_OVERLAP * 100}% of their union (the best-overlapping schema vocabulary wins). ` +
      "The rule reports, one diagnostic per member, each canonical schema member the code lacks and each code member the schema does not " +
      "have, at the code declaration with the schema vocabulary as related location. Deprecated schema members are not required in code (but " +
      "allowed). An explicit link to a schema vocabulary that does not exist is reported too.",
    messages: {
      noSuchMirror: "{{name}} is declared to mirror {{link}}, but no schema vocabulary has that id",
      lacks: "{{name}} lacks `{{member}}`, a member of {{vocabulary}}",
      lacksKeepsAlias: "{{name}} lacks `{{member}}`, a member of {{vocabulary}} (it still has the deprecated alias `{{alias}}`)",
      extra: "{{name}} has `{{member}}`, which {{vocabulary}} does not",
      extraRenamed: "{{name}} has `{{member}}`, which {{vocabulary}} does not (renamed to `{{near}}`?)",
    },
    examples: {
      bad: { "docpact.config.json": JSON.stringify({ code: { include: ["src/**/*.ts"] } }), "schemas/event.schema.json": JSON.stringify({ $schema: "http://json-schema.org/draft-07/schema#", $defs: { eventType: { enum: ["run.started", "run.finished", "run.failed", "run.paused"] } } }), "src/events.ts": "export const EVENTS = [\"run.started\", \"run.finished\", \"run.failed\", \"run.resumed\"] as const;\n" },
      good: { "docpact.config.json": JSON.stringify({ code: { include: ["src/**/*.ts"] } }), "schemas/event.schema.json": JSON.stringify({ $schema: "http://json-schema.org/draft-07/schema#", $defs: { eventType: { enum: ["run.started", "run.finished", "run.failed", "run.paused"] } } }), "src/events.ts": "export const EVENTS = [\"run.started\", \"run.finished\", \"run.failed\", \"run.paused\"] as const;\n" },
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
    const explicit = explicitLinks(model);
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
      let schema: Vocabulary | undefined;
      if (link !== undefined) {
        // `mirrors` arrives resolved against the code file by the code reader; config links are root-relative.
        schema = byIdMap.get(link);
        if (!schema) {
          ctx.report({ span: code.span, messageId: "noSuchMirror", data: { name: code.name, link } });
          continue;
        }
      } else {
        const candidates = new Set(code.members.flatMap((m) => byMember.get(m.value) ?? []));
        schema = bestMirror(code, schemaVocabs.filter((v) => candidates.has(v)));
        if (!schema) continue;
      }
      compare(code, schema, ctx.report);
    }
  },
});

type MismatchReport = { span: Span; related: RelatedLocation[]; suggestions?: string[] } & (
  | { messageId: "lacks"; data: { name: string; member: string; vocabulary: string } }
  | { messageId: "lacksKeepsAlias"; data: { name: string; member: string; vocabulary: string; alias: string } }
  | { messageId: "extra"; data: { name: string; member: string; vocabulary: string } }
  | { messageId: "extraRenamed"; data: { name: string; member: string; vocabulary: string; near: string } }
);

function compare(code: Vocabulary, schema: Vocabulary, report: (r: MismatchReport) => void): void {
  const codeValues = new Set(code.members.map((m) => m.value));
  const schemaValues = new Set(schema.members.map((m) => m.value));
  const at = (s: Span, message: string): RelatedLocation => ({ file: s.file, line: s.line, column: s.column, message });
  const vocabRelated = at(schema.span, `schema vocabulary ${schema.id}`);
  const missing = schema.members.filter((m) => !m.deprecated && !codeValues.has(m.value)).sort((a, b) => cmp(a.value, b.value));
  const extra = [...codeValues].filter((v) => !schemaValues.has(v)).sort(cmp);
  for (const m of missing) {
    const alias = schema.members.find((a) => a.deprecated && a.replacedBy === m.value && codeValues.has(a.value));
    report({
      span: code.span,
      ...(alias
        ? { messageId: "lacksKeepsAlias" as const, data: { name: code.name, member: m.value, vocabulary: schema.id, alias: alias.value } }
        : { messageId: "lacks" as const, data: { name: code.name, member: m.value, vocabulary: schema.id } }),
      related: [vocabRelated, at(m.span, `\`${m.value}\` declared here`)],
    });
  }
  for (const v of extra) {
    const near = closest(v, missing.map((m) => m.value), 0.25);
    report({
      span: code.span,
      ...(near
        ? { messageId: "extraRenamed" as const, data: { name: code.name, member: v, vocabulary: schema.id, near }, suggestions: [near] }
        : { messageId: "extra" as const, data: { name: code.name, member: v, vocabulary: schema.id } }),
      related: [vocabRelated],
    });
  }
}

/** The schema vocabulary sharing ≥ MIN_SHARED canonical members and ≥ MIN_OVERLAP of the union with `code`, best overlap first. */
function bestMirror(code: Vocabulary, schemas: Vocabulary[]): Vocabulary | undefined {
  let best: Vocabulary | undefined;
  let bestScore = 0;
  for (const s of schemas) {
    const canon = new Set(s.members.filter((m) => !m.deprecated).map((m) => m.value));
    // A code member that is a deprecated alias counts as its replacement: code that lags a rename still mirrors.
    const renamed = new Map(s.members.filter((m) => m.deprecated && m.replacedBy !== undefined).map((m) => [m.value, m.replacedBy!]));
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

/** Config `vocabularies`: code vocabulary id → schema vocabulary id. */
function explicitLinks(model: ContractModel): Map<string, string> {
  const out = new Map<string, string>();
  for (const l of model.config.vocabularies ?? []) out.set(`code:${stripDot(l.code)}`, normalizeSchemaId(l.schema));
  return out;
}

/** `./schemas/x.json` → `schemas/x.json#`, `x.json#/a` stays; ids are `file#pointer`. */
function normalizeSchemaId(id: string): string {
  const s = stripDot(id);
  return s.includes("#") ? s : s + "#";
}

function stripDot(p: string): string {
  return p.replace(/\\/g, "/").replace(/^(\.\/)+/, "");
}

function byId(a: Vocabulary, b: Vocabulary): number {
  return cmp(a.id, b.id);
}


