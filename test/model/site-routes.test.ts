import { describe, expect, it } from "vitest";
import { docRoute } from "../../compiler/model/routes/docusaurus.js";
import { routers } from "../../compiler/model/routes/index.js";
import { buildRouteTable, resolveSiteRoute, routeKey, siteOf, suggestRoute } from "../../compiler/model/site-links.js";
import type { MarkdownDoc, Site } from "../../compiler/model/types.js";
import { closest } from "../../compiler/util/edit-distance.js";
import { md } from "../rules/reference-helpers.js";

function site(over: Partial<Site>): Site {
  return {
    generator: "vitepress",
    root: "docs",
    srcDir: "docs",
    base: "/",
    assetDirs: ["docs/public"],
    source: "test",
    unreadable: null,
    partialRoutes: [],
    slugsUnknown: null,
    ...over,
  };
}

describe("route keys", () => {
  it("drop .html/.md, index pages and slashes", () => {
    expect(routeKey("/guide/features.html", "vitepress")).toBe("guide/features");
    expect(routeKey("/guide/", "vitepress")).toBe("guide");
    expect(routeKey("/guide/index.html", "vitepress")).toBe("guide");
    expect(routeKey("/", "vitepress")).toBe("");
    expect(routeKey("a/README.md", "mkdocs")).toBe("a");
    expect(routeKey("a/README", "vitepress")).toBe("a/README");
  });
});

describe("page routes per generator", () => {
  it("VitePress: files, index pages, static rewrites; public/ is not a page folder", () => {
    const s = site({ rewrites: { "old.md": "new/index.md" } });
    expect(routers.vitepress.pageRoutes(s, "docs/guide/a.md", undefined)).toEqual(["guide/a"]);
    expect(routers.vitepress.pageRoutes(s, "docs/guide/index.md", undefined)).toEqual(["guide"]);
    expect(routers.vitepress.pageRoutes(s, "docs/old.md", undefined)).toEqual(["new"]);
    expect(routers.vitepress.pageRoutes(s, "docs/public/x.md", undefined)).toBeNull();
    expect(routers.vitepress.pageRoutes(s, "README.md", undefined)).toBeNull();
  });

  it("Docusaurus: number prefixes, front matter id and slug, index and same-name pages", () => {
    const fm = (fields: Record<string, string>) =>
      ({
        frontMatter: Object.entries(fields)
          .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
          .join("\n"),
      }) as MarkdownDoc;
    expect(docRoute("docs", "01-basics/02-install.md", undefined)).toBe("docs/basics/install");
    expect(docRoute("docs", "config.md", fm({ id: "configuration" }))).toBe("docs/configuration");
    expect(docRoute("docs", "a/b.md", fm({ slug: "/c" }))).toBe("docs/c");
    expect(docRoute("docs", "a/b.md", fm({ slug: "c" }))).toBe("docs/a/c");
    expect(docRoute("docs", "a/index.md", undefined)).toBe("docs/a");
    expect(docRoute("docs", "guides/guides.md", undefined)).toBe("docs/guides");
    expect(docRoute("/", "intro.md", undefined)).toBe("intro");
    expect(docRoute("docs", "_partial.md", undefined)).toBeNull();
  });

  it("MkDocs and mdBook: README is the folder's index", () => {
    expect(routers.mkdocs.pageRoutes(site({ generator: "mkdocs", root: "", srcDir: "docs" }), "docs/a/README.md", undefined)).toEqual(["a"]);
    expect(routers.mdbook.pageRoutes(site({ generator: "mdbook", root: "book", srcDir: "book/src" }), "book/src/README.md", undefined)).toEqual([""]);
  });

  it("Starlight: segments slugged; Nextra: pages and app router", () => {
    expect(
      routers.starlight.pageRoutes(
        site({ generator: "starlight", root: "", srcDir: "src/content/docs" }),
        "src/content/docs/Guides/Getting Started.mdx",
        undefined,
      ),
    ).toEqual(["guides/getting-started"]);
    const nx = site({ generator: "nextra", root: "", srcDir: "pages", pageDirs: ["pages", "app"] });
    expect(routers.nextra.pageRoutes(nx, "pages/docs/index.mdx", undefined)).toEqual(["docs"]);
    expect(routers.nextra.pageRoutes(nx, "app/docs/page.mdx", undefined)).toEqual(["docs"]);
    expect(routers.nextra.pageRoutes(nx, "pages/[slug].mdx", undefined)).toBeNull();
  });
});

describe("resolveSiteRoute", () => {
  const files = ["docs/index.md", "docs/guide/index.md", "docs/guide/features.md", "docs/public/logo.png"];
  const docs = new Map(files.filter((f) => f.endsWith(".md")).map((f) => [f, md(f, "# x\n")]));
  const fs = { files: new Set(files), dirs: new Set(["", "docs", "docs/guide", "docs/public"]) };
  const at = (s: Site, from: string, target: string) => resolveSiteRoute(buildRouteTable(s, files, docs), fs, docs.get(from)!, target);

  it("finds clean URLs, .html, base-prefixed routes, relative URLs and public assets", () => {
    const s = site({ base: "/tool/" });
    expect(at(s, "docs/index.md", "/guide/features")).toEqual({ status: "ok", path: "docs/guide/features.md" });
    expect(at(s, "docs/index.md", "/tool/guide/features.html")).toEqual({ status: "ok", path: "docs/guide/features.md" });
    expect(at(s, "docs/guide/index.md", "./features")).toEqual({ status: "ok", path: "docs/guide/features.md" });
    expect(at(s, "docs/guide/features.md", "../")).toEqual({ status: "ok", path: "docs/index.md" });
    expect(at(s, "docs/index.md", "/logo.png")).toEqual({ status: "ok", path: "docs/public/logo.png" });
  });

  it("reports a missing route only where routes are known", () => {
    expect(at(site({}), "docs/index.md", "/guide/featurs")).toEqual({ status: "missing", route: "guide/featurs" });
    expect(at(site({ partialRoutes: ["blog"] }), "docs/index.md", "/blog/2024/x")).toMatchObject({ status: "not-judged" });
    expect(at(site({ unreadable: "computed" }), "docs/index.md", "/nope")).toMatchObject({ status: "not-judged" });
    expect(at(site({}), "docs/index.md", "/Guide/Features")).toMatchObject({ status: "not-judged" });
  });

  it("Starlight locale fallback: a page missing in a locale is the default locale's page", () => {
    const sl = site({ generator: "starlight", root: "", srcDir: "docs", localeFallback: { locales: ["fr"], fallback: "" } });
    expect(at(sl, "docs/index.md", "/fr/guide/features/")).toEqual({ status: "ok", path: "docs/guide/features.md" });
    expect(at(sl, "docs/index.md", "/fr/guide/nope/")).toEqual({ status: "missing", route: "fr/guide/nope" });
    expect(at(site({ generator: "starlight", root: "", srcDir: "docs" }), "docs/index.md", "/fr/guide/features/")).toEqual({
      status: "missing",
      route: "fr/guide/features",
    });
  });

  it("suggests routes the way the author wrote the link", () => {
    const table = buildRouteTable(site({}), files, docs);
    const from = docs.get("docs/guide/index.md")!;
    const near = (a: string, set: Iterable<string>) => closest(a, set, 0.34);
    expect(suggestRoute(table, from, "/guide/featurs", "guide/featurs", near)).toBe("/guide/features");
    expect(suggestRoute(table, from, "/guide/featurs.html", "guide/featurs", near)).toBe("/guide/features.html");
    expect(suggestRoute(table, from, "/reference/features/", "reference/features", near)).toBe("/guide/features/");
  });

  it("a moved page is not suggested into another language's tree (`fr/` mirroring the default pages); a page of that tree is", () => {
    const pages = [
      "docs/index.md",
      "docs/api.md",
      "docs/cli.md",
      "docs/guide/setup.md",
      "docs/fr/index.md",
      "docs/fr/api.md",
      "docs/fr/cli.md",
      "docs/fr/configuration.md",
    ];
    const d = new Map(pages.map((f) => [f, md(f, "# x\n")]));
    const table = buildRouteTable(site({}), pages, d);
    const near = (a: string, set: Iterable<string>) => closest(a, set, 0.34);
    expect(suggestRoute(table, d.get("docs/api.md")!, "./configuration.md", "configuration", near)).toBeNull();
    expect(suggestRoute(table, d.get("docs/fr/api.md")!, "./configurations.md", "fr/configurations", near)).toBe("./configuration.md");
    // A folder that mirrors nothing is where a page may have moved to.
    expect(suggestRoute(table, d.get("docs/api.md")!, "./setup.md", "setup", near)).toBe("./guide/setup.md");
  });

  it("the deepest site owns a file, content folders outside the site folder included", () => {
    const outer = site({ generator: "mkdocs", root: "", srcDir: "docs" });
    const dz = site({ generator: "docusaurus", root: "website", srcDir: "website", docsInstances: [{ path: "docs/api", routeBasePath: "api" }] });
    expect(siteOf([outer, dz], "docs/api/x.md")).toBe(dz);
    expect(siteOf([outer, dz], "docs/x.md")).toBe(outer);
    expect(siteOf([site({ generator: "github", root: "" })], "x.md")).toBeNull();
  });
});
