/** Rspress sites (test/fixtures/site-rspress): routes under `root`, the default language served without its prefix, autoPrefix, route.exclude and `_` files, page components, github-slugger with `{#id}`. */
import { writeProject } from "../helpers/cli.js";
import { describe, expect, it } from "vitest";
import { githubSlug, headingIds } from "../../compiler/model/routes/slugs.js";
import { read } from "../../compiler/readers/sites/rspress.js";
import { repoRootFor, siteFindings } from "./reference-helpers.js";

const project = (files: Record<string, string>) => writeProject(files, "docpact-rspress-");

const config = (body: string) => `import { defineConfig } from "@rspress/core";\nexport default defineConfig(${body});\n`;
const readConfig = (body: string) => {
  const root = project({ "rspress.config.ts": config(body) });
  return read({ root, siteRoot: "", configFile: "rspress.config.ts", files: ["rspress.config.ts"] });
};

describe("Rspress sites", () => {
  it("routes pages under root, the default language without its prefix, other languages' root-absolute links prefixed; excluded, `_` and component files are no pages", async () => {
    expect(await siteFindings(repoRootFor("test/fixtures/site-rspress"))).toEqual([
      "docs/en/api/index.mdx:7:70 reference/missing-anchor #no-such-part names no heading or anchor in this document or the MDX fragments it imports (docs/en/fragments/note.mdx)",
      "docs/en/invalid.md:3:1 reference/broken-link link target /gone does not exist (no page or file of the rspress site at . serves /gone)",
      // route.exclude `**/fragments/**` and `components/**` (from the docs root), the `_` convention.
      "docs/en/invalid.md:3:16 reference/broken-link link target /fragments/note does not exist (no page or file of the rspress site at . serves /fragments/note)",
      "docs/en/invalid.md:3:47 reference/broken-link link target /components/button does not exist (no page or file of the rspress site at . serves /components/button)",
      "docs/en/invalid.md:3:82 reference/broken-link link target /guide/_partial does not exist (no page or file of the rspress site at . serves /guide/_partial)",
      // `{#setup}` replaced the heading's own id.
      "docs/en/invalid.md:3:112 reference/missing-anchor #install names no heading or anchor in docs/en/guide/start.md",
      // On a Chinese page `/api/` is `/zh/api/` (autoPrefix), which has no page; the image keeps its URL.
      "docs/zh/guide/start.md:3:63 reference/broken-link link target /zh/api/ does not exist (no page or file of the rspress site at . serves /zh/api)",
      // The page imports ../fragments/note.mdx: its `## Options` is the page's; a numbered repeat depends on render order.
      "docs/en/api/index.mdx:7:99 not judged reference/missing-anchor: docs/en/api/index.mdx includes content at build time (a numbered id depends on where the fragments render)",
      "docs/en/index.md:5:114 not judged reference/broken-link: a URL the site's config excludes from Rspress's own dead-link check (markdown.link.checkDeadLinks.excludes): a file the build writes",
    ]);
  });

  it("slugs headings as github-slugger, `{#id}` custom ids, repeats -1, -2", () => {
    const style = { slug: githubSlug, dedupe: "dash" as const, customIds: true };
    expect(headingIds(["build.target", "Install {#setup}", "Usage", "Usage", "开始"], style)).toEqual(["buildtarget", "setup", "usage", "usage-1", "开始"]);
  });

  it("reads root, base, lang, locales (or themeConfig.locales), route and markdown.link without running the config", () => {
    const s = readConfig(
      `{ root: "site", base: "/docs/", lang: "en", themeConfig: { locales: [{ lang: "en" }, { lang: "ja" }] }, route: { extensions: [".md"], exclude: ["drafts/**"], excludeConvention: [] }, markdown: { link: { autoPrefix: false, checkDeadLinks: { excludes: ["/feed.xml"] } } } }`,
    );
    expect({ srcDir: s.srcDir, base: s.base, unreadable: s.unreadable, partial: s.partialRoutes, assets: s.assetDirs, settings: s.settings }).toEqual({
      srcDir: "site",
      base: "/docs/",
      unreadable: null,
      partial: [],
      assets: ["site/public"],
      settings: { langs: ["en", "ja"], lang: "en", extensions: [".md"], exclude: ["drafts/**"], autoPrefix: false, deadLinkExcludes: ["/feed.xml"] },
    });
    expect(readConfig("{}").srcDir).toBe("docs");
    expect(readConfig("{ root: path.join(__dirname, 'docs') }").unreadable).toContain("computed at build time");
    expect(readConfig("{ locales: [{ lang: process.env.LANG }] }").unreadable).not.toBeNull();
    expect(readConfig("{ route: { include: ['../packages/**/*.md'] } }").partialRoutes).toEqual([""]);
    expect(readConfig("{ multiVersion: { default: 'v2', versions: ['v1', 'v2'] } }").partialRoutes).toEqual([""]);
    expect(readConfig("{ markdown: { link: { checkDeadLinks: { excludes: (url) => url.endsWith('.xml') } } } }").partialRoutes).toEqual([""]);
    expect(readConfig("{ markdown: { link: { checkDeadLinks: false } } }").partialRoutes).toEqual([]);
  });

  it("without locales a language-named folder is an ordinary folder; without autoPrefix a root-absolute link is read as written", async () => {
    const root = project({
      "docpact.config.json": '{ "docs": ["**/*.md"], "schemas": [], "code": { "include": [] } }',
      "rspress.config.ts": config('{ lang: "zh", markdown: { link: { autoPrefix: false } } }'),
      "docs/zh/a.md": "# A\n\n[b](/zh/b), [root b](/b)\n",
      "docs/zh/b.md": "# B\n",
    });
    expect(await siteFindings(root)).toEqual([
      "docs/zh/a.md:3:13 reference/broken-link link target /b does not exist (no page or file of the rspress site at . serves /b)",
    ]);
  });

  it("anchors of a page that imports MDX fragments: the fragments' headings (nested imports too) are the page's; an import docpact did not read leaves the page not judged", async () => {
    const root = project({
      "docpact.config.json": '{ "docs": ["docs/**/*.md", "docs/**/*.mdx"], "schemas": [], "code": { "include": [] } }',
      "rspress.config.ts": config("{}"),
      "docs/fragments/base.mdx": 'import Deep from "./deep.mdx";\n\n## base\n\n<Deep />\n',
      "docs/fragments/deep.mdx": "## deep option\n",
      "docs/config.mdx": 'import Base from "./fragments/base.mdx";\n\n# Config\n\n<Base />\n',
      "docs/aliased.mdx": 'import Base from "@site/docs/fragments/base.mdx";\n\n# Aliased\n\n<Base />\n',
      "docs/unread.mdx": 'import Part from "../outside/part.mdx";\n\n# Unread\n\n<Part />\n',
      "outside/part.mdx": "## part\n",
      "docs/guide.md":
        "# Guide\n\n[a](/config#base), [b](/config#deep-option), [c](/config#renamed), [d](/aliased#base), [e](/aliased#gone), [f](/unread#gone)\n",
    });
    expect(await siteFindings(root)).toEqual([
      "docs/guide.md:3:46 reference/missing-anchor #renamed names no heading or anchor in docs/config.mdx or the MDX fragments it imports (docs/fragments/base.mdx, docs/fragments/deep.mdx)",
      // An aliased import is the bundler's to resolve; a fragment outside the docs is not read.
      "docs/guide.md:3:68 not judged reference/missing-anchor: docs/aliased.mdx includes content at build time",
      "docs/guide.md:3:88 not judged reference/missing-anchor: docs/aliased.mdx includes content at build time",
      "docs/guide.md:3:108 not judged reference/missing-anchor: docs/unread.mdx includes content at build time",
    ]);
  });
});
