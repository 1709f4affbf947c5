/** Docsify sites (test/fixtures/site-docsify): routes, `?id=` and extensionless `#` anchors, `#/` hash routes, links read from the root, alias, slugs. */
import { writeProject } from "../helpers/cli.js";
import { describe, expect, it } from "vitest";
import { docsifySlug } from "../../compiler/model/routes/docsify.js";
import { headingIds } from "../../compiler/model/routes/slugs.js";
import { read } from "../../compiler/readers/sites/docsify.js";
import { repoRootFor, siteFindings } from "./reference-helpers.js";

const findings = (root: string) => siteFindings(root);

const project = (files: Record<string, string>) => writeProject(files, "docpact-docsify-");

const page = (config: string) => `<html><body><script>\n  window.$docsify = ${config};\n</script></body></html>\n`;

describe("Docsify sites", () => {
  it("page?id=x, page#x, #/page hash routes, folders, links from the site's root, :id= custom ids, repeats and ids from the heading's source; alias routes not judged", async () => {
    expect(await findings(repoRootFor("test/fixtures/site-docsify"))).toEqual([
      "docs/guide/invalid.md:3:1 reference/broken-link link target /configuration does not exist (no page or file of the docsify site at docs serves /configuration)",
      "docs/invalid.md:3:1 reference/broken-link link target /gone does not exist (no page or file of the docsify site at docs serves /gone)",
      "docs/invalid.md:3:15 reference/broken-link link target /gone does not exist (no page or file of the docsify site at docs serves /gone)",
      "docs/invalid.md:3:42 reference/missing-anchor #install names no heading or anchor in docs/quickstart.md",
      "docs/invalid.md:4:1 reference/missing-anchor #nope names no heading or anchor in docs/quickstart.md",
      // Docsify slugs the heading's source: "[Links](guide/) and _notes_" is #linksguide-and-_notes_, not its plain text's id.
      "docs/invalid.md:6:1 reference/missing-anchor #links-and-notes names no heading or anchor in docs/quickstart.md",
      "docs/README.md:7:82 not judged reference/broken-link: Docsify's alias `/zh-cn/(.*)` maps the route elsewhere",
      "docs/invalid.md:3:15 not judged reference/missing-anchor: the link's target does not exist (reference/broken-link)",
    ]);
  });

  it("slugs as Docsify's slugify makes them", () => {
    expect(docsifySlug("Install It")).toBe("install-it");
    expect(docsifySlug("docsify serve (the CLI)")).toBe("docsify-serve-the-cli");
    expect(docsifySlug("Named heading :id=my-id")).toBe("my-id");
    expect(docsifySlug("A  b")).toBe("a--b");
    expect(docsifySlug("2. Étape")).toBe("_2-Étape");
    expect(docsifySlug("snake_case 🚀 name")).toBe("snake_case--name");
    expect(headingIds(["Usage", "Usage", "Usage"], { slug: docsifySlug, dedupe: "dash", customIds: false })).toEqual(["usage", "usage-1", "usage-2"]);
  });

  it("reads basePath, homepage, relativePath, alias and noCompileLinks without running the page; a computed config is unreadable", () => {
    const at = (html: string) => read({ root: project({ "index.html": html }), siteRoot: "", configFile: "index.html", files: ["index.html"] });
    const s = at(
      page(`{ basePath: "docs/", homepage: "home.md", relativePath: true, alias: { "/old/(.*)": "/new/$1" }, noCompileLinks: ["/api/.*"], name: x }`),
    );
    expect({ srcDir: s.srcDir, unreadable: s.unreadable, settings: s.settings }).toEqual({
      srcDir: "docs",
      unreadable: null,
      settings: { homepage: "home.md", relativePath: true, alias: ["/old/(.*)"], noCompileLinks: ["/api/.*"] },
    });
    expect(at(page("makeConfig()")).unreadable).toBe("index.html: window.$docsify is not a plain object literal");
    expect(at(page("{ ...base, name: 'x' }")).unreadable).toBe("index.html: window.$docsify is not a plain object literal");
    expect(at(page("{ basePath: root + '/docs' }")).unreadable).toBe("index.html: window.$docsify.basePath is not a literal");
    expect(at(page("{ basePath: 'https://example.com/docs/' }")).unreadable).toContain("another host");
  });

  it("a page that embeds a Markdown file has its missing anchors not judged; embedded code, HTML or media do not count", async () => {
    const { routers } = await import("../../compiler/model/routes/index.js");
    const re = routers.docsify.includes!;
    expect(re.test("[x](_media/example.md ':include')")).toBe(true);
    expect(re.test('[x](a/b.markdown ":include :fragment=demo")')).toBe(true);
    expect(re.test("[x](https://example.com/x ':include :type=markdown')")).toBe(true);
    expect(re.test("[vars](https://example.com/_vars.css ':include')")).toBe(false);
    expect(re.test("[x](_media/example.md ':include :type=code')")).toBe(false);
    expect(re.test("[x](_media/example.html ':include')")).toBe(false);
  });

  it("relativePath: links are read from the page's folder; homepage serves the home route", async () => {
    const root = project({
      "docpact.config.json": '{ "docs": ["**/*.md"], "schemas": [], "code": { "include": [] } }',
      "index.html": page('{ relativePath: true, homepage: "home.md" }'),
      "home.md": "# Home\n\n[guide](guide/a.md), [top](/#start)\n\n## Start\n",
      "guide/a.md": "# A\n\n[sibling](b), [up](../home?id=start), [root read](guide/b)\n",
      "guide/b.md": "# B\n",
    });
    expect(await findings(root)).toEqual([
      "guide/a.md:3:39 reference/broken-link link target guide/b does not exist (no page or file of the docsify site at . serves /guide/guide/b)",
    ]);
  });

  it("a config pattern docpact cannot run safely (invalid, or backtracking catastrophically on a long route) is taken to match: the link is not judged, never a crash or a hang", async () => {
    const site = (config: string) =>
      project({
        "docpact.config.json": '{ "docs": ["**/*.md"], "schemas": [], "code": { "include": [] } }',
        "index.html": page(config),
        "README.md": `# Home\n\n[raw](/raw/file) [gone](gone.md) [long](/${"a".repeat(40)}!)\n`,
      });
    // A risky alias is still run on a short route (`/gone` is reported), not on a long one.
    expect(await findings(site(`{ noCompileLinks: ["^/raw/"], alias: { "/(a+)+$": "/x" } }`))).toEqual([
      "README.md:3:18 reference/broken-link link target /gone.md does not exist (no page or file of the docsify site at . serves /gone)",
      "README.md:3:1 not judged reference/broken-link: a link Docsify's noCompileLinks leaves as it is (served by the host, not by Docsify)",
      "README.md:3:34 not judged reference/broken-link: Docsify's alias `/(a+)+$` maps the route elsewhere",
    ]);
    const invalid = await findings(site(`{ noCompileLinks: ["(unclosed"] }`));
    expect(invalid.length).toBe(3);
    expect(invalid.every((l) => l.includes("noCompileLinks"))).toBe(true);
  });
});
