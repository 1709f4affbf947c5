/**
 * Docsify: a single `index.html` whose inline `window.$docsify = { … }` configures it, and
 * Markdown fetched at run time. `a/b.md` is served at `#/a/b` (or `/a/b` in history mode),
 * `a/README.md` at `#/a/`, `README.md` (or `homepage`) at `#/`. Links are compiled by
 * Docsify's router (src/core/router/history/base.js `toURL`): `page#x` and `page?id=x` name
 * heading `x`, `.md` is dropped, and a relative link is read from the site's root unless
 * `relativePath` is on; `#/page` is a route. `alias` maps routes elsewhere (not judged).
 * Headings: Docsify's slugify (src/core/render/slugify.js), `:id=x` custom ids, repeats `-1`, `-2`.
 */
import { posix } from "node:path";
import type { MarkdownDoc, MdLink, Site } from "../types.js";
import type { SiteGeneratorDescriptor } from "./types.js";
import { mapMemo } from "../../util/memo.js";
import { backtrackRisk, RISKY_REGEX_MAX_INPUT } from "../../util/regex-guard.js";
import { fileRoute, under } from "./types.js";

/** What the reader keeps from `window.$docsify` (in `Site.settings`). */
export interface DocsifySettings {
  relativePath?: boolean;
  /** `alias` keys: regular expressions over the route path (`/zh-cn/(.*)`). */
  alias?: string[];
  /** `homepage`, when a local Markdown file other than README.md. */
  homepage?: string;
  /** `noCompileLinks`: patterns of links Docsify leaves as they are. */
  noCompileLinks?: string[];
}

/** Punctuation Docsify's slugify removes (General Punctuation, Supplemental Punctuation and ASCII punctuation but `-` and `_`). */
const PUNCT = /[\u2000-\u206F\u2E00-\u2E7F\\'!"#$%&()*+,./:;<=>?@[\]^`{|}~]/g;
/** A heading's `:id=x` (Docsify's getAndRemoveConfig). */
const CUSTOM = /(?:^|\s):id=([\w%-]+)/;

/** Docsify's slugify: trimmed, emoji dropped, ASCII capitals lowercased, tags and punctuation removed, each white space `-`, a leading digit gets `_`. */
export function docsifySlug(text: string): string {
  const id = CUSTOM.exec(text)?.[1];
  return (id ?? text)
    .trim()
    .normalize("NFC")
    .replace(/\uFE0F/g, "")
    .replace(/[\p{Emoji_Presentation}\p{Extended_Pictographic}]/gu, "")
    .replace(/[A-Z]+/g, (m) => m.toLowerCase())
    .replace(/<[^>]+>/g, "")
    .replace(PUNCT, "")
    .replace(/\s/g, "-")
    .replace(/^(\d)/, "_$1");
}

const compiled = mapMemo<string, RegExp | null>("model/routes/docsify#compiled", 256);

/**
 * Whether the site's pattern `source` (from its config: `alias` keys, `noCompileLinks`) matches `text`; null when
 * that is not known: an invalid pattern, or one that may backtrack catastrophically on text longer than a few characters.
 */
function patternMatches(source: string, text: string): boolean | null {
  let re = compiled.get(source);
  if (re === undefined) {
    try {
      re = new RegExp(source);
    } catch {
      re = null;
    }
    compiled.set(source, re);
  }
  if (re === null || (text.length > RISKY_REGEX_MAX_INPUT && backtrackRisk(source) !== null)) return null;
  return re.test(text);
}

function settings(site: Site): DocsifySettings {
  return (site.settings ?? {}) as DocsifySettings;
}

/** A link as Docsify's router compiles it: a path (root-absolute unless `relativePath`) and `#id`. */
function linkUrl(site: Site, doc: MarkdownDoc, url: string, link: { kind: MdLink["kind"]; html?: true }): string | { notJudged: string } {
  // Images are resolved from the page's folder; external and `:`-holding URLs are left as they are (isAbsolutePath).
  if (link.kind === "image" || /:|\/\//.test(url)) return url;
  const s = settings(site);
  // A pattern docpact cannot run safely may match: the link is then not judged either.
  if (s.noCompileLinks?.some((p) => patternMatches(p, url) !== false))
    return { notJudged: "a link Docsify's noCompileLinks leaves as it is (served by the host, not by Docsify)" };
  let rest = url;
  // `#/page?id=x`: a hash route, from the site's root.
  const hashRoute = rest.startsWith("#/");
  if (hashRoute) rest = rest.slice(1);
  else if (rest.startsWith("#")) return url;
  // `page#x` is `page?id=x` (replaceSlug); the path ends at `?`.
  const cut = rest.search(/[?#]/);
  const path = cut === -1 ? rest : rest.slice(0, cut);
  const tail = cut === -1 ? "" : rest.slice(cut);
  const id = tail.startsWith("#") ? tail.slice(1) : (/[?&]id=([^&#]*)/.exec(tail)?.[1] ?? null);
  const fragment = id === null ? "" : `#${id}`;
  if (path === "") return fragment || url;
  const rooted = hashRoute || path.startsWith("/") || s.relativePath !== true;
  const route = rooted ? posix.join("/", path) : path;
  if (s.alias && rooted) {
    const key = s.alias.find((k) => patternMatches(`^${k}$`, route.replace(/\.md$/, "")) !== false);
    if (key !== undefined) return { notJudged: `Docsify's alias \`${key}\` maps the route elsewhere` };
  }
  return `${route}${fragment}`;
}

const docsify: SiteGeneratorDescriptor = {
  id: "docsify",
  name: "Docsify",
  configFiles: ["index.html"],
  configTest: (text) => /window\.\$docsify\s*=/.test(text),
  configExample: '<script>window.$docsify = { name: "x" };</script>',
  packages: ["docsify", "docsify-cli"],
  configHint: "`index.html` that sets `window.$docsify`",
  docs: {
    routes: {
      pages:
        "`a/b.md` (under `basePath`) → `#/a/b` (or `/a/b` in history mode), `a/README.md` → `#/a/`, `homepage` → `#/`; links as Docsify's router compiles them: `page#x` and `page?id=x` name heading `x`, `#/page` is a route, `.md` is dropped, and a relative link is read from the site's root unless `relativePath` is on",
      assets: "every file of `basePath`",
      notJudged:
        "routes an `alias` key matches, `noCompileLinks`, a remote `basePath` or `homepage`, an `ext` other than `.md`, a `window.$docsify` that is not an inline object literal (the whole site is then unreadable)",
    },
    anchors: {
      slug: "Docsify's slugify, applied to the heading's Markdown source (a link keeps its URL's letters: `[a](b/)` → `ab`; `_x_` keeps its underscores; a heading that is not a `#` line is slugged from its text): trimmed, emoji removed, ASCII capitals lowercased, tags and punctuation (but `-` and `_`) removed, each white space → `-` (`A  b` → `a--b`), a leading digit gets `_`; a page that `:include`s another file has its missing anchors not judged",
      customId: "`:id=x` in the heading",
      repeats: "`-1`, `-2`",
    },
  },
  priority: 70,
  indexNames: ["README"],
  docExtensions: [".md"],
  hasReader: true,
  // Docsify slugs marked's heading `text`: the Markdown source (a link keeps its URL's letters, `_x_` its underscores).
  style: { slug: docsifySlug, dedupe: "dash", customIds: false, source: true },
  // `[x](file.md ':include')` embeds a Markdown file (compiler.js compileEmbed: `.md`/`.markdown` without another `:type`,
  // or `:type=markdown`): the page's headings are then not all known. Other files are embedded as code, iframes or media.
  includes: /\]\(\s*<?[^\s)>]*\.(?:md|markdown)\b[^\s)>]*>?\s+(["'])(?:(?!\1|:type=).)*:include\b(?:(?!\1|:type=).)*\1\s*\)|:include\b[^\n)]*:type=markdown\b/,
  linkUrl,
  pageRoutes(site, file) {
    const r = fileRoute(site.srcDir, file, [".md"], ["README"]);
    if (r === null) return null;
    const home = settings(site).homepage;
    if (home === undefined) return [r];
    // `homepage` is served at `/` and at `/README` (getFile); README.md itself is then never shown.
    if (under(site.srcDir, file) === home) return ["", r];
    return r === "" ? null : [r];
  },
};

export default docsify;
