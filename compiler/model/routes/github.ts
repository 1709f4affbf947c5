/** GitHub rendering: files are their own routes; headings slugged by GitHub's rules. */
import type { SiteGeneratorDescriptor } from "./types.js";
import { githubSlug } from "./slugs.js";

const github: SiteGeneratorDescriptor = {
  id: "github",
  name: "GitHub",
  configFiles: [],
  configHint: "none: documents outside every site",
  docs: {
    anchors: { slug: "lowercase; drop everything but letters, digits, `_`, `-`, spaces; space → `-` (`A / B` → `a--b`)", customId: "—", repeats: "`-1`, `-2`" },
  },
  priority: 0,
  indexNames: ["index"],
  docExtensions: [".md"],
  hasReader: false,
  plainFiles: true,
  style: { slug: githubSlug, dedupe: "dash", customIds: false },
  pageRoutes: () => null,
};

export default github;
