/**
 * Nextra (Next.js): `pages/a/b.mdx` is served at `/a/b`, `index` at its
 * folder; Nextra 4's `content/a/b.mdx` at `/<contentDirBasePath>/a/b`; in the
 * app router `app/a/b/page.mdx`.
 * Headings: github-slugger with `{#id}` / `[#id]` custom ids.
 */
import type { SiteGeneratorDescriptor } from "./types.js";
import { dropIndex, stripPageExt, under } from "./types.js";
import { githubSlug } from "./slugs.js";

const EXTS = [".mdx", ".md", ".tsx", ".jsx", ".ts", ".js"];

const nextra: SiteGeneratorDescriptor = {
  id: "nextra",
  name: "Nextra",
  configFiles: ["theme.config.tsx", "theme.config.jsx", "theme.config.ts", "theme.config.js", "next.config.mjs", "next.config.js", "next.config.ts"],
  // `nextraConfig` is the key wrappers of Nextra take its options under (`withGuildDocs({ nextraConfig })`).
  configTest: (text) => /\bnextra(?:Config)?\b/.test(text),
  configExample: 'import nextra from "nextra";',
  packages: ["nextra"],
  configHint: "`theme.config.*` or `next.config.*` that mentions `nextra` (or a wrapper's `nextraConfig`)",
  docs: {
    routes: {
      pages:
        "`pages/` by file; Nextra 4's `content/` by file under `contentDirBasePath`, where an optional catch-all page `app/<base>/[[...x]]/` lists it with `generateStaticParamsFor` (without one, its routes are not known); `app/**/page.mdx` → its folder (route groups `(x)` and `@slot` folders left out); `next.config` `redirects()` sources are routes (`:slug(a|b)` is those two)",
      assets: "`public/`",
      notJudged:
        "routes under a dynamic segment's fixed part (`app/api/[name]/` → `/api/…`) or a parameter redirect source (`/old/:slug*`); every route when `next.config`'s redirects cannot be read (a list of `{ source }` objects, or `Object.entries({...}).map(([from]) => ({ source: from }))`, is read)",
    },
    anchors: { slug: "github-slugger", customId: "`{#id}`, `[#id]`", repeats: "`-1`, `-2`" },
  },
  priority: 60,
  indexNames: ["index"],
  docExtensions: [".mdx", ".md"],
  hasReader: true,
  style: { slug: (t) => githubSlug(t.replace(/\s*\[#[^\]\s]+\]\s*$/, "")), dedupe: "dash", customIds: true },
  // An MDX page importing another Markdown file renders its headings too.
  includes: /^import\s[^\n]*from\s*["'][^"']+\.mdx?["']/m,
  pageRoutes(site, file) {
    for (const dir of site.pageDirs ?? [site.srcDir]) {
      const rel = under(dir, file);
      if (rel === null) continue;
      const bare = stripPageExt(rel, EXTS);
      if (bare === null || bare.includes("[") || /(^|\/)_/.test(bare)) return null;
      if (dir.endsWith("app") || dir === "app") {
        // Route groups `(x)` and parallel-route slots `@x` are folders that are not URL segments.
        const segs = bare.split("/").filter((seg) => !/^\(.*\)$/.test(seg) && !seg.startsWith("@"));
        return segs.at(-1) === "page" ? [segs.slice(0, -1).join("/")] : null;
      }
      const prefix = site.pagePrefixes?.[dir];
      const route = dropIndex(bare);
      return [prefix ? (route === "" ? prefix : `${prefix}/${route}`) : route];
    }
    return null;
  },
};

export default nextra;
