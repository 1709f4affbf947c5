/**
 * VuePress 1 and 2: the folder holding `.vuepress/` is the source; `a/b.md`
 * is served at `/a/b.html` (VuePress 2 also answers `/a/b`), `a/README.md`
 * and `a/index.md` at `/a/`; files of `.vuepress/public/` at the site's root
 * URL. Headings: VuePress's slugify (the one VitePress took over: accents
 * removed, runs of punctuation and spaces to one `-`, a leading digit gets
 * `_`), `{#id}` custom ids (VuePress 2's attrs), repeats `-1`, `-2`.
 */
import type { SiteGeneratorDescriptor } from "./types.js";
import { fileRoute, under } from "./types.js";
import { vitepressSlug } from "./slugs.js";

const vuepress: SiteGeneratorDescriptor = {
  id: "vuepress",
  name: "VuePress",
  configFiles: ["ts", "mts", "cts", "js", "mjs", "cjs"].map((e) => `.vuepress/config.${e}`),
  packages: ["vuepress", "@vuepress/cli", "vuepress-vite", "vuepress-webpack"],
  configHint: "`.vuepress/config.{ts,mts,cts,js,mjs,cjs}`",
  docs: {
    routes: {
      pages: "`a/b.md` → `/a/b.html` (and `/a/b`), `a/README.md` and `a/index.md` → `/a/`",
      assets: "`.vuepress/public/` (listed by the reader: discover skips dot folders)",
      notJudged:
        "`pagePatterns` that are not a list of string literals (a literal list decides which `.md` files are pages), another `public` folder, a blog theme or plugin (any `blog` in the config), `[param].md`",
    },
    anchors: { slug: "VuePress's slugify (the one VitePress took over)", customId: "`{#id}` (VuePress 2)", repeats: "`-1`, `-2`" },
  },
  priority: 10,
  indexNames: ["index", "README"],
  docExtensions: [".md"],
  hasReader: true,
  style: { slug: vitepressSlug, dedupe: "dash", customIds: true },
  includes: /<!--\s*@include:/,
  // Its link converter turns every relative `x.md` into the route `x.html`, and `README.md` / `index.md` into the folder.
  mdLinksAreRoutes: true,
  pageRoutes(site, file) {
    const rel = under(site.srcDir, file);
    if (rel === null || rel.split("/").some((s) => s === "node_modules" || s.startsWith("."))) return null;
    // Left out by `pagePatterns` (the reader lists them).
    if (site.unroutedPages?.includes(file)) return null;
    const r = fileRoute(site.srcDir, file, [".md"], ["index", "README"]);
    return r === null ? null : [r];
  },
};

export default vuepress;
