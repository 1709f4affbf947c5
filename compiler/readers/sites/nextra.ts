/**
 * Nextra: pages under `pages/`, `content/` (Nextra 4, see contentServed) or `app/` (found by folder, as Next.js does); assets in `public/`.
 * A dynamic route (`app/api/[name]/page.tsx`) serves routes under its fixed part (`api/…`), a route group `(x)` not
 * counted; `next.config`'s `redirects()` sources are routes too — when they cannot be read, no route of the site is known.
 */
import type { Site } from "../../model/types.js";
import { join } from "node:path";
import { type ConfigFile, loadSiteConfig } from "./config-object.js";
import { propertyNameText, ts, unwrap } from "../code-source.js";
import { guardedRead } from "../../util/guarded-read.js";
import { escapeRegExp } from "../../util/text.js";
import { addRedirectSources, dynamicRouteDirs, emptySite, joinDir, type SiteInput } from "./types.js";

export function read(input: SiteInput): Site {
  const site = emptySite("nextra", input, input.siteRoot);
  const dirs: string[] = [];
  for (const d of ["pages", "src/pages", "content", "src/content", "app", "src/app"]) {
    const dir = joinDir(input.siteRoot, d);
    if (input.files.some((f) => f.startsWith(`${dir}/`))) dirs.push(dir);
  }
  site.pageDirs = dirs;
  // Next.js serves pages from these folders alone: the app's README beside them is what GitHub and npm render
  // (other Markdown there may be a component the pages import).
  const readme = joinDir(input.siteRoot, "README.md");
  if (dirs.length > 0 && input.files.includes(readme)) site.excluded = [...(site.excluded ?? []), readme];
  site.srcDir = dirs[0] ?? input.siteRoot;
  site.assetDirs = [joinDir(input.siteRoot, "public")];
  // The detected config may be `theme.config.*` (Nextra 2/3): redirects and nextra's options are in the `next.config.*` beside it.
  const next = nextConfig(input, site);
  const content = dirs.find((d) => /(?:^|\/)content$/.test(d));
  const app = dirs.find((d) => /(?:^|\/)app$/.test(d));
  const served = content && app ? contentServed(input, site, content, app, next) : null;
  // Nextra 4 serves its content folder only through a catch-all page; without one docpact reads, its routes are not known.
  if (content && !served) site.partialRoutes.push("");
  // next.config's basePath and i18n are rarely static; links carry routes without them.
  for (const d of dirs)
    for (const folder of dynamicRouteDirs(input.files, d)) {
      const route = folder
        .split("/")
        .filter((seg) => !/^\(.*\)$/.test(seg) && !seg.startsWith("@"))
        .join("/");
      // The content folder's catch-all serves exactly the content pages: they are listed.
      if (!(served && d === served.app && route === served.base)) site.partialRoutes.push(route);
    }
  const redirects = redirectSources(next);
  if (redirects === null) site.partialRoutes.push("");
  else addRedirectSources(site, redirects);
  site.partialRoutes = [...new Set(site.partialRoutes)].sort();
  return site;
}

const NEXT_CONFIGS = ["next.config.ts", "next.config.mjs", "next.config.js", "next.config.cjs", "next.config.mts"];

/** The site's `next.config.*`, loaded: "none" without one, null when it cannot be read (the site is then marked unreadable). */
function nextConfig(input: SiteInput, site: Site): ConfigFile | "none" | null {
  const prefix = input.siteRoot === "" ? "" : `${input.siteRoot}/`;
  const file = NEXT_CONFIGS.map((f) => prefix + f).find((f) => input.files.includes(f));
  return file ? loadSiteConfig({ ...input, configFile: file }, site) : "none";
}

/**
 * Nextra 4's content folder (`content/`, `src/content/`) served by an optional catch-all page of the app folder
 * (`app/[[...mdxPath]]/page.tsx`, or under `contentDirBasePath`: `app/docs/[[...mdxPath]]/`) that lists its pages with
 * `generateStaticParamsFor`: the content pages are served under that base (`site.pagePrefixes`). Null when there is no
 * such page, or the base cannot be read from `next.config` (then the catch-all's routes stay unknown).
 */
function contentServed(input: SiteInput, site: Site, content: string, app: string, next: ConfigFile | "none" | null): { app: string; base: string } | null {
  const base = next === "none" ? "" : next === null ? null : contentBase(next);
  if (base === null) return null;
  const at = base === "" ? app : `${app}/${base}`;
  const page = /^\[\[\.\.\.[^\]/]+\]\]\/page\.[jt]sx?$/;
  const catchAll = input.files.find((f) => f.startsWith(`${at}/`) && page.test(f.slice(at.length + 1)));
  if (!catchAll) return null;
  const text = guardedRead(input.root, join(input.root, catchAll), catchAll);
  if (!text.ok || !/\bgenerateStaticParamsFor\b/.test(text.text)) return null;
  site.pagePrefixes = { ...site.pagePrefixes, [content]: base };
  return { app, base };
}

/** `contentDirBasePath` of the nextra options (`nextra({ … })`, or a wrapper's `nextraConfig`), without slashes; "" when absent, null when it cannot be read. */
function contentBase(cfg: ConfigFile): string | null {
  const local = cfg.importedDefault("nextra");
  const call = local === null ? undefined : cfg.calls(new RegExp(`^${escapeRegExp(local)}$`))[0];
  const options = call?.arguments[0] ? cfg.see(call.arguments[0]) : cfg.prop(cfg.exported(), "nextraConfig");
  const v = cfg.string(cfg.prop(options, "contentDirBasePath"));
  if (v.kind === "absent") return "";
  return v.kind === "value" ? v.value.replace(/^\/+|\/+$/g, "") : null;
}

/** `redirects()` sources of the `next.config.*`: [] without one or without redirects, null when they cannot be read. */
function redirectSources(cfg: ConfigFile | "none" | null): string[] | null {
  if (cfg === "none") return [];
  if (!cfg) return null;
  const list = cfg.prop(cfg.exported(), "redirects");
  if (list.kind === "absent") return [];
  if (list.kind === "unknown" && list.call) return mappedEntrySources(cfg, list.call);
  const items = cfg.elements(list);
  if (!Array.isArray(items)) return null;
  const out: string[] = [];
  for (const item of items) {
    const source = cfg.string(cfg.prop(item, "source"));
    if (source.kind !== "value") return null;
    out.push(source.value);
  }
  return out;
}

/**
 * Redirects written as a map (`Object.entries({ "/old": "/new", … }).map(([from, to]) => ({ source: from, … }))`):
 * the object's keys, when each is a literal and the callback's `source` is the entry's key; else null.
 */
function mappedEntrySources(cfg: ConfigFile, call: ts.CallExpression): string[] | null {
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== "map" || call.arguments.length !== 1) return null;
  const entries = unwrap(callee.expression);
  if (!ts.isCallExpression(entries) || entries.expression.getText(cfg.file.sf) !== "Object.entries" || entries.arguments.length !== 1) return null;
  const obj = cfg.see(entries.arguments[0]!);
  const fn = unwrap(call.arguments[0]!);
  if (obj.kind !== "expr" || !ts.isObjectLiteralExpression(obj.expr) || !(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))) return null;
  // The entry's key is the first element of the destructured parameter, and the returned object's `source` is it.
  const param = fn.parameters[0]?.name;
  const key = param && ts.isArrayBindingPattern(param) ? param.elements[0] : undefined;
  if (!key || !ts.isBindingElement(key) || !ts.isIdentifier(key.name)) return null;
  const returned = ts.isBlock(fn.body) ? fn.body.statements.find(ts.isReturnStatement)?.expression : fn.body;
  const out = returned ? unwrap(returned) : undefined;
  if (!out || !ts.isObjectLiteralExpression(out)) return null;
  const source = out.properties.find((p) => p.name !== undefined && propertyNameText(p.name) === "source");
  const value =
    source && ts.isPropertyAssignment(source) ? unwrap(source.initializer) : source && ts.isShorthandPropertyAssignment(source) ? source.name : null;
  if (!value || !ts.isIdentifier(value) || value.text !== key.name.text) return null;
  const keys: string[] = [];
  for (const p of obj.expr.properties) {
    const name = ts.isPropertyAssignment(p) && p.name ? propertyNameText(p.name) : null;
    if (name === null) return null;
    keys.push(name);
  }
  return keys;
}
