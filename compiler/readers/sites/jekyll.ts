/**
 * Jekyll: `_config.yml` parsed as YAML for `source`, `baseurl`, `collections` and the
 * global `permalink`; posts and pages whose permalink has placeholders are routes docpact
 * does not list (not judged).
 */
import type { parseDocument } from "yaml";
import { yaml } from "../../util/yaml.js";
import type { Site } from "../../model/types.js";
import { emptySite, joinDir, normalizeBase, pageFrontMatter, readSiteFile, type SiteInput } from "./types.js";

export function read(input: SiteInput): Site {
  const site = emptySite("jekyll", input, input.siteRoot);
  site.collections = [];
  if (input.configFile) {
    let doc: ReturnType<typeof parseDocument> | null = null;
    try {
      doc = yaml().parseDocument(readSiteFile(input.root, input.configFile), { prettyErrors: false, strict: false, logLevel: "silent" });
    } catch (e) {
      // Refused by the guarded read (outside the root, not a regular file, too large) or unreadable.
      site.unreadable = (e as Error).message;
    }
    let cfg: Record<string, unknown> | null = null;
    if (doc !== null && doc.errors.length > 0) site.unreadable = `${input.configFile}: ${doc.errors[0].message.split("\n")[0]}`;
    else if (doc !== null) {
      try {
        // toJS expands aliases: an alias bomb stops at yaml's alias-count limit with an error, said here.
        cfg = (doc.toJS() ?? {}) as Record<string, unknown>;
      } catch (e) {
        site.unreadable = `${input.configFile}: ${(e as Error).message.split("\n")[0]}`;
      }
    }
    if (cfg !== null) {
      if (typeof cfg.source === "string") site.srcDir = joinDir(input.siteRoot, cfg.source);
      if (typeof cfg.baseurl === "string" && cfg.baseurl.trim() !== "") site.base = normalizeBase(cfg.baseurl);
      // A global permalink template other than the built-in styles moves pages by pattern.
      if (
        typeof cfg.permalink === "string" &&
        !["date", "pretty", "ordinal", "none", "weekdate"].includes(cfg.permalink) &&
        /:(?!title|path|output_ext|basename)\w/.test(cfg.permalink)
      )
        site.partialRoutes.push("");
      const cols = cfg.collections;
      if (cols && typeof cols === "object") {
        for (const [name, opts] of Object.entries(cols as Record<string, unknown>)) {
          const o = opts && typeof opts === "object" ? (opts as Record<string, unknown>) : {};
          if (o.output !== true) continue;
          const p = typeof o.permalink === "string" ? o.permalink.replace(/:output_ext$/, "").replace(/^\/+|\/+$/g, "") : null;
          // The default pattern (`/:collection/:path/`) keeps a document's path; any other moves documents by pattern: not judged under its fixed part.
          if (p === null || p === ":collection/:path" || p === `${name}/:path`) site.collections.push(name);
          else
            site.partialRoutes.push(
              p
                .replace(/:collection/g, name)
                .split(":")[0]
                .replace(/\/+$/, ""),
            );
        }
      }
      // `exclude`: files and folders left out of the build (a glob entry such as `Gemfile*` names no folder read here).
      if (Array.isArray(cfg.exclude))
        site.excluded = cfg.exclude
          .filter((e): e is string => typeof e === "string" && e !== "" && !/[*?[{]/.test(e))
          .map((e) => joinDir(site.srcDir, e.replace(/^\/+|\/+$/g, "")));
      if (typeof cfg.collections_dir === "string") site.unreadable = `${input.configFile} sets collections_dir`;
      // Front matter defaults that set a permalink move every page in their scope.
      for (const d of Array.isArray(cfg.defaults) ? cfg.defaults : []) {
        const values = d && typeof d === "object" ? (d as { values?: unknown }).values : null;
        if (!values || typeof values !== "object" || !("permalink" in values)) continue;
        const scope = (d as { scope?: { path?: unknown } }).scope?.path;
        site.partialRoutes.push(typeof scope === "string" && !scope.startsWith("_") ? scope.replace(/^\/+|\/+$/g, "") : "");
      }
    }
  }
  // Every file of the source that is not a page is copied to the site as is.
  site.assetDirs = [site.srcDir];
  // Posts (`_posts/`, `<category>/_posts/`): routes from dates, categories and titles.
  site.partialPattern = "(^|/)\\d{4}/\\d{2}/\\d{2}/";
  if (input.files.some((f) => f.includes("/_posts/") || f.startsWith("_posts/"))) {
    for (const f of input.files) {
      const i = f.indexOf("_posts/");
      if (i === -1) continue;
      const dir = f.slice(0, i).replace(/\/$/, "");
      const rel = site.srcDir === "" ? dir : dir.startsWith(site.srcDir) ? dir.slice(site.srcDir.length).replace(/^\//, "") : null;
      if (rel === null) continue;
      // Category folders above `_posts` prefix the route; posts' own categories are not known here.
      if (rel !== "") site.partialRoutes.push(rel);
    }
    site.partialRoutes.push("blog", "posts", "news");
  }
  // Front matter of every page: `permalink` (a placeholder one: routes under its fixed part not
  // judged) and jekyll-redirect-from's `redirect_from` (routes that exist too).
  site.permalinks = {};
  const redirects: string[] = [];
  for (const f of input.files) {
    if (!/\.(md|markdown|html)$/.test(f) || (site.srcDir !== "" && !f.startsWith(`${site.srcDir}/`))) continue;
    const rel = site.srcDir === "" ? f : f.slice(site.srcDir.length + 1);
    if (
      rel
        .split("/")
        .some((seg, i, all) => seg.startsWith(".") || (seg.startsWith("_") && !(i === 0 && all.length > 1 && site.collections!.includes(seg.slice(1)))))
    )
      continue;
    const block = input.frontMatter?.(f) ?? pageFrontMatter(input.root, f);
    if (block === null || !/^(permalink|redirect_from)\s*:/m.test(block)) continue;
    let fm: Record<string, unknown>;
    try {
      fm = (yaml().parse(block) ?? {}) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (typeof fm.permalink === "string") {
      const p = fm.permalink
        .replace(/^\/+|\/+$/g, "")
        .replace(/\.html?$/, "")
        .replace(/(^|\/)index$/, "");
      if (p.includes(":")) site.partialRoutes.push(p.split(":")[0].replace(/\/+$/, ""));
      else site.permalinks[f] = p;
    }
    for (const r of typeof fm.redirect_from === "string" ? [fm.redirect_from] : Array.isArray(fm.redirect_from) ? fm.redirect_from : []) {
      if (typeof r === "string") redirects.push(r.replace(/^\/+|\/+$/g, ""));
    }
  }
  if (redirects.length > 0) site.extraPages = [...new Set(redirects)].sort();
  site.partialRoutes = [...new Set(site.partialRoutes)].sort();
  return site;
}
