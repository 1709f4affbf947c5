/** Starlight: `astro.config.*` read statically for Astro's `srcDir`, `publicDir` and `base`; pages under `srcDir/content/docs`. */
import type { Site } from "../../model/types.js";
import { type ConfigFile, loadSiteConfig } from "./config-object.js";
import { dynamicRouteDirs, emptySite, joinDir, normalizeBase, type SiteInput } from "./types.js";

export function read(input: SiteInput): Site {
  const site = emptySite("starlight", input, joinDir(input.siteRoot, "src/content/docs"));
  let srcDir = joinDir(input.siteRoot, "src");
  let publicDir = joinDir(input.siteRoot, "public");
  const cfg = loadSiteConfig(input, site);
  if (cfg) {
    const top = cfg.exported();
    if (top.kind === "unknown") site.unreadable = top.reason;
    const src = cfg.string(cfg.prop(top, "srcDir"));
    if (src.kind === "unknown") site.unreadable = src.reason;
    else if (src.kind === "value") srcDir = joinDir(input.siteRoot, src.value);
    const pub = cfg.string(cfg.prop(top, "publicDir"));
    if (pub.kind === "value") publicDir = joinDir(input.siteRoot, pub.value);
    const base = cfg.string(cfg.prop(top, "base"));
    if (base.kind === "value") site.base = normalizeBase(base.value);
    else if (base.kind === "unknown") site.unreadable = base.reason;
    site.srcDir = joinDir(srcDir, "content/docs");
    // Other integrations and redirects may add routes.
    const redirects = cfg.prop(top, "redirects");
    if (redirects.kind !== "absent") site.partialRoutes.push("");
    const locales = localesOf(cfg);
    if (locales) site.localeFallback = locales;
  }
  site.pageDirs = [joinDir(srcDir, "pages")];
  site.assetDirs = [publicDir];
  if (dynamicRouteDirs(input.files, joinDir(srcDir, "pages")).length > 0) site.partialRoutes.push("");
  return site;
}

/**
 * Starlight's `locales` and `defaultLocale` (the integration's options): a page missing in a
 * locale is served there with the default locale's content (Starlight's fallback routes).
 * Null when there are none, or they cannot be read statically.
 */
function localesOf(cfg: ConfigFile): { locales: string[]; fallback: string } | null {
  const name = cfg.importedDefault("@astrojs/starlight");
  if (name === null) return null;
  const call = cfg.calls(new RegExp(`^${name}$`))[0];
  const arg = call?.arguments[0];
  if (!arg) return null;
  const opts = cfg.see(arg);
  const v = cfg.value(cfg.prop(opts, "locales"));
  if (v.kind !== "value" || !v.value || typeof v.value !== "object" || Array.isArray(v.value)) return null;
  const keys = Object.keys(v.value).sort();
  const def = cfg.string(cfg.prop(opts, "defaultLocale"));
  // The root locale (no URL prefix) is the default when there is one.
  const fallback = keys.includes("root") ? "" : def.kind === "value" && keys.includes(def.value) ? def.value : null;
  if (fallback === null || keys.length < 2) return null;
  return { locales: keys.filter((k) => k !== "root"), fallback };
}
