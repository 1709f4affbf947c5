import { posix } from "node:path";
import { referenceIndex, resolveLink, type ReferenceIndex } from "../../model/references.js";
import { suggestRoute } from "../../model/site-links.js";
import { closest } from "../../util/edit-distance.js";
import { defineRule } from "../types.js";
import type { MdLink } from "../../model/types.js";
import { currentPath, removalOf, removalText } from "../../model/history.js";
import { linkUrlFix } from "../fix-edit.js";

/** Relative links and images whose target file does not exist, or that leave the root. */
export default defineRule({
  meta: {
    id: "reference/broken-link",
    perDocument: { consults: ["references"] },
    defaultSeverity: "error",
    fixable: true,
    description: "A relative link or image points at a file that does not exist.",
    explanation:
      "A template (a document with two or more `{{UPPER_CASE}}` placeholders, copied and filled elsewhere) is not judged on its missing relative targets: they are for the copy's folder. " +
      "Relative links, images and link definitions (raw HTML `<a href>` and `<img src>` too) are resolved from the document's folder and looked up among the files under the root, case-sensitively, " +
      "as GitHub and most hosts serve them. A `/`-rooted link resolves from the nearest folder above the document that has the target (knowledge bases and doc sites " +
      "publish a sub-folder as their root), else from the project root. A target that does not exist, or a path that climbs above the root, is reported, with the " +
      "nearest file of that name as a suggestion. In a documentation site (VitePress, Docusaurus, MkDocs, Starlight, Nextra, mdBook; see `sites`) a link that names no file is " +
      "resolved as the generator serves it: clean URLs, `.html`, root-absolute routes with or without the base path, index pages, static asset folders, Docusaurus ids, " +
      "slugs and `@site/` paths; a route missing from a site whose routes are fully known is reported with the closest route, written as the link was (a clean URL stays " +
      "clean; never a page of another language's tree, a top folder most of whose pages mirror the others' paths, for a page outside it); routes the generator makes at build time (blog posts, versions, locales, plugins, dynamic routes, an unreadable config) are not judged. External URLs (`https:`, `mailto:`, `//host`) are never fetched, fragments (`#x`) are left to reference/missing-anchor, " +
      "and targets inside folders docpact does not list (dot folders, `node_modules`, the generated output folder), folder links (`inbox/`: a folder holding only dot files such as " +
      "`.gitkeep` looks empty to docpact) and templates (`{{x}}`, `<x>`) are not judged. Inside a git work tree the message names the commit that deleted or renamed " +
      "the target, and a rename's new path is the suggestion, which `docpact build --fix` writes in place of the old one (a relative link outside a documentation site; " +
      "a guessed path, found by its name or spelling, is never applied). " +
      "Every link that is not an external URL is a `links` mention of `summary.coverage`: judged when resolved (it exists or is reported), else counted as not judged with the reason.",
    messages: {
      outsideRoot: "{{what}} target {{target}} leaves the project root",
      siteMissing: "{{what}} target {{target}} does not exist (no page or file of the {{generator}} site at {{siteRoot}} serves /{{route}})",
      missing: "{{what}} target {{target}} does not exist ({{path}}){{removed}}",
    },
    examples: {
      bad: { "README.md": "See [the guide](docs/guide.md).\n", "docs/guid.md": "# Guide\n" },
      good: { "README.md": "See [the guide](docs/guide.md).\n", "docs/guide.md": "# Guide\n" },
    },
    example: { bad: "See [the chassis](../loops/CHASIS.md).", fix: "Point the link at the file's current path." },
  },
  check(ctx) {
    const index = referenceIndex(ctx.model);
    for (const doc of ctx.model.docs) {
      const template = isTemplate(ctx.model.texts.get(doc.file));
      for (const link of doc.links) {
        // A tool's own section (all-contributors' list): its bot writes the links, no author fixes them.
        if (link.toolSection !== undefined) {
          if (!/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(link.url)) ctx.notJudged(link.span, `written by ${link.toolSection} in its own section`, { kind: "links" });
          continue;
        }
        // A code import names a file through the Markdown plugin's resolution (`@source`, aliases, packages): only a path
        // from the page (`./x.ts`, `../x.ts`) is this repository's file as written.
        if (link.codeImport && !/^\.\.?\//.test(link.url)) {
          ctx.notJudged(link.span, "a code import (`@[code](…)`) whose path the Markdown plugin resolves (an alias or a package)", { kind: "links" });
          continue;
        }
        const r = resolveLink(index, doc, link.url, link.template, link);
        const what = link.kind === "image" ? "image" : "link";
        // summary.coverage (model/mentions.ts linkMentions): every link that is not external is judged (resolved to a
        // file, route or the page itself: it exists or is reported) or counted as not judged with the reason.
        if (r.status === "ok") ctx.judged(link.span, "links");
        if (r.status === "skipped") ctx.notJudged(link.span, r.reason ?? "target not checkable", { kind: "links" });
        if (template && r.status === "missing" && r.route === undefined && r.path !== null) {
          ctx.notJudged(link.span, "a template (its `{{NAME}}` placeholders are filled in a copy): a relative link is for the folder the copy goes to", {
            kind: "links",
          });
        } else if (r.status === "not-judged") {
          ctx.notJudged(link.span, r.reason ?? "site route not known", { kind: "links" });
        } else if (r.status === "missing" && r.route !== undefined) {
          const site = index.siteOf(doc.file)!;
          const table = index.routes(site);
          const hint = suggestRoute(table, doc, r.target, r.route, (s, set) => closest(s, set, 0.34));
          ctx.judged(link.span, "links");
          ctx.report({
            span: link.span,
            messageId: "siteMissing",
            data: { what, target: r.target, generator: site.generator, siteRoot: site.root || ".", route: r.route },
            // A Liquid link's target sits inside its template, written another way: no suggestion to apply.
            ...(hint && link.template === undefined ? { suggestions: [hint] } : {}),
          });
        } else if (r.status === "outside-root") {
          ctx.judged(link.span, "links");
          ctx.report({ span: link.span, messageId: "outsideRoot", data: { what, target: r.target } });
        } else if (r.status === "missing" && r.path !== null) {
          // Git history, when there is one, says what happened to the target: the rename beats a guess.
          const gone = removalOf(ctx.model.history, r.path);
          const renamed = gone && ctx.model.history ? currentPath(ctx.model.history, r.path, (p) => index.files.has(p)) : null;
          const hint = renamed ?? suggestPath(index, r.path, doc.file);
          const fix =
            renamed && gone ? movedLinkFix(ctx.model.texts.get(doc.file), link, doc.file, renamed, gone.commit, index.siteOf(doc.file) !== null) : null;
          ctx.judged(link.span, "links");
          ctx.report({
            span: link.span,
            messageId: "missing",
            data: { what, target: r.target, path: r.path, removed: gone ? `; ${removalText(gone)}` : "" },
            ...(hint && link.template === undefined ? { suggestions: [relativeTo(doc.file, hint)] } : {}),
            ...(fix && link.template === undefined ? { fix } : {}),
          });
        }
      }
    }
  },
});

/** A document written to be copied and filled: two or more `{{UPPER_CASE}}` placeholders (not Liquid's `{{ page.x }}`). */
function isTemplate(text: string | undefined): boolean {
  return text !== undefined && (text.match(/\{\{[A-Z][A-Z0-9_]*\}\}/g)?.length ?? 0) >= 2;
}

/** The link rewritten to the renamed file's path (fragment and query kept), for a plain relative link outside a site. */
function movedLinkFix(text: string | undefined, link: MdLink, fromFile: string, now: string, commit: string, inSite: boolean) {
  const cut = link.url.search(/[?#]/);
  const path = cut === -1 ? link.url : link.url.slice(0, cut);
  if (inSite || path.startsWith("/") || /^[a-z][a-z0-9+.-]*:/i.test(path) || path.includes("%")) return null;
  const rel = relativeTo(fromFile, now);
  const written = path.startsWith("./") && !rel.startsWith("../") ? `./${rel}` : rel;
  return linkUrlFix(text, link.span, link.url, written + (cut === -1 ? "" : link.url.slice(cut)), `point the link at ${now} (renamed in ${commit})`);
}

/**
 * A likely intended target: a file whose path differs only in case, else the
 * nearest file (from `fromFile`) with the same name (a moved file, a `../`
 * too few), else the closest name in the same folder.
 */
export function suggestPath(index: ReferenceIndex, path: string, fromFile: string): string | null {
  const t = index.suggestions();
  const sameCase = t.byLower.get(path.toLowerCase());
  if (sameCase !== undefined) return sameCase;
  const from = posix.dirname(fromFile);
  let best: string | null = null;
  let bestLen = Infinity;
  for (const f of t.byName.get(posix.basename(path)) ?? []) {
    const len = posix.relative(from, f).length;
    if (len < bestLen) [best, bestLen] = [f, len];
  }
  if (best !== null) return best;
  const dir = posix.dirname(path);
  const prefix = dir === "." ? "" : `${dir}/`;
  const hit = closest(posix.basename(path), t.byDir.get(dir) ?? [], 0.34);
  return hit === null ? null : prefix + hit;
}

/** `to` written relative to the folder of `fromFile`, as a link would be. */
export function relativeTo(fromFile: string, to: string): string {
  const rel = posix.relative(posix.dirname(fromFile), to);
  return rel === "" ? posix.basename(to) : rel;
}
