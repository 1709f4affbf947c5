/**
 * Mintlify: `a/b.mdx` (or `.md`) under the site folder is served at `/a/b`,
 * `a/index.mdx` at `/a`. Heading ids are not modelled (the site reader marks
 * them unknown); the slugger below only serves the in-page index.
 */
import type { Router } from "./types.js";
import { fileRoute } from "./types.js";
import { githubSlug } from "./slugs.js";

export const mintlify: Router = {
  style: { slug: githubSlug, dedupe: "dash", customIds: false },
  // Snippets imported into a page render their headings there.
  includes: /^import\s[^\n]*from\s*["'][^"']+\.mdx?["']/m,
  pageRoutes(site, file) {
    if (file.split("/").some((s) => s === "node_modules")) return null;
    const r = fileRoute(site.srcDir, file, [".mdx", ".md"]);
    return r === null ? null : [r];
  },
};
