/**
 * Docusaurus: each docs plugin instance serves `path/a/01-b.md` at
 * `/routeBasePath/a/b` — number prefixes dropped, front matter `id`
 * replacing the file name, `slug` replacing the route (absolute, or
 * relative to the folder), `index.md` / `README.md` / a file named like its
 * folder at the folder. Pages in `src/pages` are routes by file name.
 * Headings: github-slugger, `{#id}` custom ids, repeats `-1`, `-2`.
 */
import type { MarkdownDoc } from "../types.js";
import type { SiteGeneratorDescriptor } from "./types.js";
import { dropIndex, stripPageExt, under } from "./types.js";
import { githubSlug } from "./slugs.js";
import { parseFrontMatter } from "../../util/front-matter.js";

const DOC_EXTS = [".mdx", ".md"];
const PAGE_EXTS = [".mdx", ".md", ".tsx", ".jsx", ".ts", ".js"];
/** Docusaurus's number prefix: `01-intro`, `1. intro`, `2_x`. */
const NUMBER_PREFIX = /^\d+\s*[-_.]+\s*(?=[^\d])/;

function join(...parts: string[]): string {
  return parts
    .join("/")
    .split("/")
    .filter((p) => p !== "")
    .join("/");
}

export function docRoute(routeBasePath: string, rel: string, doc: MarkdownDoc | undefined): string | null {
  const bare = stripPageExt(rel, DOC_EXTS);
  if (bare === null) return null;
  const segs = bare.split("/");
  if (segs.some((s) => s.startsWith("_"))) return null;
  const dirs = segs.slice(0, -1).map((s) => s.replace(NUMBER_PREFIX, ""));
  const name = segs[segs.length - 1];
  const fm = parseFrontMatter(doc?.frontMatter ?? null);
  const slug = typeof fm?.slug === "string" ? fm.slug : null;
  if (slug !== null) return slug.startsWith("/") ? join(routeBasePath, slug) : join(routeBasePath, ...dirs, slug);
  const id = fm?.id !== undefined ? String(fm.id) : name.replace(NUMBER_PREFIX, "");
  const parent = segs.length > 1 ? segs[segs.length - 2].replace(NUMBER_PREFIX, "") : null;
  const isIndex =
    fm?.id === undefined && (/^(index|readme)$/i.test(name) || (parent !== null && name.replace(NUMBER_PREFIX, "").toLowerCase() === parent.toLowerCase()));
  return isIndex ? join(routeBasePath, ...dirs) : join(routeBasePath, ...dirs, id);
}

const docusaurus: SiteGeneratorDescriptor = {
  id: "docusaurus",
  name: "Docusaurus",
  configFiles: ["docusaurus.config.ts", "docusaurus.config.js", "docusaurus.config.mjs", "docusaurus.config.mts", "docusaurus.config.cjs"],
  packages: ["@docusaurus/core"],
  configHint: "`docusaurus.config.{ts,js,mjs,mts,cjs}`",
  docs: {
    routes: {
      pages:
        "each docs plugin instance: `path/01-a/b.md` → `/routeBasePath/a/b` (number prefixes dropped; front matter `id` replaces the file name, `slug` the route; `index.md`, `README.md` or a file named like its folder is the folder); `src/pages` by file name; `@site/x` is a file from the site folder",
      assets: "`staticDirectories` (default `static/`)",
      notJudged: "the blog, `versions.json` versions and `next`, other locales, `/category` and `/tags` pages, `/search`, plugins that may add routes",
    },
    anchors: { slug: "github-slugger (as GitHub)", customId: "`{#id}`", repeats: "`-1`, `-2`" },
  },
  priority: 20,
  indexNames: ["index"],
  docExtensions: [".mdx", ".md"],
  hasReader: true,
  pagesOutside: true,
  style: { slug: githubSlug, dedupe: "dash", customIds: true },
  // An MDX page importing another Markdown file renders its headings too.
  includes: /^import\s[^\n]*from\s*["'][^"']+\.mdx?["']/m,
  pageRoutes(site, file, doc) {
    for (const inst of site.docsInstances ?? []) {
      const rel = under(inst.path, file);
      if (rel !== null) {
        const r = docRoute(inst.routeBasePath, rel, doc);
        return r === null ? null : [r];
      }
    }
    for (const dir of site.pageDirs ?? []) {
      const rel = under(dir, file);
      if (rel === null) continue;
      const bare = stripPageExt(rel, PAGE_EXTS);
      if (bare === null || bare.includes("[") || /(^|\/)_/.test(bare)) return null;
      const fm = parseFrontMatter(doc?.frontMatter ?? null);
      if (typeof fm?.slug === "string") return [join(fm.slug)];
      return [dropIndex(bare)];
    }
    return null;
  },
};

export default docusaurus;
