/** Starlight: `astro.config.*` read statically for Astro's `srcDir`, `publicDir` and `base`; pages under `srcDir/content/docs`. */
import type { Site } from "../../model/types.js";
import { ConfigFile } from "./config-object.js";
import { dynamicRouteDirs, emptySite, joinDir, normalizeBase, type SiteInput } from "./types.js";

export function read(input: SiteInput): Site {
  const site = emptySite("starlight", input, joinDir(input.siteRoot, "src/content/docs"));
  let srcDir = joinDir(input.siteRoot, "src");
  let publicDir = joinDir(input.siteRoot, "public");
  const cfg = input.configFile ? ConfigFile.load(input.root, input.configFile) : null;
  if (input.configFile && !cfg) site.unreadable = `cannot read ${input.configFile}`;
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
  }
  site.pageDirs = [joinDir(srcDir, "pages")];
  site.assetDirs = [publicDir];
  if (dynamicRouteDirs(input.files, joinDir(srcDir, "pages")).length > 0) site.partialRoutes.push("");
  return site;
}
