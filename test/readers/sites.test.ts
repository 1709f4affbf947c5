import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveConfig } from "../../compiler/config/resolve.js";
import { parseGitignore } from "../../compiler/readers/sites/gitignore.js";
import { detectSites, readSites } from "../../compiler/readers/sites/index.js";
import { repoRootFor } from "../rules/reference-helpers.js";

const written = new Map<string, string[]>();

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "docpact-sites-"));
  written.set(
    root,
    Object.keys(files).filter((f) => !f.split("/").some((s) => s.startsWith("."))),
  );
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(join(root, f, ".."), { recursive: true });
    writeFileSync(join(root, f), text);
  }
  return root;
}

/** The sites of a temp project; `files` as discover lists them (every file but dot files). */
const sitesOf = async (root: string, docs: string[], raw = {}) =>
  await readSites(root, resolveConfig(root, raw, null), docs, [...(written.get(root) ?? [])].sort());

describe("site detection and static config reading", () => {
  it("detects each generator from its config file above the documents", async () => {
    const gen = (name: string, doc: string) =>
      detectSites(repoRootFor(`test/fixtures/${name}`), [doc]).map((s) => `${s.generator} ${s.root || "."} ${s.configFile}`);
    expect(gen("site-vitepress", "docs/index.md")).toEqual(["vitepress docs docs/.vitepress/config.ts"]);
    expect(gen("site-docusaurus", "website/docs/intro.md")).toEqual(["docusaurus website website/docusaurus.config.ts"]);
    expect(gen("site-mkdocs", "docs/index.md")).toEqual(["mkdocs . mkdocs.yml"]);
    expect(gen("site-starlight", "src/content/docs/index.md")).toEqual(["starlight . astro.config.mjs"]);
    expect(gen("site-mdbook", "book/src/README.md")).toEqual(["mdbook book book/book.toml"]);
    expect(gen("site-nextra", "pages/index.mdx")).toEqual(["nextra . next.config.mjs"]);
    expect(gen("site-vuepress", "docs/guide/README.md")).toEqual(["vuepress docs docs/.vuepress/config.js"]);
    expect(gen("refs-basic", "README.md")).toEqual([]);
  });

  it("Starlight: locales and the default one from the integration's options (a shared const included)", async () => {
    const config =
      'import starlight from "@astrojs/starlight";\nexport const locales = { root: { label: "English", lang: "en" }, fr: { label: "Français" }, "zh-cn": { label: "中文" } };\nexport default { integrations: [starlight({ title: "x", locales })] };\n';
    const root = project({ "astro.config.mjs": config, "src/content/docs/index.md": "# a\n" });
    const [site] = await sitesOf(root, ["src/content/docs/index.md"]);
    expect(site.localeFallback).toEqual({ locales: ["fr", "zh-cn"], fallback: "" });
    const noRoot = project({
      "astro.config.mjs":
        'import sl from "@astrojs/starlight";\nexport default { integrations: [sl({ defaultLocale: "en", locales: { en: {}, de: {} } })] };\n',
      "src/content/docs/en/index.md": "# a\n",
    });
    expect((await sitesOf(noRoot, ["src/content/docs/en/index.md"]))[0].localeFallback).toEqual({ locales: ["de", "en"], fallback: "en" });
  });

  it("VuePress: base from `defineUserConfig`, the files of .vuepress/public listed; pagePatterns that do not evaluate, another public folder or a blog theme make routes not listed; literal pagePatterns list the pages", async () => {
    const root = project({
      "docs/.vuepress/config.ts": 'import { defineUserConfig } from "vuepress";\nexport default defineUserConfig({ base: "/x/", lang: "en-US" });\n',
      "docs/.vuepress/public/img/a.png": "x",
      "docs/a.md": "# a\n",
    });
    expect((await sitesOf(root, ["docs/a.md"]))[0]).toMatchObject({
      generator: "vuepress",
      root: "docs",
      srcDir: "docs",
      base: "/x/",
      assetDirs: ["docs/.vuepress/public"],
      assetFiles: ["docs/.vuepress/public/img/a.png"],
      partialRoutes: [],
      unreadable: null,
    });
    for (const cfg of [
      // A list that does not evaluate to string literals.
      "const extra = require('./extra');\nmodule.exports = { pagePatterns: ['**/*.md', ...extra] };\n",
      "module.exports = { public: require('path').resolve(__dirname, 'static') };\n",
      "const { hopeTheme } = require('vuepress-theme-hope');\nmodule.exports = { theme: hopeTheme({ blog: { name: 'x' } }) };\n",
    ]) {
      const r = project({ "docs/.vuepress/config.js": cfg, "docs/a.md": "# a\n" });
      expect((await sitesOf(r, ["docs/a.md"]))[0].partialRoutes).toEqual([""]);
    }
    // A literal list decides which files are pages: the rest are listed as pages without a route.
    const lit = project({
      "docs/.vuepress/config.js": "module.exports = { pagePatterns: ['**/*.md', '!drafts'] };\n",
      "docs/a.md": "# a\n",
      "docs/drafts/b.md": "# b\n",
    });
    expect((await sitesOf(lit, ["docs/a.md", "docs/drafts/b.md"]))[0]).toMatchObject({ partialRoutes: [], unroutedPages: ["docs/drafts/b.md"] });
  });

  it("Mintlify: a wildcard or parameter redirect source makes the routes under its prefix not listed", async () => {
    const root = project({
      "docs.json": JSON.stringify({
        $schema: "https://mintlify.com/docs.json",
        redirects: [
          { source: "/old/:slug*", destination: "/new/:slug*" },
          { source: "/v1/api/*", destination: "/api" },
          { source: "/moved", destination: "/here" },
        ],
      }),
      "index.mdx": "# a\n",
    });
    const [site] = await sitesOf(root, ["index.mdx"]);
    expect(site.partialRoutes).toEqual(["old", "v1/api"]);
    expect(site.extraPages).toEqual(["moved"]);
  });

  it("an astro config without Starlight is a site of a generator docpact does not model", async () => {
    const root = project({ "astro.config.mjs": "export default {};\n", "src/content/docs/a.md": "# a\n" });
    expect(detectSites(root, ["src/content/docs/a.md"])).toEqual([{ root: "", generator: "unknown", configFile: "astro.config.mjs" }]);
  });

  it("reads VitePress srcDir, base (through a const) and rewrites, never running the config", async () => {
    const root = project({
      "docs/.vitepress/config.mts":
        'import { defineConfig } from "vitepress";\nconst base = "/x/";\nexport default defineConfig({ srcDir: "src", base, rewrites: { "a.md": "b.md" }, plugins: [boom()] });\n',
      "docs/src/a.md": "# a\n",
    });
    expect(await sitesOf(root, ["docs/src/a.md"])).toMatchObject([
      { generator: "vitepress", root: "docs", srcDir: "docs/src", base: "/x/", rewrites: { "a.md": "b.md" }, assetDirs: ["docs/src/public"], unreadable: null },
    ]);
  });

  it("a config value computed at build time leaves the site's routes not judged, parametric rewrites partial", async () => {
    const root = project({
      "docs/.vitepress/config.ts": 'export default defineConfig({ srcDir: process.env.SRC, rewrites: { ":pkg/index.md": ":pkg.md" } });\n',
      "docs/a.md": "# a\n",
    });
    const [s] = await sitesOf(root, ["docs/a.md"]);
    expect(s.unreadable).toMatch(/process\.env\.SRC|cannot|not/);
    expect(s.partialRoutes).toContain("");
  });

  it("reads Docusaurus presets, plugins, i18n and versions", async () => {
    const root = project({
      "website/docusaurus.config.js": [
        "module.exports = {",
        "  baseUrl: '/tool/',",
        "  i18n: { defaultLocale: 'en', locales: ['en', 'fr'] },",
        "  presets: [['@docusaurus/preset-classic', { docs: { path: '../docs', routeBasePath: '/' }, blog: false }]],",
        "  plugins: [['@docusaurus/plugin-content-docs', { id: 'api', path: 'api', routeBasePath: 'api' }], '@docusaurus/plugin-sitemap'],",
        "};",
      ].join("\n"),
      "website/versions.json": '["1.0"]',
      "docs/a.md": "# a\n",
    });
    const [s] = await sitesOf(root, ["docs/a.md"]);
    expect(s).toMatchObject({
      generator: "docusaurus",
      base: "/tool/",
      unreadable: null,
      docsInstances: [
        { path: "docs", routeBasePath: "" },
        { path: "website/api", routeBasePath: "api" },
      ],
      assetDirs: ["website/static"],
    });
    expect(s.partialRoutes).toEqual(expect.arrayContaining(["fr", "1.0", "next", "api/category", "search"]));
    expect(s.partialRoutes).not.toContain("blog");
  });

  it("an unknown Docusaurus plugin may add routes anywhere", async () => {
    const root = project({ "docusaurus.config.ts": "export default { plugins: ['docusaurus-plugin-openapi-docs'] };\n", "docs/a.md": "# a\n" });
    expect((await sitesOf(root, ["docs/a.md"]))[0].partialRoutes).toContain("");
  });

  it("reads mkdocs.yml (docs_dir, site_url, plugins, custom toc slugify) and book.toml", async () => {
    const root = project({
      "mkdocs.yml":
        "docs_dir: content\nsite_url: https://x.org/p/\nplugins:\n  - blog\nmarkdown_extensions:\n  - toc:\n      slugify: !!python/object/apply:pymdownx.slugs.slugify {kwds: {case: lower}}\n",
      "content/a.md": "# a\n",
    });
    expect((await sitesOf(root, ["content/a.md"]))[0]).toMatchObject({
      generator: "mkdocs",
      srcDir: "content",
      base: "/p/",
      partialRoutes: ["blog"],
      assetDirs: ["content"],
    });
    expect((await sitesOf(root, ["content/a.md"]))[0].slugsUnknown).toMatch(/toc\.slugify/);
    const book = project({ "guide/book.toml": '[book]\nsrc = "pages"\n', "guide/pages/a.md": "# a\n" });
    expect((await sitesOf(book, ["guide/pages/a.md"]))[0]).toMatchObject({ generator: "mdbook", root: "guide", srcDir: "guide/pages" });
    const broken = project({ "book.toml": "[book\n", "src/a.md": "# a\n" });
    expect((await sitesOf(broken, ["src/a.md"]))[0].unreadable).toMatch(/book\.toml/);
  });

  it("configured sites win over detection; their generator config still fills the rest", async () => {
    const root = project({ "docs/.vitepress/config.ts": 'export default { srcDir: "src" };\n', "docs/src/a.md": "# a\n" });
    expect((await sitesOf(root, ["docs/src/a.md"], { sites: [{ root: "docs", generator: "vitepress", base: "/b" }] }))[0]).toMatchObject({
      srcDir: "docs/src",
      base: "/b/",
    });
    expect((await sitesOf(root, ["docs/src/a.md"], { sites: [{ root: "docs", generator: "github" }] }))[0]).toMatchObject({ generator: "github" });
  });
});

describe("Jekyll exclude", () => {
  it("leaves the files and folders `exclude` names out of the site (GitHub renders them); globs name no folder", async () => {
    const { siteOf } = await import("../../compiler/model/site-links.js");
    const root = project({
      "docs/_config.yml": "exclude:\n  - vale-styles\n  - README.md\n  - Gemfile*\n",
      "docs/index.md": "# Home\n",
      "docs/README.md": "# Readme\n",
      "docs/vale-styles/Homebrew/README.md": "[Guide](/docs/index.md)\n",
    });
    const sites = await sitesOf(root, ["docs/index.md", "docs/README.md", "docs/vale-styles/Homebrew/README.md"]);
    const jekyll = sites.filter((s) => s.generator === "jekyll");
    expect(jekyll.map((s) => s.excluded)).toEqual([["docs/vale-styles", "docs/README.md"]]);
    expect(siteOf(sites, "docs/index.md")?.generator).toBe("jekyll");
    expect(siteOf(sites, "docs/README.md")).toBeNull();
    expect(siteOf(sites, "docs/vale-styles/Homebrew/README.md")).toBeNull();
  });

  it("translation trees: a language-named sibling whose pages all mirror the site's pages folder; a sibling config that only INHERITs it is folded in", async () => {
    const root = project({
      "docs/en/mkdocs.yml": "site_name: x\n",
      "docs/en/docs/index.md": "# a\n",
      "docs/en/docs/guide/b.md": "# b\n",
      "docs/es/docs/guide/b.md": "# b\n",
      "docs/pt-BR/docs/index.md": "# a\n",
      "docs/zh_CN/docs/guide/b.md": "# b\n",
      "docs/hi/mkdocs.yml": "INHERIT: ../en/mkdocs.yml\n",
      "docs/hi/docs/index.md": "# a\n",
      // A page the default lacks: no mirror.
      "docs/fr/docs/index.md": "# a\n",
      "docs/fr/docs/only-fr.md": "# c\n",
      // Not a language name.
      "docs/drafts/docs/index.md": "# a\n",
      // Its own config, not inheriting: its own site.
      "docs/de/mkdocs.yml": "site_name: de\n",
      "docs/de/docs/index.md": "# a\n",
    });
    const docs = (written.get(root) ?? []).filter((f) => f.endsWith(".md"));
    const sites = await sitesOf(root, docs);
    expect(sites.map((s) => `${s.root} ${JSON.stringify(s.translations ?? [])}`)).toEqual([
      "docs/de []",
      // pt-BR's pages mirror both de's and en's: it is neither's translation.
      'docs/en [{"dir":"docs/es/docs","prefix":"es"},{"dir":"docs/hi/docs","prefix":"hi","config":"docs/hi/mkdocs.yml"},{"dir":"docs/zh_CN/docs","prefix":"zh_CN"}]',
    ]);
    // Configured `sites` (as init writes them, the inheriting one listed too): the same fold; de's own config, which no
    // configured site reads, keeps it out; pt-BR then mirrors only en.
    const configured = await sitesOf(root, docs, {
      sites: [
        { root: "docs/en", generator: "mkdocs" },
        { root: "docs/hi", generator: "mkdocs" },
      ],
    });
    expect(configured.map((s) => `${s.root} ${(s.translations ?? []).map((t) => t.prefix).join(",")}`)).toEqual(["docs/en es,hi,pt-BR,zh_CN"]);
    // A lagging translation: one page in eleven without a twin still mirrors; two do not.
    const pages = (dir: string, n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${dir}/p${i}.md`, "# p\n"]));
    const lag = project({
      "docs/en/mkdocs.yml": "site_name: x\n",
      ...pages("docs/en/docs", 10),
      ...pages("docs/es/docs", 10),
      "docs/es/docs/old.md": "# o\n",
      ...pages("docs/fr/docs", 10),
      "docs/fr/docs/old.md": "# o\n",
      "docs/fr/docs/older.md": "# o\n",
    });
    const lagDocs = (written.get(lag) ?? []).filter((f) => f.endsWith(".md"));
    expect((await sitesOf(lag, lagDocs))[0].translations?.map((t) => t.prefix)).toEqual(["es"]);
    // A site folder not named as a language has no translations.
    const plain = project({ "site/mkdocs.yml": "site_name: x\n", "site/docs/index.md": "# a\n", "es/docs/index.md": "# a\n" });
    expect((await sitesOf(plain, ["site/docs/index.md", "es/docs/index.md"]))[0].translations).toBeUndefined();
  });

  it(".gitignore lines as root-relative globs: anchored with a slash, any depth without, `!` and a trailing `/` kept", () => {
    expect(parseGitignore("# c\n/docs/rubydoc\n*.log\n!keep.log\nbuild/\na/b  \n\\#lit\n", "docs", "docs/.gitignore")).toEqual([
      { glob: "docs/docs/rubydoc", negate: false, dirOnly: false, file: "docs/.gitignore" },
      { glob: "docs/**/*.log", negate: false, dirOnly: false, file: "docs/.gitignore" },
      { glob: "docs/**/keep.log", negate: true, dirOnly: false, file: "docs/.gitignore" },
      { glob: "docs/**/build", negate: false, dirOnly: true, file: "docs/.gitignore" },
      { glob: "docs/a/b", negate: false, dirOnly: false, file: "docs/.gitignore" },
      { glob: "docs/**/#lit", negate: false, dirOnly: false, file: "docs/.gitignore" },
    ]);
  });
});
