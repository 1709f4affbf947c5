/**
 * Hugo: the site config (`hugo.toml`/`.yaml`/`.json`, legacy `config.*`, or the
 * `config/_default/` folder with one file per top-level key) parsed, never run,
 * for `baseURL` (its path is the base), `contentDir`, `staticDir`, `theme`,
 * `disablePathToLower`, `uglyURLs`, section `permalinks`, `languages` and
 * Goldmark's heading-id settings; then every content file's front matter (YAML
 * `---`, TOML `+++`, JSON `{`) for `url`, `slug`, `aliases`, `headless` and
 * `build.render`, each page's route folded into `site.permalinks`. Keys are
 * matched case-insensitively, as Hugo does.
 */
import { posix } from "node:path";
import { parse as parseToml } from "smol-toml";
import { yaml as yamlModule } from "../../util/yaml.js";
import { hugoSlug } from "../../model/routes/hugo.js";
import { dropIndex, stripPageExt, under } from "../../model/routes/types.js";
import type { Site } from "../../model/types.js";
import { emptySite, joinDir, normalizeBase, readSiteFile, type SiteInput } from "./types.js";

type Obj = Record<string, unknown>;

/** Content formats Hugo renders as pages (the Markdown ones and HTML content files). */
const PAGE_EXTS = [".md", ".markdown", ".mdown", ".html", ".htm"];
/** A route naming a file (`img/logo.png`): what a theme or module from outside the project may serve. */
const FILE_ROUTE = "\\.[A-Za-z0-9]+$";

export function read(input: SiteInput): Site {
  const site = emptySite("hugo", input, joinDir(input.siteRoot, "content"));
  let cfg: Obj = {};
  if (input.configFile) {
    try {
      cfg = loadConfig(input);
    } catch (e) {
      site.unreadable = `${input.configFile}: ${(e as Error).message.split("\n")[0]}`;
    }
  }
  // Route patterns made at build time (`site.partialPattern`).
  const generated: string[] = [];
  const str = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v : null);
  const baseURL = str(cfg.baseurl);
  if (baseURL !== null) site.base = normalizeBase(baseURL.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, ""));
  // Module mounts replace the default folder of each target they mount (`source = "content/en"`, `target = "content"`).
  const mounts = (Array.isArray(get(cfg, "module", "mounts")) ? (get(cfg, "module", "mounts") as unknown[]) : []).flatMap((m) => {
    const source = str(get(m, "source"));
    const target = str(get(m, "target"));
    return source !== null && target !== null ? [{ source, target: target.replace(/^\/+|\/+$/g, "") }] : [];
  });
  const mounted = (target: string) => mounts.filter((m) => m.target === target).map((m) => m.source);
  const content = mounted("content");
  if (content.length > 1) site.unreadable ??= `${input.configFile} mounts ${content.length} folders as content`;
  site.srcDir = joinDir(input.siteRoot, content[0] ?? str(cfg.contentdir) ?? "content");
  // Static folders (a string or a list, or mounts) and the theme's, when it is a folder of the project, are served at the root.
  const statics = Array.isArray(cfg.staticdir) ? cfg.staticdir.filter((d): d is string => typeof d === "string") : [str(cfg.staticdir) ?? "static"];
  site.assetDirs = (mounted("static").length > 0 ? mounted("static") : statics).map((d) => joinDir(input.siteRoot, d));
  // A mount into a folder below static or content (`target = "static/img"`) serves files docpact does not map: file routes not judged.
  if (mounts.some((m) => /^(static|content)\//.test(m.target))) generated.push(FILE_ROUTE);
  const localThemes: string[] = [];
  const themes = (Array.isArray(cfg.theme) ? cfg.theme : [cfg.theme]).filter((t): t is string => typeof t === "string");
  for (const t of themes) {
    const dir = joinDir(input.siteRoot, `${str(cfg.themesdir) ?? "themes"}/${t}`);
    if (input.files.some((f) => under(dir, f) !== null)) {
      site.assetDirs.push(`${dir}/static`);
      localThemes.push(dir);
    }
    // A theme from a Hugo module (not in the project) serves files docpact cannot list: links to files (with an extension) that name nothing are not judged.
    else generated.push(FILE_ROUTE);
  }
  if (Array.isArray(get(cfg, "module", "imports"))) generated.push(FILE_ROUTE);
  // Files of the content folder that are not pages (bundle resources) are published beside their pages.
  site.assetDirs.push(site.srcDir);
  if (cfg.uglyurls === true) site.unreadable ??= `${input.configFile} sets uglyURLs`;
  headingIds(cfg, input.configFile ?? "the Hugo config", site);
  renderHooks(input, site, [joinDir(input.siteRoot, "layouts"), ...localThemes.map((t) => `${t}/layouts`)]);
  // Ids on other elements than headings, read from each page: definition terms (`autoDefinitionTermID`), `{#id}` under any block (`attribute.block`).
  const parser = get(cfg, "markup", "goldmark", "parser");
  pages(input, site, cfg, generated, {
    definitionTerms: get(parser, "autodefinitiontermid") === true,
    blockAttributes: get(parser, "attribute", "block") === true,
  });
  if (generated.length > 0) site.partialPattern = [...new Set(generated)].join("|");
  site.partialRoutes = [...new Set(site.partialRoutes)].sort();
  return site;
}

/** The config as one object with lowercased keys; under `config/_default/` each sibling `<key>.<ext>` file is that key. */
function loadConfig(input: SiteInput): Obj {
  const file = input.configFile!;
  const cfg = lowerKeys(parseFile(file, readSiteFile(input.root, file)));
  const dir = posix.dirname(file);
  if (!/(^|\/)config\/_default$/.test(dir)) return cfg;
  for (const f of input.files) {
    if (posix.dirname(f) !== dir || f === file) continue;
    const m = /^(\w+)\.(toml|ya?ml|json)$/.exec(posix.basename(f));
    if (!m || m[1] === "hugo" || m[1] === "config") continue;
    cfg[m[1].toLowerCase()] = lowerKeys(parseFile(f, readSiteFile(input.root, f)));
  }
  return cfg;
}

function parseFile(file: string, text: string): Obj {
  const v: unknown = file.endsWith(".toml")
    ? parseToml(text)
    : file.endsWith(".json")
      ? JSON.parse(text)
      : yamlModule().parse(text, { prettyErrors: false, logLevel: "silent" });
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {};
}

function lowerKeys(v: Obj): Obj {
  const out: Obj = {};
  for (const [k, x] of Object.entries(v))
    out[k.toLowerCase()] = x && typeof x === "object" && !Array.isArray(x) && !(x instanceof Date) ? lowerKeys(x as Obj) : x;
  return out;
}

const get = (o: unknown, ...path: string[]): unknown => path.reduce<unknown>((c, k) => (c && typeof c === "object" ? (c as Obj)[k] : undefined), o);

/** Goldmark's automatic heading ids: on, in the `github` style, unless the config says otherwise. */
function headingIds(cfg: Obj, file: string, site: Site): void {
  const handler = get(cfg, "markup", "defaultmarkdownhandler");
  if (typeof handler === "string" && handler.toLowerCase() !== "goldmark") site.slugsUnknown = `${file} renders Markdown with ${handler}`;
  const parser = get(cfg, "markup", "goldmark", "parser");
  if (get(parser, "autoheadingid") === false) site.slugsUnknown = `${file} turns Goldmark's autoHeadingID off`;
  const type = get(parser, "autoheadingidtype");
  if (typeof type === "string" && type.toLowerCase() !== "github") site.slugsUnknown = `${file} sets autoHeadingIDType ${type}`;
}

/** Which elements besides headings get ids, as the config says. */
interface ElementIds {
  definitionTerms: boolean;
  blockAttributes: boolean;
}

/** A definition list's term (a line followed, after at most one blank line, by `: definition`) and `{#id}` lines under a block, outside fences. */
function otherIds(text: string, elementIds: ElementIds): string[] {
  const out: string[] = [];
  const counts = new Map<string, number>();
  const unique = (id: string) => {
    const n = counts.get(id) ?? 0;
    counts.set(id, n + 1);
    return n === 0 ? id : `${id}-${n}`;
  };
  const lines = text.split(/\r?\n/);
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const f = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (f) fence = fence === null ? f[1][0] : line.trim().startsWith(fence) ? null : fence;
    if (fence !== null || f) continue;
    if (elementIds.blockAttributes) {
      const attr = /^\s*\{[^}\n]*#([\w-]+)[^}\n]*\}\s*$/.exec(line);
      if (attr) out.push(attr[1]);
    }
    // Headings and terms share Goldmark's id counter (a term `matchers` before a heading "Matchers" makes it `matchers-1`): both counted in order.
    const heading = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (heading) {
      if (!/\{\s*#[^}]*\}\s*$/.test(heading[1])) out.push(unique(hugoSlug(plainInline(heading[1]))));
      continue;
    }
    if (!elementIds.definitionTerms || line.trim() === "" || /^\s*(?:[:|>*+-]|\d+\.|\{)/.test(line)) continue;
    const next = lines[i + 1]?.trim() === "" ? lines[i + 2] : lines[i + 1];
    if (next !== undefined && /^:[ \t]/.test(next)) out.push(unique(hugoSlug(plainInline(line))));
  }
  return out;
}

/** A Markdown line's text as Goldmark renders it for an id: links by their text, code and emphasis markers dropped. */
function plainInline(line: string): string {
  return line
    .replace(/!?\[([^\]]*)\]\([^)]*\)|\[([^\]]*)\]\[[^\]]*\]/g, (_m, a, b) => a ?? b ?? "")
    .replace(/`+/g, "")
    .replace(/(^|\W)[*_]+|[*_]+(?=\W|$)/g, "$1")
    .replace(/<[^>]+>/g, "");
}

/**
 * The project's own Markdown render hooks (`layouts/_markup/render-link.html`, or under `_default/`): a link hook decides what
 * every link destination means (page paths, resources, its own shorthands), so a link that names no page is not judged; a
 * heading hook that does not write Goldmark's `.Anchor` makes its own ids.
 */
function renderHooks(input: SiteInput, site: Site, layouts: string[]): void {
  for (const f of input.files) {
    const m = layouts.map((l) => under(l, f)).find((r) => r !== null && /^(?:_default\/)?_markup\/render-(link|heading)(?:\.[\w-]+)?\.html$/.test(r));
    if (m === undefined || m === null) continue;
    if (m.includes("render-link")) site.unreadable ??= `${f} renders every link (a link render hook)`;
    else {
      let text = "";
      try {
        text = readSiteFile(input.root, f);
      } catch {
        // Unreadable: its ids are not known either.
      }
      if (!/\.Anchor\b/.test(text)) site.slugsUnknown ??= `${f} writes the heading ids`;
    }
  }
}

/** A page's front matter: YAML between `---`, TOML between `+++`, or a leading JSON object. */
function frontMatter(text: string): Obj | null {
  try {
    const yaml = /^---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(text);
    if (yaml) return lowerKeys((yamlModule().parse(yaml[1], { prettyErrors: false, logLevel: "silent" }) ?? {}) as Obj);
    const toml = /^\+\+\+[ \t]*\r?\n([\s\S]*?)\r?\n\+\+\+[ \t]*(?:\r?\n|$)/.exec(text);
    if (toml) return lowerKeys(parseToml(toml[1]) as Obj);
    if (text.startsWith("{")) {
      const end = text.indexOf("\n}");
      if (end !== -1) return lowerKeys(JSON.parse(text.slice(0, end + 2)) as Obj);
    }
  } catch {
    // Front matter Hugo would refuse: the page's route is not known.
    return { unreadable: true };
  }
  return null;
}

/** Every content file's route: by its path, moved by `slug` / `url`; `aliases` add routes; leaf-bundle resources and headless pages have none. */
function pages(input: SiteInput, site: Site, cfg: Obj, generated: string[], elementIds: ElementIds): void {
  site.permalinks = {};
  site.unroutedPages = [];
  const lower = cfg.disablepathtolower !== true;
  const content = input.files.filter((f) => {
    const rel = under(site.srcDir, f);
    return rel !== null && stripPageExt(rel, PAGE_EXTS) !== null && !rel.split("/").some((s) => s.startsWith("."));
  });
  // A leaf bundle (`a/index.md`): the other content files below its folder are resources.
  const leaves = content.filter((f) => /^index\.[^/]+$/.test(posix.basename(f))).map((f) => posix.dirname(f));
  // Sections whose pages a `permalinks` pattern places (`posts = "/:year/:slug/"`): not listed.
  const patterned = permalinkSections(get(cfg, "permalinks"));
  site.partialRoutes.push(...patterned.prefixes);
  if (patterned.dated) generated.push("^\\d{4}(/|$)");
  // Languages: `x.fr.md` (and a language's own content folder) are served under `/fr/`, which docpact does not list.
  const langs = Object.keys((cfg.languages as Obj | undefined) ?? {});
  const defaultLang = (typeof cfg.defaultcontentlanguage === "string" ? cfg.defaultcontentlanguage : "en").toLowerCase();
  for (const l of langs) if (l !== defaultLang || cfg.defaultcontentlanguageinsubdir === true) site.partialRoutes.push(l);
  const aliases: string[] = [];
  for (const f of content) {
    const rel = under(site.srcDir, f)!;
    if (leaves.some((d) => d !== site.srcDir && under(d, f) !== null && !(posix.dirname(f) === d && /^index\./.test(posix.basename(f))))) continue;
    const bare = stripPageExt(rel, PAGE_EXTS)!;
    const lang = /\.([a-z]{2}(?:-[a-z]+)?)$/i.exec(bare)?.[1];
    const section = rel.includes("/") ? rel.slice(0, rel.indexOf("/")) : "";
    if ((lang !== undefined && langs.includes(lang.toLowerCase())) || (section !== "" && patterned.sections.has(section.toLowerCase()))) {
      site.unroutedPages.push(f);
      continue;
    }
    let text = "";
    try {
      text = readSiteFile(input.root, f);
    } catch {
      site.unroutedPages.push(f);
      continue;
    }
    const fm = frontMatter(text) ?? {};
    if (fm.unreadable === true || fm.headless === true || get(fm, "build", "render") === "never" || get(fm, "_build", "render") === false) {
      site.unroutedPages.push(f);
      continue;
    }
    let route = dropIndex(bare, ["_index", "index"]).replace(/ /g, "-");
    if (typeof fm.slug === "string" && fm.slug.trim() !== "") {
      const slash = route.lastIndexOf("/");
      route = `${slash === -1 ? "" : route.slice(0, slash + 1)}${fm.slug.trim().replace(/^\/+|\/+$/g, "")}`;
    }
    if (lower) route = route.toLowerCase();
    if (typeof fm.url === "string") {
      const url = fm.url
        .trim()
        .replace(/^\/+|\/+$/g, "")
        .replace(/\.html?$/, "");
      if (url.includes(":")) {
        site.unroutedPages.push(f);
        site.partialRoutes.push(url.split(":")[0].replace(/\/+$/, ""));
        continue;
      }
      route = url;
    }
    site.permalinks[f] = route;
    if (elementIds.definitionTerms || elementIds.blockAttributes) {
      const ids = otherIds(text, elementIds);
      if (ids.length > 0) (site.pageIds ??= {})[f] = ids;
    }
    const folder = posix.dirname(route) === "." ? "" : posix.dirname(route);
    for (const a of Array.isArray(fm.aliases) ? fm.aliases : typeof fm.aliases === "string" ? [fm.aliases] : []) {
      if (typeof a !== "string") continue;
      // An alias without a leading `/` is relative to the page's folder.
      const path = a.startsWith("/") ? a : `${folder}/${a}`;
      aliases.push(path.replace(/^\/+|\/+$/g, "").replace(/\.html?$/, ""));
    }
  }
  if (aliases.length > 0) site.extraPages = [...new Set(aliases)].sort();
}

/** Sections a `permalinks` map places by pattern (`posts = "/:year/:slug/"`, or under `page` / `section`), with the fixed part of each pattern. */
function permalinkSections(map: unknown): { sections: Set<string>; prefixes: string[]; dated: boolean } {
  const sections = new Set<string>();
  const prefixes: string[] = [];
  let dated = false;
  const visit = (m: unknown) => {
    if (!m || typeof m !== "object") return;
    for (const [k, v] of Object.entries(m as Obj)) {
      if (typeof v === "string") {
        sections.add(k.toLowerCase());
        const fixed = v.replace(/^\/+/, "").split(":")[0].replace(/\/+$/, "");
        // A pattern that opens with the date (`/:year/:month/:slug/`) places pages under dated folders.
        const byDate = fixed === "" && /^\/?:(year|date)/.test(v);
        dated ||= byDate;
        // Any other pattern without a fixed part (`/:slug/`) may place a page anywhere: no route is known then.
        prefixes.push(k.toLowerCase(), ...(byDate ? [] : [fixed]));
      } else if (["page", "section", "taxonomy", "term"].includes(k)) visit(v);
    }
  };
  visit(map);
  return { sections, prefixes, dated };
}
