/**
 * Eleventy: `.eleventy.js` / `eleventy.config.*` read statically (never run) for the
 * returned (or `export const config`) `dir` (`input`, `includes`, `layouts`, `data`,
 * `output`), `pathPrefix` and the `addPassthroughCopy` calls; the permalinks of the
 * pages from their front matter, template data files (`x.11tydata.json`) and
 * directory data files (`dir/dir.json`, `dir/dir.11tydata.json`), with the
 * `{{ page.filePathStem }}` / `{{ page.fileSlug }}` forms folded; the static ids of
 * the layouts and includes (a layout's `<h2 id="further-reading">`); how heading ids
 * are made (markdown-it-anchor with github-slugger, else not known).
 */
import { posix } from "node:path";
import { yaml } from "../../util/yaml.js";
import { ELEVENTY_PAGE_EXTS } from "../../model/routes/eleventy.js";
import { stripPageExt, under } from "../../model/routes/types.js";
import type { Site } from "../../model/types.js";
import { stringLiteral, ts, unwrap } from "../code-source.js";
import { type ConfigFile, type Lookup, loadSiteConfig } from "./config-object.js";
import { emptySite, joinDir, normalizeBase, pageFrontMatter, readSiteFile, type SiteInput } from "./types.js";

const DIR_KEYS = ["input", "includes", "layouts", "data", "output"] as const;
type DirKey = (typeof DIR_KEYS)[number];

export function read(input: SiteInput): Site {
  const site = emptySite("eleventy", input, input.siteRoot);
  const dirs: Record<DirKey, string | null> = { input: ".", includes: "_includes", layouts: null, data: "_data", output: "_site" };
  const cfg = loadSiteConfig(input, site);
  const text = cfg?.text ?? "";
  if (cfg) {
    const top = configObject(cfg);
    if (top.kind === "unknown") site.unreadable = top.reason;
    else if (top.kind === "expr") {
      for (const k of DIR_KEYS) {
        const v = cfg.string(cfg.path(top, ["dir", k]));
        if (v.kind === "value") dirs[k] = v.value;
        else if (v.kind === "unknown") site.unreadable ??= v.reason;
      }
      const prefix = cfg.string(cfg.prop(top, "pathPrefix"));
      if (prefix.kind === "value") site.base = normalizeBase(prefix.value);
      else if (prefix.kind === "unknown") site.baseUnknown = `the pathPrefix of ${input.configFile} is computed at build time`;
    }
    // Eleventy 3's setters: `eleventyConfig.setInputDirectory("src")`.
    for (const m of text.matchAll(/\.set(Input|Includes|Layouts|Data|Output)Directory\(\s*(["'`])([^"'`]+)\2\s*\)/g)) dirs[m[1].toLowerCase() as DirKey] = m[3];
    passthrough(cfg, input.siteRoot, site);
    headingIds(text, input.configFile!, site);
  }
  site.srcDir = joinDir(input.siteRoot, dirs.input!);
  const inSrc = (d: string) => joinDir(site.srcDir, d);
  site.nonPageDirs = [inSrc(dirs.includes!), inSrc(dirs.data!), joinDir(input.siteRoot, dirs.output!), ...(dirs.layouts ? [inSrc(dirs.layouts)] : [])];
  permalinks(input, site);
  layoutIds(input, site, [inSrc(dirs.includes!), ...(dirs.layouts ? [inSrc(dirs.layouts)] : [])]);
  site.partialRoutes = [...new Set(site.partialRoutes)].sort();
  return site;
}

/** The returned config object, or Eleventy 3's `export const config = {…}`; absent when the config returns nothing. */
function configObject(cfg: ConfigFile): Lookup {
  for (const st of cfg.file.sf.statements) {
    if (!ts.isVariableStatement(st) || !st.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name) && d.name.text === "config" && d.initializer) return cfg.see(d.initializer);
  }
  const top = cfg.exported();
  // A config function that returns nothing keeps every default.
  if (top.kind === "unknown" && /computed by a function/.test(top.reason)) return { kind: "absent" };
  return top;
}

/** `addPassthroughCopy("folder")` (served at its path below the input folder, which srcDir covers) and `{ from: to }`. */
function passthrough(cfg: ConfigFile, siteRoot: string, site: Site): void {
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && n.expression.name.text === "addPassthroughCopy") {
      const arg = n.arguments[0] ? unwrap(n.arguments[0]) : undefined;
      if (arg && ts.isObjectLiteralExpression(arg)) {
        for (const p of arg.properties) {
          const from = p.name && (ts.isStringLiteral(p.name) || ts.isIdentifier(p.name)) ? p.name.text : null;
          const to = ts.isPropertyAssignment(p) ? stringLiteral(p.initializer) : null;
          if (from === null || to === null) {
            site.partialRoutes.push("");
            continue;
          }
          const target = to.replace(/^\/+|\/+$/g, "");
          // A folder copied to the root (`"./src/static": "/"`) serves its files there; anything else serves under its target.
          if (target === "" && !/[*?{]/.test(from)) site.assetDirs.push(joinDir(siteRoot, from));
          else site.partialRoutes.push(target);
        }
      } else if (!arg || stringLiteral(arg) === null) site.partialRoutes.push("");
      // A string path keeps its place below the input folder: its files are found there already.
    }
    n.forEachChild(visit);
  };
  visit(cfg.file.sf);
}

/** Heading ids: Eleventy's Markdown gives none; markdown-it-anchor slugging with github-slugger gives GitHub's. */
function headingIds(text: string, file: string, site: Site): void {
  if (/["']markdown-it-anchor["']/.test(text)) {
    const slugify = /\bslugify\s*:/.test(text);
    if (slugify && /["']github-slugger["']/.test(text)) return;
    site.slugsUnknown = slugify
      ? `${file} gives markdown-it-anchor its own slugify`
      : `${file} uses markdown-it-anchor's default slugify, which docpact does not model`;
    return;
  }
  site.slugsUnknown = /IdAttributePlugin/.test(text)
    ? `${file} uses Eleventy's IdAttributePlugin, whose slugs docpact does not model`
    : `${file} adds no heading-id plugin docpact knows (markdown-it-anchor), so heading ids come from elsewhere`;
}

/** A permalink value as a route key; null when docpact cannot fold it (computed, other variables). */
function permalinkRoute(value: string, srcRel: string): string | null {
  const stem = stripPageExt(srcRel, ELEVENTY_PAGE_EXTS) ?? srcRel;
  const base = posix.basename(stem);
  const slug = base === "index" ? posix.basename(posix.dirname(stem)).replace(/^\.$/, "") : base;
  const folded = value.replace(/\{\{-?\s*page\.filePathStem\s*-?\}\}/g, `/${stem}`).replace(/\{\{-?\s*page\.fileSlug\s*-?\}\}/g, slug);
  if (/\{[{%]/.test(folded)) return null;
  return folded
    .replace(/^\/+/, "")
    .replace(/(^|\/)index\.html?$/, "")
    .replace(/\.html?$/, "")
    .replace(/\/+$/, "");
}

/** The fixed part of a permalink before its first template tag, as a route prefix. */
function fixedPrefix(value: string): string {
  const head = value.split(/\{[{%]/)[0];
  return head.slice(0, head.lastIndexOf("/") + 1).replace(/^\/+|\/+$/g, "");
}

type Data = { permalink?: unknown; computed: boolean; pagination: boolean } | null;

/** The permalink a data object sets (a JSON data file or a front matter block). */
function dataOf(obj: unknown): Data {
  if (!obj || typeof obj !== "object") return null;
  const o = obj as Record<string, unknown>;
  const computed = !!o.eleventyComputed && typeof o.eleventyComputed === "object" && "permalink" in (o.eleventyComputed as object);
  return { ...("permalink" in o ? { permalink: o.permalink } : {}), computed, pagination: "pagination" in o };
}

/** Permalinks from the data cascade: front matter, then the template's data file, then directory data files, deepest first. */
function permalinks(input: SiteInput, site: Site): void {
  site.permalinks = {};
  site.unroutedPages = [];
  const files = new Set(input.files);
  const dirData = new Map<string, Data>();
  const readJson = (f: string): Data => {
    try {
      return dataOf(JSON.parse(readSiteFile(input.root, f)));
    } catch {
      return { computed: true, pagination: false };
    }
  };
  const readJs = (f: string): Data => {
    try {
      return /\bpermalink\b/.test(readSiteFile(input.root, f)) ? { computed: true, pagination: false } : null;
    } catch {
      return null;
    }
  };
  const dataFile = (stem: string): Data => {
    for (const ext of [".11tydata.json", ".json"]) if (files.has(`${stem}${ext}`)) return readJson(`${stem}${ext}`);
    for (const ext of [".11tydata.js", ".11tydata.cjs", ".11tydata.mjs"]) if (files.has(`${stem}${ext}`)) return readJs(`${stem}${ext}`);
    return null;
  };
  const ofDir = (dir: string): Data => {
    if (!dirData.has(dir)) dirData.set(dir, dataFile(`${dir}/${posix.basename(dir === "" ? input.root : dir)}`.replace(/^\//, "")));
    return dirData.get(dir)!;
  };
  for (const f of input.files) {
    const rel = under(site.srcDir, f);
    if (rel === null || stripPageExt(rel, ELEVENTY_PAGE_EXTS) === null) continue;
    if (rel.split("/").some((s) => s.startsWith(".") || s === "node_modules") || site.nonPageDirs!.some((d) => under(d, f) !== null)) continue;
    // A JavaScript template's data is code.
    let own: Data = null;
    if (/\.11ty\.[cm]?js$/.test(f)) own = readJs(f);
    else {
      const block = input.frontMatter?.(f) ?? pageFrontMatter(input.root, f);
      if (block !== null && /^(permalink|eleventyComputed|pagination)\s*:/m.test(block)) {
        try {
          own = dataOf(yaml().parse(block));
        } catch {
          own = { computed: true, pagination: false };
        }
      }
    }
    const chain: Data[] = [own, dataFile(f.replace(/\.[^./]+(\.11ty\.[cm]?js)?$/, ""))];
    for (let dir = posix.dirname(f) === "." ? "" : posix.dirname(f); ; dir = posix.dirname(dir) === "." ? "" : posix.dirname(dir)) {
      if (under(site.srcDir, dir) === null && dir !== site.srcDir) break;
      chain.push(ofDir(dir));
      if (dir === "" || dir === site.srcDir) break;
    }
    let permalink: unknown;
    let computed = false;
    let pagination = false;
    for (const d of chain) {
      if (!d) continue;
      pagination ||= d.pagination;
      if (d.computed) computed = true;
      if (computed || "permalink" in d) {
        permalink = d.permalink;
        break;
      }
    }
    if (permalink === false) site.unroutedPages.push(f);
    else if (computed || pagination || (permalink !== undefined && typeof permalink !== "string")) {
      site.unroutedPages.push(f);
      site.partialRoutes.push(typeof permalink === "string" ? fixedPrefix(permalink) : "");
    } else if (typeof permalink === "string") {
      const route = permalinkRoute(permalink, rel);
      if (route === null) {
        site.unroutedPages.push(f);
        site.partialRoutes.push(fixedPrefix(permalink));
      } else site.permalinks[f] = route;
    }
  }
}

/** The static ids the layouts and includes write (`<h2 id="further-reading">`); a templated id makes the rest unknown. */
function layoutIds(input: SiteInput, site: Site, dirs: string[]): void {
  const ids = new Set<string>();
  for (const f of input.files) {
    if (!dirs.some((d) => under(d, f) !== null) || !/\.(html?|njk|liquid|hbs|mustache|ejs|11ty\.[cm]?js|jsx|tsx)$/.test(f)) continue;
    let text: string;
    try {
      text = readSiteFile(input.root, f);
    } catch {
      continue;
    }
    for (const m of text.matchAll(/\sid\s*=\s*(["'])([^"']*)\1/g)) {
      if (/\{[{%]|\$\{/.test(m[2])) site.layoutAnchors ??= `${f} writes ids from data`;
      else ids.add(m[2]);
    }
  }
  site.layoutIds = [...ids].sort();
}
