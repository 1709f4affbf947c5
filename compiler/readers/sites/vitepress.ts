/** VitePress: `.vitepress/config.*` read statically for `srcDir`, `base` and `rewrites`. */
import type { Site } from "../../model/types.js";
import { loadSiteConfig } from "./config-object.js";
import { dynamicRouteDirs, emptySite, joinDir, normalizeBase, type SiteInput } from "./types.js";

export function read(input: SiteInput): Site {
  const site = emptySite("vitepress", input, input.siteRoot);
  const cfg = loadSiteConfig(input, site);
  if (cfg) {
    const top = cfg.exported();
    if (top.kind === "unknown") site.unreadable = top.reason;
    else {
      const src = cfg.string(cfg.prop(top, "srcDir"));
      if (src.kind === "unknown") site.unreadable = src.reason;
      else if (src.kind === "value") site.srcDir = joinDir(input.siteRoot, src.value);
      const base = cfg.string(cfg.prop(top, "base"));
      if (base.kind === "value") site.base = normalizeBase(base.value);
      const rw = cfg.value(cfg.prop(top, "rewrites"));
      if (rw.kind === "unknown") site.partialRoutes.push("");
      else if (rw.kind === "value") {
        const map = rw.value;
        if (!map || typeof map !== "object" || Array.isArray(map) || Object.entries(map).some(([k, v]) => typeof v !== "string" || /[:(*]/.test(k))) {
          // Parametric rewrites (`:pkg/(.*)`) move pages by pattern: routes are not listed with certainty.
          site.partialRoutes.push("");
        } else site.rewrites = map as Record<string, string>;
      }
    }
  }
  site.assetDirs = [joinDir(site.srcDir, "public")];
  site.partialRoutes.push(...dynamicRouteDirs(input.files, site.srcDir));
  return site;
}
