import { describe, expect, it } from "vitest";
import { runPipeline } from "../../compiler/pipeline.js";
import { repoRootFor } from "./reference-helpers.js";

/** Reference findings and not-judged places of one fixture site, one line each. */
async function findings(name: string): Promise<string[]> {
  const { diagnostics, notJudged, coverage } = await runPipeline({ root: repoRootFor(`test/fixtures/${name}`) });
  // summary.coverage: every link and anchor found is judged or counted (model/mentions.ts linkMentions).
  for (const kind of ["links", "anchors"]) {
    const c = coverage[kind] ?? { found: 0, judged: 0, notJudged: 0 };
    expect({ kind, neither: c.found - c.judged - c.notJudged }).toEqual({ kind, neither: 0 });
  }
  expect(coverage.links?.found ?? 0).toBeGreaterThan(0);
  return [
    ...diagnostics
      .filter((d) => d.rule.startsWith("reference/"))
      .map((d) => `${d.file}:${d.line}:${d.column} ${d.rule} ${d.message}${d.suggestion ? ` → ${d.suggestion}` : ""}`),
    ...notJudged.map((n) => `${n.file}:${n.line}:${n.column} not judged ${n.rule}: ${n.reason}`),
  ];
}

describe("reference rules on documentation sites (test/fixtures/site-*)", () => {
  it("VitePress: clean URLs, .html, base, public assets, rewrites, markdown-it-anchor slugs, {#id}", async () => {
    expect(await findings("site-vitepress")).toEqual([
      "docs/guide/invalid.md:3:21 reference/broken-link link target /guide/featurs does not exist (no page or file of the vitepress site at docs serves /guide/featurs) → /guide/features",
      "docs/guide/invalid.md:3:69 reference/broken-link link target ./gone does not exist (no page or file of the vitepress site at docs serves /guide/gone)",
      "docs/guide/invalid.md:3:101 reference/broken-link image target /img/nope.png does not exist (no page or file of the vitepress site at docs serves /img/nope.png)",
      "docs/guide/invalid.md:5:24 reference/missing-anchor #buildtarget names no heading or anchor in docs/guide/features.md → /guide/features#build-target",
      "docs/guide/invalid.md:5:68 reference/missing-anchor #custom names no heading or anchor in docs/guide/features.md",
      "docs/guide/invalid.md:5:98 reference/missing-anchor #flags names no heading or anchor in docs/reference/old-name.md",
    ]);
  });

  it("Docusaurus: /docs routes, ids, slugs, number prefixes, static/, @site/, blog not judged", async () => {
    expect(await findings("site-docusaurus")).toEqual([
      "website/docs/invalid.md:3:1 reference/broken-link link target /docs/config does not exist (no page or file of the docusaurus site at website serves /docs/config)",
      "website/docs/invalid.md:3:25 reference/broken-link link target /docs/01-basics/install does not exist (no page or file of the docusaurus site at website serves /docs/01-basics/install) → /docs/basics/install",
      "website/docs/invalid.md:3:72 reference/broken-link link target /img/nope.png does not exist (no page or file of the docusaurus site at website serves /img/nope.png)",
      "website/docs/invalid.md:3:104 reference/missing-anchor #the-files names no heading or anchor in website/docs/config.md → /docs/configuration#the-file",
      "website/docs/intro.md:8:17 not judged reference/broken-link: routes under /blog are generated",
    ]);
  });

  it("MkDocs: directory URLs, toc slugs with _1 repeats, attr_list ids, Python YAML tags, raw HTML images from the page URL", async () => {
    expect(await findings("site-mkdocs")).toEqual([
      "docs/user-guide/invalid.md:3:1 reference/missing-anchor #repeat-1 names no heading or anchor in docs/user-guide/writing.md → writing.md#repeat_1",
      "docs/user-guide/invalid.md:3:44 reference/missing-anchor #café-and-naïve-words names no heading or anchor in docs/user-guide/writing.md → writing.md#cafe-and-naive-words",
      "docs/user-guide/invalid.md:3:97 reference/broken-link link target ../gone/ does not exist (no page or file of the mkdocs site at . serves /user-guide/gone)",
      "docs/user-guide/invalid.md:3:120 reference/broken-link link target ../img/nope.png does not exist (no page or file of the mkdocs site at . serves /user-guide/img/nope.png)",
      "docs/user-guide/invalid.md:5:1 reference/broken-link image target ../../img/nope.png does not exist (no page or file of the mkdocs site at . serves /img/nope.png)",
    ]);
  });

  it("a site's own markdown plugin that rewrites links: a link naming no page is not judged, naming the plugin", async () => {
    // plugins/fix-internal-links.mjs visits link nodes and writes node.url; plugins/log-headings.mjs only reads them.
    expect(await findings("site-starlight-link-plugin")).toEqual([
      "src/content/docs/blog/news.md:7:6 not judged reference/broken-link: plugins/fix-internal-links.mjs, a markdown plugin of the project that astro.config.mjs registers, rewrites links at build time (code docpact does not run)",
    ]);
  });

  it("Starlight: lowercased slugged routes, public/, the layout's #_top", async () => {
    expect(await findings("site-starlight")).toEqual([
      "src/content/docs/guides/invalid.md:3:1 reference/broken-link link target /guides/gone/ does not exist (no page or file of the starlight site at . serves /guides/gone)",
      "src/content/docs/guides/invalid.md:3:24 reference/missing-anchor #second-steps names no heading or anchor in src/content/docs/guides/Getting-Started.md",
    ]);
  });

  it("VuePress: .html and clean routes, README and index as folder pages, base, .vuepress/public assets, VuePress slugs, {#id}, raw HTML links", async () => {
    expect(await findings("site-vuepress")).toEqual([
      "docs/guide/invalid.md:3:1 reference/broken-link link target /guide/getting-startd.html does not exist (no page or file of the vuepress site at docs serves /guide/getting-startd) → /guide/getting-started.html",
      "docs/guide/invalid.md:3:36 reference/broken-link link target ./confg.md does not exist (no page or file of the vuepress site at docs serves /guide/confg) → ./config.md",
      "docs/guide/invalid.md:3:55 reference/broken-link link target /images/nope.png does not exist (no page or file of the vuepress site at docs serves /images/nope.png)",
      "docs/guide/invalid.md:5:1 reference/missing-anchor #buildtarget names no heading or anchor in docs/guide/config.md → ./config.md#build-target",
      "docs/guide/invalid.md:5:35 reference/missing-anchor #custom names no heading or anchor in docs/guide/config.md",
    ]);
  });

  it("VuePress 2 pagePatterns as a literal list: the .md files it leaves out are no pages; the rest keep their routes; code imports; build-written feeds", async () => {
    expect(await findings("site-vuepress2-patterns")).toEqual([
      // Judged now that the routes are known (a pagePatterns key used to leave every route unjudged).
      "docs/README.md:3:47 reference/broken-link link target /guide/gone.html does not exist (no page or file of the vuepress site at docs serves /guide/gone)",
      // `@[code](./x)` imports a file from the page's folder: gone is broken; ./start.ts exists.
      "docs/guide/start.md:9:2 reference/broken-link link target ./gone.ts does not exist (no page or file of the vuepress site at docs serves /guide/gone.ts)",
      // The snippet is no page: its relative link resolves from each page that includes it.
      "docs/guide/intro.snippet.md:1:23 not judged reference/broken-link: docs/guide/intro.snippet.md is not a page of the vuepress site at docs",
      // Feeds and sitemaps a plugin writes at build time; a code import through a package the plugin resolves.
      "docs/guide/start.md:5:5 not judged reference/broken-link: atom.xml is a file generators and their plugins write at build time (feeds, sitemaps, llms.txt)",
      "docs/guide/start.md:5:27 not judged reference/broken-link: sitemap.xml is a file generators and their plugins write at build time (feeds, sitemaps, llms.txt)",
      "docs/guide/start.md:7:2 not judged reference/broken-link: a code import (`@[code](…)`) whose path the Markdown plugin resolves (an alias or a package)",
    ]);
  });

  it("mdBook: .html routes, README as index, redirects, normalize_id slugs", async () => {
    expect(await findings("site-mdbook")).toEqual([
      "book/src/cli/invalid.md:3:1 reference/broken-link link target gone.html does not exist (no page or file of the mdbook site at book serves /cli/gone)",
      "book/src/cli/invalid.md:3:20 reference/missing-anchor #the-open-flag names no heading or anchor in book/src/cli/build.md → build.html#the---open-flag",
      // A book is often mounted inside a larger site (doc.rust-lang.org/book/): a link above its root lands where docpact cannot see.
      "book/src/cli/build.md:9:23 not judged reference/broken-link: the link climbs above the site's root",
    ]);
  });

  it("Nextra: pages routes, public/", async () => {
    expect(await findings("site-nextra")).toEqual([
      "pages/docs/invalid.md:3:1 reference/broken-link link target /docs/gone does not exist (no page or file of the nextra site at . serves /docs/gone)",
      "pages/docs/invalid.md:3:21 reference/missing-anchor #options names no heading or anchor in pages/docs/usage.md",
    ]);
  });

  it("Nextra app router: a dynamic route serves only under its fixed part (route groups left out); next.config redirects are routes", async () => {
    expect(await findings("site-nextra-app")).toEqual([
      "app/docs/links/page.mdx:3:106 reference/broken-link link target /docs/gone does not exist (no page or file of the nextra site at . serves /docs/gone)",
      // `:slug(setup|usage)` allows two words: `/docs/old/setup` is a route, `/docs/old/other` is not; `/about` is `(marketing)/about`.
      "app/docs/links/page.mdx:5:42 reference/broken-link link target /docs/old/other does not exist (no page or file of the nextra site at . serves /docs/old/other)",
      // `/docs/old-guide` is a plain redirect source: a route that exists.
      "app/docs/links/page.mdx:3:45 not judged reference/broken-link: routes under /legacy are generated",
      "app/docs/links/page.mdx:3:67 not judged reference/broken-link: routes under /api are generated",
      "app/docs/links/page.mdx:3:85 not judged reference/broken-link: routes under /pricing are generated",
    ]);
  });

  it("Nextra 4 content folder: its pages under `contentDirBasePath` (a wrapper's `nextraConfig`) where a catch-all page lists them; redirects mapped from an object; a gitignored generated folder not judged", async () => {
    expect(await findings("site-nextra-content")).toEqual([
      "website/src/content/guide/invalid.mdx:3:1 reference/broken-link link target /docs/guide/gone does not exist (no page or file of the nextra site at website serves /docs/guide/gone)",
      "website/src/content/guide/invalid.mdx:3:42 reference/missing-anchor #configure names no heading or anchor in website/src/content/guide/setup.mdx",
      "website/src/content/guide/invalid.mdx:3:99 reference/broken-link link target /guide/setup does not exist (no page or file of the nextra site at website serves /guide/setup) → /docs/guide/setup",
      "website/src/content/index.mdx:5:5 not judged reference/broken-link: website/src/content/api is ignored by .gitignore (made at build time or kept out of the repository)",
    ]);
  });

  it("Mintlify: docs.json folder, clean routes of .mdx/.md pages, redirects, files served as is; anchors not judged", async () => {
    expect(await findings("site-mintlify")).toEqual([
      "docs/guide/invalid.md:3:10 reference/broken-link link target /guide/gone does not exist (no page or file of the mintlify site at docs serves /guide/gone)",
      "docs/guide/invalid.md:3:41 reference/broken-link link target /guide/setpu does not exist (no page or file of the mintlify site at docs serves /guide/setpu) → /guide/setup",
      "docs/guide/invalid.md:3:68 reference/broken-link link target /images/nope.png does not exist (no page or file of the mintlify site at docs serves /images/nope.png)",
      // A relative `.md` link is the page's Markdown export URL: `./setup.md` (usage.md) is served for setup.mdx; `./gone.md` is not.
      "docs/guide/invalid.md:5:5 reference/broken-link link target ./gone.md does not exist (no page or file of the mintlify site at docs serves /guide/gone)",
      // Mintlify's ids (@mintlify/common slugify): repeats `x-2`, dash runs one `-`, `{#id}`; GitHub's forms are missing.
      "docs/ref/ids.mdx:12:1 reference/missing-anchor #example-1 names no heading or anchor in this document → #example-2",
      "docs/ref/ids.mdx:12:32 reference/missing-anchor #step-1---install names no heading or anchor in this document → #step-1-install",
      "docs/ref/ids.mdx:12:72 reference/missing-anchor #config names no heading or anchor in this document",
      // A heading text beyond plain ASCII (`&`, quotes, non-ASCII) and title components: the page's missing anchors not judged.
      'docs/ref/links.md:3:1 not judged reference/missing-anchor: docs/ref/components.mdx: Mintlify\'s heading ids are not modelled for text like "Fees & billing"',
      'docs/ref/links.md:3:54 not judged reference/missing-anchor: docs/ref/components.mdx: Mintlify\'s heading ids are not modelled for text like "Fees & billing"',
    ]);
  });

  it("Eleventy: clean URLs, dir.input, pathPrefix, addPassthroughCopy to the root, permalinks from front matter and directory data, layout ids, computed permalinks not judged, includes' relative links not judged", async () => {
    // index.md's links (/guide/, /start/, /handbook/r/no-foo/, /img/logo.png, #further-reading from the layout, #installing-it) resolve.
    expect(await findings("site-eleventy")).toEqual([
      "docs/invalid.md:3:1 reference/broken-link link target /guide/gone/ does not exist (no page or file of the eleventy site at . serves /guide/gone)",
      // guide/setup.md's front matter permalink moves it to /start/.
      "docs/invalid.md:3:23 reference/broken-link link target /guide/setup/ does not exist (no page or file of the eleventy site at . serves /guide/setup)",
      "docs/invalid.md:3:55 reference/broken-link link target /r/no-bar/ does not exist (no page or file of the eleventy site at . serves /r/no-bar)",
      "docs/invalid.md:3:80 reference/broken-link image target /img/nope.png does not exist (no page or file of the eleventy site at . serves /img/nope.png)",
      "docs/invalid.md:4:1 reference/missing-anchor #install names no heading or anchor in docs/guide/setup.md",
      "docs/invalid.md:4:34 reference/missing-anchor #reading names no heading or anchor in docs/guide/index.md",
      // An include's relative links resolve from the pages that render it (./guide/index.md is broken only next to the include).
      "docs/_includes/why.md:3:5 not judged reference/broken-link: docs/_includes/why.md is in docs/_includes/, which the eleventy site renders into its pages: a relative link resolves from each page that includes it",
      "docs/_includes/why.md:3:39 not judged reference/broken-link: docs/_includes/why.md is in docs/_includes/, which the eleventy site renders into its pages: a relative link resolves from each page that includes it",
      // blog/latest.md's permalink is computed by a filter: routes under its fixed prefix are not known.
      "docs/index.md:5:7 not judged reference/broken-link: routes under /blog are generated",
      // categories.md writes its heading ids from data in a loop.
      "docs/index.md:6:5 not judged reference/missing-anchor: docs/categories.md includes content at build time",
    ]);
  });

  it("a site of a generator docpact does not model (an Antora component descriptor, site front matter): links that name no file not judged, with the reason; files still checked; GitHub semantics outside", async () => {
    expect(await findings("site-unknown")).toEqual([
      "docs/index.md:4:96 reference/broken-link link target guide/gone.md does not exist (docs/guide/gone.md)",
      // Outside every site: GitHub renders it, and the file it names as GitHub does.
      "notes/README.md:3:16 reference/broken-link link target /nowhere does not exist (nowhere)",
      "notes/README.md:3:40 reference/missing-anchor #install names no heading or anchor in docs/guide/setup.md",
      "pages/blog/post.md:7:41 reference/broken-link link target second.md does not exist (pages/blog/second.md)",
      "docs/guide/setup.markdown:9:22 not judged reference/broken-link: site generator not recognised (docs/antora.yml found)",
      "docs/index.md:3:11 not judged reference/broken-link: site generator not recognised (docs/antora.yml found)",
      "docs/index.md:3:49 not judged reference/broken-link: site generator not recognised (docs/antora.yml found)",
      "docs/index.md:3:78 not judged reference/broken-link: site generator not recognised (docs/antora.yml found)",
      "docs/index.md:4:11 not judged reference/missing-anchor: site generator not recognised (docs/antora.yml found): its heading ids are not known",
      "pages/about.md:3:5 not judged reference/broken-link: a folder link that finds no file (a folder holding only dot files looks empty)",
      "pages/blog/post.md:7:5 not judged reference/broken-link: site generator not recognised (front matter `layout` in pages/blog/post.md found)",
    ]);
  });

  it("Jekyll: pages at .html and clean URLs, baseurl, permalink front matter, output collections, posts not judged, files served as is, kramdown ids, Liquid links", async () => {
    expect(await findings("site-jekyll")).toEqual([
      "docs/index.md:5:1 reference/broken-link link target /guide/gone/ does not exist (no page or file of the jekyll site at docs serves /guide/gone)",
      "docs/index.md:5:23 reference/broken-link link target /guide/setpu.html does not exist (no page or file of the jekyll site at docs serves /guide/setpu) → /guide/setup.html",
      "docs/index.md:5:83 reference/missing-anchor #instal names no heading or anchor in docs/guide/setup.markdown → /guide/setup/#install",
      // Liquid: `relative_url`/`absolute_url` and `{{ site.baseurl }}` are routes, `{% link %}` a source file, `{% post_url %}` a post; no suggestions (the target sits inside the template).
      "docs/index.md:8:59 reference/broken-link link target /guide/nope/ does not exist (no page or file of the jekyll site at docs serves /guide/nope)",
      "docs/index.md:9:49 reference/broken-link link target /guide/gone2/ does not exist (no page or file of the jekyll site at docs serves /guide/gone2)",
      "docs/index.md:10:41 reference/broken-link link target guide/missing.md does not exist (docs/guide/missing.md)",
      "docs/index.md:10:83 reference/missing-anchor #instal names no heading or anchor in docs/guide/setup.markdown",
      "docs/index.md:11:42 reference/broken-link link target 2023-05-06-nothing does not exist (docs/_posts/2023-05-06-nothing.md)",
      "docs/index.md:13:54 reference/broken-link image target /assets/nope.png does not exist (no page or file of the jekyll site at docs serves /assets/nope.png)",
      // kramdown attribute lists give the heading before them its id ({: #no-sudo}, {:.note #colon-id}).
      "docs/index.md:15:94 reference/missing-anchor #no-sudoo names no heading or anchor in docs/guide/setup.markdown → /guide/setup/#no-sudo",
      "docs/index.md:17:1 reference/broken-link link target guide/gone-ref.md does not exist (docs/guide/gone-ref.md)",
      "docs/index.md:4:29 not judged reference/broken-link: routes like /2024/01/02/hello are made at build time (dated posts, a theme's files)",
      "docs/index.md:9:1 not judged reference/missing-anchor: a line or top-of-page fragment (#L10, #top), not a heading",
    ]);
  });

  it("MkDocs translation trees beside the site (docs/<lang>/docs mirroring docs/en/docs): routed under the language, falling back to the default language's pages and files", async () => {
    // es and de mirror docs/en/docs (no config: built by copying en and laying the translation over it); ja's mkdocs.yml
    // only INHERITs docs/en's and is folded in; fr has a page en lacks: no
    // translation, read as GitHub renders it. What is broken in both languages stays an error.
    expect(await findings("site-mkdocs-translations")).toEqual([
      "docs/es/docs/index.md:7:28 reference/broken-link link target tutorial/gone.md does not exist (docs/es/docs/tutorial/gone.md)",
      "docs/es/docs/index.md:7:65 reference/broken-link link target img/nope.png does not exist (no page or file of the mkdocs site at docs/en serves /es/img/nope.png)",
      "docs/es/docs/index.md:7:98 reference/missing-anchor #nope names no heading or anchor in docs/en/docs/deploy.md",
      "docs/fr/docs/tutorial/index.md:3:6 reference/broken-link link target ../deploy.md does not exist (docs/fr/docs/deploy.md) → ../../../en/docs/deploy.md",
      "docs/ja/docs/index.md:3:36 reference/broken-link link target tutorial/missing.md does not exist (docs/ja/docs/tutorial/missing.md)",
      "notes/readme.md:3:1 reference/broken-link link target ../docs/es/docs/deploy.md does not exist (docs/es/docs/deploy.md) → ../docs/en/docs/deploy.md",
      // de mirrors 10 of its 11 pages: still a translation; its lingering old.md (en has none) is not judged as a target.
      "docs/de/docs/index.md:3:44 not judged reference/broken-link: docs/de/docs/old.md is a translation's file the default language lacks (docs/en/docs/old.md): whether the build serves it is not known",
      "docs/de/docs/index.md:3:59 not judged reference/broken-link: docs/de/docs/old.md is a translation's file the default language lacks (docs/en/docs/old.md): whether the build serves it is not known",
      // ja's own config builds its tree alone: a page only the default language has may not be served there.
      "docs/ja/docs/index.md:3:1 not judged reference/broken-link: docs/ja/docs lacks it and has its own config (docs/ja/mkdocs.yml): whether the build serves the default language's page there is not known",
      "docs/ja/docs/index.md:3:1 not judged reference/missing-anchor: the link's target is not judged (reference/broken-link counts why)",
    ]);
  });

  it("a link into a path the repository's .gitignore ignores (a folder the build generates) is not judged, with the file that ignores it", async () => {
    // .gitignore: /docs/rubydoc, /docs/_site/, *.log, !keep.log (a negated line re-includes: /keep.log is judged).
    expect(await findings("site-jekyll-ignored")).toEqual([
      "docs/index.md:5:41 reference/broken-link link target /keep.log does not exist (no page or file of the jekyll site at docs serves /keep.log)",
      "docs/index.md:5:80 reference/broken-link link target /nothing/here.html does not exist (no page or file of the jekyll site at docs serves /nothing/here)",
      "docs/index.md:5:118 reference/broken-link link target guide/gone.md does not exist (docs/guide/gone.md)",
      "docs/guide/setup.md:3:13 not judged reference/broken-link: docs/rubydoc is ignored by .gitignore (made at build time or kept out of the repository)",
      "docs/guide/setup.md:3:55 not judged reference/broken-link: docs/_site is ignored by .gitignore (made at build time or kept out of the repository)",
      "docs/index.md:3:9 not judged reference/broken-link: docs/rubydoc is ignored by .gitignore (made at build time or kept out of the repository)",
      "docs/index.md:3:9 not judged reference/missing-anchor: the link's target is not judged (reference/broken-link counts why)",
      "docs/index.md:3:77 not judged reference/broken-link: docs/rubydoc is ignored by .gitignore (made at build time or kept out of the repository)",
      "docs/index.md:3:125 not judged reference/broken-link: docs/rubydoc is ignored by .gitignore (made at build time or kept out of the repository)",
      "docs/index.md:5:3 not judged reference/broken-link: docs/build.log is ignored by .gitignore (made at build time or kept out of the repository)",
    ]);
  });
});

describe("files GitHub renders (no site) and the repository's .gitignore files", () => {
  it("a link into a path a .gitignore ignores is not judged, naming the file; a negated or unignored missing path is still reported", async () => {
    // .gitignore: __coverage__/, *.log, !keep.log; packages/a/.gitignore: /out.
    expect(await findings("refs-gitignored")).toEqual([
      "CONTRIBUTING.md:5:9 reference/broken-link link target keep.log does not exist (keep.log)",
      "CONTRIBUTING.md:5:31 reference/broken-link link target docs/gone.md does not exist (docs/gone.md)",
      "CONTRIBUTING.md:5:61 reference/broken-link link target packages/a/src/gone.ts does not exist (packages/a/src/gone.ts)",
      "CONTRIBUTING.md:3:6 not judged reference/broken-link: packages/a/__coverage__ is ignored by .gitignore (made at build time or kept out of the repository)",
      "CONTRIBUTING.md:3:67 not judged reference/broken-link: build.log is ignored by .gitignore (made at build time or kept out of the repository)",
      "CONTRIBUTING.md:3:98 not judged reference/broken-link: packages/a/out is ignored by packages/a/.gitignore (made at build time or kept out of the repository)",
    ]);
  });
});
