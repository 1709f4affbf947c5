/**
 * One interface per site generator: how its pages get routes and its
 * headings get ids. A route key is the URL path under the site's base,
 * decoded, without leading or trailing `/` and without `.html`/`.md`
 * (`guide/features`; `""` is the home page).
 */
import type { MarkdownDoc, MdLink, Site } from "../types.js";
import type { SitesGeneratorMember } from "../../../generated/contracts/config.js";
import type { SlugStyle } from "./slugs.js";

/** A generator's id, as the config's `sites[].generator` names it (the schema's enum). */
export type SiteGeneratorId = SitesGeneratorMember;

/** A link template a generator's pages use (Jekyll's `relative_url`, `{% link %}`; Hugo's `ref`). */
export type LinkTemplate = NonNullable<MdLink["template"]>;

/**
 * What a template link names: a route of the site (root-absolute, as `resolveSiteRoute` takes it), source files
 * tried in order (root-relative; the first that exists is the target, else the link is broken at the first), or why
 * it is not judged.
 */
export type TemplateTarget = { route: string } | { files: string[] } | { notJudged: string };

export interface Router {
  /** Heading ids: the generator's slug function, custom ids, numbering of repeats. */
  style: SlugStyle;
  /** Route keys compare case-insensitively (Astro lowercases page slugs). */
  caseInsensitive?: boolean;
  /**
   * The route keys of one file of the site (root-relative path), or null when
   * it is not a page. `doc` is the file's parsed document when it is in scope
   * (front matter `id` / `slug`).
   */
  pageRoutes(site: Site, file: string, doc: MarkdownDoc | undefined): string[] | null;
  /** Text that pulls in content from elsewhere at build time (snippets, includes, generated API pages): the page's headings are then not all known. */
  includes?: RegExp;
  /** Pages are served as folders (`/a/b/`), so relative URLs resolve from the page itself first. */
  directoryUrls?: boolean;
  /** `{ #id }` attribute lists set ids on any element, not only headings (attr_list, markdown-it-attrs). */
  attrIds?: boolean;
  /**
   * A relative `x.md` link is a URL, not a file the generator rewrites: it is resolved as a
   * route (Mintlify serves every page's Markdown at its route + `.md`; VuePress converts `x.md` to `x.html` and `README.md` to its folder).
   */
  mdLinksAreRoutes?: boolean;
  /** Text that gives elements ids docpact does not model (Mintlify's `<Accordion>`, `<Tab>`, `<Step>` titles): a missing anchor there is not judged. */
  idComponents?: RegExp;
  /** Ids the generator's page layout gives every page (Starlight's title is `<h1 id="_top">`). */
  layoutIds?: readonly string[];
  /** The link templates its pages may use; elsewhere they are not judged. */
  templates?: readonly LinkTemplate[];
  /** What a link written with one of `templates` names, from `doc` (its fragment cut off); `files` is every file of the project. */
  /**
   * A link as the generator reads what its pages write, turned into a plain URL (path and `#fragment`) before it is
   * resolved (Docsify's `page?id=x`, `#/page` hash routes, links read from the site's root), or why it is not judged.
   * Not called for template links.
   */
  linkUrl?(site: Site, doc: MarkdownDoc, url: string, link: { kind: MdLink["kind"]; html?: true }): string | { notJudged: string };
  templateLink?(site: Site, doc: MarkdownDoc, template: LinkTemplate, target: string, files: ReadonlySet<string>): TemplateTarget;
}

/**
 * Everything docpact knows about one site generator, in one module
 * (`compiler/model/routes/<id>.ts`, its default export); generated/sites.ts
 * lists them all, and detection, routing, `init`, the docs table and the
 * check of the config schema's enum derive from that list. The generator's
 * config reader, when it has one, is `compiler/readers/sites/<id>.ts`
 * exporting `read` (loaded only when a site needs it).
 */
export interface SiteGeneratorDescriptor extends Router {
  id: SiteGeneratorId;
  /** Its name in prose: `VitePress`. */
  name: string;
  /**
   * Config files that mark a site root (relative to it), in the order they are tried; a
   * name starting with a dot (`.vitepress/config.ts`) is looked for on disk.
   */
  configFiles: readonly string[];
  /** When a config file's name alone is not enough (`astro.config.*` is Starlight's only when it imports it): its text decides. */
  configTest?: (text: string, file: string) => boolean;
  /** With `configTest`: the smallest config text it accepts (test/model/site-registry.test.ts writes it to show `init` names the generator). */
  configExample?: string;
  /** The config files in prose, for the docs table. */
  configHint: string;
  /**
   * Its rows of docs/references.md, in Markdown prose (the tables there are generated from these): how its
   * files become routes (none for GitHub's plain files and for `unknown`), and how its headings get ids.
   */
  docs: {
    routes?: { pages: string; assets: string; notJudged: string };
    anchors: { slug: string; customId: string; repeats: string };
  };
  /** Detection order among generators whose config files share a folder (lower first; `unknown` last, after every generator docpact models). */
  priority: number;
  /** Last path segments a route drops (`a/index` is `a`). */
  indexNames: readonly string[];
  /** Extensions of the documents it renders as pages. */
  docExtensions: readonly string[];
  /** It has a config reader, `compiler/readers/sites/<id>.ts` exporting `read`. */
  hasReader: boolean;
  /** Not a site: files rendered as they are (GitHub); a folder `sites` gives it is outside every site. */
  plainFiles?: boolean;
  /**
   * npm packages that are the generator (`@rspress/core`): a folder whose package.json depends on one, with no config file
   * docpact reads, is a site whose routes are not known (readers/sites/index.ts `packageSites`).
   */
  packages?: readonly string[];
  /** Its config may place the pages outside its folder (Docusaurus `path: "../docs"`): `init` keeps such a site even when no document in scope sits below it. */
  pagesOutside?: boolean;
  /**
   * Its routes are not modelled: a link that names no file (root-absolute, extensionless,
   * `.html`) is not judged, with this reason (`{file}` is the config file found).
   */
  routesUnknown?: string;
}

/** `a/b/index` → `a/b`, `index` → `""`. */
export function dropIndex(route: string, names: readonly string[] = ["index"]): string {
  const slash = route.lastIndexOf("/");
  const last = route.slice(slash + 1);
  if (!names.includes(last)) return route;
  return slash === -1 ? "" : route.slice(0, slash);
}

/** `file` relative to `dir` (root-relative folders, `""` is the root); null when outside it. */
export function under(dir: string, file: string): string | null {
  if (dir === "" || dir === ".") return file;
  return file.startsWith(`${dir}/`) ? file.slice(dir.length + 1) : null;
}

/** A page path without its extension when it has one of `exts`; null otherwise. */
export function stripPageExt(path: string, exts: readonly string[]): string | null {
  for (const e of exts) if (path.endsWith(e) && path.length > e.length) return path.slice(0, -e.length);
  return null;
}

/** The route of a plain file-system-routed page: `srcDir/a/b.md` → `a/b`, `a/index.md` → `a`. */
export function fileRoute(srcDir: string, file: string, exts: readonly string[], indexNames: readonly string[] = ["index"]): string | null {
  const rel = under(srcDir, file);
  if (rel === null) return null;
  const bare = stripPageExt(rel, exts);
  return bare === null ? null : dropIndex(bare, indexNames);
}
