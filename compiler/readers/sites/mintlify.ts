/**
 * Mintlify: pages are the `.md`/`.mdx` files under the folder of `docs.json`
 * (or the older `mint.json`), served at their path without extension; every
 * other file there is served as is; `redirects[].source` routes also resolve, and a
 * wildcard source (`/old/:slug*`) makes the routes under its prefix not judged.
 * Its heading ids are modelled by the router (compiler/model/routes/mintlify.ts), and pages generated from an OpenAPI file make every route not judged
 * (confident or silent).
 */
import type { Site } from "../../model/types.js";
import { addRedirectSources, emptySite, readSiteFile, type SiteInput } from "./types.js";

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
  if (Array.isArray(redirects))
    addRedirectSources(
      site,
      redirects
        .map((r) => (r && typeof r === "object" && typeof (r as { source?: unknown }).source === "string" ? (r as { source: string }).source : null))
        .filter((s): s is string => s !== null),
    );
  if (JSON.stringify(cfg).includes('"openapi"')) site.partialRoutes.push("");
  return site;
}
