/**
 * VuePress: `.vuepress/config.*` read statically for `base`, `locales` and
 * `pagePatterns`; the files of `.vuepress/public/` (a dot folder discover
 * does not list) are listed here, as the site serves them at its root URL.
 */
import { join } from "node:path";
import type { Site } from "../../model/types.js";
import { readdirSync } from "../../util/input-fs.js";
import { loadSiteConfig } from "./config-object.js";
import { dynamicRouteDirs, emptySite, joinDir, normalizeBase, readSiteFile, type SiteInput } from "./types.js";

/** At most this many public files are listed; past it the public folder is not known completely. */
const MAX_PUBLIC = 5000;

export function read(input: SiteInput): Site {
  const site = emptySite("vuepress", input, input.siteRoot);
  const cfg = loadSiteConfig(input, site);
  if (cfg) {
    const top = cfg.exported();
    if (top.kind === "unknown") site.unreadable = top.reason;
    else {
      const base = cfg.string(cfg.prop(top, "base"));
      if (base.kind === "value") site.base = normalizeBase(base.value);
      // Custom page patterns (VuePress 2) or plugins that add pages: routes not listed with certainty.
      if (cfg.prop(top, "pagePatterns").kind !== "absent") site.partialRoutes.push("");
      // Another public folder (`public: path.resolve(…)`): what it serves is not known.
      if (cfg.prop(top, "public").kind !== "absent") site.partialRoutes.push("");
    }
  }
  // A blog theme or plugin (vuepress-theme-hope, @vuepress/plugin-blog) makes list, tag and category pages at build time.
  if (input.configFile && site.partialRoutes.length === 0) {
    try {
      if (/blog/i.test(readSiteFile(input.root, input.configFile))) site.partialRoutes.push("");
    } catch {
      // Unreadable: ConfigFile.load said so above.
    }
  }
  const publicDir = joinDir(input.siteRoot, ".vuepress/public");
  const listed = listPublic(input.root, publicDir);
  if (listed === null) site.unreadable ??= `${publicDir} has more than ${MAX_PUBLIC} files`;
  else site.assetFiles = listed;
  site.assetDirs = [publicDir];
  site.partialRoutes.push(...dynamicRouteDirs(input.files, site.srcDir));
  return site;
}

/** Files under `dir` (root-relative, sorted); `[]` when it does not exist, null past MAX_PUBLIC. */
function listPublic(root: string, dir: string): string[] | null {
  const out: string[] = [];
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop()!;
    let entries;
    try {
      entries = readdirSync(join(root, d), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      const p = `${d}/${e.name}`;
      if (e.isDirectory()) stack.push(p);
      else if (e.isFile()) out.push(p);
      if (out.length > MAX_PUBLIC) return null;
    }
  }
  return out.sort();
}
