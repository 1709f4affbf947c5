/**
 * Mintlify: pages are the `.md`/`.mdx` files under the folder of `docs.json`
 * (or the older `mint.json`), served at their path without extension; every
 * other file there is served as is; `redirects[].source` routes also resolve, and a
 * wildcard source (`/old/:slug*`) makes the routes under its prefix not judged.
 * Its heading ids are modelled by the router (compiler/model/routes/mintlify.ts), and pages generated from an OpenAPI file make every route not judged
 * (confident or silent).
 */
import type { Site } from "../../model/types.js";
import { emptySite, readSiteFile, type SiteInput } from "./types.js";

export function read(input: SiteInput): Site {
  const site = emptySite("mintlify", input, input.siteRoot);
  site.assetDirs = [input.siteRoot];
  if (!input.configFile) return site;
  let cfg: unknown;
  try {
    cfg = JSON.parse(readSiteFile(input.root, input.configFile));
  } catch (e) {
    site.unreadable = `${input.configFile}: ${(e as Error).message.split("\n")[0]}`;
    return site;
  }
  const redirects = (cfg as { redirects?: unknown }).redirects;
  if (Array.isArray(redirects)) {
    const sources = redirects
      .map((r) => (r && typeof r === "object" && typeof (r as { source?: unknown }).source === "string" ? (r as { source: string }).source : null))
      .filter((s): s is string => s !== null)
      .map((s) => s.replace(/^\/+|\/+$/g, ""));
    site.extraPages = sources.filter((s) => !s.includes(":") && !s.includes("*")).sort();
    // A wildcard or parameter source (`/old/:slug*`, `/v1/*`) serves every route under its fixed prefix.
    for (const s of sources) {
      const segs = s.split("/");
      const i = segs.findIndex((x) => x.includes(":") || x.includes("*"));
      if (i !== -1) site.partialRoutes.push(segs.slice(0, i).join("/"));
    }
    site.partialRoutes = [...new Set(site.partialRoutes)].sort();
  }
  if (JSON.stringify(cfg).includes('"openapi"')) site.partialRoutes.push("");
  return site;
}
