/**
 * Docusaurus: `docusaurus.config.*` read statically for `baseUrl`, static
 * folders, i18n locales, the classic preset's docs/blog/pages options and
 * content plugins; `versions.json` for versioned docs.
 */

import { join, relative } from "node:path";
import type { Site } from "../../model/types.js";
import { existsSync } from "../../util/input-fs.js";
import { ConfigFile, type Lookup } from "./config-object.js";
import { dynamicRouteDirs, emptySite, joinDir, normalizeBase, readSiteFile, type SiteInput } from "./types.js";

/** Plugins and themes that add no pages (or only ones nobody links to). */
const HARMLESS =
  /sitemap|analytics|gtag|google-tag|pwa|ideal-image|search|tailwind|sass|svgr|webpack|mermaid|live-codeblock|remark|rehype|lunr|plausible|umami|vercel|image-zoom|llms/i;

export function read(input: SiteInput): Site {
  const site = emptySite("docusaurus", input, input.siteRoot);
  const instances: { path: string; routeBasePath: string; id: string }[] = [];
  const pageDirs: string[] = [];
  let staticDirs = ["static"];
  const cfg = input.configFile ? ConfigFile.load(input.root, input.configFile) : null;
  const unreadable = (why: string) => {
    site.unreadable ??= why;
  };
  if (!cfg) {
    if (input.configFile) unreadable(`cannot read ${input.configFile}`);
    instances.push({ path: "docs", routeBasePath: "docs", id: "default" });
    pageDirs.push("src/pages");
  } else {
    const top = cfg.exported();
    if (top.kind === "unknown") unreadable(top.reason);
    const base = cfg.string(cfg.prop(top, "baseUrl"));
    if (base.kind === "value") site.base = normalizeBase(base.value);
    const st = cfg.value(cfg.prop(top, "staticDirectories"));
    if (st.kind === "value" && Array.isArray(st.value)) staticDirs = st.value.filter((x): x is string => typeof x === "string");
    else if (st.kind === "unknown") unreadable(st.reason);
    const i18n = cfg.value(cfg.prop(top, "i18n"));
    if (i18n.kind === "value" && i18n.value && typeof i18n.value === "object" && !Array.isArray(i18n.value)) {
      const { locales, defaultLocale } = i18n.value as Record<string, unknown>;
      if (Array.isArray(locales)) for (const l of locales) if (typeof l === "string" && l !== defaultLocale) site.partialRoutes.push(l);
    } else if (i18n.kind === "unknown") site.partialRoutes.push("");
    // Presets: the classic preset's options configure the docs, blog and pages plugins.
    const presets = cfg.elements(cfg.prop(top, "presets"));
    if (!Array.isArray(presets)) {
      if (presets.kind === "unknown") unreadable(presets.reason);
    } else {
      for (const p of presets) {
        const [name, opts] = pluginEntry(cfg, p);
        if (name === null) {
          unreadable(`${cfg.rel}: a preset that cannot be read`);
          continue;
        }
        if (!/classic/.test(name)) {
          site.partialRoutes.push("");
          continue;
        }
        contentOptions(cfg, opts, "docs", instances, site, unreadable);
        blogOptions(cfg, cfg.prop(opts, "blog"), site, unreadable);
        const pages = cfg.prop(opts, "pages");
        const pagesPath = pages.kind === "expr" ? cfg.string(cfg.prop(pages, "path")) : ({ kind: "absent" } as const);
        if (!isFalse(cfg, pages)) pageDirs.push(pagesPath.kind === "value" ? pagesPath.value : "src/pages");
      }
    }
    const plugins = cfg.elements(cfg.prop(top, "plugins"));
    if (!Array.isArray(plugins)) {
      if (plugins.kind === "unknown") site.partialRoutes.push("");
    } else {
      for (const p of plugins) {
        const [name, opts] = pluginEntry(cfg, p);
        if (name === null) site.partialRoutes.push("");
        else if (/plugin-content-docs/.test(name)) contentOptions(cfg, opts, "plugin", instances, site, unreadable);
        else if (/plugin-content-blog/.test(name)) blogOptions(cfg, opts, site, unreadable);
        else if (/plugin-content-pages/.test(name)) {
          const path = cfg.string(cfg.prop(opts, "path"));
          pageDirs.push(path.kind === "value" ? path.value : "src/pages");
        } else if (!HARMLESS.test(name)) site.partialRoutes.push("");
      }
    }
  }
  site.docsInstances = instances.map((i) => ({ path: joinDir(input.siteRoot, i.path), routeBasePath: i.routeBasePath.replace(/^\/+|\/+$/g, "") }));
  site.pageDirs = pageDirs.map((d) => joinDir(input.siteRoot, d));
  site.assetDirs = staticDirs.map((d) => joinDir(input.siteRoot, d));
  for (const inst of instances) {
    const rb = inst.routeBasePath.replace(/^\/+|\/+$/g, "");
    const prefix = rb === "" ? "" : `${rb}/`;
    // Generated routes: category index pages and tag pages.
    site.partialRoutes.push(`${prefix}category`, `${prefix}tags`);
    const versionsFile = join(input.root, input.siteRoot, inst.id === "default" ? "versions.json" : `${inst.id}_versions.json`);
    if (existsSync(versionsFile)) {
      site.partialRoutes.push(`${prefix}next`);
      try {
        const vs = JSON.parse(readSiteFile(input.root, relative(input.root, versionsFile))) as unknown;
        if (Array.isArray(vs)) for (const v of vs) site.partialRoutes.push(`${prefix}${String(v)}`);
        else site.partialRoutes.push(rb);
      } catch {
        site.partialRoutes.push(rb);
      }
    }
  }
  site.partialRoutes.push("search");
  for (const d of site.pageDirs) site.partialRoutes.push(...dynamicRouteDirs(input.files, d));
  site.partialRoutes = [...new Set(site.partialRoutes)].sort();
  return site;
}

/** `'name'`, `['name', {...}]` or `require.resolve('name')`: the plugin's name and options. */
function pluginEntry(cfg: ConfigFile, p: Lookup): [string | null, Lookup] {
  const single = cfg.string(p);
  if (single.kind === "value") return [single.value, { kind: "absent" }];
  const els = cfg.elements(p);
  if (Array.isArray(els) && els.length >= 1) {
    const n = cfg.string(els[0]);
    return [n.kind === "value" ? n.value : null, els[1] ?? { kind: "absent" }];
  }
  return [null, { kind: "absent" }];
}

function isFalse(cfg: ConfigFile, l: Lookup): boolean {
  const v = cfg.value(l);
  return v.kind === "value" && v.value === false;
}

function contentOptions(
  cfg: ConfigFile,
  opts: Lookup,
  from: "docs" | "plugin",
  instances: { path: string; routeBasePath: string; id: string }[],
  site: Site,
  unreadable: (why: string) => void,
): void {
  const o = from === "docs" ? cfg.prop(opts, "docs") : opts;
  if (from === "docs" && isFalse(cfg, o)) return;
  if (o.kind === "unknown") {
    unreadable(o.reason);
    return;
  }
  const path = cfg.string(cfg.prop(o, "path"));
  const rb = cfg.string(cfg.prop(o, "routeBasePath"));
  const id = cfg.string(cfg.prop(o, "id"));
  if (path.kind === "unknown" || rb.kind === "unknown" || id.kind === "unknown") {
    unreadable(path.kind === "unknown" ? path.reason : rb.kind === "unknown" ? rb.reason : (id as { reason: string }).reason);
    return;
  }
  const inst = {
    path: path.kind === "value" ? path.value : "docs",
    routeBasePath: rb.kind === "value" ? rb.value : "docs",
    id: id.kind === "value" ? id.value : "default",
  };
  instances.push(inst);
  for (const k of ["lastVersion", "onlyIncludeVersions", "versions"])
    if (cfg.prop(o, k).kind !== "absent") site.partialRoutes.push(inst.routeBasePath.replace(/^\/+|\/+$/g, ""));
}

function blogOptions(cfg: ConfigFile, o: Lookup, site: Site, unreadable: (why: string) => void): void {
  if (isFalse(cfg, o)) return;
  if (o.kind === "unknown") {
    unreadable(o.reason);
    return;
  }
  // Blog posts are served at dated or slugged routes, tag and archive pages: not listed, so not judged.
  const rb = cfg.string(cfg.prop(o, "routeBasePath"));
  site.partialRoutes.push(rb.kind === "value" ? rb.value.replace(/^\/+|\/+$/g, "") : rb.kind === "absent" ? "blog" : "");
}
