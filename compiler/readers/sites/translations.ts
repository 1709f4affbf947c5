/**
 * Translation trees beside a site (fastapi's `docs/<lang>/docs` beside `docs/en/docs`, built by a
 * project script that copies the default tree and lays the translation over it, or a sibling
 * MkDocs config that only `INHERIT`s the default one). Decided from the checkout alone: a folder
 * beside the site's folder, named as a language (`es`, `pt-BR`, `zh-hant`), holding the site's
 * pages folder at the same relative path, every page of which is a page of the default tree at
 * the same relative path (but a lingering one in eleven). Anything less (more pages the default lacks, another generator's config)
 * is no translation: the folder keeps whatever site, or GitHub rendering, it had.
 */
import { posix } from "node:path";
import { routers, siteGenerators } from "../../model/routes/index.js";
import { under } from "../../model/routes/types.js";
import type { Site } from "../../model/types.js";

/** Config file names of every generator (dot names aside: discover does not list them). */
const CONFIG_NAMES = [...new Set(siteGenerators.flatMap((d) => d.configFiles).filter((f) => !f.startsWith(".")))];

/** A language tag as folders name them: `es`, `pt-BR`, `zh-hant`, `zh_CN`, `fil`. */
const LANGUAGE_TAG = /^[a-z]{2,3}(?:[-_](?:[A-Za-z]{4}|[A-Z]{2}|[a-z]{2}|\d{3}))?$/;

/**
 * The sites with their translation trees attached (`Site.translations`); a site that is only a
 * translation of another (a config that `INHERIT`s it, over a mirroring tree) is folded into it.
 */
export function attachTranslations(sites: Site[], files: readonly string[]): Site[] {
  // Tree → the sites it mirrors (and the sibling site to fold in): a tree that mirrors two sites is neither's.
  const fileSet = new Set(files);
  const claims = new Map<string, { site: Site; prefix: string; own: Site | undefined }[]>();
  for (const site of sites) {
    if (routers[site.generator].plainFiles || routers[site.generator].routesUnknown !== undefined) continue;
    if (site.root === "" || !LANGUAGE_TAG.test(posix.basename(site.root))) continue;
    // A config that extends another site's is that site's translation at most, never another tree's default.
    if (site.inherits !== undefined && sites.some((s) => s.configFile === site.inherits)) continue;
    const pagesRel = under(site.root, site.srcDir);
    if (pagesRel === null) continue;
    const parent = posix.dirname(site.root) === "." ? "" : posix.dirname(site.root);
    const exts = routers[site.generator].docExtensions;
    const isPage = (f: string) => exts.some((e) => f.endsWith(e));
    const defaultPages = new Set<string>();
    for (const f of files) {
      const rel = under(site.srcDir, f);
      if (rel !== null && isPage(f)) defaultPages.add(rel);
    }
    if (defaultPages.size === 0) continue;
    for (const name of siblingFolders(files, parent, site.root)) {
      const folder = parent === "" ? name : `${parent}/${name}`;
      // Its own site, unless that site's config only extends this one; a generator config no site read (`sites` left it out) is unknown.
      const own = sites.find((s) => s !== site && s.root === folder);
      if (own && (own.inherits === undefined || own.inherits !== site.configFile)) continue;
      if (!own && CONFIG_NAMES.some((n) => fileSet.has(`${folder}/${n}`))) continue;
      // Another site owning a folder inside it (a nested book) makes it no plain mirror.
      if (sites.some((s) => s !== site && s !== own && under(folder, s.root) !== null)) continue;
      const dir = pagesRel === "" ? folder : `${folder}/${pagesRel}`;
      if (own && own.srcDir !== dir) continue;
      // Translations lag: a page the default language has since moved or removed may linger. At most one page in
      // eleven without a twin (none below ten mirrored pages) still makes a mirror; links to such a page are not judged.
      let mirrored = 0;
      let extra = 0;
      for (const f of files) {
        const rel = under(dir, f);
        if (rel === null || !isPage(f)) continue;
        if (defaultPages.has(rel)) mirrored++;
        else extra++;
      }
      if (mirrored === 0 || extra * 10 > mirrored) continue;
      claims.set(dir, [...(claims.get(dir) ?? []), { site, prefix: name, own }]);
    }
  }
  const folded = new Set<Site>();
  for (const [dir, c] of [...claims].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (c.length !== 1) continue;
    const { site, prefix, own } = c[0];
    (site.translations ??= []).push(own?.configFile ? { dir, prefix, config: own.configFile } : { dir, prefix });
    if (own) folded.add(own);
  }
  return sites.filter((s) => !folded.has(s));
}

/** Names of the folders directly under `parent` that look like language tags, other than `self`'s. */
function siblingFolders(files: readonly string[], parent: string, self: string): string[] {
  const out = new Set<string>();
  const prefix = parent === "" ? "" : `${parent}/`;
  for (const f of files) {
    if (!f.startsWith(prefix)) continue;
    const rest = f.slice(prefix.length);
    const slash = rest.indexOf("/");
    if (slash === -1) continue;
    const name = rest.slice(0, slash);
    if (`${prefix}${name}` !== self && LANGUAGE_TAG.test(name)) out.add(name);
  }
  return [...out].sort();
}
