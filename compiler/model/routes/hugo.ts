/**
 * Hugo: the content folder (`contentDir`, default `content/`) holds the pages;
 * `a/b.md` is served at `/a/b/`, a branch bundle's `a/_index.md` and a leaf
 * bundle's `a/index.md` at `/a/`; the other Markdown files of a leaf bundle are
 * its resources, not pages. URLs are lowercased (unless `disablePathToLower`),
 * front matter `slug` replaces the last segment and `url` the whole path,
 * `aliases` are routes too; the reader folds all of that into `site.permalinks`
 * (and `extraPages`), and lists pages whose route it cannot know (section
 * `permalinks` patterns, `headless`, languages other than the default).
 * `static/` is served at the root. Heading ids: Goldmark's automatic ids in the
 * `github` style (letters, digits and `_` kept and lowercased, spaces and `-`
 * to `-`, the rest dropped), `{#id}` attributes, repeats `-1`, `-2`.
 */
import { posix } from "node:path";
import { resolvePath } from "../../util/paths.js";
import type { SiteGeneratorDescriptor } from "./types.js";

/** Goldmark's `autoHeadingIDType = "github"` (Hugo's default): `sanitizeAnchorName` in hugo/markup/goldmark. */
export function hugoSlug(text: string): string {
  let out = "";
  for (const ch of text.trim()) {
    if (ch === "-" || ch === " ") out += "-";
    else if (ch === "_" || /[\p{L}\p{Nd}]/u.test(ch)) out += ch.toLowerCase();
  }
  return out;
}

const FORMATS = ["toml", "yaml", "yml", "json"];
/** Extensions a `ref` without one may stand for. */
const CONTENT_EXTS = [".md", ".markdown", ".html"];

const hugo: SiteGeneratorDescriptor = {
  id: "hugo",
  name: "Hugo",
  configFiles: [
    ...FORMATS.map((e) => `hugo.${e}`),
    ...FORMATS.map((e) => `config/_default/hugo.${e}`),
    ...FORMATS.map((e) => `config.${e}`),
    ...FORMATS.map((e) => `config/_default/config.${e}`),
  ],
  // `config.*` is a common name: Hugo's has a `baseURL` (Zola's says `base_url`); `hugo.*` is Hugo's alone.
  configTest: (text, file) => /(^|\/)hugo\.\w+$/.test(file) || /^\s*["']?baseurl["']?\s*[:=]/im.test(text),
  configExample: 'baseURL = "/"',
  configHint: "`hugo.{toml,yaml,json}`, `config.{toml,yaml,json}` with `baseURL`, or the same under `config/_default/`",
  docs: {
    routes: {
      pages:
        "`contentDir/a/b.md` (default `content/`, or its module mount) → `/a/b/`, lowercased; `a/_index.md` and `a/index.md` → `/a/`; front matter (YAML, TOML or JSON) `slug` replaces the last segment, `url` the route; `aliases` are routes too; the other files of a leaf bundle are resources, not pages; `{{< ref >}}` / `{{< relref >}}` name content files (from the page's folder, the content folder, then a bare name anywhere)",
      assets: "`staticDir` (default `static/`, or its mounts), a theme's `static/` when the theme is a folder of the project, files of the content folder",
      notJudged:
        "section `permalinks` patterns (dated ones by pattern), other languages (`/fr/…`, `x.fr.md`), `headless` and `build.render: never` pages, `uglyURLs`, a project link render hook (`layouts/_markup/render-link.html`: every link that names no page), files a module theme may serve",
    },
    anchors: {
      slug: "Goldmark's `github` ids: letters, digits and `_` kept and lowercased, space and `-` → `-`, the rest dropped; not known with another `autoHeadingIDType`, `autoHeadingID = false`, another Markdown handler or a heading render hook that does not write `.Anchor`; with `autoDefinitionTermID` or block attributes, missing anchors are not judged; `{{% shortcode %}}` and `readfile`-like shortcodes pull in content",
      customId: "`{#id}`",
      repeats: "`-1`, `-2`",
    },
  },
  priority: 70,
  indexNames: ["_index", "index"],
  docExtensions: [".md", ".markdown"],
  hasReader: true,
  style: { slug: hugoSlug, dedupe: "dash", customIds: true },
  // A `{{% shortcode %}}`'s output is rendered as Markdown (its headings get ids); `readfile`-style shortcodes pull files in.
  includes: /\{\{%|\{\{<\s*(?:readfile|include|embed)\b/i,
  directoryUrls: true,
  // `{{< ref "x.md#y" >}}` / `relref` name a content file, with or without its extension (Hugo fails the build when none
  // matches): from the page's folder first, then the content folder (a leading `/`: only there), then, for a bare name,
  // any page of that name.
  templates: ["ref", "relref"],
  templateLink(site, doc, _template, target, files) {
    if (target === "") return { files: [doc.file] };
    const rel = target.replace(/^\/+/, "");
    const named = (dir: string) => {
      const p = resolvePath(dir === "" ? "x" : `${dir}/x`, rel) ?? "../";
      return /\.\w+$/.test(rel) ? [p] : CONTENT_EXTS.flatMap((e) => [`${p}${e}`, `${p}/_index${e}`, `${p}/index${e}`]);
    };
    const tried = [...(target.startsWith("/") ? [] : named(posix.dirname(doc.file) === "." ? "" : posix.dirname(doc.file))), ...named(site.srcDir)];
    if (tried.some((p) => files.has(p)) || rel.includes("/")) return { files: tried };
    const ends = /\.\w+$/.test(rel) ? [`/${rel}`] : CONTENT_EXTS.flatMap((e) => [`/${rel}${e}`, `/${rel}/_index${e}`, `/${rel}/index${e}`]);
    const prefix = site.srcDir === "" ? "" : `${site.srcDir}/`;
    const anywhere = [...files].find((f) => f.startsWith(prefix) && ends.some((e) => `/${f}`.endsWith(e)));
    return { files: anywhere === undefined ? tried : [anywhere] };
  },
  // The reader gives every page its route (it reads the front matter and the config that move pages); any other file is not a page.
  pageRoutes(site, file) {
    const known = site.permalinks?.[file];
    return known === undefined || site.unroutedPages?.includes(file) ? null : [known];
  },
};

export default hugo;
