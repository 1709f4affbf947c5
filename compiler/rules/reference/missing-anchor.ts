import { closestAnchor, referenceIndex, resolveLink } from "../../model/references.js";
import { defineRule } from "../types.js";

/** `#x` and `doc.md#x` whose document has no heading slug or explicit anchor `x`. */
export default defineRule({
  meta: {
    id: "reference/missing-anchor",
    perDocument: { consults: ["references"] },
    defaultSeverity: "error",
    description: "A link's #fragment names no heading or anchor of its target document.",
    explanation:
      "The target is found as reference/broken-link finds it (in a documentation site: by route, so `/guide/features#x` and `./features.md#x` name the same page). " +
      "In a site, headings are slugged as its generator slugs them (VitePress: markdown-it-anchor's slugify, `build.target` → `build-target`; MkDocs: Python-Markdown's toc, " +
      "repeats `_1`; mdBook: normalize_id; Docusaurus, Starlight, Nextra: github-slugger), with `{#custom-id}` where the generator supports it. Elsewhere " +
      "a fragment must name a heading of the target document by GitHub's slug rules (lowercase; punctuation dropped; spaces to `-`; inline code and emphasis by their text; " +
      "non-ASCII letters kept; repeats numbered `-1`, `-2`, …) or an explicit `<a id>` / `<a name>` anchor. Renaming a heading silently breaks every link to it; this rule finds them. " +
      "Only targets that are documents in scope are judged (a Markdown file outside the `docs` globs has unknown headings); case is ignored, as on GitHub, and line fragments (`#L10`) and `#top` are left alone.",
    messages: {
      missingAnchor: "#{{fragment}} names no heading or anchor in {{where}}",
    },
    examples: {
      bad: { "README.md": "See [install](docs/guide.md#instal).\n", "docs/guide.md": "# Guide\n\n## Install\n" },
      good: { "README.md": "See [install](docs/guide.md#install).\n", "docs/guide.md": "# Guide\n\n## Install\n" },
    },
    example: { bad: "See [retries](protocol.md#retry-policy) after the heading became `## Retries`.", fix: "Link to the current slug (`protocol.md#retries`) or add an `<a id=\"retry-policy\"></a>` anchor." },
  },
  check(ctx) {
    const index = referenceIndex(ctx.model);
    for (const doc of ctx.model.docs) {
      for (const link of doc.links) {
        const r = resolveLink(index, doc, link.url);
        if (r.anchor === "not-judged") ctx.notJudged(link.span, r.reason ?? "heading ids not known");
        if (r.anchor !== "missing" || r.path === null || r.fragment === null) continue;
        const target = index.docs.get(r.path);
        if (!target) continue;
        const hint = closestAnchor(index, target, r.fragment);
        const where = r.path === doc.file ? "this document" : r.path;
        ctx.report({
          span: link.span,
          messageId: "missingAnchor",
          data: { fragment: r.fragment, where },
          ...(hint ? { suggestions: [`${r.target}#${hint}`] } : {}),
          ...(r.path !== doc.file ? { related: [{ file: r.path, line: 1, column: 1, message: "target document" }] } : {}),
        });
      }
    }
  },
});
