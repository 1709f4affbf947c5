/**
 * Jekyll: `_config.yml` parsed as YAML for `source`, `baseurl`, `collections` and the
 * global `permalink`; posts and pages whose permalink has placeholders are routes docpact
 * does not list (not judged).
 */
import { readFileSync } from "../../util/input-fs.js";
import { join } from "node:path";
import { parseDocument } from "yaml";
import type { Site } from "../../model/types.js";
import { emptySite, joinDir, normalizeBase, type SiteInput } from "./types.js";

export function read(input: SiteInput): Site {
  const site = emptySite("jekyll", input, input.siteRoot);
  site.collections = [];
  if (input.configFile) {
    const doc = parseDocument(readFileSync(join(input.root, input.configFile), "utf8"), { prettyErrors: false, strict: false, logLevel: "silent" });
    if (doc.errors.length > 0) site.unreadable = `${input.configFile}: ${doc.errors[0].message.split("\n")[0]}`;
    else {
      const cfg = (doc.toJS() ?? {}) as Record<string, unknown>;
      if (typeof cfg.source === "string") site.srcDir = joinDir(input.siteRoot, cfg.source);
      if (typeof cfg.baseurl === "string" && cfg.baseurl.trim() !== "") site.base = normalizeBase(cfg.baseurl);
      // A global permalink template other than the built-in styles moves pages by pattern.
      if (typeof cfg.permalink === "string" && !["date", "pretty", "ordinal", "none", "weekdate"].includes(cfg.permalink) && /:(?!title|path|output_ext|basename)\w/.test(cfg.permalink)) site.partialRoutes.push("");
      const cols = cfg.collections;
      if (cols && typeof cols === "object") {
        for (const [name, opts] of Object.entries(cols as Record<string, unknown>)) {
          const o = opts && typeof opts === "object" ? (opts as Record<string, unknown>) : {};
          if (o.output !== true) continue;
          // A collection's own permalink moves its documents by pattern.
          if (typeof o.permalink === "string" && o.permalink.includes(":")) site.partialRoutes.push(name);
          else site.collections.push(name);
        }
      }
      if (typeof cfg.collections_dir === "string") site.unreadable = `${input.configFile} sets collections_dir`;
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
  // Pages whose permalink has placeholders (`/:title/`): routes under the permalink's fixed part.
  for (const f of input.files) {
    if (!/\.(md|markdown|html)$/.test(f) || (site.srcDir !== "" && !f.startsWith(`${site.srcDir}/`))) continue;
    const fm = input.frontMatter?.(f) ?? null;
    const m = fm ? /^permalink\s*:\s*["']?([^"'\n]*:[^"'\n]*)["']?\s*$/m.exec(fm) : null;
    if (m) site.partialRoutes.push(m[1].replace(/^\/+/, "").split("/:")[0].split(":")[0].replace(/\/+$/, ""));
  }
  site.partialRoutes = [...new Set(site.partialRoutes)].sort();
  return site;
}
