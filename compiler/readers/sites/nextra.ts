/**
 * Nextra: pages under `pages/`, `content/` or `app/` (found by folder, as Next.js does); assets in `public/`.
 * A dynamic route (`app/api/[name]/page.tsx`) serves routes under its fixed part (`api/…`), a route group `(x)` not
 * counted; `next.config`'s `redirects()` sources are routes too — when they cannot be read, no route of the site is known.
 */
import type { Site } from "../../model/types.js";
import { loadSiteConfig } from "./config-object.js";
import { addRedirectSources, dynamicRouteDirs, emptySite, joinDir, type SiteInput } from "./types.js";

export function read(input: SiteInput): Site {
  const site = emptySite("nextra", input, input.siteRoot);
  const dirs: string[] = [];
  for (const d of ["pages", "src/pages", "content", "src/content", "app", "src/app"]) {
    const dir = joinDir(input.siteRoot, d);
    if (input.files.some((f) => f.startsWith(`${dir}/`))) dirs.push(dir);
  }
  site.pageDirs = dirs;
  site.srcDir = dirs[0] ?? input.siteRoot;
  site.assetDirs = [joinDir(input.siteRoot, "public")];
  // next.config's basePath and i18n are rarely static; links carry routes without them.
  for (const d of dirs)
    for (const folder of dynamicRouteDirs(input.files, d))
      site.partialRoutes.push(
        folder
          .split("/")
          .filter((seg) => !/^\(.*\)$/.test(seg) && !seg.startsWith("@"))
          .join("/"),
      );
  const redirects = redirectSources(input, site);
  if (redirects === null) site.partialRoutes.push("");
  else addRedirectSources(site, redirects);
  site.partialRoutes = [...new Set(site.partialRoutes)].sort();
  return site;
}

/** `redirects()` sources of a `next.config.*` site config: [] without one or without redirects, null when they cannot be read. */
function redirectSources(input: SiteInput, site: Site): string[] | null {
  // The detected config may be `theme.config.*` (Nextra 2/3): the redirects are in the `next.config.*` beside it.
  const prefix = input.siteRoot === "" ? "" : `${input.siteRoot}/`;
  const nextConfig = ["next.config.ts", "next.config.mjs", "next.config.js", "next.config.cjs", "next.config.mts"]
    .map((f) => prefix + f)
    .find((f) => input.files.includes(f));
  if (!nextConfig) return [];
  const cfg = loadSiteConfig({ ...input, configFile: nextConfig }, site);
  if (!cfg) return null;
  const list = cfg.prop(cfg.exported(), "redirects");
  if (list.kind === "absent") return [];
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
