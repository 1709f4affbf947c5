/**
 * Nextra (Next.js): `pages/a/b.mdx` or `content/a/b.mdx` is served at
 * `/a/b`, `index` at its folder; in the app router `app/a/b/page.mdx`.
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
  configTest: (text) => /\bnextra\b/.test(text),
  configExample: 'import nextra from "nextra";',
  configHint: "`theme.config.*` or `next.config.*` that mentions `nextra`",
  docs: {
    routes: {
      pages: "`pages/`, `content/` by file; `app/**/page.mdx` → its folder",
      assets: "`public/`",
      notJudged: "dynamic routes",
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
      if (dir.endsWith("app") || dir === "app") return bare === "page" ? [""] : bare.endsWith("/page") ? [bare.slice(0, -5)] : null;
      return [dropIndex(bare)];
    }
    return null;
  },
};

export default nextra;
