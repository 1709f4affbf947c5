/** GitHub rendering: files are their own routes; headings slugged by GitHub's rules. */
import type { Router } from "./types.js";
import { githubSlug } from "./slugs.js";

export const github: Router = {
  style: { slug: githubSlug, dedupe: "dash", customIds: false },
  pageRoutes: () => null,
};
