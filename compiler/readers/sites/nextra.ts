/** Nextra: pages under `pages/`, `content/` or `app/` (found by folder, as Next.js does); assets in `public/`. */
import type { Site } from "../../model/types.js";
import { dynamicRouteDirs, emptySite, joinDir, type SiteInput } from "./types.js";

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
  for (const d of dirs) if (dynamicRouteDirs(input.files, d).length > 0) site.partialRoutes.push("");
  return site;
}
