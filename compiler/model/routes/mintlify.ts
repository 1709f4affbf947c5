/**
 * Mintlify: `a/b.mdx` (or `.md`) under the site folder is served at `/a/b`,
 * `a/index.mdx` at `/a`. Heading ids as `@mintlify/common` makes them (its
 * slugify, repeats `x-2`, `{#id}`), judged where the text is plain ASCII; ids
 * that components make from their titles are not modelled. A relative
 * `x.md` link is not rewritten: it is the URL of page `x`'s Markdown export,
 * which Mintlify serves for every page, so it resolves as a route.
 */
import type { SiteGeneratorDescriptor } from "./types.js";
import { fileRoute } from "./types.js";
import { mintlifySlug, mintlifySlugKnown } from "./slugs.js";

const mintlify: SiteGeneratorDescriptor = {
  id: "mintlify",
  name: "Mintlify",
  configFiles: ["docs.json", "mint.json"],
  // `docs.json` is a common name: only Mintlify's (its schema, or a navigation beside a theme) marks a site.
  configTest: (text) => /mintlify/i.test(text) || (/"navigation"\s*:/.test(text) && /"(theme|name)"\s*:/.test(text)),
  configExample: '{ "$schema": "https://mintlify.com/docs.json" }',
  packages: ["mintlify"],
  configHint: "`docs.json` (Mintlify's: its `$schema`, or `navigation` beside `theme`/`name`) or `mint.json`",
  docs: {
    routes: {
      pages:
        "`a/b.mdx` (or `.md`) under the folder of `docs.json` → `/a/b`, `index` → folder; `redirects[].source`; a relative `x.md` link is the URL of page `x`'s Markdown export (served for every page), so it resolves as a route",
      assets: "every file of that folder",
      notJudged: "every route when the config names an `openapi` file (generated pages); routes under a wildcard or parameter redirect source (`/old/:slug*`)",
    },
    anchors: { slug: "not modelled: anchors into its pages are not judged", customId: "—", repeats: "—" },
  },
  priority: 70,
  indexNames: ["index"],
  docExtensions: [".mdx", ".md"],
  hasReader: true,
  style: { slug: mintlifySlug, dedupe: "dash2", customIds: true, known: mintlifySlugKnown },
  // Components that take an id from their title (`remarkComponentIds`, `rehypeParamFieldIds`) or set one.
  idComponents: /<(?:Accordion|Tab|Step|Update|ParamField|ResponseField|Expandable|View|Heading|h[1-6])\b|\sid=["{]/,
  mdLinksAreRoutes: true,
  // Snippets imported into a page render their headings there.
  includes: /^import\s[^\n]*from\s*["'][^"']+\.mdx?["']/m,
  pageRoutes(site, file) {
    if (file.split("/").some((s) => s === "node_modules")) return null;
    const r = fileRoute(site.srcDir, file, [".mdx", ".md"]);
    return r === null ? null : [r];
  },
};

export default mintlify;
