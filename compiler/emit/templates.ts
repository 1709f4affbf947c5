/**
 * Region templates: the Handlebars environment (strict, no HTML escaping, no
 * prototype access) and the helper set templates may use; the templates
 * themselves are read by compiler/readers/templates.ts. Rendering never throws: a template
 * error is returned as a message for `fragment/malformed`.
 *
 * Helpers (documented for users in docs/fragments.md):
 *   {{{table rows "key:Header[:code]" …}}}  GFM table, one row per object (columns may also be one array of {key, header, format})
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
import { posix } from "node:path";
import Handlebars from "handlebars";
import type { LoadedTemplate } from "../readers/templates.js";
import { inlineMarkdown, markdownList, markdownTable, parseColumn, type ColumnSpec } from "./markdown-table.js";
import { firstSentence } from "./region-context.js";

export { BUILTIN_TEMPLATES, isBuiltin, type BuiltinTemplate, type LoadedTemplate, type TemplateSet } from "../readers/templates.js";

// ───────────────────────────── environment ─────────────────────────────

type Helper = Handlebars.HelperDelegate;

/** Thrown by helpers; Handlebars passes it through and `renderTemplate` turns it into a message. */
class HelperError extends Error {}

function need(helper: string, value: unknown, what: string): void {
  if (value === undefined) throw new HelperError(`helper ${helper}: ${what} is missing`);
}

function columnsOf(args: unknown[]): ColumnSpec[] {
  const specs = args.length === 1 && Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
  if (!specs.length) throw new HelperError("helper table: no columns (write {{{table rows \"key:Header\" …}}})");
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
  json(...args: unknown[]) {
    const { params } = split(args);
    return JSON.stringify(params[0] ?? null);
  },
  eq(...args: unknown[]) {
    const { params } = split(args);
    return params[0] === params[1];
  },
};

/** The names of the helpers templates may use. */
export const HELPER_NAMES = Object.keys(HELPERS).sort();

let env: typeof Handlebars | undefined;

/** An isolated Handlebars environment with docpact's helpers (and no others registered globally). */
export function templateEnv(): typeof Handlebars {
  if (!env) {
    env = Handlebars.create();
    for (const [name, fn] of Object.entries(HELPERS)) env.registerHelper(name, fn);
  }
  return env;
}

const compiled = new Map<string, Handlebars.TemplateDelegate | { error: string }>();

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
export function renderTemplate(t: LoadedTemplate, context: object): RenderResult {
  const fn = compile(t.text);
  if ("error" in fn) return { ok: false, message: `template ${t.file}: ${fn.error}` };
  try {
    const text = fn(context, { allowProtoPropertiesByDefault: false, allowProtoMethodsByDefault: false });
    return { ok: true, text };
  } catch (e) {
    return { ok: false, message: `template ${t.file}: ${oneLine(e)}` };
  }
}

function oneLine(e: unknown): string {
  const m = e instanceof Error ? e.message : String(e);
  return m.replace(/\s*\n[\s\S]*$/, (rest) => {
    // Handlebars parse errors span several lines: keep the first and the "Expecting …" gist.
    const expecting = /(Expecting [^\n]*|got [^\n]*)/.exec(rest)?.[1];
    return expecting ? `: ${expecting.length > 120 ? `${expecting.slice(0, 117)}…` : expecting}` : "";
  });
}
