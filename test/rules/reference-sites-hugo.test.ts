/** Hugo sites (test/fixtures/site-hugo): routes, base path, static files, slugs, urls, aliases, bundles, Goldmark heading ids. */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { read } from "../../compiler/readers/sites/hugo.js";
import { repoRootFor, siteFindings } from "./reference-helpers.js";

const findings = (name: string) => siteFindings(repoRootFor(`test/fixtures/${name}`));

describe("Hugo sites", () => {
  it("clean lowercased URLs, baseURL's path, static/, slug and url front matter (TOML too), aliases, leaf bundles, {#id} and github-style ids, ref/relref shortcodes; dated permalinks not judged", async () => {
    // _index.md's links all resolve: /docs/ base or not, guide/Setup.md at /guide/setup/, `slug: configuration`, the alias
    // /install/, `url = "/api/"` in TOML front matter, /img/logo.png from static/, the leaf bundle /about/, `{#build-target}`,
    // "The File: Format" → #the-file-format, "Install It" → #install-it, a bundle resource by its file.
    expect(await findings("site-hugo")).toEqual([
      "content/invalid.md:3:1 reference/broken-link link target /guide/gone/ does not exist (no page or file of the hugo site at . serves /guide/gone)",
      // `slug: configuration` moved it.
      "content/invalid.md:3:23 reference/broken-link link target /guide/config/ does not exist (no page or file of the hugo site at . serves /guide/config)",
      // A leaf bundle's other Markdown files are its resources, not pages.
      "content/invalid.md:3:56 reference/broken-link link target /about/team/ does not exist (no page or file of the hugo site at . serves /about/team)",
      "content/invalid.md:3:84 reference/broken-link image target /img/nope.png does not exist (no page or file of the hugo site at . serves /img/nope.png)",
      "content/invalid.md:5:1 reference/missing-anchor #build_target names no heading or anchor in content/guide/config.md",
      "content/invalid.md:5:41 reference/missing-anchor #install names no heading or anchor in content/guide/Setup.md",
      // `ref` / `relref` shortcodes name content files (from the page, the content folder, or a bare name anywhere: _index.md's resolve).
      "content/invalid.md:7:1 reference/broken-link link target guide/nothing.md does not exist (content/guide/nothing.md)",
      "content/invalid.md:7:44 reference/missing-anchor #nope names no heading or anchor in content/guide/config.md",
      // The same shortcodes in a raw `<a href="{{< ref "x" >}}#y">`, inline (text to CommonMark) or in an HTML block.
      "content/invalid.md:9:8 reference/missing-anchor #nope-inline names no heading or anchor in content/guide/config.md",
      "content/invalid.md:11:6 reference/broken-link link target guide/nothing.md does not exist (content/guide/nothing.md)",
      // `posts = "/:year/:month/:slug/"` places posts by date.
      "content/_index.md:7:87 not judged reference/broken-link: routes like /2024/01/hello are made at build time (dated posts, a theme's files)",
    ]);
  });
});

describe("Hugo config reading (readers/sites/hugo.ts)", () => {
  const site = (files: Record<string, string>, configFile: string) => {
    const root = mkdtempSync(join(tmpdir(), "docpact-hugo-"));
    for (const [f, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, f)), { recursive: true });
      writeFileSync(join(root, f), text);
    }
    return read({ root, siteRoot: "", configFile, files: Object.keys(files).sort() });
  };

  it("config/_default/ with one file per key, content and static mounts, TOML front matter, headless bundles, languages", () => {
    const s = site(
      {
        "config/_default/hugo.yaml":
          "baseURL: https://example.org/site/\nmodule:\n  mounts:\n    - source: content/en\n      target: content\n    - source: assets/public\n      target: static\n",
        "config/_default/markup.toml": "[goldmark.parser]\nautoHeadingIDType = 'github-ascii'\n",
        "config/_default/languages.toml": "[en]\nweight = 1\n[fr]\nweight = 2\n",
        "content/en/_index.md": "# Home\n",
        "content/en/Guide/First Steps.md": "+++\ntitle = 'x'\naliases = ['old']\n+++\n# First\n",
        "content/en/guide/page.fr.md": "# Page\n",
        "content/en/shared/index.md": "---\nheadless: true\n---\n",
        "assets/public/logo.png": "x",
      },
      "config/_default/hugo.yaml",
    );
    expect(s.base).toBe("/site/");
    expect(s.srcDir).toBe("content/en");
    expect(s.assetDirs).toEqual(["assets/public", "content/en"]);
    expect(s.permalinks).toEqual({ "content/en/_index.md": "", "content/en/Guide/First Steps.md": "guide/first-steps" });
    expect(s.extraPages).toEqual(["guide/old"]);
    expect(s.unroutedPages).toEqual(["content/en/guide/page.fr.md", "content/en/shared/index.md"]);
    expect(s.partialRoutes).toEqual(["fr"]);
    expect(s.slugsUnknown).toBe("config/_default/hugo.yaml sets autoHeadingIDType github-ascii");
  });

  it("a theme from a Hugo module: links to files that name nothing are not judged; a broken config is said", () => {
    const s = site({ "hugo.toml": "theme = 'github.com/x/theme'\n", "content/a.md": "# A\n" }, "hugo.toml");
    expect(s.partialPattern).toBe("\\.[A-Za-z0-9]+$");
    expect(s.permalinks).toEqual({ "content/a.md": "a" });
    expect(site({ "hugo.toml": "baseURL = \n" }, "hugo.toml").unreadable).toMatch(/^hugo\.toml: /);
  });

  it("definition terms (autoDefinitionTermID) and {#id} under a block (attribute.block) are ids of their page", () => {
    const s = site(
      {
        "hugo.toml": "[markup.goldmark.parser]\nautoDefinitionTermID = true\n[markup.goldmark.parser.attribute]\nblock = true\n",
        "content/a.md":
          "# A\n\n`baseURL`\n: The root.\n\nThe [_content dir_](g)\n\n: Where pages live.\n\nA paragraph.\n{#para .note}\n\n```\nterm\n: in code\n```\n\n## baseURL\n",
      },
      "hugo.toml",
    );
    // Headings and terms share one id counter: the heading after the term `baseURL` is `baseurl-1`.
    expect(s.pageIds).toEqual({ "content/a.md": ["a", "baseurl", "the-content-dir", "para", "baseurl-1"] });
    expect(site({ "hugo.toml": "", "content/a.md": "Term\n: def\n" }, "hugo.toml").pageIds).toBeUndefined();
  });

  it("the project's render hooks: a link hook decides every link, a heading hook without .Anchor makes its own ids", () => {
    const hooks = site(
      {
        "hugo.toml": "",
        "layouts/_markup/render-link.html": "<a href={{ .Destination }}>",
        "layouts/_default/_markup/render-heading.html": '<h{{ .Level }} id="{{ .Text | anchorize }}-x">',
      },
      "hugo.toml",
    );
    expect(hooks.unreadable).toBe("layouts/_markup/render-link.html renders every link (a link render hook)");
    expect(hooks.slugsUnknown).toBe("layouts/_default/_markup/render-heading.html writes the heading ids");
    const plain = site({ "hugo.toml": "", "layouts/_markup/render-heading.html": '<h2 id="{{ .Anchor }}">' }, "hugo.toml");
    expect([plain.unreadable, plain.slugsUnknown]).toEqual([null, null]);
  });
});
