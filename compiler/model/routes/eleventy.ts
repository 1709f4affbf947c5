/**
 * Eleventy (11ty): the input folder (`dir.input`, default the site root) holds
 * the templates; `a/b.md` is served at `/a/b/`, `a/index.md` at `/a/`, unless
 * a `permalink` (front matter, a template or directory data file) says
 * otherwise — the reader folds the permalinks it can (`/x/`,
 * `{{ page.filePathStem }}.html`, `{{ page.fileSlug }}`) into
 * `site.permalinks` and leaves the rest not judged. Files of the includes,
 * layouts and data folders are not pages. Headings get ids only from a
 * plugin (markdown-it-anchor, the IdAttributePlugin): the reader says when
 * their slugs are not known; with github-slugger they are GitHub's, repeats
 * `-1`, `-2`.
 */
import type { SiteGeneratorDescriptor } from "./types.js";
import { dropIndex, stripPageExt, under } from "./types.js";
import { githubSlug } from "./slugs.js";

/** Template languages Eleventy renders to pages by default. */
export const ELEVENTY_PAGE_EXTS = [".md", ".njk", ".liquid", ".html", ".11ty.js", ".11ty.cjs", ".11ty.mjs", ".hbs", ".mustache", ".ejs", ".haml", ".pug"];

const JS = ["js", "cjs", "mjs", "ts", "mts", "cts"];

const eleventy: SiteGeneratorDescriptor = {
  id: "eleventy",
  name: "Eleventy",
  configFiles: [".eleventy.js", ".eleventy.cjs", ".eleventy.mjs", ...JS.map((e) => `eleventy.config.${e}`)],
  packages: ["@11ty/eleventy"],
  configHint: "`.eleventy.js` / `eleventy.config.{js,cjs,mjs,ts}`",
  docs: {
    routes: {
      pages:
        "`dir.input/a/b.md` (`.njk`, `.liquid`, `.html`, `.11ty.js`, …) → `/a/b/`, `index` → folder; `pathPrefix` (links with or without it); `permalink` from front matter, the template data file (`x.11tydata.json`) and directory data files (`a/a.json`, `a/a.11tydata.json`), with `{{ page.filePathStem }}` / `{{ page.fileSlug }}` folded; `permalink: false` pages have no route; the `includes`, `layouts`, `data` and `output` folders hold no pages (a relative link in an include or layout resolves from each page that renders it: not judged, counted)",
      assets: 'files below `dir.input`; `addPassthroughCopy({ "x": "/" })` folders at the root',
      notJudged:
        "a computed `pathPrefix` (root-absolute links that name no page), permalinks with other template tags, `eleventyComputed` or `pagination` (routes under the permalink's fixed part), passthrough copies to another target, a glob or a non-literal argument, a permalink set in `_data` or by a `.11tydata.js`",
    },
    anchors: {
      slug: 'github-slugger, only when the config uses markdown-it-anchor with a github-slugger `slugify`; otherwise not known (anchors not judged, with the reason). Static `id="x"` in the includes and layouts count on every page; a templated one there makes missing anchors not judged, and so does a page that writes a templated id or uses `{% include %}` / `{% render %}` / `{% from … import %}`',
      customId: "—",
      repeats: "`-1`, `-2`",
    },
  },
  priority: 60,
  indexNames: ["index"],
  docExtensions: [".md"],
  hasReader: true,
  style: { slug: githubSlug, dedupe: "dash", customIds: false },
  // `{% include "x.md" %}` / `{% render %}` pull content (and its headings) in at build time.
  // So do macros (`{% from "x.html" import y %}`) and a heading whose id is templated (`<h2 id="{{ name | slugify }}">`).
  includes: /\{%-?\s*(?:include|render|from|import)\s|\sid\s*=\s*["'][^"']*\{[{%]/,
  directoryUrls: true,
  pageRoutes(site, file) {
    // Computed or paginated permalinks, `permalink: false`: the reader lists these pages as having no known route.
    if (site.unroutedPages?.includes(file)) return null;
    const known = site.permalinks?.[file];
    if (known !== undefined) return [known];
    const rel = under(site.srcDir, file);
    if (rel === null) return null;
    const segs = rel.split("/");
    if (segs.some((s) => s.startsWith(".") || s === "node_modules")) return null;
    if ((site.nonPageDirs ?? []).some((d) => under(d, file) !== null)) return null;
    const bare = stripPageExt(rel, ELEVENTY_PAGE_EXTS);
    return bare === null ? null : [dropIndex(bare, ["index"])];
  },
};

export default eleventy;
