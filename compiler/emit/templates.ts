/**
 * Region templates: the Handlebars environment (strict, no HTML escaping, no
 * prototype access) and the helper set templates may use; the templates
 * themselves are read by compiler/readers/templates.ts. Rendering never throws: a template
 * error is returned as a message for `fragment/malformed`.
 *
 * Helpers (documented for users in docs/fragments.md):
 *   {{{table rows "key:Header[:code|md]" …}}}  GFM table, one row per object (keys may be dotted paths; columns may also be one array of {key, header, format})
 *   {{#each (where items "field" [value …])}}  items whose field (a dotted path) equals one of the values, or is set when none is given
 *   {{#each (sortBy items "field")}}         items sorted by a field (stable; numbers numerically, text by code point)
 *   {{md value}}                             inline Markdown kept as written (lists joined with <br>)
 *   {{#rows items}}{{#col "Header"}}…{{/col}}…{{/rows}}  GFM table whose cells are rendered Markdown (inline code, links, <br> kept; `|` escaped in every cell)
 *   {{cell value}}                           text as a table cell would hold it: one line, `|` escaped
 *   {{{list items [code=true]}}}            bullet list
 *   {{code value}}                           inline code (arrays: comma-separated code spans)
 *   {{link text url}}                        Markdown link
 *   {{text value}}                           value as escaped Markdown text
 *   {{join items [separator]}}               items joined as they are (default ", ")
 *   {{firstSentence text}}                   first sentence, on one line
 *   {{relative path}}                        root-relative path → relative to the region's document
 *   {{json value}}                           JSON text
 *   {{#if (eq a b)}}                         equality
 */
import { openConstruct } from "./open-constructs.js";
import { posix } from "node:path";
import Handlebars from "handlebars";
import { DEFAULT_LIMITS, type Limits } from "../config/limits.js";
import { fieldAt, inlineMarkdown, markdownList, markdownTable, parseColumn, type ColumnSpec } from "./markdown-table.js";
import { firstSentence } from "./region-context.js";

export { BUILTIN_TEMPLATES, isBuiltin, type BuiltinTemplate, type LoadedTemplate, type TemplateSet } from "../readers/templates.js";
import type { LoadedTemplate } from "../readers/templates.js";
import { mapMemo } from "../util/memo.js";
import { Deadline } from "../util/deadline.js";

// ───────────────────────────── environment ─────────────────────────────

type Helper = Handlebars.HelperDelegate;

/** Thrown by helpers; Handlebars passes it through and `renderTemplate` turns it into a message. */
class HelperError extends Error {}

function need(helper: string, value: unknown, what: string): void {
  if (value === undefined) throw new HelperError(`helper ${helper}: ${what} is missing`);
}

function columnsOf(args: unknown[]): ColumnSpec[] {
  const specs = args.length === 1 && Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
  if (!specs.length) throw new HelperError('helper table: no columns (write {{{table rows "key:Header" …}}})');
  return specs.map((s) => {
    const c = parseColumn(s);
    if (typeof c === "string") throw new HelperError(`helper table: ${c}`);
    return c;
  });
}

/** Splits Handlebars' trailing `options` argument off. */
function split(args: unknown[]): { params: unknown[]; options: Handlebars.HelperOptions } {
  return { params: args.slice(0, -1), options: args[args.length - 1] as Handlebars.HelperOptions };
}

const HELPERS: Record<string, Helper> = {
  table(...args: unknown[]) {
    const { params } = split(args);
    const [rows, ...cols] = params;
    need("table", rows, "the rows argument");
    if (!Array.isArray(rows)) throw new HelperError("helper table: rows is not a list");
    return markdownTable(rows as Record<string, unknown>[], columnsOf(cols));
  },
  list(...args: unknown[]) {
    const { params, options } = split(args);
    need("list", params[0], "the items argument");
    if (!Array.isArray(params[0])) throw new HelperError("helper list: items is not a list");
    return markdownList(params[0], options.hash?.code ? "code" : "text");
  },
  code(...args: unknown[]) {
    const { params } = split(args);
    need("code", params[0], "the value");
    return inlineMarkdown(params[0], "code");
  },
  link(...args: unknown[]) {
    const { params } = split(args);
    need("link", params[0], "the text");
    need("link", params[1], "the url");
    return inlineMarkdown({ text: String(params[0]), url: String(params[1]) });
  },
  text(...args: unknown[]) {
    const { params } = split(args);
    need("text", params[0], "the value");
    return inlineMarkdown(params[0]);
  },
  join(...args: unknown[]) {
    const { params } = split(args);
    need("join", params[0], "the items argument");
    if (!Array.isArray(params[0])) throw new HelperError("helper join: items is not a list");
    return params[0].map((x) => (typeof x === "string" ? x : JSON.stringify(x))).join(params[1] === undefined ? ", " : String(params[1]));
  },
  firstSentence(...args: unknown[]) {
    const { params } = split(args);
    need("firstSentence", params[0], "the text");
    return params[0] === null ? "" : firstSentence(String(params[0]));
  },
  relative(...args: unknown[]) {
    const { params, options } = split(args);
    need("relative", params[0], "the path");
    const document = String((options.data?.root as { document?: unknown } | undefined)?.document ?? "");
    const target = String(params[0]);
    return (target === document ? posix.basename(target) : posix.relative(posix.dirname(document), target)) || ".";
  },
  where(...args: unknown[]) {
    const { params } = split(args);
    need("where", params[0], "the items argument");
    if (!Array.isArray(params[0])) throw new HelperError("helper where: items is not a list");
    if (typeof params[1] !== "string") throw new HelperError("helper where: the field is not a string");
    const field = params[1];
    if (params.length < 3) return params[0].filter((x) => isSet(fieldAt(x, field)));
    const wanted = params.slice(2);
    return params[0].filter((x) => wanted.includes(fieldAt(x, field)));
  },
  sortBy(...args: unknown[]) {
    const { params } = split(args);
    need("sortBy", params[0], "the items argument");
    if (!Array.isArray(params[0])) throw new HelperError("helper sortBy: items is not a list");
    if (typeof params[1] !== "string") throw new HelperError("helper sortBy: the field is not a string");
    const field = params[1];
    return params[0]
      .map((x, i) => ({ x, i, k: fieldAt(x, field) }))
      .sort((a, b) => compareField(a.k, b.k) || a.i - b.i)
      .map((e) => e.x);
  },
  rows(...args: unknown[]) {
    const { params, options } = split(args);
    need("rows", params[0], "the items argument");
    if (!Array.isArray(params[0])) throw new HelperError("helper rows: items is not a list");
    const render = (item: unknown, headersOnly: boolean) => {
      const cols: { header: string; text: string }[] = [];
      options.fn(item, { data: { ...options.data, docpactColumns: cols, docpactHeadersOnly: headersOnly } });
      return cols;
    };
    // The header comes from the columns the block declares (rendered once without a row when there are none).
    const first = params[0].length ? null : render({}, true);
    const body = params[0].map((item) => render(item, false));
    const headers = (first ?? body[0]).map((c) => c.header);
    if (!headers.length) throw new HelperError('helper rows: the block declares no {{#col "Header"}} columns');
    if (body.some((r) => r.length !== headers.length)) throw new HelperError("helper rows: every row must render the same columns");
    const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
    return [line(headers.map(tableCell)), line(headers.map(() => "---")), ...body.map((r) => line(r.map((c) => c.text)))].join("\n");
  },
  col(...args: unknown[]) {
    const { params, options } = split(args);
    const cols = options.data?.docpactColumns as { header: string; text: string }[] | undefined;
    if (!cols) throw new HelperError("helper col: used outside {{#rows}}");
    need("col", params[0], "the header");
    const text = options.data?.docpactHeadersOnly ? "" : tableCell(options.fn(this));
    cols.push({ header: String(params[0]), text });
    return "";
  },
  cell(...args: unknown[]) {
    const { params } = split(args);
    need("cell", params[0], "the value");
    return params[0] === null ? "" : tableCell(String(params[0]));
  },
  md(...args: unknown[]) {
    const { params } = split(args);
    need("md", params[0], "the value");
    return inlineMarkdown(params[0], "md");
  },
  json(...args: unknown[]) {
    const { params } = split(args);
    return JSON.stringify(params[0] ?? null);
  },
  eq(...args: unknown[]) {
    const { params } = split(args);
    return params[0] === params[1];
  },
};

/** Markdown as one table cell: on one line, every `|` not already escaped escaped (inside code spans too, as GFM requires). */
export function tableCell(text: string): string {
  return text
    .trim()
    .replace(/\s*\n\s*/g, " ")
    .replace(/\\?\|/g, (m) => (m === "|" ? "\\|" : m));
}

function isSet(v: unknown): boolean {
  return v !== undefined && v !== null && v !== false && v !== "";
}

/** Sort order of `sortBy`: missing values last, numbers numerically, everything else by its text (code points, not locale). */
function compareField(a: unknown, b: unknown): number {
  const ma = a === undefined || a === null;
  const mb = b === undefined || b === null;
  if (ma || mb) return ma === mb ? 0 : ma ? 1 : -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  const sa = typeof a === "string" ? a : JSON.stringify(a);
  const sb = typeof b === "string" ? b : JSON.stringify(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/** The names of the helpers templates may use. */
export const HELPER_NAMES = Object.keys(HELPERS).sort();

let env: typeof Handlebars | undefined;

/** Bounds of the render in progress (limits.maxRegionBytes, limits.renderTimeoutMs); null outside a render. */
let budget: { bytes: number; maxBytes: number; deadline: Deadline } | null = null;

/** Every loop body's output counts against the budget, so a template cannot render gigabytes or loop for minutes. */
function spend(out: string): void {
  if (!budget) return;
  budget.bytes += out.length;
  if (budget.bytes > budget.maxBytes) throw new HelperError(`output larger than ${budget.maxBytes} bytes (limits.maxRegionBytes); not rendered`);
  if (budget.deadline.past()) throw new HelperError(`rendering took longer than ${budget.deadline.ms} ms (limits.renderTimeoutMs); not rendered`);
}

/** An isolated Handlebars environment with docpact's helpers (and no others registered globally). */
export function templateEnv(): typeof Handlebars {
  if (!env) {
    env = Handlebars.create();
    for (const [name, fn] of Object.entries(HELPERS)) env.registerHelper(name, fn);
    const each = env.helpers.each as (...a: unknown[]) => unknown;
    env.registerHelper("each", function (this: unknown, ...args: unknown[]) {
      const options = args[args.length - 1] as Handlebars.HelperOptions;
      const fn = options.fn;
      const counted = Object.assign((ctx: unknown, o?: Handlebars.RuntimeOptions) => {
        const out = fn(ctx, o);
        spend(out);
        return out;
      }, fn);
      return each.apply(this, [...args.slice(0, -1), { ...options, fn: counted }]);
    });
  }
  return env;
}

const compiled = mapMemo<string, Handlebars.TemplateDelegate | { error: string }>("emit/templates#compiled", 1024);

/** Compiles (memoized by text) with strict lookups and no HTML escaping. */
function compile(text: string): Handlebars.TemplateDelegate | { error: string } {
  let c = compiled.get(text);
  if (!c) {
    const options = { strict: true, noEscape: true };
    try {
      // `compile` is lazy; precompiling surfaces syntax errors now, as data.
      templateEnv().precompile(text, options);
      c = templateEnv().compile(text, options);
    } catch (e) {
      c = { error: oneLine(e) };
    }
    compiled.set(text, c);
  }
  return c;
}

export type RenderResult = { ok: true; text: string } | { ok: false; message: string };

/** Renders a template; any Handlebars or helper error becomes a message. */
export function renderTemplate(t: LoadedTemplate, context: object, limits: RenderLimits = DEFAULT_LIMITS): RenderResult {
  const fn = compile(t.text);
  if ("error" in fn) return { ok: false, message: `template ${t.file}: ${fn.error}` };
  budget = { bytes: 0, maxBytes: limits.maxRegionBytes, deadline: new Deadline(limits.renderTimeoutMs) };
  try {
    const text = fn(context, { allowProtoPropertiesByDefault: false, allowProtoMethodsByDefault: false });
    if (text.length > limits.maxRegionBytes)
      return { ok: false, message: `template ${t.file}: output larger than ${limits.maxRegionBytes} bytes (limits.maxRegionBytes); not rendered` };
    const open = openConstruct(text);
    if (open) return { ok: false, message: `template ${t.file}: ${open}; the region's end marker would be swallowed, so it is not written` };
    return { ok: true, text };
  } catch (e) {
    // Out of memory inside V8 cannot be caught; the budget above stops a render long before that.
    return { ok: false, message: `template ${t.file}: ${oneLine(e)}` };
  } finally {
    budget = null;
  }
}

export type RenderLimits = Pick<Limits, "maxRegionBytes" | "renderTimeoutMs">;

function oneLine(e: unknown): string {
  const m = e instanceof Error ? e.message : String(e);
  return m.replace(/\s*\n[\s\S]*$/, (rest) => {
    // Handlebars parse errors span several lines: keep the first and the "Expecting …" gist.
    const expecting = /(Expecting [^\n]*|got [^\n]*)/.exec(rest)?.[1];
    return expecting ? `: ${expecting.length > 120 ? `${expecting.slice(0, 117)}…` : expecting}` : "";
  });
}
