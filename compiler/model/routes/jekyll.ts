/**
 * Jekyll (GitHub Pages): a page `source/a/b.md` (`.markdown`, `.html`) is served at
 * `/a/b.html` (`/a/b/` with `permalink: pretty`; GitHub Pages also serves `/a/b`),
 * `index.md` and `README.md` (jekyll-readme-index) at their folder; front matter
 * `permalink` replaces the route. Files and folders starting with `_` or `.` are not
 * pages, except collections with `output: true` (`_guides/x.md` → `/guides/x`); posts
 * (`_posts/2024-01-02-title.md`) get routes from dates and categories, which docpact
 * does not list (the reader marks them not judged). Heading ids: kramdown's GFM ids
 * (as GitHub's), `{#id}` custom ids and kramdown `{: #id}` attribute lists, repeats `-1`, `-2`.
 */
import type { SiteGeneratorDescriptor } from "./types.js";
import { dropIndex, stripPageExt, under } from "./types.js";
import { githubSlug } from "./slugs.js";
import { parseFrontMatter } from "../../util/front-matter.js";
import { resolvePath } from "../../util/paths.js";

const EXTS = [".md", ".markdown", ".mdown", ".mkd", ".html"];

const jekyll: SiteGeneratorDescriptor = {
  id: "jekyll",
  name: "Jekyll",
  configFiles: ["_config.yml", "_config.yaml"],
  // Hexo names its config `_config.yml` too.
  configTest: (text) => !/^(?:source_dir|new_post_name|theme_config)\s*:|hexo/im.test(text),
  configExample: "title: x",
  configHint: "`_config.yml` / `_config.yaml` (not Hexo's)",
  docs: {
    routes: {
      pages:
        "`source/a/b.md` (`.markdown`, `.html`) → `/a/b.html` (and `/a/b`, `/a/b/`), `index.md` / `README.md` → folder; front matter `permalink` (read from every page, HTML ones too); jekyll-redirect-from's `redirect_from`; collections with `output: true` (`_guides/x.md` → `/guides/x`)",
      assets: "every file of `source`",
      notJudged:
        "dated posts (`/2024/01/02/x`), placeholder permalinks (`/:title/`) and collection or defaults permalinks under their fixed part, `collections_dir`",
    },
    anchors: {
      slug: "kramdown's GFM ids (as GitHub)",
      customId: "`{#id}`; a kramdown attribute list `{: #id}` on any block (the line after a heading)",
      repeats: "`-1`, `-2`",
    },
  },
  priority: 80,
  indexNames: ["index", "README"],
  docExtensions: [".md", ".markdown"],
  hasReader: true,
  style: { slug: githubSlug, dedupe: "dash", customIds: true },
  // kramdown's block attribute lists (`## Heading` then `{: #no-sudo}`) give the block before them that id.
  attrIds: true,
  // `{% include x.md %}` pulls in content (and its headings) at build time.
  includes: /\{%-?\s*include(?:_relative)?\s/,
  // `relative_url`/`absolute_url` prefix the site's `baseurl` to a site-root path: a route. `{% link p %}` names a source
  // file under the site's source folder, `{% post_url name %}` a post under `_posts/` (Jekyll fails the build when either is missing).
  templates: ["relative_url", "absolute_url", "link", "post_url"],
  templateLink(site, _doc, template, target) {
    const src = site.srcDir === "" || site.srcDir === "." ? "" : `${site.srcDir}/`;
    if (template === "relative_url" || template === "absolute_url") return { route: target.startsWith("/") ? target : `/${target}` };
    if (template === "link") return { files: [resolvePath(`${src}x`, target.replace(/^\/+/, "")) ?? "../"] };
    // post_url: `2020-01-02-name` or `folder/2020-01-02-name`, any page extension Jekyll renders.
    const slash = target.lastIndexOf("/");
    const folder = slash === -1 ? "" : `${target.slice(0, slash)}/`;
    const base = target.slice(slash + 1);
    return {
      files: [`${src}_posts/${folder}${base}`, `${src}${folder}_posts/${base}`].flatMap((p) => [".md", ".markdown", ".mdown", ".html"].map((e) => `${p}${e}`)),
    };
  },
  pageRoutes(site, file, doc) {
    const rel = under(site.srcDir, file);
    if (rel === null) return null;
    // Permalinks the reader found in the pages' front matter (pages outside the documents in scope too).
    const known = site.permalinks?.[file];
    if (known !== undefined) return [known];
    const bare = stripPageExt(rel, EXTS);
    if (bare === null) return null;
    const segs = bare.split("/");
    if (segs.some((s) => s.startsWith("."))) return null;
    const fm = parseFrontMatter(doc?.frontMatter ?? null);
    const permalink = typeof fm?.permalink === "string" ? fm.permalink : null;
    if (segs.slice(0, -1).some((s) => s.startsWith("_")) || segs[segs.length - 1].startsWith("_")) {
      // A collection that is output: `_guides/x.md` → `guides/x`; posts and the rest are not listed here.
      const collection = segs[0].slice(1);
      if (!segs[0].startsWith("_") || !(site.collections ?? []).includes(collection) || segs.slice(1).some((s) => s.startsWith("_"))) return null;
      if (permalink !== null) return permalink.includes(":") ? null : [dropIndex(permalink.replace(/^\/+|\/+$/g, "").replace(/\.html?$/, ""), ["index"])];
      return [dropIndex([collection, ...segs.slice(1)].join("/"), ["index", "README"])];
    }
    if (permalink !== null) return permalink.includes(":") ? null : [dropIndex(permalink.replace(/^\/+|\/+$/g, "").replace(/\.html?$/, ""), ["index"])];
    return [dropIndex(bare, ["index", "README"])];
  },
};

export default jekyll;
