/**
 * A rule is one module: its metadata (id, default severity, explanation for
 * `docpact explain` and the rule docs, the messages it may raise) and a
 * function from the model to reports. Rules never read files.
 *
 * Messages are declared once, in `meta.messages`, keyed by id, with
 * `{{placeholders}}` (ESLint's `meta.messages`, TypeSpec's diagnostic table);
 * a rule reports `{ messageId, data, span }` and the runner words the
 * diagnostic (compiler/rules/message.ts). `defineRule` checks the metadata
 * when the module loads and types `messageId` and `data` from `messages`.
 */
import { githubSlug } from "../util/slug.js";
import type { HistoryAsk } from "../model/history.js";
import type { Fix, RelatedLocation, Severity, Span } from "../model/diagnostic.js";
import type { ContractModel } from "../model/contract-model.js";
import type { EmitPlan } from "../emit/plan.js";
import type { ModelPart } from "../model/digests.js";

export interface RuleExample {
  /** A Markdown/JSON/TS snippet that fails the rule. */
  bad: string;
  /** What to do about it. */
  fix: string;
}

/**
 * Runnable examples (`test/rules/catalogue.test.ts` runs every one through the
 * real read and link stages): each is a project of in-memory files, paths
 * relative to its root. `bad` must raise at least one diagnostic of the rule,
 * `good` none.
 */
export interface RuleExamples {
  bad: Record<string, ExampleFile>;
  good: Record<string, ExampleFile>;
}

/**
 * One file of an example project: its text or bytes, a symbolic link to
 * `symlink` (relative to the link's folder), or a FIFO. A path starting with
 * `../` lies outside the project root (to show what docpact refuses to read).
 */
export type ExampleFile = string | Uint8Array | { symlink: string } | { fifo: true };

/** Message templates keyed by message id. */
export type Messages = Readonly<Record<string, string>>;

export interface RuleMeta<Id extends string = string, M extends Messages = Messages> {
  id: Id;
  defaultSeverity: Severity;
  /** One line: what the rule finds. */
  description: string;
  /** One paragraph: why it matters and how it decides. Used by `docpact explain`. */
  explanation: string;
  /**
   * Every message the rule may raise, keyed by id; `{{name}}` is replaced by
   * `data.name`. Optional only while rules of other branches still use the
   * deprecated `{ message }` report.
   */
  messages?: M;
  /**
   * Rules whose asks for git's content history (RuleReport.historyAsk) also
   * make this rule run again with it: it reads that history about what those
   * rules report (cli/unknown-flag judges the flags of a command git shows renamed).
   */
  historyWith?: readonly string[];
  /** True when diagnostics may carry a fix applied by `build --fix`. */
  fixable?: boolean;
  /**
   * Where the rule is documented; each diagnostic's `url` in the JSON report.
   * Default (set by `defineRule`): its section of docpact's rule reference,
   * `docs/rules.md#<anchor of the heading \`<id>\`>` in docpact's repository,
   * which the catalogue regenerates for every rule.
   */
  url?: string;
  /** Prose example for the rule docs and `docpact explain`. */
  example?: RuleExample;
  /** Runnable examples. */
  examples?: RuleExamples;
  /**
   * The rule judges each document on its own: what it reports about a
   * document (spans in that document) depends only on the document, the
   * config and the model parts named here. The runner may then reuse a
   * document's earlier reports while none of those changed
   * (compiler/rules/incremental.ts).
   */
  perDocument?: {
    consults: readonly ModelPart[];
    /**
     * Schemas are judged one by one too (terms in schema descriptions): what
     * the rule reports about a schema depends only on that schema's text, the
     * config and the consulted parts, and the rule reads `model.schemas` only
     * to find what to judge (the view holds the schemas to judge, the indexes every one).
     */
    schemas?: true;
  };
  /**
   * The rule's whole output depends only on the config and the model parts
   * named here (not on any document or schema text): the runner may reuse its
   * earlier result while none of those changed (compiler/rules/incremental.ts).
   */
  wholeModel?: { consults: readonly ModelPart[] };
}

/** The names inside `{{…}}` of a message template (when its text is a literal type). */
export type Placeholders<S extends string> = S extends `${string}{{${infer P}}}${infer Rest}` ? P | Placeholders<Rest> : never;

export type MessageData = Readonly<Record<string, string | number>>;

interface ReportBase {
  span: Span;
  /** A rule may lower one finding to a warning (an inferred link it is less sure of), never raise it. */
  severity?: "warning";
  /** Values the user can apply (the closest command, member, file); the first is the fixed field `suggestion` unless there is a note. */
  suggestions?: string[];
  /** Prose: how to fix it (`run \`docpact build\``), possibly with a diff; the fixed field `suggestion` when present. */
  note?: string;
  related?: RelatedLocation[];
  fix?: Fix;
  /**
   * What the repository's history says about the thing that is gone
   * (`heading renamed to "Retries" in abc1234 (…)`): appended to the
   * message after `; `. Kept out of `data`, so the same finding has the same
   * data with or without git.
   */
  evidence?: string;
  /**
   * What the evidence for this finding would read from git's content history
   * (set whenever `model.history` exists): the pipeline reads that history
   * after the rules only when a finding asks, only over the files asked
   * about, and runs the asking rule again with it. Never in the diagnostic.
   */
  historyAsk?: HistoryAsk;
}

/** One report by message id; `data` fills the message's placeholders. */
export type MessageReport<M extends Messages> = {
  [K in keyof M & string]: ReportBase & { messageId: K } & ([Placeholders<M[K]>] extends [never]
      ? { data?: MessageData }
      : { data: Record<Placeholders<M[K]>, string | number> });
}[keyof M & string];

/** A report as the runner receives it. */
export type RuleReport = ReportBase & { messageId: string; data?: MessageData };

/** Which documented mention a not-judged place is: its kind, and its span when that is not the place's. */
export interface MentionMark {
  kind: string;
  span?: Span;
}

export interface RuleContext<M extends Messages = Messages> {
  model: ContractModel;
  /** What `build` would write; computed in `check` too, never written there. */
  plan: EmitPlan;
  report(r: [keyof M] extends [never] ? RuleReport : MessageReport<M>): void;
  /**
   * Records a place the rule did not judge because its knowledge there is
   * partial (confident or silent); counted in `summary.notJudged`. With
   * `mention` (its kind, `commands` or `flags`, and its span as
   * compiler/model/mentions.ts finds it when that is not `span`), the
   * documented mention counts as not judged in `summary.coverage`. With
   * `ask`, git's content history could judge the place (a name that may have
   * been a member before a rename): the pipeline reads it as for a finding's
   * `historyAsk` and runs the rule again with it.
   */
  notJudged(span: Span, reason: string, mention?: MentionMark, ask?: HistoryAsk): void;
  /** Records that the rule judged the documented mention of `kind` at `span` (its span as compiler/model/mentions.ts finds it): `summary.coverage`. */
  judged(span: Span, kind: string): void;
}

export interface Rule<Id extends string = string> {
  meta: RuleMeta<Id>;
  check(ctx: RuleContext): void;
}

const ID = /^[a-z]+\/[a-z0-9]+(-[a-z0-9]+)*$/;
const MESSAGE_ID = /^[a-z][A-Za-z0-9-]*$/;
const PLACEHOLDER = /\{\{\s*([^}]*?)\s*\}\}/g;

/**
 * Declares a rule. Checks its metadata (an id of the form `group/name`, a
 * description and an explanation, message ids and placeholders that are
 * well-formed) and throws at load time when it is wrong, so a broken rule
 * never reaches a user's run; infers the rule's id and message types.
 */
export function defineRule<const Id extends string, const M extends Messages = Record<never, string>>(rule: {
  meta: RuleMeta<Id, M>;
  check(ctx: RuleContext<M>): void;
}): Rule<Id> {
  const problems = metaProblems(rule.meta);
  if (problems.length > 0) throw new Error(`rule ${rule.meta.id}: ${problems.join("; ")}`);
  rule.meta.url ??= ruleDocsUrl(rule.meta.id);
  return rule as unknown as Rule<Id>;
}

/** A rule's section of docs/rules.md (generated from the catalogue; the heading is the id in backticks). */
export function ruleDocsUrl(id: string): string {
  return `docs/rules.md#${githubSlug(id)}`;
}

/** What is wrong with a rule's metadata (empty when nothing). */
export function metaProblems(meta: RuleMeta): string[] {
  const out: string[] = [];
  if (!ID.test(meta.id)) out.push(`id must look like "group/name" in lower case`);
  if (meta.defaultSeverity !== "error" && meta.defaultSeverity !== "warning") out.push(`defaultSeverity must be "error" or "warning"`);
  if (!meta.description?.trim()) out.push("description is empty");
  if (!meta.explanation?.trim()) out.push("explanation is empty");
  for (const [id, text] of Object.entries(meta.messages ?? {})) {
    if (!MESSAGE_ID.test(id)) out.push(`message id "${id}" must be camelCase or kebab-case`);
    if (typeof text !== "string" || text.trim() === "") out.push(`message "${id}" is empty`);
    for (const m of String(text).matchAll(PLACEHOLDER)) {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(m[1])) out.push(`message "${id}" has a bad placeholder {{${m[1]}}}`);
    }
  }
  return out;
}
