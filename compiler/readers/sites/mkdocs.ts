/** MkDocs: `mkdocs.yml` parsed as YAML (Python tags tolerated) for `docs_dir`, plugins and the toc slugify. */
import { posix } from "node:path";
import type { parseDocument } from "yaml";
import { yaml } from "../../util/yaml.js";
import type { Site } from "../../model/types.js";
import { emptySite, joinDir, normalizeBase, readSiteFile, type SiteInput } from "./types.js";

/** Plugins that add pages docpact cannot list, by the route prefix they serve (`""`: anywhere). */
const ROUTE_PLUGINS: Record<string, string> = {
  blog: "blog",
  "material/blog": "blog",
  i18n: "",
  "static-i18n": "",
  monorepo: "",
  "gen-files": "",
  "awesome-pages": "",
};

export function read(input: SiteInput): Site {
  const site = emptySite("mkdocs", input, joinDir(input.siteRoot, "docs"));
  if (!input.configFile) return withAssets(site);
  let doc: ReturnType<typeof parseDocument>;
  try {
    // `!!python/name:…` and `!ENV` tags are Python's; keep their values as plain scalars.
    doc = yaml().parseDocument(readSiteFile(input.root, input.configFile), {
      prettyErrors: false,
      strict: false,
      logLevel: "silent",
      customTags: (tags) => tags,
    });
  } catch (e) {
    site.unreadable = `${input.configFile}: ${(e as Error).message}`;
    return withAssets(site);
  }
  if (doc.errors.length > 0) {
    site.unreadable = `${input.configFile}: ${doc.errors[0].message.split("\n")[0]}`;
    return withAssets(site);
  }
  let cfg: Record<string, unknown>;
  try {
    // toJS expands aliases: an alias bomb stops at yaml's alias-count limit with an error, said here.
    cfg = (doc.toJS() ?? {}) as Record<string, unknown>;
  } catch (e) {
    site.unreadable = `${input.configFile}: ${(e as Error).message.split("\n")[0]}`;
    return withAssets(site);
  }
  // `INHERIT: ../en/mkdocs.yml`: the config it extends, relative to this one.
  if (typeof cfg.INHERIT === "string") site.inherits = joinDir(posix.dirname(input.configFile), cfg.INHERIT);
  if (typeof cfg.docs_dir === "string") site.srcDir = joinDir(input.siteRoot, cfg.docs_dir);
  if (typeof cfg.site_url === "string") {
    const m = /^[a-z]+:\/\/[^/]+(\/.*)?$/i.exec(cfg.site_url);
    if (m) site.base = normalizeBase(m[1] ?? "/");
  }
  for (const p of asList(cfg.plugins)) {
    const [name, opts] = typeof p === "string" ? [p, null] : p && typeof p === "object" ? (Object.entries(p)[0] ?? ["", null]) : ["", null];
    if (name in ROUTE_PLUGINS) site.partialRoutes.push(ROUTE_PLUGINS[name]);
    if (name === "redirects" && opts && typeof opts === "object") {
      const maps = (opts as Record<string, unknown>).redirect_maps;
      if (maps && typeof maps === "object") site.extraPages = Object.keys(maps as object).sort();
    }
  }
  for (const ext of asList(cfg.markdown_extensions)) {
    if (!ext || typeof ext !== "object") continue;
    const toc = (ext as Record<string, unknown>).toc as Record<string, unknown> | undefined;
    if (toc && typeof toc === "object" && toc.slugify !== undefined)
      site.slugsUnknown = `${input.configFile} sets toc.slugify (${String(toc.slugify).slice(0, 60)})`;
  }
  return withAssets(site);
}

function withAssets(site: Site): Site {
  // MkDocs copies every non-Markdown file of docs_dir to the site.
  site.assetDirs = [site.srcDir];
  return site;
}

function asList(v: unknown): unknown[] {
  return Array.isArray(v) ? v : v && typeof v === "object" ? Object.entries(v).map(([k, o]) => ({ [k]: o })) : [];
}

export { normalizeBase };
