/**
 * Starlight (Astro): `src/content/docs/a/b.md` is served at `/a/b/`; each
 * path segment is slugged (github-slugger), `index` is its folder. Pages in
 * `src/pages` are routes too. Headings: github-slugger, no custom ids; the
 * layout's page title is `<h1 id="_top">` (the table of contents' "Overview").
 */
import type { SiteGeneratorDescriptor } from "./types.js";
import { dropIndex, fileRoute, stripPageExt, under } from "./types.js";
import { githubSlug } from "./slugs.js";

const CONTENT = [".mdx", ".md", ".mdoc"];

const starlight: SiteGeneratorDescriptor = {
  id: "starlight",
  name: "Starlight",
  configFiles: ["astro.config.mjs", "astro.config.ts", "astro.config.mts", "astro.config.js", "astro.config.cjs"],
  configTest: (text) => text.includes("@astrojs/starlight"),
  configExample: 'import starlight from "@astrojs/starlight";',
  packages: ["@astrojs/starlight"],
  configHint: "`astro.config.*` that imports `@astrojs/starlight`",
  docs: {
    routes: {
      pages:
        "`src/content/docs/A/B.mdx` → `/a/b/` (segments slugged, lowercased); `src/pages`; with `locales`, a page missing in a locale is served from the default locale (`/fr/x/` → `x.md`), as Starlight's fallback does",
      assets: "`publicDir` (default `public/`)",
      notJudged: "`redirects`, dynamic pages in `src/pages`",
    },
    anchors: {
      slug: "github-slugger; every page also has `#_top` (the layout's title, the table of contents' \"Overview\")",
      customId: "—",
      repeats: "`-1`, `-2`",
    },
  },
  priority: 40,
  indexNames: ["index"],
  docExtensions: [".mdx", ".md", ".mdoc"],
  hasReader: true,
  style: { slug: githubSlug, dedupe: "dash", customIds: false },
  // An MDX page importing another Markdown file renders its headings too.
  includes: /^import\s[^\n]*from\s*["'][^"']+\.mdx?["']/m,
  caseInsensitive: true,
  directoryUrls: true,
  layoutIds: ["_top"],
  pageRoutes(site, file) {
    const rel = under(site.srcDir, file);
    if (rel !== null) {
      const bare = stripPageExt(rel, CONTENT);
      if (bare === null) return null;
      return [dropIndex(bare.split("/").map(githubSlug).join("/"))];
    }
    for (const dir of site.pageDirs ?? []) {
      const r = fileRoute(dir, file, [".astro", ".md", ".mdx", ".html"]);
      if (r !== null && !r.includes("[")) return [r];
    }
    return null;
  },
};

export default starlight;
