/**
 * Rspress: every page file under the docs root (`root`, default `docs/`) is a route, as its
 * RouteService globs them: `a/b.md` → `/a/b`, `a/index.md` → `/a/`; `.tsx`/`.jsx`/`.ts`/`.js`
 * files are pages too (`route.extensions`); `route.exclude`, `route.excludeConvention` (default
 * `**\/_[^_]*`) and `public/` are not. With `locales`, a language's folder (`zh/`) is its URL
 * prefix, but the default `lang`'s folder (`en/`) is served without one (normalizeRoutePath).
 * Links are normalized by its remark link plugin: a root-absolute link on a page of a language
 * gets that language's prefix (`autoPrefix`); relative links are read from the page's file.
 * Headings: github-slugger, `{#id}` custom ids, repeats `-1`, `-2` (rehypeHeaderAnchor).
 */
import type { MarkdownDoc, MdLink, Site } from "../types.js";
import type { SiteGeneratorDescriptor } from "./types.js";
import { globListMatcher } from "../../util/globs.js";
import { weakMemo } from "../../util/memo.js";
import { dropIndex, under } from "./types.js";
import { githubSlug } from "./slugs.js";

/** What the reader keeps from `rspress.config.*` (in `Site.settings`). */
export interface RspressSettings {
  /** `locales[].lang` (or `themeConfig.locales`): folders of the docs root that hold a language's pages. */
  langs: string[];
  /** `lang`: the default language, whose folder is served without its prefix; `""` when not set. */
  lang: string;
  /** `route.extensions`, with their dots. */
  extensions: string[];
  /** `route.exclude` and `route.excludeConvention`: globs relative to the docs root. */
  exclude: string[];
  /** `markdown.link.autoPrefix` (on unless set to `false`). */
  autoPrefix: boolean;
  /** `markdown.link.checkDeadLinks.excludes`: URLs the site says its own dead-link check must skip (files plugins write at build). */
  deadLinkExcludes: string[];
}

/** Rspress's defaults (@rspress/shared constants, RouteService). */
export const RSPRESS_DEFAULTS: RspressSettings = {
  langs: [],
  lang: "",
  extensions: [".js", ".jsx", ".ts", ".tsx", ".md", ".mdx"],
  exclude: ["**/_[^_]*"],
  autoPrefix: true,
  deadLinkExcludes: [],
};

/** A site's settings over Rspress's defaults, with its exclusion matcher: made once per site (pageRoutes runs per file). */
const resolved = weakMemo<Site, RspressSettings & { excludes: (path: string) => boolean }>("model/routes/rspress#resolved");

function settings(site: Site): RspressSettings & { excludes: (path: string) => boolean } {
  let s = resolved.get(site);
  if (s === undefined) {
    const own: RspressSettings = { ...RSPRESS_DEFAULTS, ...(site.settings as Partial<RspressSettings> | undefined) };
    resolved.set(site, (s = { ...own, excludes: globListMatcher(own.exclude, { dot: true }) }));
  }
  return s;
}

/** Whether a path under the docs root is left out of its routes: fast-glob's `ignore` also prunes a folder it matches. */
function excluded(test: (path: string) => boolean, rel: string): boolean {
  const segs = rel.split("/");
  for (let i = 1; i <= segs.length; i++) if (test(segs.slice(0, i).join("/"))) return true;
  return false;
}

/** A root-absolute link as Rspress's link plugin reads it: on a page of a language other than the default, prefixed with that language. */
function linkUrl(site: Site, doc: MarkdownDoc, url: string, link: { kind: MdLink["kind"]; html?: true }): string | { notJudged: string } {
  const s = settings(site);
  if (s.deadLinkExcludes.includes(url))
    return {
      notJudged: "a URL the site's config excludes from Rspress's own dead-link check (markdown.link.checkDeadLinks.excludes): a file the build writes",
    };
  // Only Markdown links and definitions pass through the plugin; images and HTML keep their URL.
  if (!s.autoPrefix || link.kind === "image" || link.html || !url.startsWith("/") || url.startsWith("//")) return url;
  const rel = under(site.srcDir, doc.file);
  const pageLang = rel?.split("/")[0];
  if (pageLang === undefined || !s.langs.includes(pageLang) || pageLang === s.lang) return url;
  const first = url.slice(1).split(/[/?#]/)[0];
  if (s.langs.includes(first)) return url;
  return `/${pageLang}${url}`;
}

const rspress: SiteGeneratorDescriptor = {
  id: "rspress",
  name: "Rspress",
  configFiles: ["rspress.config.js", "rspress.config.ts", "rspress.config.mjs", "rspress.config.mts", "rspress.config.cjs", "rspress.config.cts"],
  packages: ["@rspress/core", "rspress"],
  configHint: "`rspress.config.{js,ts,mjs,mts,cjs,cts}`",
  docs: {
    routes: {
      pages:
        "every page file under `root` (default `docs/`; `.md`, `.mdx`, `.tsx`, `.jsx`, `.ts`, `.js` or `route.extensions`) → its path (`a/b.md` → `/a/b`, `a/index.md` → `/a/`) but `route.exclude`, `route.excludeConvention` (`_x.mdx`) and `public/`; with `locales`, the default `lang`'s folder is served without its prefix, and a root-absolute link on another language's page gets that language's prefix",
      assets: "`root/public/`",
      notJudged: "`route.include`, `multiVersion`, URLs `markdown.link.checkDeadLinks.excludes` lists, a config value that is not a literal",
    },
    anchors: {
      slug: "github-slugger (`build.target` → `buildtarget`); a page that imports a Markdown fragment has its missing anchors not judged",
      customId: "`{#id}`",
      repeats: "`-1`, `-2`",
    },
  },
  priority: 30,
  indexNames: ["index"],
  docExtensions: [".md", ".mdx"],
  hasReader: true,
  style: { slug: githubSlug, dedupe: "dash", customIds: true },
  includes: /^import\s[^\n]*from\s*["'][^"']+\.mdx?["']/m,
  linkUrl,
  pageRoutes(site, file) {
    const rel = under(site.srcDir, file);
    if (rel === null || rel.startsWith("public/") || rel.split("/").includes("node_modules") || rel.endsWith(".d.ts")) return null;
    const s = settings(site);
    const ext = s.extensions.find((e) => rel.endsWith(e) && rel.length > e.length);
    if (ext === undefined || excluded(s.excludes, rel)) return null;
    const route = dropIndex(rel.slice(0, -ext.length));
    const [first, ...rest] = route.split("/");
    // The default language's pages: served without the prefix; a link naming it is normalized to them.
    if (s.lang !== "" && first === s.lang && s.langs.includes(first)) return [rest.join("/"), route];
    return [route];
  },
};

export default rspress;
