/** mdBook: `book.toml` parsed as TOML for `book.src`, `site-url` and redirects. */
import { parse } from "smol-toml";
import type { Site } from "../../model/types.js";
import { emptySite, joinDir, normalizeBase, readSiteFile, type SiteInput } from "./types.js";

export function read(input: SiteInput): Site {
  const site = emptySite("mdbook", input, joinDir(input.siteRoot, "src"));
  if (input.configFile) {
    let cfg: Record<string, unknown>;
    try {
      cfg = parse(readSiteFile(input.root, input.configFile)) as Record<string, unknown>;
    } catch (e) {
      site.unreadable = `${input.configFile}: ${(e as Error).message.split("\n")[0]}`;
      site.assetDirs = [site.srcDir];
      return site;
    }
    const book = (cfg.book ?? {}) as Record<string, unknown>;
    if (typeof book.src === "string") site.srcDir = joinDir(input.siteRoot, book.src);
    const html = ((cfg.output as Record<string, unknown> | undefined)?.html ?? {}) as Record<string, unknown>;
    if (typeof html["site-url"] === "string") site.base = normalizeBase(html["site-url"]);
    const redirect = html.redirect;
    if (redirect && typeof redirect === "object")
      site.extraPages = Object.keys(redirect)
        .map((k) => k.replace(/^\/+/, ""))
        .sort();
  }
  // Every file of src/ is copied to the book.
  site.assetDirs = [site.srcDir];
  return site;
}
