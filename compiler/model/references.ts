/**
 * Reference resolution: links, images, definitions, `§` section references
 * and backticked paths resolved against the files on disk and the documents
 * in scope. Pure functions over the model: an index (path → doc, slug sets,
 * folders) is built once per model and shared by the reference rules and
 * `docpact inspect references`.
 */
import { resolvePath } from "../util/paths.js";
import { unlistedFolders } from "../util/ignored.js";
import { posix } from "node:path";
import { normalizeHeading } from "../util/headings.js";
import type { IgnoreRule, ModelData, Heading, MarkdownDoc, MdLink, SectionRef, Site } from "./types.js";
import { closest } from "../util/edit-distance.js";
import { routers } from "./routes/index.js";
import { under } from "./routes/types.js";
import { customId, githubSlug, headingIds } from "./routes/slugs.js";
import {
  buildRouteTable,
  defaultTwin,
  fallbackUnknown,
  gitignoredReason,
  resolveSiteRoute,
  routesUnknown,
  siteOf,
  translationOrphan,
  type RouteTable,
} from "./site-links.js";
import { weakMemo } from "../util/memo.js";

export interface ReferenceIndex {
  /** Every file on disk (root-relative, `/`). */
  files: Set<string>;
  /** Every folder that holds at least one file (root-relative, no trailing `/`; `""` is the root). */
  dirs: Set<string>;
  /** Documents in scope by path. */
  docs: Map<string, MarkdownDoc>;
  /** Folder prefixes docpact never lists (`node_modules`, `.git`, the generate outDir): existence there is unknown. */
  unlisted: string[];
  /** The repository's `.gitignore` rules over the files GitHub renders (ModelData.gitignored). */
  gitignored: readonly IgnoreRule[];
  /** Anchors of one document: heading ids (by its site generator's rules) and explicit `<a id/name>` ids, lowercased. */
  anchorsOf(doc: MarkdownDoc): Set<string>;
  /** The documentation site that renders `file`; null when GitHub renders it. */
  siteOf(file: string): Site | null;
  /** Whether a site page pulls in content at build time (snippets, includes), so its headings are not all known. */
  includesContent(doc: MarkdownDoc): boolean;
  /**
   * The documents a site page pulls in by MDX imports alone (`import Part from "./_part.mdx"`), those
   * documents' own imports included: null when the page pulls in content some other way, or an
   * import is not a document in scope whose ids are known.
   */
  importedFragments(doc: MarkdownDoc): MarkdownDoc[] | null;
  /** Why some ids of a site page are not known (a heading text its slug rule is not known for, components that make ids), or null. */
  idsUnmodelled(doc: MarkdownDoc): string | null;
  /** The route table of a site, built on first use. */
  routes(site: Site): RouteTable;
  /** Extensions (`.md`, `.ts`, …) of the files directly in a folder. */
  extensionsIn(dir: string): Set<string>;
  /** Whether some file's path ends with `/suffix` (or is `suffix`). */
  hasSuffix(suffix: string): boolean;
  /** Lookup tables for suggesting the file a broken link meant, built on first use. */
  suggestions(): PathSuggestions;
}

/** Every file, three ways, for suggesting what a broken link meant. */
export interface PathSuggestions {
  /** Lowercased path → the first file (sorted) with it. */
  byLower: Map<string, string>;
  /** File name → files with that name, sorted. */
  byName: Map<string, string[]>;
  /** Folder (`.` for the root) → names of the files directly in it. */
  byDir: Map<string, string[]>;
}

/** Built once per index, on the first broken link: a scan of every file per link is quadratic. */
function pathSuggestions(files: Iterable<string>): PathSuggestions {
  const t: PathSuggestions = { byLower: new Map(), byName: new Map(), byDir: new Map() };
  for (const f of [...files].sort()) {
    const lower = f.toLowerCase();
    if (!t.byLower.has(lower)) t.byLower.set(lower, f);
    const name = posix.basename(f);
    const dir = posix.dirname(f);
    (t.byName.get(name) ?? t.byName.set(name, []).get(name)!).push(f);
    (t.byDir.get(dir) ?? t.byDir.set(dir, []).get(dir)!).push(name);
  }
  return t;
}

/** The model's reference index (built by the link stage; built here only for a model that has none). */
export function referenceIndex(model: ModelData & { index?: { references: ReferenceIndex } }): ReferenceIndex {
  return model.index?.references ?? buildReferenceIndex(model);
}

/** The files and folders of a file list, once per list (a watch re-check whose edit added or removed no file walks to the same array). */
const pathSetsOf = weakMemo<readonly string[], { files: Set<string>; dirs: Set<string> }>("model/references#pathSetsOf");
function pathSets(list: readonly string[]): { files: Set<string>; dirs: Set<string> } {
  let hit = pathSetsOf.get(list);
  if (hit) return hit;
  const files = new Set(list);
  const dirs = new Set<string>([""]);
  for (const f of list) {
    for (let i = f.lastIndexOf("/"); i > 0; i = f.lastIndexOf("/", i - 1)) {
      const d = f.slice(0, i);
      if (dirs.has(d)) break;
      dirs.add(d);
    }
  }
  hit = { files, dirs };
  pathSetsOf.set(list, hit);
  return hit;
}

export function buildReferenceIndex(model: ModelData): ReferenceIndex {
  const { files, dirs } = pathSets(model.files);
  const docs = new Map(model.docs.map((d) => [d.file, d]));
  const unlisted = unlistedFolders(model.config.generate?.outDir ?? null);
  const anchorCache = new Map<string, Set<string>>();
  const fragmentCache = new Map<string, MarkdownDoc[] | null>();
  const tables = new Map<Site, RouteTable>();
  const siteCache = new Map<string, Site | null>();
  const sites = model.sites ?? [];
  let exts: Map<string, Set<string>> | null = null;
  let suggest: PathSuggestions | null = null;
  return {
    files,
    suggestions() {
      return (suggest ??= pathSuggestions(files));
    },
    dirs,
    docs,
    unlisted,
    gitignored: model.gitignored ?? [],
    extensionsIn(dir) {
      if (!exts) {
        exts = new Map();
        for (const f of model.files) {
          const d = posix.dirname(f);
          const key = d === "." ? "" : d;
          let set = exts.get(key);
          if (!set) exts.set(key, (set = new Set()));
          set.add(extensionOf(f));
        }
      }
      return exts.get(dir) ?? new Set();
    },
    hasSuffix(suffix) {
      if (files.has(suffix)) return true;
      const tail = `/${suffix}`;
      for (const f of model.files) if (f.endsWith(tail)) return true;
      return false;
    },
    siteOf(file) {
      let s = siteCache.get(file);
      if (s === undefined) siteCache.set(file, (s = siteOf(sites, file)));
      return s;
    },
    includesContent(doc) {
      const site = this.siteOf(doc.file);
      const re = site ? routers[site.generator].includes : undefined;
      return re !== undefined && re.test(model.texts.get(doc.file) ?? "");
    },
    importedFragments(doc) {
      let parts = fragmentCache.get(doc.file);
      if (parts === undefined) fragmentCache.set(doc.file, (parts = importedFragments(this, doc, (d) => model.texts.get(d.file) ?? "")));
      return parts;
    },
    idsUnmodelled(doc) {
      const site = this.siteOf(doc.file);
      if (!site) return null;
      const router = routers[site.generator];
      const known = router.style.known;
      const odd = known ? doc.headings.find((h) => !(router.style.customIds && customId(h.idText ?? h.text)) && !known(h.idText ?? h.text)) : undefined;
      if (odd) return `${doc.file}: ${router.name}'s heading ids are not modelled for text like "${odd.text.slice(0, 40)}"`;
      if (router.idComponents?.test(model.texts.get(doc.file) ?? "")) return `${doc.file} has components that make ids (${router.name})`;
      return null;
    },
    routes(site) {
      let t = tables.get(site);
      if (!t) tables.set(site, (t = buildRouteTable(site, model.files, docs)));
      return t;
    },
    anchorsOf(doc) {
      let s = anchorCache.get(doc.file);
      if (!s) {
        // Fragments are judged against what build writes (a heading a region creates exists).
        const written = model.planned?.get(doc.file) ?? doc;
        const site = this.siteOf(doc.file);
        const router = site ? routers[site.generator] : null;
        // The heading's source line, where the style slugs the source and the page is as it is on disk.
        const lines = router?.style.source && written === doc ? model.texts.get(doc.file)?.split("\n") : undefined;
        const ids = router
          ? headingIds(
              written.headings.map((h) => (lines ? atxSource(lines, h.span.line) : null) ?? h.idText ?? h.text),
              router.style,
            )
          : written.headings.flatMap((h) => (h.slugAlt === undefined ? [h.slug] : [h.slug, h.slugAlt]));
        s = new Set([...ids.map((id) => id.toLowerCase()), ...written.anchors.map((a) => a.id.toLowerCase())]);
        if (router?.attrIds) for (const m of (model.texts.get(doc.file) ?? "").matchAll(ATTR_ID)) s.add(m[1].toLowerCase());
        for (const id of [...(router?.layoutIds ?? []), ...(site?.layoutIds ?? []), ...(site?.pageIds?.[doc.file] ?? [])]) s.add(id.toLowerCase());
        anchorCache.set(doc.file, s);
      }
      return s;
    },
  };
}

// ───────────────────────────── paths ─────────────────────────────

/** The inline source of an ATX heading on `line` (1-based): `## [a](b) #` → `[a](b)`; null for any other line (setext, inside a container). */
function atxSource(lines: readonly string[], line: number): string | null {
  const m = /^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*\r?$/.exec(lines[line - 1] ?? "");
  return m ? (m[1] ?? "") : null;
}

/** `{ #id }` / `{#id .cls}` attribute lists anywhere in a page; kramdown's open with a colon (`{: #id}`, `{:.cls #id}`). */
const ATTR_ID = /\{:?\s*(?:[.:][^\s}]+\s+)*#([\w-]+)[^}\n]*\}/g;

/** `.md` for `a/b.md`, `.json` for `x.schema.json`; `""` when there is none. */
export function extensionOf(path: string): string {
  const base = posix.basename(path);
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot) : "";
}

/** `scheme:` (http:, mailto:, data:, …) or protocol-relative `//host`. */
export function isExternal(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith("//");
}

export { resolvePath };

/** Whether `path` (root-relative) is a file or a folder docpact knows; "unknown" inside never-listed or dot folders. */
export function pathStatus(index: ReferenceIndex, path: string): "exists" | "missing" | "unknown" {
  if (index.files.has(path) || index.dirs.has(path)) return "exists";
  // discover lists neither dot files nor the never-read folders, so their absence proves nothing.
  if (path.split("/").some((seg) => seg.startsWith(".") && seg !== "." && seg !== "..")) return "unknown";
  if (index.unlisted.some((u) => path === u || path.startsWith(`${u}/`))) return "unknown";
  return "missing";
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

// ───────────────────────────── links ─────────────────────────────

export type LinkStatus =
  /** `scheme:` or `//host`: never fetched. */
  | "external"
  /** Not checkable: empty, templated (`{{x}}`, `<x>`), or inside a folder docpact does not list. */
  | "skipped"
  | "ok"
  | "missing"
  | "outside-root"
  /** A site route docpact cannot resolve with certainty (see `reason`). */
  | "not-judged";

export type AnchorStatus = "found" | "missing" | "unchecked" | "not-judged";

export interface LinkResolution {
  status: LinkStatus;
  /** Path part as written and decoded (`""` for `#x`). */
  target: string;
  /** Root-relative resolved path (the document itself for `#x`); null when external, skipped or outside the root. */
  path: string | null;
  /** Decoded fragment without `#`, or null. */
  fragment: string | null;
  /** Fragment check: null when there is no fragment to check. */
  anchor: AnchorStatus | null;
  /** For a site route that is missing: its route key (`guide/features`). */
  route?: string;
  /** Why the link or its anchor is not judged. */
  reason?: string;
}

const PLACEHOLDER_URL = /[{}<>]|\$\{|%7B|%7D/i;
/** Why a link is skipped (`status: "skipped"`): counted as not judged in summary.coverage. */
const SKIP_EMPTY = "an empty link target";
const SKIP_TEMPLATE = "a template or placeholder target ({{x}}, <x>, ${x})";
const SKIP_UNLISTED = "inside a folder docpact does not list (dot folders, node_modules, the output folder)";
const SKIP_FOLDER = "a folder link that finds no file (a folder holding only dot files looks empty)";
/** `#/1/1`: no heading id starts with a slash; a script on the page reads it (reveal.js slides, a hash router). */
const HASH_ROUTE = "a hash route (`#/…`) read by a script on the page (reveal.js slides, a single-page router), not a heading id";
/** Fragments that never name a heading: GitHub line ranges and the HTML top-of-page fragment. */
const NON_HEADING_FRAGMENT = /^(?:L\d+(?:C\d+)?(?:-L\d+(?:C\d+)?)?|top)$/i;

/**
 * A target that stands for a URL rather than naming one: the word itself (`[text](url)` in a style guide), an
 * upper-case placeholder a script fills (`ENGLISH_VERSION_URL`), or a variable named for a URL
 * (`![preview](thumbnail_url)`, `imageUrl` in an agent's output template). Only a missing target is read so.
 */
const PLACEHOLDER_WORD =
  /^(?:url|uri|link|href|URL|URI|LINK|HREF|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[a-z][a-z0-9]*(?:_[a-z0-9]+)*_(?:url|uri|link|href)|[a-z][a-z0-9]*(?:Url|Uri|URL|URI|Link|Href))$/;
const SKIP_PLACEHOLDER_WORD = "a word standing for a URL (`url`, `ENGLISH_VERSION_URL`, `thumbnail_url`), not a file or route";

export function resolveLink(
  index: ReferenceIndex,
  doc: MarkdownDoc,
  url: string,
  template?: MdLink["template"],
  link: { kind: MdLink["kind"]; html?: true } = { kind: "link" },
): LinkResolution {
  const r = resolveLinkTarget(index, doc, url, template, link);
  if (r.status === "missing" && PLACEHOLDER_WORD.test(r.target))
    return { status: "skipped", target: r.target, path: null, fragment: r.fragment, anchor: null, reason: SKIP_PLACEHOLDER_WORD };
  return r;
}

function resolveLinkTarget(
  index: ReferenceIndex,
  doc: MarkdownDoc,
  url: string,
  template: MdLink["template"] | undefined,
  link: { kind: MdLink["kind"]; html?: true },
): LinkResolution {
  let raw = url.trim();
  const none = (status: LinkStatus, reason?: string): LinkResolution => ({
    status,
    target: raw,
    path: null,
    fragment: null,
    anchor: null,
    ...(reason ? { reason } : {}),
  });
  if (!raw) return none("skipped", SKIP_EMPTY);
  if (isExternal(raw)) return none("external");
  if (PLACEHOLDER_URL.test(raw)) return none("skipped", SKIP_TEMPLATE);
  // The generator's own link syntax (Docsify's `page?id=x`, `#/page`), as a plain URL.
  const own = template === undefined ? index.siteOf(doc.file) : null;
  const rewrite = own ? routers[own.generator].linkUrl : undefined;
  if (own && rewrite) {
    const u = rewrite(own, doc, raw, link);
    if (typeof u !== "string") return none("not-judged", u.notJudged);
    raw = u;
  }
  const hash = raw.indexOf("#");
  const rawPath = (hash === -1 ? raw : raw.slice(0, hash)).replace(/\?.*$/, "");
  const fragment = hash === -1 ? null : safeDecode(raw.slice(hash + 1));
  const target = safeDecode(rawPath);
  const site = index.siteOf(doc.file);
  if (template !== undefined) return resolveTemplate(index, site, doc, template, target, fragment);
  if (!target) {
    // `#x`: the document itself.
    return withAnchor(index, { status: "ok", target: "", path: doc.file, fragment, anchor: null });
  }
  if (site) return resolveInSite(index, site, doc, target, fragment);
  const notJudged = (reason: string): LinkResolution => ({ status: "not-judged", target, path: null, fragment, anchor: null, reason });
  const path = target.startsWith("/") ? rootedPath(index, doc.file, target) : resolvePath(doc.file, target);
  if (path === null) {
    const page = githubRepoPage(doc.file, target);
    if (page !== null) return notJudged(`climbs out of the file view (blob/<ref>/) into GitHub's ${page} page of the repository`);
    return { status: "outside-root", target, path: null, fragment, anchor: null };
  }
  const st = pathStatus(index, path);
  if (st === "unknown") return { status: "skipped", target, path, fragment, anchor: null, reason: SKIP_UNLISTED };
  // Folders are known only through the files listed in them, and dot files (`inbox/.gitkeep`) are
  // not listed: a folder link that finds nothing proves nothing.
  if (st === "missing" && target.endsWith("/")) return { status: "skipped", target, path, fragment, anchor: null, reason: SKIP_FOLDER };
  if (st === "missing") {
    // A path the repository ignores (build output, coverage): GitHub's checkout cannot show it either way.
    const why = gitignoredReason(index.gitignored, path);
    if (why) return notJudged(why);
    const page = target.startsWith("/") ? routeOfAncestor(index, doc.file, target) : null;
    if (page) return notJudged(`a route of ${page} (served from a folder above the document): the page of a site whose generator config docpact does not see`);
    return { status: "missing", target, path, fragment, anchor: null };
  }
  const targetDoc = index.docs.get(path);
  if (targetDoc && fragment?.startsWith("/")) return { status: "ok", target, path, fragment, anchor: "not-judged", reason: HASH_ROUTE };
  // A Markdown file on disk that is not in scope: its headings are unknown, so its anchors are not judged.
  const anchor = targetDoc ? anchorStatus(index, targetDoc, fragment) : fragment ? "unchecked" : null;
  return { status: "ok", target, path, fragment, anchor };
}

/**
 * A `/`-rooted target. Its root is the repository's on GitHub, but knowledge
 * bases and sites publish a sub-folder with its own root: the first folder,
 * from the document's upwards, under which the target exists wins; when none
 * has it, the repository root is reported.
 */
function rootedPath(index: ReferenceIndex, fromFile: string, target: string): string {
  const rel = target.replace(/^\/+/, "");
  const clean = resolvePath("x", rel) ?? rel;
  for (let dir = posix.dirname(fromFile); dir !== "." && dir !== ""; dir = posix.dirname(dir)) {
    const p = resolvePath(`${dir}/x`, rel);
    if (p !== null && pathStatus(index, p) === "exists") return p;
  }
  return clean;
}

/** Source extensions of a page a site route names (`/guide/x` → `guide/x.md`, `guide/x/index.mdx`). */
const ROUTE_SOURCES = [".md", ".mdx", "/index.md", "/index.mdx", "/README.md"];

/**
 * The page file an extensionless (or `.html`) `/`-rooted target names under a folder above the document, when
 * exactly such a file exists there (`/guide/start` from `template/docs/guide/a.md` → `template/docs/guide/start.md`):
 * the document is then a site's page, written for routes, though no site generator config marks the folder.
 */
function routeOfAncestor(index: ReferenceIndex, fromFile: string, target: string): string | null {
  const rel = target
    .replace(/^\/+/, "")
    .replace(/\/$/, "")
    .replace(/\.html$/, "");
  // A dot in the last segment may be the route's own (`/guide/migration/rspack_1.x`): only an existing page source counts.
  if (rel === "") return null;
  for (let dir = posix.dirname(fromFile); dir !== "." && dir !== ""; dir = posix.dirname(dir))
    for (const ext of ROUTE_SOURCES) {
      const p = resolvePath(`${dir}/x`, rel + ext);
      if (p !== null && index.files.has(p)) return p;
    }
  return null;
}

/** Template languages a page may be written in besides Markdown (Eleventy's and the generators' page files). */
const TEMPLATE_EXTS = [
  ".njk",
  ".liquid",
  ".html",
  ".11ty.js",
  ".11ty.cjs",
  ".11ty.mjs",
  ".hbs",
  ".pug",
  ".ejs",
  ".webc",
  ".mdx",
  ".vue",
  ".astro",
  ".jsx",
  ".tsx",
];

/** A file with the name of the missing Markdown `path` in another template language (`cli.md` → `cli.11ty.js`). */
function otherTemplate(files: ReadonlySet<string>, path: string): string | null {
  const stem = path.replace(/\.(?:md|markdown)$/i, "");
  if (stem === path) return null;
  return TEMPLATE_EXTS.map((e) => stem + e).find((f) => files.has(f)) ?? null;
}

/** A link from a page of a documentation site: the file it names, else the route it names. */
function resolveInSite(index: ReferenceIndex, site: Site, doc: MarkdownDoc, target: string, fragment: string | null): LinkResolution {
  const ok = (path: string): LinkResolution => withAnchor(index, { status: "ok", target, path, fragment, anchor: null });
  // An include or layout (Eleventy's `_includes`) is rendered into the pages that pull it in: a relative link there
  // resolves from each of them, not from the include's own folder.
  const include = target.startsWith("/") ? undefined : site.nonPageDirs?.find((d) => d !== "" && under(d, doc.file) !== null);
  if (include !== undefined) {
    const reason = `${doc.file} is in ${include}/, which the ${site.generator} site renders into its pages: a relative link resolves from each page that includes it`;
    return { status: "not-judged", target, path: null, fragment, anchor: null, reason };
  }
  // Docusaurus's `@site/…`: a file path from the site's folder.
  const path = target.startsWith("@site/")
    ? resolvePath(`${site.root ? `${site.root}/` : ""}x`, target.slice(6))
    : target.startsWith("/")
      ? null
      : resolvePath(doc.file, target);
  // Relative `.md` links name files (generators rewrite them so), but where the generator serves them as URLs
  // (Mintlify) they are routes; `/x.md` is a route written with its source extension.
  const mdIsFile = routers[site.generator].mdLinksAreRoutes !== true;
  const fileLink = (mdIsFile && !target.startsWith("/") && /\.mdx?$/i.test(target)) || target.startsWith("@site/");
  // A relative URL that climbs above the folder may still be a route from a deep page URL (`../../docs/x` from a dated blog post).
  if (path === null && (fileLink || !index.routes(site).routesOf.has(doc.file)) && !target.startsWith("/")) {
    if (fileLink) return { status: "outside-root", target, path: null, fragment, anchor: null };
    return {
      status: "not-judged",
      target,
      path: null,
      fragment,
      anchor: null,
      reason: routesUnknown(site) ?? `${doc.file} is not a page whose route docpact knows`,
    };
  }
  if (path !== null && index.files.has(path)) {
    const orphan = translationOrphan(site, path, index.files);
    return orphan === null ? ok(path) : { status: "not-judged", target, path: null, fragment, anchor: null, reason: orphan };
  }
  // From a translation's page, a file the translation lacks is the default language's (the build lays the translation over it).
  const twin = path !== null && index.siteOf(path) === site ? defaultTwin(site, path) : null;
  if (twin !== null && index.files.has(twin)) {
    const why = fallbackUnknown(site, path!);
    return why === null ? ok(twin) : { status: "not-judged", target, path: null, fragment, anchor: null, reason: why };
  }
  const st = path === null ? "missing" : pathStatus(index, path);
  if (st === "unknown") return { status: "skipped", target, path, fragment, anchor: null, reason: SKIP_UNLISTED };
  // A path the repository ignores (a folder the build generates): the checkout cannot show it.
  const ignored = () => (path !== null && st === "missing" ? gitignoredReason(site.gitignored, path) : null);
  if (!fileLink) {
    const r = resolveSiteRoute(index.routes(site), index, doc, target);
    if (r.status === "ok") return ok(r.path);
    if (path !== null && st === "exists") return ok(path);
    if (r.status === "not-judged") return { status: "not-judged", target, path: null, fragment, anchor: null, reason: r.reason };
    const why = ignored();
    if (why) return { status: "not-judged", target, path: null, fragment, anchor: null, reason: why };
    return { status: "missing", target, path: null, fragment, anchor: null, route: r.route };
  }
  // `.md` links are resolved by file (as every generator does); rewritten pages move them.
  if (site.rewrites && Object.keys(site.rewrites).length > 0)
    return { status: "not-judged", target, path, fragment, anchor: null, reason: "VitePress rewrites move pages" };
  if (site.linksRewritten) return { status: "not-judged", target, path, fragment, anchor: null, reason: site.linksRewritten };
  const template = site.linksTransformed && path !== null ? otherTemplate(index.files, path) : null;
  if (template !== null)
    return { status: "not-judged", target, path, fragment, anchor: null, reason: `${site.linksTransformed}; ${template} builds that page` };
  const why = ignored();
  if (why) return { status: "not-judged", target, path: null, fragment, anchor: null, reason: why };
  return { status: "missing", target, path, fragment, anchor: null };
}

/**
 * A link written with a generator's template (Jekyll's Liquid, Hugo's `ref` shortcode): what it names is
 * the site generator's call (its descriptor's `templateLink`); anywhere else the template's meaning is not known.
 */
function resolveTemplate(
  index: ReferenceIndex,
  site: Site | null,
  doc: MarkdownDoc,
  template: NonNullable<MdLink["template"]>,
  target: string,
  fragment: string | null,
): LinkResolution {
  const router = site ? routers[site.generator] : null;
  if (!site || !router?.templateLink || !router.templates?.includes(template)) {
    const owners = Object.values(routers).flatMap((d) => (d.templates?.includes(template) ? [d.name] : []));
    const reason = `a \`${template}\` template link outside a ${owners.join(" or ")} site`;
    return { status: "not-judged", target, path: null, fragment, anchor: null, reason };
  }
  const t = router.templateLink(site, doc, template, target, index.files);
  if ("notJudged" in t) return { status: "not-judged", target, path: null, fragment, anchor: null, reason: t.notJudged };
  if ("route" in t) return resolveInSite(index, site, doc, t.route, fragment);
  for (const path of t.files) {
    if (path === ".." || path.startsWith("../")) return { status: "outside-root", target, path: null, fragment, anchor: null };
    const st = pathStatus(index, path);
    if (st === "unknown") return { status: "skipped", target, path, fragment, anchor: null, reason: SKIP_UNLISTED };
    if (st === "exists") return withAnchor(index, { status: "ok", target, path, fragment, anchor: null });
  }
  return { status: "missing", target, path: t.files[0] ?? null, fragment, anchor: null };
}

/** The pages GitHub serves beside a repository's files (`/<owner>/<repo>/<page>`). */
const GITHUB_REPO_PAGES = new Set([
  "issues",
  "pulls",
  "pull",
  "wiki",
  "graphs",
  "releases",
  "actions",
  "discussions",
  "security",
  "network",
  "tags",
  "branches",
  "compare",
  "commits",
  "commit",
  "tree",
  "blob",
  "raw",
  "projects",
  "milestones",
  "labels",
  "pulse",
  "stargazers",
  "watchers",
  "forks",
  "contributors",
  "community",
]);

/**
 * On GitHub a file is shown at `/<owner>/<repo>/blob/<ref>/<path>`, so a relative link that
 * climbs exactly two folders above the root (`../../graphs/contributors` from the README) lands
 * on one of the repository's own pages: docpact does not know those, so such a link is not judged.
 */
function githubRepoPage(fromFile: string, target: string): string | null {
  const p = posix.normalize(posix.join(posix.dirname(fromFile), target));
  const m = /^\.\.\/\.\.\/([^/]+)/.exec(p);
  return m && !p.startsWith("../../../") && GITHUB_REPO_PAGES.has(m[1]) ? m[1] : null;
}

/** Sets the anchor status of a resolved link from its target document. */
function withAnchor(index: ReferenceIndex, r: LinkResolution): LinkResolution {
  if (r.fragment === null || r.fragment === "" || r.path === null) return r;
  const targetDoc = index.docs.get(r.path);
  // A file on disk that is not a document in scope: its headings are unknown, so its anchors are not judged.
  if (!targetDoc) return { ...r, anchor: "unchecked" };
  if (r.fragment.startsWith("/")) return { ...r, anchor: "not-judged", reason: HASH_ROUTE };
  const site = index.siteOf(targetDoc.file);
  if (site?.slugsUnknown) return { ...r, anchor: NON_HEADING_FRAGMENT.test(r.fragment) ? "unchecked" : "not-judged", reason: site.slugsUnknown };
  const anchor = anchorStatus(index, targetDoc, r.fragment);
  // A page that pulls in content at build time may have the heading from there: judged only where
  // that content is MDX fragments docpact read (their headings are the page's too).
  if (anchor === "missing" && site && index.includesContent(targetDoc)) {
    const parts = index.importedFragments(targetDoc);
    const includes = `${targetDoc.file} includes content at build time`;
    if (parts === null) return { ...r, anchor: "not-judged", reason: includes };
    const fragment = r.fragment.toLowerCase();
    if (parts.some((p) => index.anchorsOf(p).has(fragment))) return { ...r, anchor: "found" };
    // Repeats are numbered over the rendered page, fragments in place: `-N` depends on an order not modelled.
    if (/-\d+$/.test(fragment)) return { ...r, anchor: "not-judged", reason: `${includes} (a numbered id depends on where the fragments render)` };
    const unmodelledPart = parts.map((p) => index.idsUnmodelled(p)).find((x) => x !== null);
    if (unmodelledPart) return { ...r, anchor: "not-judged", reason: unmodelledPart };
  }
  if (anchor === "missing" && site?.layoutAnchors) return { ...r, anchor: "not-judged", reason: site.layoutAnchors };
  const unmodelled = anchor === "missing" ? index.idsUnmodelled(targetDoc) : null;
  if (unmodelled) return { ...r, anchor: "not-judged", reason: unmodelled };
  return { ...r, anchor };
}

/** `import X from "./part.mdx"` at the start of a line, as MDX pages pull in fragments. */
const MDX_IMPORT = /^import\s[^\n]*?from\s*["']([^"']+\.mdx?)["'][ \t;]*$/gm;

function importedFragments(index: ReferenceIndex, page: MarkdownDoc, textOf: (doc: MarkdownDoc) => string): MarkdownDoc[] | null {
  const out: MarkdownDoc[] = [];
  const seen = new Set([page.file]);
  const visit = (doc: MarkdownDoc): boolean => {
    const text = textOf(doc);
    const site = index.siteOf(doc.file);
    const includes = site ? routers[site.generator].includes : undefined;
    // Content pulled in some other way (a snippet syntax of the generator) leaves the page's ids unknown.
    if (includes?.test(text.replace(MDX_IMPORT, ""))) return false;
    for (const m of text.matchAll(MDX_IMPORT)) {
      // Only paths relative to the page: aliases (`@site/…`) are the bundler's to resolve.
      if (!m[1].startsWith("./") && !m[1].startsWith("../")) return false;
      const file = posix.normalize(posix.join(posix.dirname(doc.file), m[1]));
      if (seen.has(file)) continue;
      seen.add(file);
      const part = index.docs.get(file);
      if (!part) return false;
      out.push(part);
      if (!visit(part)) return false;
    }
    return true;
  };
  return visit(page) ? out : null;
}

function anchorStatus(index: ReferenceIndex, doc: MarkdownDoc, fragment: string | null): AnchorStatus | null {
  if (fragment === null || fragment === "") return null;
  if (NON_HEADING_FRAGMENT.test(fragment)) return "unchecked";
  // Case-insensitive: GitHub's slugs are lowercase and its anchor script matches either case.
  return index.anchorsOf(doc).has(fragment.toLowerCase()) ? "found" : "missing";
}

/**
 * The id a heading written as Markdown (`## Retry \`policy\``, from a diff
 * line, not parsed) gets in `doc`: its plain text slugged as the document's
 * site generator, or GitHub, slugs it. Repeats are not numbered.
 */
export function markdownHeadingId(index: ReferenceIndex, doc: MarkdownDoc, markdown: string): string {
  const plain = markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/(\*\*|__|\*|\b_)(\S(?:.*?\S)?)\1/g, "$2")
    .trim();
  const site = index.siteOf(doc.file);
  const router = site ? routers[site.generator] : null;
  // GitHub and site generators slug the text without inline HTML (as the reader's `idText`).
  const bare = plain
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (router) return headingIds([bare], router.style)[0].toLowerCase();
  return githubSlug(bare);
}

/** The closest anchor of `doc` to `fragment`, for suggestions. */
export function closestAnchor(index: ReferenceIndex, doc: MarkdownDoc, fragment: string): string | null {
  return closest(fragment.toLowerCase(), index.anchorsOf(doc), 0.4);
}

// ───────────────────────────── sections ─────────────────────────────

/** Separators that may follow a section name at the start of a longer heading. */
const SEPARATORS = [" — ", " – ", " - ", ": ", " ("];

export { normalizeHeading };

/** Whether `heading` is the section called `name`: equal, or `name` plus a separator and more. */
export function headingMatches(heading: string, name: string): boolean {
  const n = normalizeHeading(name);
  return n !== "" && normalizedMatch(normalizeHeading(heading), n);
}

/** headingMatches on normalized forms (`n` not empty). */
function normalizedMatch(h: string, n: string): boolean {
  if (h === n || h === `${n}:`) return true;
  return h.startsWith(n) && SEPARATORS.some((sep) => h.startsWith(sep, n.length));
}

/**
 * Every name a section reference may call a heading by (normalized): the whole heading, and each
 * part before a separator (`Retry policy (v2)` is also `retry policy`), as headingMatches accepts.
 */
export function sectionNamesOf(heading: string): string[] {
  const h = normalizeHeading(heading);
  const out = new Set<string>(h ? [h] : []);
  if (h.endsWith(":")) out.add(h.slice(0, -1));
  for (const sep of SEPARATORS) {
    for (let i = h.indexOf(sep); i > 0; i = h.indexOf(sep, i + 1)) out.add(h.slice(0, i));
  }
  return [...out].filter((n) => n !== "");
}

/** Each document's headings, normalized once (a document many sections point at was normalized per reference and heading). */
const normalizedHeadings = weakMemo<readonly Heading[], string[]>("model/references#normalizedHeadings");

export function findSection(headings: readonly Heading[], name: string): Heading | null {
  const n = normalizeHeading(name);
  if (!n) return null;
  let norms = normalizedHeadings.get(headings);
  if (!norms) normalizedHeadings.set(headings, (norms = headings.map((h) => normalizeHeading(h.text))));
  const i = norms.findIndex((h) => normalizedMatch(h, n));
  return i === -1 ? null : headings[i];
}

/** The heading text closest to `name` (by edit distance on the normalized forms). */
export function closestHeading(headings: readonly Heading[], name: string): string | null {
  const byNorm = new Map<string, string>();
  for (const h of headings) if (!byNorm.has(normalizeHeading(h.text))) byNorm.set(normalizeHeading(h.text), h.text);
  const n = normalizeHeading(name);
  const hit = closest(n, byNorm.keys(), 0.4);
  return hit === null ? null : (byNorm.get(hit) ?? null);
}

export type SectionStatus = "found" | "missing" | "unchecked" | "no-document";

export interface SectionResolution {
  /** Root-relative target path; null when it leaves the root or is not checkable. */
  path: string | null;
  status: SectionStatus;
  heading: Heading | null;
}

export function resolveSection(index: ReferenceIndex, doc: MarkdownDoc, ref: SectionRef): SectionResolution {
  const target = safeDecode(ref.target.replace(/#.*$/, ""));
  if (isExternal(target)) return { path: null, status: "unchecked", heading: null };
  const path = resolvePath(doc.file, target);
  if (path === null) return { path: null, status: "no-document", heading: null };
  const targetDoc = index.docs.get(path);
  if (!targetDoc) {
    // Missing files belong to broken-link / missing-path; on-disk documents out of scope are not judged.
    return { path, status: pathStatus(index, path) === "missing" ? "no-document" : "unchecked", heading: null };
  }
  const heading = findSection(targetDoc.headings, ref.section);
  return { path, status: heading ? "found" : "missing", heading };
}

// ───────────────────────────── backticked paths ─────────────────────────────

/** Extensions of documents and sources that backticked paths are checked for. */
const PATH_EXT =
  /\.(?:md|mdx|markdown|json|jsonc|json5|ts|tsx|mts|cts|js|jsx|mjs|cjs|yaml|yml|toml|sh|bash|zsh|py|rb|go|rs|java|kt|swift|c|h|cpp|hpp|cs|php|sql|graphql|html|css|scss)$/;

/** Characters and forms that mark a template, glob or example rather than a real path. */
const PLACEHOLDER = /[<>{}*?[\]|$%=,;()'"\\!…~^`]|\.\.\.|([A-Z])\1\1|(?:^|[^A-Za-z])(?:YYYY|MM|DD|XX?)(?:[^A-Za-z]|$)/;

/**
 * The relative path a backticked token names, or null when it is not one:
 * tokens with whitespace (invocations, prose), URLs, absolute or home paths,
 * package specifiers, placeholders and globs are not paths to check. A
 * `:line[:col]` or `#fragment` suffix is dropped.
 */
export function pathCandidate(token: string): string | null {
  let t = token.trim();
  if (!t || /\s/.test(t)) return null;
  if (isExternal(t) || t.startsWith("/") || t.startsWith("@") || t.startsWith("-")) return null;
  t = t.replace(/#.*$/, "").replace(/:\d+(?::\d+)?(?:-\d+)?$/, "");
  if (PLACEHOLDER.test(t)) return null;
  if (!PATH_EXT.test(t)) return null;
  const segs = t.split("/");
  // `a//b`, a bare extension (`.json`), or a segment of dots only are not file paths.
  if (segs.some((s) => s === "")) return null;
  const base = segs[segs.length - 1];
  if (base.startsWith(".") && !/^\.[^.]+\.[^.]+$/.test(base)) return null;
  return t.replace(/^(?:\.\/)+/, "");
}

export type PathLookup =
  | { status: "exists" | "unknown" }
  /** `tried`: every resolved path looked at; `expected`: the resolutions whose folder holds files of the same kind. */
  | { status: "missing"; tried: string[]; expected: string[] }
  /**
   * Not judged: no resolution lands in a folder holding files of the same kind (prose describing another
   * tree: the user's project, another repository, a runtime folder, sources not in this checkout), or a
   * file with this path exists under some other folder (backticked paths have no defined base).
   */
  | { status: "foreign"; tried: string[] };

/**
 * Looks a backticked path up from the document's folder, each folder above
 * it, and the root (skill docs often name paths relative to their package).
 * A path is `missing` only when, under one of those bases, its folder exists
 * and holds other files with the same extension but not this one — the mark
 * of a renamed or moved file — and no file anywhere ends with the path.
 */
export function lookupPath(index: ReferenceIndex, fromFile: string, candidate: string): PathLookup {
  const tried: string[] = [];
  const expected: string[] = [];
  const ext = extensionOf(candidate);
  let unknown = false;
  for (let dir = posix.dirname(fromFile); ; dir = posix.dirname(dir)) {
    const base = dir === "." ? "" : dir;
    const path = resolvePath(`${base ? `${base}/` : ""}x`, candidate);
    if (path !== null && !tried.includes(path)) {
      const st = pathStatus(index, path);
      if (st === "exists") return { status: "exists" };
      if (st === "unknown") unknown = true;
      tried.push(path);
      const parent = posix.dirname(path);
      if (index.extensionsIn(parent === "." ? "" : parent).has(ext)) expected.push(path);
    }
    if (base === "") break;
  }
  if (unknown) return { status: "unknown" };
  const plain = candidate.replace(/^(?:\.\.?\/)+/, "");
  if (expected.length === 0 || index.hasSuffix(plain)) return { status: "foreign", tried };
  return { status: "missing", tried, expected };
}

/**
 * Whether the prose around a backticked path says it belongs to another
 * repository or project: "in the aweb repo", "pi's `docs/skills.md`",
 * "upstream", "the user's project". `before`/`after` are the text on either
 * side of the code span within its paragraph.
 */
export function mentionsOtherTree(before: string, after: string): boolean {
  if (/['’]s\s*$/.test(before)) return true;
  const near = `${before.slice(-60)} ${after.slice(0, 60)}`;
  return /\b(?:repos?|repository|repositories|upstream|downstream|fork|monorepo|user['’]s project|your project|target project)\b/i.test(near);
}

// ───────────────────────────── inspect ─────────────────────────────

export interface ReferenceEntry {
  file: string;
  line: number;
  column: number;
  kind: MdLink["kind"] | "section";
  /** As written: the link url, or the section ref's target. */
  target: string;
  status: LinkStatus | SectionStatus;
  /** Resolved root-relative path, or null. */
  path: string | null;
  fragment?: string | null;
  anchor?: AnchorStatus | null;
  section?: string;
  /** For found sections: the heading that matched. */
  heading?: string | null;
}

/** Every link and section reference of the documents in scope, with its resolution (sorted by file, line, column). */
export function listReferences(model: ModelData & { index?: { references: ReferenceIndex } }): ReferenceEntry[] {
  const index = referenceIndex(model);
  const out: ReferenceEntry[] = [];
  for (const doc of model.docs) {
    for (const l of doc.links) {
      const r = resolveLink(index, doc, l.url, l.template, l);
      out.push({
        file: doc.file,
        line: l.span.line,
        column: l.span.column,
        kind: l.kind,
        target: l.url,
        status: r.status,
        path: r.path,
        fragment: r.fragment,
        anchor: r.anchor,
      });
    }
    for (const s of doc.sectionRefs) {
      const r = resolveSection(index, doc, s);
      out.push({
        file: doc.file,
        line: s.span.line,
        column: s.span.column,
        kind: "section",
        target: s.target,
        status: r.status,
        path: r.path,
        section: s.section,
        heading: r.heading?.text ?? null,
      });
    }
  }
  return out.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
}
