/**
 * Links inside a documentation site, resolved the way its generator serves
 * them: clean URLs, `.html`, root-absolute routes (with or without the base
 * path), folder index pages, static asset folders, Docusaurus ids/slugs and
 * `@site/` paths. A link is `missing` only when the site's routes are known
 * completely there; otherwise it is `not-judged` with the reason.
 */
import { posix } from "node:path";
import picomatch from "picomatch";
import { mapMemo, weakMemo } from "../util/memo.js";
import type { IgnoreRule, MarkdownDoc, Site } from "./types.js";
import { routers } from "./routes/index.js";
import { dropIndex, under } from "./routes/types.js";

/** The pages of one site: route key → file, built once per site. */
export interface RouteTable {
  site: Site;
  byRoute: Map<string, string>;
  /** Lowercased keys, for case-insensitive generators and case-only differences. */
  byLower: Map<string, string>;
  /** The route keys of each page file. */
  routesOf: Map<string, string[]>;
}

export function buildRouteTable(site: Site, files: readonly string[], docs: ReadonlyMap<string, MarkdownDoc>): RouteTable {
  const router = routers[site.generator];
  const byRoute = new Map<string, string>();
  const byLower = new Map<string, string>();
  const routesOf = new Map<string, string[]>();
  const add = (key: string, file: string) => {
    if (!byRoute.has(key)) byRoute.set(key, file);
    if (!byLower.has(key.toLowerCase())) byLower.set(key.toLowerCase(), file);
  };
  for (const f of files) {
    // A translation's page is routed as its default-language twin would be, under the language's prefix.
    const twin = defaultTwin(site, f);
    const routes = twin === null ? router.pageRoutes(site, f, docs.get(f)) : translatedRoutes(site, f, twin, docs.get(f));
    if (!routes) continue;
    routesOf.set(f, routes);
    for (const r of routes) add(r, f);
  }
  for (const extra of site.extraPages ?? []) add(routeKey(extra, site.generator), `${site.srcDir}/${extra}`);
  return { site, byRoute, byLower, routesOf };
}

function translatedRoutes(site: Site, file: string, twin: string, doc: MarkdownDoc | undefined): string[] | null {
  const prefix = site.translations!.find((t) => under(t.dir, file) !== null)!.prefix;
  return routers[site.generator].pageRoutes(site, twin, doc)?.map((r) => (r === "" ? prefix : `${prefix}/${r}`)) ?? null;
}

/** The default language's path for `path` (root-relative) inside one of `site`'s translation trees; null when outside them. */
export function defaultTwin(site: Site, path: string): string | null {
  for (const t of site.translations ?? []) {
    const rel = under(t.dir, path);
    if (rel !== null) return site.srcDir === "" ? rel : `${site.srcDir}/${rel}`;
  }
  return null;
}

/**
 * Why a file of a translation tree that the default language lacks (a page moved or removed there since) is not
 * judged as a target: a build that copies the default tree and lays the translation over it never serves it, a
 * translation's own config does; null when the file has its twin or lies in no translation.
 */
export function translationOrphan(site: Site, path: string, files: ReadonlySet<string>): string | null {
  const twin = defaultTwin(site, path);
  if (twin === null || files.has(twin)) return null;
  return `${path} is a translation's file the default language lacks (${twin}): whether the build serves it is not known`;
}

/** A route key under a translation's prefix (`es/tutorial`) as the default language's (`tutorial`); null when under none. */
function untranslatedKey(site: Site, key: string): string | null {
  for (const t of site.translations ?? []) {
    if (key === t.prefix) return "";
    if (key.startsWith(`${t.prefix}/`)) return key.slice(t.prefix.length + 1);
  }
  return null;
}

/**
 * Why a translation's link that only the default language's page or file serves is not judged: the translation
 * has its own config (one that only `INHERIT`s the site's), which builds its tree alone; null when the tree has
 * none (only a copy of the default tree with the translation laid over it builds it).
 */
export function fallbackUnknown(site: Site, pathOrKey: string): string | null {
  for (const t of site.translations ?? []) {
    if (t.config === undefined) continue;
    if (under(t.dir, pathOrKey) !== null || pathOrKey === t.prefix || pathOrKey.startsWith(`${t.prefix}/`))
      return `${t.dir} lacks it and has its own config (${t.config}): whether the build serves the default language's page there is not known`;
  }
  return null;
}

/** A URL path (no fragment, decoded, no leading `/`) as a route key: no `.html`/`.md`, no index page, no trailing `/`. */
export function routeKey(path: string, generator: Site["generator"]): string {
  let p = path.replace(/^\/+/, "").replace(/\/+$/, "");
  p = p.replace(/\.(?:html?|mdx?)$/i, "");
  return dropIndex(p, routers[generator].indexNames);
}

/** Files a site's build writes beside its pages (a feed plugin's `atom.xml`, a sitemap, Mintlify's `llms.txt`), under any locale prefix. */
const BUILD_FILES = /\/((?:atom|rss|feed|sitemap(?:-index)?)\.xml|feed\.json|robots\.txt|llms(?:-full)?\.txt)$/i;

export type SiteLink = { status: "ok"; path: string } | { status: "missing"; route: string } | { status: "not-judged"; reason: string };

interface Lookup {
  files: ReadonlySet<string>;
  dirs: ReadonlySet<string>;
}

/**
 * A link's path part (decoded, without fragment or query) from `doc`, which
 * `table`'s site renders. Relative targets that exist as files were found
 * before this is called; here they are URLs from the page's route.
 */
export function resolveSiteRoute(table: RouteTable, fs: Lookup, doc: MarkdownDoc, target: string): SiteLink {
  const { site } = table;
  const caseless = routers[site.generator].caseInsensitive === true;
  const unknownRoutes = routesUnknown(site);
  let keys: string[];
  if (target.startsWith("/")) {
    const paths = [target];
    if (site.base !== "/" && (target + "/").startsWith(site.base)) paths.unshift(target.slice(site.base.length - 1));
    keys = paths.map((p) => posix.normalize(p));
    for (const p of keys) {
      const asset = assetAt(site, fs, p.replace(/^\/+/, ""));
      if (asset) return { status: "ok", path: asset };
    }
    if (unknownRoutes) return { status: "not-judged", reason: unknownRoutes };
    const written = BUILD_FILES.exec(target.replace(/[?#].*$/, ""));
    if (written)
      return { status: "not-judged", reason: `${written[1]} is a file generators and their plugins write at build time (feeds, sitemaps, llms.txt)` };
  } else {
    if (unknownRoutes) return { status: "not-judged", reason: unknownRoutes };
    const pageRoutes = table.routesOf.get(doc.file);
    if (!pageRoutes) return { status: "not-judged", reason: `${doc.file} is not a page of the ${site.generator} site at ${site.root || "."}` };
    // The browser resolves a relative URL from the page's URL: `/a/b/` (folder style) or `/a/b` (file style). Either may be served.
    const bases = new Set<string>();
    const asFolder = routers[site.generator].directoryUrls === true || /(^|\/)(index|README)\.[^/]+$/.test(doc.file);
    for (const r of pageRoutes) {
      const folder = r === "" ? "/" : `/${r}/`;
      const parent = `/${posix.dirname(r) === "." ? "" : `${posix.dirname(r)}/`}`;
      // The likelier URL first: it names the route in the message.
      for (const b of asFolder ? [folder, parent] : [parent, folder]) bases.add(b);
    }
    // Joined below the root, so a link that climbs above it stays visible (`/..`): the browser would clamp it at the
    // domain's root, but an author who climbs past the site's root means a sibling outside it (a book mounted in a
    // larger site: `../std/`), which docpact does not know.
    keys = [...bases].map((b) => {
      const rel = posix.normalize(posix.join(b.slice(1) || ".", target));
      return rel === ".." || rel.startsWith("../") ? "/.." : rel === "." || rel === "./" ? "/" : `/${rel}`;
    });
    // From the URL the page most likely has it leaves the site: where it lands is not known.
    if (keys[0] === "/..") return { status: "not-judged", reason: "the link climbs above the site's root" };
  }
  const tried: string[] = [];
  for (const k of keys) {
    if (k.startsWith("/..") || k === "..") continue;
    const key = routeKey(k, site.generator);
    tried.push(key);
    // A translation's missing page is the default language's (the build copies that tree first).
    const plain = untranslatedKey(site, key);
    const hit = table.byRoute.get(key) ?? (caseless ? table.byLower.get(key.toLowerCase()) : undefined) ?? localeFallback(table, key, caseless);
    if (hit !== undefined) {
      const orphan = translationOrphan(site, hit, fs.files);
      return orphan === null ? { status: "ok", path: hit } : { status: "not-judged", reason: orphan };
    }
    const fallback = plain === null ? undefined : (table.byRoute.get(plain) ?? (caseless ? table.byLower.get(plain.toLowerCase()) : undefined));
    if (fallback !== undefined) return translatedFallback(site, key, fallback);
    // A relative URL the generator does not rewrite (raw HTML `<img src="../../img/x.png">`) names a served file from the page's URL.
    if (!target.startsWith("/")) {
      const rel = k.replace(/^\/+/, "");
      const asset = assetAt(site, fs, rel);
      if (asset) return { status: "ok", path: asset };
      const relPlain = untranslatedKey(site, rel);
      const plainAsset = relPlain === null ? null : assetAt(site, fs, relPlain);
      if (plainAsset) return translatedFallback(site, rel, plainAsset);
    }
    // A route that differs only in case: served on case-insensitive hosts, so not judged.
    if (table.byLower.has(key.toLowerCase())) return { status: "not-judged", reason: `route /${key} differs only in case from a page` };
  }
  if (tried.length === 0) return { status: "not-judged", reason: "the link climbs above the site's root" };
  if (target.startsWith("/") && site.baseUnknown) return { status: "not-judged", reason: site.baseUnknown };
  if (site.unreadable) return { status: "not-judged", reason: `routes of the ${site.generator} site at ${site.root || "."} are not known: ${site.unreadable}` };
  const key = tried[0];
  if (site.partialPattern !== undefined && new RegExp(site.partialPattern).test(key))
    return { status: "not-judged", reason: `routes like /${key} are made at build time (dated posts, a theme's files)` };
  const partial = site.partialRoutes.find((p) => p === "" || key === p || key.startsWith(`${p}/`));
  if (partial !== undefined) {
    return {
      status: "not-judged",
      reason: partial === "" ? `the ${site.generator} site at ${site.root || "."} has routes docpact cannot list` : `routes under /${partial} are generated`,
    };
  }
  if (site.linksRewritten) return { status: "not-judged", reason: site.linksRewritten };
  // A path the repository ignores (a folder the build generates): the checkout cannot show it.
  for (const k of keys) {
    if (k.startsWith("/..")) continue;
    const rel = k.replace(/^\/+/, "");
    const paths = [...new Set([...site.assetDirs, site.srcDir, site.root])].map((dir) => (dir === "" ? rel : `${dir}/${rel}`));
    // A page folder served under a prefix (Nextra's content under `/docs`): the route without it.
    for (const [dir, prefix] of Object.entries(site.pagePrefixes ?? {})) if (rel.startsWith(`${prefix}/`)) paths.push(`${dir}/${rel.slice(prefix.length + 1)}`);
    for (const path of paths) {
      const why = gitignoredReason(site.gitignored, path);
      if (why) return { status: "not-judged", reason: why };
    }
  }
  return { status: "missing", route: key };
}

/** The default language's page or file serving a translation's route `key`: ok, or not judged when the translation builds alone. */
function translatedFallback(site: Site, key: string, path: string): SiteLink {
  const why = fallbackUnknown(site, key);
  return why === null ? { status: "ok", path } : { status: "not-judged", reason: why };
}

const ignoreMatchers = mapMemo<string, (path: string) => boolean>("model/site-links#ignoreMatchers", 2000);

/**
 * Why `path` (root-relative) is not in the checkout though a site or GitHub may show it: a `.gitignore` (a site's, or the repository's)
 * ignores it or a folder above it (git's rules: the last matching line wins, and nothing under an ignored folder
 * is re-included); null when none does.
 */
export function gitignoredReason(rules: readonly IgnoreRule[] | undefined, path: string): string | null {
  if (!rules || rules.length === 0 || path === "") return null;
  const parts = path.split("/");
  for (let i = 1; i <= parts.length; i++) {
    const p = parts.slice(0, i).join("/");
    // The last segment may name a folder too (`/rubydoc/`) when it has no extension.
    const asDir = i < parts.length || !/\.[^/.]+$/.test(p);
    let hit: IgnoreRule | null = null;
    for (const r of rules) {
      if (r.dirOnly && !asDir) continue;
      let m = ignoreMatchers.get(r.glob);
      if (!m) ignoreMatchers.set(r.glob, (m = picomatch(r.glob, { dot: true })));
      if (m(p)) hit = r.negate ? null : r;
    }
    if (hit) return `${p} is ignored by ${hit.file} (made at build time or kept out of the repository)`;
  }
  return null;
}

/** The default locale's page a locale's missing route falls back to (Starlight), if any. */
function localeFallback(table: RouteTable, key: string, caseless: boolean): string | undefined {
  const lf = table.site.localeFallback;
  if (!lf) return undefined;
  const slash = key.indexOf("/");
  const first = slash === -1 ? key : key.slice(0, slash);
  if (!lf.locales.includes(first) || first === lf.fallback) return undefined;
  const rest = slash === -1 ? "" : key.slice(slash + 1);
  const alt = lf.fallback === "" ? rest : rest === "" ? lf.fallback : `${lf.fallback}/${rest}`;
  return table.byRoute.get(alt) ?? (caseless ? table.byLower.get(alt.toLowerCase()) : undefined);
}

/** Why a site's routes are not known at all (its generator is not modelled), with the file that marked it; null when they are. */
export function routesUnknown(site: Site): string | null {
  const reason = routers[site.generator].routesUnknown;
  return reason === undefined ? null : reason.replace("{file}", site.marker ?? site.source);
}

/** A file under one of the site's asset folders (or its pages folder) at `rel`, root-relative; null when none. */
function assetAt(site: Site, fs: Lookup, rel: string): string | null {
  if (rel === "") return null;
  for (const dir of [...site.assetDirs, site.srcDir, site.root]) {
    const p = dir === "" ? rel : `${dir}/${rel}`;
    if (fs.files.has(p) || site.assetFiles?.includes(p)) return p;
  }
  return null;
}

/** The deepest site whose folder holds `file`; null when none (GitHub rendering). */
export function siteOf(sites: readonly Site[], file: string): Site | null {
  let best: Site | null = null;
  let depth = -1;
  for (const s of sites) {
    // A site owns its folder and its content folders, which may lie outside it (Docusaurus `path: "../docs"`).
    for (const dir of [s.root, s.srcDir, ...(s.docsInstances ?? []).map((d) => d.path), ...(s.pageDirs ?? []), ...(s.translations ?? []).map((t) => t.dir)]) {
      if (under(dir, file) !== null && dir.length >= depth) [best, depth] = [s, dir.length];
    }
  }
  // A file the generator leaves out of the build is no page: GitHub renders it.
  if (best?.excluded?.some((d) => d === file || under(d, file) !== null)) return null;
  return best && !routers[best.generator].plainFiles ? best : null;
}

/**
 * The route closest to a missing one, written the way the author wrote the
 * link: absolute stays absolute, a clean URL stays clean, `.html` and a
 * trailing `/` are kept, a relative URL stays relative to the page.
 */
export function suggestRoute(
  table: RouteTable,
  doc: MarkdownDoc,
  written: string,
  missing: string,
  closest: (s: string, set: Iterable<string>) => string | null,
): string | null {
  const keys = [...table.byRoute.keys()];
  const slash0 = missing.lastIndexOf("/");
  const dir = slash0 === -1 ? "" : missing.slice(0, slash0);
  const last = missing.slice(slash0 + 1);
  // A close name in the same folder (a typo, a renamed page), else the same name elsewhere (a moved page).
  const siblings = new Map(
    keys.filter((k) => k !== "" && (k.lastIndexOf("/") === -1 ? "" : k.slice(0, k.lastIndexOf("/"))) === dir).map((k) => [k.slice(k.lastIndexOf("/") + 1), k]),
  );
  const near = closest(last, siblings.keys());
  // Not into another language's tree: `fr/configuration` is the translation of a missing `configuration`, not where it went.
  const from = table.routesOf.get(doc.file)?.[0] ?? "";
  const translations = translationFolders(table);
  const foreign = (k: string) => {
    const first = k.split("/")[0]!;
    return translations.has(first) && from.split("/")[0] !== first;
  };
  const moved = keys.filter((k) => k.split("/").pop() === last && last !== "" && !foreign(k)).sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
  const hit = near !== null ? siblings.get(near)! : moved[0];
  if (hit === undefined) return null;
  const ext = /\.html?$/i.exec(written)?.[0] ?? /\.mdx?$/i.exec(written)?.[0] ?? "";
  const slash = written.endsWith("/") && hit !== "" ? "/" : "";
  let out: string;
  if (written.startsWith("/")) {
    const base = baseOf(table.site, written);
    out = `${base}${hit}`;
  } else {
    const fromDir = posix.dirname(`/${from}`);
    out = posix.relative(fromDir, `/${hit}`) || ".";
    if (written.startsWith("./") && !out.startsWith(".")) out = `./${out}`;
  }
  if (ext && hit !== "") return `${out}${ext}`;
  return out === "/" ? out : `${out}${slash}`;
}

/**
 * The top folders of a site's routes that are another language's tree: at least three routes under it, and most of
 * them (the rest of the route after the folder) routes outside it too — pages mirrored at the same paths (`fr/`, `zh/`).
 */
function translationFolders(table: RouteTable): ReadonlySet<string> {
  let out = translationsOf.get(table);
  if (out) return out;
  const under = new Map<string, { all: number; mirrored: number }>();
  for (const k of table.byRoute.keys()) {
    const slash = k.indexOf("/");
    if (slash <= 0) continue;
    const c = under.get(k.slice(0, slash)) ?? { all: 0, mirrored: 0 };
    c.all++;
    if (table.byRoute.has(k.slice(slash + 1))) c.mirrored++;
    under.set(k.slice(0, slash), c);
  }
  out = new Set([...under].filter(([, c]) => c.all >= 3 && c.mirrored * 2 > c.all).map(([f]) => f));
  translationsOf.set(table, out);
  return out;
}
const translationsOf = weakMemo<RouteTable, ReadonlySet<string>>("model/site-links#translationsOf");

function baseOf(site: Site, written: string): string {
  return site.base !== "/" && written.startsWith(site.base) ? site.base : "/";
}
