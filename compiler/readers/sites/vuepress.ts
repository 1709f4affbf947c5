/**
 * VuePress: `.vuepress/config.*` read statically for `base`, `locales` and
 * `pagePatterns`; the files of `.vuepress/public/` (a dot folder discover
 * does not list) are listed here, as the site serves them at its root URL.
 */
import { join } from "node:path";
import type { Site } from "../../model/types.js";
import { readdirSync } from "../../util/input-fs.js";
import { globListMatcher } from "../../util/globs.js";
import { loadSiteConfig, stringsAt } from "./config-object.js";
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
      // VuePress 2's `pagePatterns`: a list of literal globs decides which `.md` files are pages; anything else, not known.
      const patterns = cfg.prop(top, "pagePatterns");
      if (patterns.kind !== "absent") {
        const list = stringsAt(cfg, patterns);
        if (list.kind !== "value") site.partialRoutes.push("");
        else site.unroutedPages = notPages(input.files, site.srcDir, list.value);
      }
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

/**
 * The `.md` files under the source folder that `pagePatterns` leaves out (globby's reading: a negated name without a
 * glob, `!.vuepress`, is a folder), root-relative: files that are no page (`!**\/*.snippet.md`, included into pages).
 */
function notPages(files: readonly string[], srcDir: string, patterns: readonly string[]): string[] {
  const expanded = patterns.flatMap((p) => (/^!?[^*?[{]+$/.test(p) && !/\.\w+$/.test(p) ? [p, `${p.replace(/\/+$/, "")}/**`] : [p]));
  const isPage = globListMatcher(expanded, { dot: true });
  const prefix = srcDir === "" ? "" : `${srcDir}/`;
  return files.filter((f) => f.startsWith(prefix) && f.endsWith(".md") && !isPage(f.slice(prefix.length)));
}
