/**
 * MkDocs: `docs_dir/a/b.md` is served at `/a/b/` (`use_directory_urls`,
 * the default) or `/a/b.html`; `index.md` and `README.md` at their folder.
 * Headings: Python-Markdown's toc slugify, `{#id}` with attr_list, repeats
 * `_1`, `_2`.
 */
import type { SiteGeneratorDescriptor } from "./types.js";
import { fileRoute } from "./types.js";
import { mkdocsSlug } from "./slugs.js";

const mkdocs: SiteGeneratorDescriptor = {
  id: "mkdocs",
  name: "MkDocs",
  configFiles: ["mkdocs.yml", "mkdocs.yaml"],
  configHint: "`mkdocs.yml` / `mkdocs.yaml`",
  docs: {
    routes: {
      pages: "`docs_dir/a/b.md` → `/a/b/`; `index.md`, `README.md` → folder; `redirects` plugin maps",
      assets: "every file of `docs_dir`",
      notJudged: "`blog`, i18n and page-generating plugins",
    },
    anchors: {
      slug: "Python-Markdown toc: ASCII-folded, `[^\\w\\s-]` dropped, runs of `-`/space → `-` (`Café` → `cafe`)",
      customId: "`{#id}` / `{ #id }` (attr_list), also on inline text",
      repeats: "`_1`, `_2`",
    },
  },
  priority: 30,
  indexNames: ["index", "README"],
  docExtensions: [".md", ".markdown"],
  hasReader: true,
  style: { slug: mkdocsSlug, dedupe: "underscore", customIds: true },
  // pymdownx.snippets (`--8<--`), mkdocstrings / mkdocs-click blocks (`::: name`), markdown-include.
  includes: /--8<--|^:::\s*\S|\{!.+!\}/m,
  attrIds: true,
  directoryUrls: true,
  pageRoutes(site, file) {
    const r = fileRoute(site.srcDir, file, [".md", ".markdown"], ["index", "README"]);
    return r === null ? null : [r];
  },
};

export default mkdocs;
