import { describe, expect, it } from "vitest";
import rule from "../../compiler/rules/reference/broken-link.js";
import { lines, project, run } from "./reference-helpers.js";
import { lintFiles } from "../helpers/rule-tester.js";

describe("reference/broken-link", async () => {
  it("valid: existing files, folders, images, definitions, externals, fragments, dot folders", async () => {
    const m = project({
      docs: {
        "docs/a.md": [
          "[b](b.md) [up](../README.md) [root](/src/cli.ts) [folder](../src/) ![img](img/logo.png)",
          "[web](https://example.com/x.md) [mail](mailto:a@b.c) [proto](//cdn.example.com/x.png) [self](#a)",
          "[ci](../.github/workflows/ci.yml) [tpl]({{base}}/x.md) [enc](my%20file.md)",
          "",
          "[def]: ./b.md",
        ].join("\n"),
        "docs/b.md": "# B\n",
        "README.md": "# R\n",
      },
      files: ["src/cli.ts", "docs/img/logo.png", "docs/my file.md"],
    });
    expect(await run(rule, m)).toEqual([]);
  });

  it("invalid: missing files (case-sensitive), images, definitions, leaving the root", async () => {
    const m = project({
      docs: {
        "docs/a.md": "[b](B.md)\n\n![img](img/gone.png)\n\n[out](../../elsewhere.md)\n\n[def]: ./missing.md\n\nSee [def].\n\n[unused]: ./also-missing.md\n",
        "docs/b.md": "# B\n",
      },
    });
    const r = await run(rule, m);
    expect(lines(r)).toEqual([
      "docs/a.md:1:1 link target B.md does not exist (docs/B.md)",
      "docs/a.md:3:1 image target img/gone.png does not exist (docs/img/gone.png)",
      "docs/a.md:5:1 link target ../../elsewhere.md leaves the project root",
      "docs/a.md:7:1 link target ./missing.md does not exist (docs/missing.md)",
    ]);
    expect(r[0].suggestion).toBe("b.md");
  });

  it("a template ({{NAME}} placeholders) is not judged on missing relative targets; one placeholder is not a template", async () => {
    const m = project({
      docs: {
        "templates/plan.md": "# Plan: {{TRACK_NAME}}\n\n**Track:** {{TRACK_ID}}\n**Spec:** [spec.md](./spec.md)\n",
        "docs/a.md": "Hello {{NAME}}, see [gone](gone.md).\n",
      },
    });
    expect(lines(await run(rule, m))).toEqual(["docs/a.md:1:21 link target gone.md does not exist (docs/gone.md)"]);
  });

  it("a missing target that is a word standing for a URL (`url`, an UPPER_SNAKE placeholder a script fills, a variable named for a URL) is not judged; other bare names are", async () => {
    const m = project({
      docs: {
        "docs/a.md":
          'Write links as [text](url) or <a href="URL">x</a>; the banner links [English](ENGLISH_VERSION_URL).\n\n[gone](Gone_Page) [lic](LICENSE_MIT) [x](urls)\n\n![preview](thumbnail_url) [p](imageUrl) [q](curl) [r](page_links)\n',
      },
      files: ["docs/LICENSE_MIT"],
    });
    expect(lines(await run(rule, m))).toEqual([
      "docs/a.md:3:1 link target Gone_Page does not exist (docs/Gone_Page)",
      "docs/a.md:3:38 link target urls does not exist (docs/urls)",
      "docs/a.md:5:41 link target curl does not exist (docs/curl)",
      "docs/a.md:5:51 link target page_links does not exist (docs/page_links)",
    ]);
  });

  it("raw HTML links and images are judged as Markdown links are, with the same suggestions", async () => {
    const m = project({
      docs: {
        "docs/a.md":
          '<p><a href="b.md">b</a> <a href="B.md">B</a> <img src="img/logo.png"> <img src="img/gone.png"></p>\n\n<a href="https://example.com/x.md">w</a> <a href="#top">t</a>\n',
        "docs/b.md": "# B\n",
      },
      files: ["docs/img/logo.png"],
    });
    const r = await run(rule, m);
    expect(lines(r)).toEqual([
      "docs/a.md:1:25 link target B.md does not exist (docs/B.md)",
      "docs/a.md:1:71 image target img/gone.png does not exist (docs/img/gone.png)",
    ]);
    expect(r[0].suggestion).toBe("b.md");
  });

  it("suggests the nearest file of the same name (a `../` too few)", async () => {
    const m = project({
      docs: { "soul/skills/x/SKILL.md": "[l](../knowledge/lessons/one.md)\n", "soul/knowledge/lessons/one.md": "# One\n" },
    });
    const r = await run(rule, m);
    expect(lines(r)).toEqual(["soul/skills/x/SKILL.md:1:1 link target ../knowledge/lessons/one.md does not exist (soul/skills/knowledge/lessons/one.md)"]);
    expect(r[0].suggestion).toBe("../../knowledge/lessons/one.md");
  });

  it("resolves /-rooted links from the nearest folder that has the target (sub-sites), else reports them", async () => {
    const m = project({
      docs: {
        "kb/lessons/a.md": "[b](/decisions/b.md) [gone](/decisions/gone.md)\n",
        "kb/decisions/b.md": "# B\n",
      },
    });
    expect(lines(await run(rule, m))).toEqual(["kb/lessons/a.md:1:22 link target /decisions/gone.md does not exist (decisions/gone.md)"]);
  });

  it("an extensionless /-rooted link naming a page file under a folder above the document is a route of a site docpact does not see: not judged; one naming nothing is reported", async () => {
    const files = {
      "template/docs/guide/a.md": "[start](/guide/start) [api](/api/index.html) [gone](/guide/gone) [asset](/logo.png)\n",
      "template/docs/guide/start.md": "# Start\n",
      "template/docs/api/index.mdx": "# API\n",
      "docpact.config.json": { docs: ["template/**/*.md"], schemas: [], code: { include: [] } },
    };
    const r = await lintFiles(rule, files);
    expect(lines(r.diagnostics)).toEqual([
      "template/docs/guide/a.md:1:46 link target /guide/gone does not exist (guide/gone)",
      "template/docs/guide/a.md:1:66 link target /logo.png does not exist (logo.png)",
    ]);
    expect(r.notJudged.map((n) => `${n.line}:${n.column} ${n.reason}`)).toEqual([
      "1:1 a route of template/docs/guide/start.md (served from a folder above the document): the page of a site whose generator config docpact does not see",
      "1:23 a route of template/docs/api/index.mdx (served from a folder above the document): the page of a site whose generator config docpact does not see",
    ]);
  });

  it("a route whose last segment has a dot (/guide/rspack_1.x) names the page rspack_1.x.md above the document: not judged, not missing", async () => {
    const files = {
      "template/docs/blog/a.md": "[m](/guide/rspack_1.x) [gone](/guide/rspack_2.x)\n",
      "template/docs/guide/rspack_1.x.md": "# Migrating\n",
      "docpact.config.json": { docs: ["template/**/*.md"], schemas: [], code: { include: [] } },
    };
    const r = await lintFiles(rule, files);
    expect(lines(r.diagnostics)).toEqual(["template/docs/blog/a.md:1:24 link target /guide/rspack_2.x does not exist (guide/rspack_2.x)"]);
    expect(r.notJudged.map((n) => `${n.line}:${n.column} ${n.reason.slice(0, 45)}`)).toEqual(["1:1 a route of template/docs/guide/rspack_1.x.md "]);
  });

  it("a folder whose package.json installs a site generator it has no config file of (a wrapped config): a site whose routes are unknown; the repository root's package.json makes no site", async () => {
    const files = {
      "package.json": { name: "mono", devDependencies: { vitepress: "1.0.0" } },
      "README.md": "[setup](./website/docs/setup) [gone](./nowhere.md)\n",
      "website/package.json": { name: "site", devDependencies: { "@rspress/core": "2.0.0" } },
      "website/rstack.config.ts": "define.doc(() => ({ root: 'docs' }));\n",
      "website/docs/guide.md": "# Guide\n\n[setup](./setup) [top](/guide/setup#x) [here](#faster-builds)\n\n## Faster builds \\{#build-performance}\n",
      "website/docs/setup.md": "# Setup\n",
      "docpact.config.json": { docs: ["**/*.md"], schemas: [], code: { include: [] } },
    };
    const r = await lintFiles(rule, files);
    // GitHub semantics outside the site: the README's extensionless link is broken there.
    expect(lines(r.diagnostics)).toEqual([
      "README.md:1:1 link target ./website/docs/setup does not exist (website/docs/setup)",
      "README.md:1:31 link target ./nowhere.md does not exist (nowhere.md)",
    ]);
    const reason = "site generator not recognised (`@rspress/core` in website/package.json, with no Rspress config file docpact reads found)";
    expect(r.notJudged.map((n) => `${n.file}:${n.line}:${n.column} ${n.reason}`)).toEqual([
      `website/docs/guide.md:3:1 ${reason}`,
      `website/docs/guide.md:3:18 ${reason}`,
    ]);
  });

  it("a Nextra 4 app whose config is wrapped (withGuildDocs({ nextraConfig })) with no catch-all page serving its content folder: routes unknown; its README.md stays GitHub's", async () => {
    const files = {
      "website/package.json": { name: "site", dependencies: { next: "15.0.0", "@theguild/components": "9.0.0" } },
      "website/next.config.ts": "export default withGuildDocs({ nextraConfig: { contentDirBasePath: '/docs' } });\n",
      "website/src/content/intro.mdx": "# Intro\n\n[loaders](/docs/loaders) [gone](./gone.mdx)\n",
      // The app's README is GitHub's (a Next.js app never serves it): its links are judged as GitHub resolves them.
      "website/README.md": "See [the test](../_tests/site.spec.ts).\n",
      "docpact.config.json": { docs: ["website/**/*.mdx", "website/README.md"], schemas: [], code: { include: [] } },
    };
    const r = await lintFiles(rule, files);
    // A relative link to a file is still checked; the route is the app's.
    expect(lines(r.diagnostics)).toEqual([
      "website/README.md:1:5 link target ../_tests/site.spec.ts does not exist (_tests/site.spec.ts)",
      "website/src/content/intro.mdx:3:26 link target ./gone.mdx does not exist (website/src/content/gone.mdx)",
    ]);
    expect(r.notJudged.map((n) => `${n.line}:${n.column} ${n.reason}`)).toEqual(["3:1 the nextra site at website has routes docpact cannot list"]);
  });

  it("a Next.js app (configured as init writes it): Markdown outside its page folders and the folders its code names is GitHub's", async () => {
    const files = {
      "web/package.json": { name: "web", dependencies: { next: "15.0.0", marked: "15.0.0" } },
      // A loader names its folder: posts/ holds pages at routes docpact does not know.
      "web/lib/posts.ts": 'import { join } from "node:path";\nexport const dir = join(process.cwd(), "posts");\n',
      "web/posts/hello.md": "# Hello\n\n[about](/about) [gone](./gone.png)\n",
      "web/app/guide/page.mdx": "# Guide\n\n[home](/)\n",
      // No page and no loader's folder: an e2e fixture's notes, rendered by GitHub.
      "web/src/e2e/nextjs/README.md": "See [the spec](../_tests/nextjs.spec.ts) and [home](/README.md).\n",
      "README.md": "# Root\n",
      "docpact.config.json": {
        docs: ["web/**/*.md", "web/**/*.mdx", "README.md"],
        schemas: [],
        code: { include: [] },
        sites: [{ root: "web", generator: "unknown" }],
      },
    };
    const r = await lintFiles(rule, files);
    expect(lines(r.diagnostics)).toEqual([
      "web/src/e2e/nextjs/README.md:1:5 link target ../_tests/nextjs.spec.ts does not exist (web/src/e2e/_tests/nextjs.spec.ts)",
    ]);
    expect(r.notJudged.map((n) => `${n.file}:${n.line}:${n.column}`)).toEqual([
      "web/app/guide/page.mdx:3:1",
      "web/posts/hello.md:3:1",
      "web/posts/hello.md:3:17",
    ]);
  });

  it("an Eleventy output transform that writes hrefs: a .md link whose page another template language builds is counted; a gone page is reported", async () => {
    const files = {
      "eleventy.config.js":
        'module.exports = (cfg) => {\n  cfg.addTransform("localLinks", (html) => {\n    const $ = load(html);\n    for (const a of $("a[href]")) a.attribs.href = a.attribs.href.replace(/\\.md$/, "/");\n    return $.html();\n  });\n  return { dir: { input: "content" } };\n};\n',
      "content/cli.11ty.js": "module.exports = () => '# CLI';\n",
      "content/plugins/index.md": "# Plugins\n\nSee [the CLI](../cli.md) and [gone](../gone.md).\n",
      "docpact.config.json": { docs: ["content/**/*.md"], schemas: [], code: { include: [] } },
    };
    const r = await lintFiles(rule, files);
    expect(lines(r.diagnostics)).toEqual(["content/plugins/index.md:3:30 link target ../gone.md does not exist (content/gone.md)"]);
    expect(r.notJudged.map((n) => `${n.line}:${n.column} ${n.reason}`)).toEqual([
      "3:5 eleventy.config.js's output transform `localLinks` rewrites the built pages' links (code docpact does not run); content/cli.11ty.js builds that page",
    ]);
  });

  it("a tracked symbolic link to a file inside the root exists (packages/x/LICENSE -> ../../LICENSE); a dangling one does not", async () => {
    const files = {
      LICENSE: "MIT\n",
      "packages/x/LICENSE": { symlink: "../../LICENSE" },
      "packages/x/NOTICE": { symlink: "../../GONE" },
      "packages/x/README.md": "[license](./LICENSE) [notice](./NOTICE)\n",
      "docpact.config.json": { docs: ["packages/x/README.md"], schemas: [], code: { include: [] } },
    };
    const r = await lintFiles(rule, files);
    expect(lines(r.diagnostics)).toEqual(["packages/x/README.md:1:22 link target ./NOTICE does not exist (packages/x/NOTICE)"]);
  });

  it("a link two folders above the root into GitHub's repository pages (../../graphs/contributors) is not judged; other climbs leave the root", async () => {
    const files = {
      "README.md": "[c](../../graphs/contributors) [i](../../issues/new) [x](../../elsewhere/a.md) [far](../../../other/wiki)\n",
      "docs/a.md": "[w](../../../wiki/Home)\n",
      "docpact.config.json": { docs: ["README.md", "docs/a.md"], schemas: [], code: { include: [] } },
    };
    const r = await lintFiles(rule, files);
    expect(lines(r.diagnostics)).toEqual([
      "README.md:1:54 link target ../../elsewhere/a.md leaves the project root",
      "README.md:1:80 link target ../../../other/wiki leaves the project root",
    ]);
    expect(r.notJudged.map((n) => `${n.file}:${n.line}:${n.column} ${n.reason}`)).toEqual([
      "README.md:1:1 climbs out of the file view (blob/<ref>/) into GitHub's graphs page of the repository",
      "README.md:1:32 climbs out of the file view (blob/<ref>/) into GitHub's issues page of the repository",
      "docs/a.md:1:1 climbs out of the file view (blob/<ref>/) into GitHub's wiki page of the repository",
    ]);
  });

  it("gives the same positions for CRLF documents", async () => {
    const lf = project({ docs: { "a.md": "x\n\n[b](gone.md)\n" } });
    const crlf = project({ docs: { "a.md": "x\r\n\r\n[b](gone.md)\r\n" } });
    expect(lines(await run(rule, crlf))).toEqual(lines(await run(rule, lf)));
    expect(lines(await run(rule, lf))).toEqual(["a.md:3:1 link target gone.md does not exist (gone.md)"]);
  });
});
