/**
 * VitePress: `srcDir/a/b.md` is served at `/a/b.html` (and `/a/b` with
 * `cleanUrls`), `a/index.md` at `/a/`; static `rewrites` move a page to
 * another route. Headings: markdown-it-anchor with VitePress's slugify,
 * `{#id}` custom ids, repeats `-1`, `-2`.
 */
import type { SiteGeneratorDescriptor } from "./types.js";
import { fileRoute, stripPageExt, dropIndex, under } from "./types.js";
import { vitepressSlug } from "./slugs.js";

const vitepress: SiteGeneratorDescriptor = {
  id: "vitepress",
  name: "VitePress",
  configFiles: [
    ".vitepress/config.ts",
    ".vitepress/config.mts",
    ".vitepress/config.js",
    ".vitepress/config.mjs",
    ".vitepress/config.cts",
    ".vitepress/config.cjs",
  ],
  packages: ["vitepress"],
  configHint: "`.vitepress/config.{ts,mts,js,mjs,cts,cjs}`",
  docs: {
    routes: {
      pages: "`srcDir/a/b.md` → `/a/b` (`.html` too), `a/index.md` → `/a/`; static `rewrites` move pages",
      assets: "`srcDir/public/`",
      notJudged: "parametric or computed `rewrites`, `[param].md` dynamic routes",
    },
    anchors: {
      slug: "markdown-it-anchor with VitePress's slugify: accents removed, runs of punctuation and spaces → one `-`, no leading/trailing `-`, a leading digit gets `_` (`build.target` → `build-target`)",
      customId: "`{#id}`, `{ #id .cls }` on any element",
      repeats: "`-1`, `-2`",
    },
  },
  priority: 10,
  indexNames: ["index"],
  docExtensions: [".md"],
  hasReader: true,
  style: { slug: vitepressSlug, dedupe: "dash", customIds: true },
  includes: /<!--\s*@include:/,
  attrIds: true,
  pageRoutes(site, file) {
    const rel = under(site.srcDir, file);
    if (rel === null || rel.split("/").some((s) => s === "public" || s === "node_modules")) return null;
    const moved = site.rewrites?.[rel];
    if (moved !== undefined) {
      const bare = stripPageExt(moved, [".md"]);
      return bare === null ? null : [dropIndex(bare)];
    }
    const r = fileRoute(site.srcDir, file, [".md"]);
    return r === null ? null : [r];
  },
};

export default vitepress;
