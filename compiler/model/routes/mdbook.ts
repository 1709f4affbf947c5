/**
 * mdBook: `src/a/b.md` is rendered to `a/b.html`, `README.md` to its
 * folder's `index.html`. Headings: mdBook's normalize_id, `{#id}` heading
 * attributes, repeats `-1`, `-2`.
 */
import type { SiteGeneratorDescriptor } from "./types.js";
import { fileRoute } from "./types.js";
import { mdbookSlug } from "./slugs.js";

const mdbook: SiteGeneratorDescriptor = {
  id: "mdbook",
  name: "mdBook",
  configFiles: ["book.toml"],
  configHint: "`book.toml`",
  docs: {
    routes: {
      pages: "`src/a/b.md` → `/a/b.html`, `README.md` → folder index; `output.html.redirect`",
      assets: "every file of `src`",
      notJudged: "—",
    },
    anchors: {
      slug: "normalize_id: letters, digits, `_`, `-` kept (ASCII lowercased), whitespace → `-`, the rest dropped (`The --open flag` → `the---open-flag`)",
      customId: "`{#id}`",
      repeats: "`-1`, `-2`",
    },
  },
  priority: 50,
  indexNames: ["index", "README"],
  docExtensions: [".md"],
  hasReader: true,
  style: { slug: mdbookSlug, dedupe: "dash", customIds: true },
  includes: /\{\{#(?:include|rustdoc_include|playground|playpen|template)\b/,
  pageRoutes(site, file) {
    const r = fileRoute(site.srcDir, file, [".md"], ["index", "README"]);
    return r === null ? null : [r];
  },
};

export default mdbook;
