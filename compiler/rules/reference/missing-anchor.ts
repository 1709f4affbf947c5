import { contentRemovalText, currentPath, headingRemoval, type GitHistory } from "../../model/history.js";
import { closestAnchor, markdownHeadingId, referenceIndex, resolveLink, type LinkResolution, type ReferenceIndex } from "../../model/references.js";
import type { Span } from "../../model/diagnostic.js";
import { relativeTo } from "./broken-link.js";
import { defineRule, type RuleContext } from "../types.js";
import { linkUrlFix } from "../fix-edit.js";

/** `#x` and `doc.md#x` whose document has no heading slug or explicit anchor `x`. */
export default defineRule({
  meta: {
    id: "reference/missing-anchor",
    perDocument: { consults: ["references"] },
    defaultSeverity: "error",
    fixable: true,
    description: "A link's #fragment names no heading or anchor of its target document.",
    explanation:
      "The target is found as reference/broken-link finds it (in a documentation site: by route, so `/guide/features#x` and `./features.md#x` name the same page). " +
      "In a site, headings are slugged as its generator slugs them (VitePress: markdown-it-anchor's slugify, `build.target` → `build-target`; MkDocs: Python-Markdown's toc, " +
      "repeats `_1`; mdBook: normalize_id; Docusaurus, Starlight, Nextra: github-slugger), with `{#custom-id}` where the generator supports it. Elsewhere " +
      "a fragment must name a heading of the target document by GitHub's slug rules (lowercase; punctuation dropped; spaces to `-`; inline code and emphasis by their text; " +
      "non-ASCII letters kept; inline HTML left out; repeats numbered `-1`, `-2`, …) or an explicit `<a id>` / `<a name>` anchor. Renaming a heading silently breaks every link to it; this rule finds them. " +
      "Inside a git work tree the message names the commit that removed or renamed the heading (the newest of the last 1,000 commits that touched the documents), " +
      "and a rename's current anchor is the suggestion; a heading the same commit added to one other document is reported as moved there, with a link to it as the suggestion. " +
      "`docpact build --fix` writes those two (the renamed anchor; the moved heading's link, outside a documentation site) in place of the link's destination; the closest anchor by spelling is never applied. " +
      "A site page that imports MDX fragments (`import Part from './_part.mdx'`) has their headings too: judged when every import is a document in scope, except numbered repeats (`#usage-1`), which depend on where the fragments render. " +
      "Only targets that are documents in scope are judged (a Markdown file outside the `docs` globs has unknown headings); case is ignored, as on GitHub, and line fragments (`#L10`) and `#top` are left alone, as are the links of all-contributors' own section (its bot writes `#type-login` emoji anchors that name nothing by design) and exact copies of its emoji links (type and title) elsewhere in a document that has the section. " +
      "Every such link's fragment is an `anchors` mention of `summary.coverage`: judged when the target's anchors were looked at (found or reported), else counted as not judged with the reason.",
    messages: {
      missingAnchor: "#{{fragment}} names no heading or anchor in {{where}}",
    },
    examples: {
      bad: { "README.md": "See [install](docs/guide.md#instal).\n", "docs/guide.md": "# Guide\n\n## Install\n" },
      good: { "README.md": "See [install](docs/guide.md#install).\n", "docs/guide.md": "# Guide\n\n## Install\n" },
    },
    example: {
      bad: "See [retries](protocol.md#retry-policy) after the heading became `## Retries`.",
      fix: 'Link to the current slug (`protocol.md#retries`) or add an `<a id="retry-policy"></a>` anchor.',
    },
  },
  check(ctx) {
    const index = referenceIndex(ctx.model);
    for (const doc of ctx.model.docs) {
      for (const link of doc.links) {
        // A tool's own section (all-contributors' list): its bot writes the links, no author fixes them.
        if (link.toolSection !== undefined) {
          if (link.url.includes("#") && !/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(link.url))
            ctx.notJudged(link.span, `written by ${link.toolSection} in its own section`, { kind: "anchors" });
          continue;
        }
        const r = resolveLink(index, doc, link.url, link.template, link);
        const mention = r.status !== "external" && (hasFragment(link.url) || !!r.fragment);
        if (r.anchor === "not-judged") ctx.notJudged(link.span, r.reason ?? "heading ids not known", mention ? { kind: "anchors" } : undefined);
        else if (mention) markAnchor(ctx, link.span, r, index);
        if (r.anchor !== "missing" || r.path === null || r.fragment === null) continue;
        const target = index.docs.get(r.path);
        if (!target) continue;
        // Git history, when there is one, says what became of the heading: the rename beats a guess.
        const fragment = r.fragment.toLowerCase();
        const anchors = index.anchorsOf(target);
        const idOf = (h: string) => markdownHeadingId(index, target, h);
        const gone = headingRemoval(
          ctx.model.history,
          r.path,
          (h) => idOf(h) === fragment,
          (h) => anchors.has(idOf(h)),
        );
        let hint: string | null;
        // The destination `build --fix` writes: only what git recorded (a renamed or moved heading).
        let url: string | null = null;
        const hash = link.url.indexOf("#");
        if (gone?.now) {
          hint = `${r.target}#${idOf(gone.now)}`;
          url = hash === -1 ? null : `${link.url.slice(0, hash)}#${idOf(gone.now)}`;
        } else if (gone?.removal.kind === "moved") {
          // Moved to another document: the link to it there, never a near heading here.
          const moved = movedAnchor(ctx.model.history!, index, gone.removal.toFile!, gone.removal.value);
          hint = moved ? `${relativeTo(doc.file, moved.file)}#${moved.id}` : null;
          url = hint !== null && index.siteOf(doc.file) === null && !link.url.startsWith("/") ? hint : null;
        } else {
          const near = closestAnchor(index, target, r.fragment);
          hint = near === null ? null : `${r.target}#${near}`;
        }
        const parts = index.includesContent(target) ? (index.importedFragments(target) ?? []) : [];
        const page = r.path === doc.file ? "this document" : r.path;
        const where = parts.length > 0 ? `${page} or the MDX fragments it imports (${parts.map((p) => p.file).join(", ")})` : page;
        const fix =
          url !== null && gone
            ? linkUrlFix(
                ctx.model.texts.get(doc.file),
                link.span,
                link.url,
                url,
                `link to #${url.slice(url.indexOf("#") + 1)} (heading ${gone.removal.kind} in ${gone.removal.commit})`,
              )
            : null;
        ctx.report({
          span: link.span,
          messageId: "missingAnchor",
          data: { fragment: r.fragment, where },
          ...(gone ? { evidence: `heading ${contentRemovalText(gone.removal, (v) => `"${v}"`)}` } : {}),
          ...(ctx.model.history ? { historyAsk: { files: [r.path] } } : {}),
          ...(hint && link.template === undefined ? { suggestions: [hint] } : {}),
          ...(fix && link.template === undefined ? { fix } : {}),
          ...(r.path !== doc.file ? { related: [{ file: r.path, line: 1, column: 1, message: "target document" }] } : {}),
        });
      }
    }
  },
});

/** A URL with a non-empty fragment (`x.md#y`, `#y`): an `anchors` mention (model/mentions.ts linkMentions). */
function hasFragment(url: string): boolean {
  const u = url.trim();
  const hash = u.indexOf("#");
  return hash !== -1 && hash < u.length - 1;
}

/**
 * summary.coverage for a link's fragment: judged when the target's anchors were looked at (found, or
 * missing: reported), else counted as not judged with why (a line fragment, a target whose headings are
 * unknown, a target that is missing or not judged itself).
 */
function markAnchor(ctx: Pick<RuleContext, "judged" | "notJudged">, span: Span, r: LinkResolution, index: ReferenceIndex): void {
  const counted = (reason: string) => ctx.notJudged(span, reason, { kind: "anchors" });
  if (r.anchor === "found" || (r.anchor === "missing" && r.path !== null && index.docs.has(r.path))) ctx.judged(span, "anchors");
  else if (r.anchor === "unchecked")
    counted(
      r.fragment !== null && r.path !== null && index.docs.has(r.path)
        ? "a line or top-of-page fragment (#L10, #top), not a heading"
        : "the target is not a document in scope (its headings are unknown)",
    );
  else if (r.status === "missing" || r.status === "outside-root") counted("the link's target does not exist (reference/broken-link)");
  else if (r.status === "ok") counted("the target's anchors were not looked up");
  else counted("the link's target is not judged (reference/broken-link counts why)");
}

/** Where a moved heading is now: its document (renames followed) when that document still has it. */
function movedAnchor(history: GitHistory, index: ReferenceIndex, toFile: string, heading: string): { file: string; id: string } | null {
  const file = index.docs.has(toFile) ? toFile : currentPath(history, toFile, (p) => index.docs.has(p));
  const doc = file === null ? undefined : index.docs.get(file);
  if (!doc) return null;
  const id = markdownHeadingId(index, doc, heading);
  return index.anchorsOf(doc).has(id) ? { file: doc.file, id } : null;
}
