/**
 * Documentation sites: which generator renders which docs root, read from
 * the generator's own config (statically, never executed). Configured
 * `sites` win; otherwise every folder holding documents in scope is looked
 * at for a generator config, the nearest one owning the documents below it.
 */

import { join, posix } from "node:path";
import type { ResolvedConfig, SiteGenerator, SiteSetting } from "../../config/types.js";
import { routers, type SiteGeneratorDescriptor, siteGenerators } from "../../model/routes/index.js";
import { siteOf } from "../../model/site-links.js";
import type { Site } from "../../model/types.js";
import { existsSync } from "../../util/input-fs.js";
import { manifestFiles, readManifest } from "../../util/package-manifest.js";
import { siteGitignore } from "./gitignore.js";
import { nextAppNonPages } from "./next-app.js";
import { attachTranslations } from "./translations.js";
import { emptySite, joinDir, normalizeBase, readSiteFile, type SiteInput } from "./types.js";

type Reader = (input: SiteInput) => Site;

/**
 * A generator's config reader, `./<id>.js` exporting `read`, loaded only when a site needs it:
 * reading a JavaScript config pulls in the TypeScript parser, which a project without such a
 * site never pays for. A generator without one gets the plain site (pages under its folder).
 */
async function readerOf(d: SiteGeneratorDescriptor): Promise<Reader> {
  if (!d.hasReader) return (input) => emptySite(d.id, input, input.siteRoot);
  return ((await import(/* @vite-ignore */ `./${d.id}.js`)) as { read: Reader }).read;
}

/** Names of config files that mark a site folder beside its content (`website/` with `path: "../docs"`): only generators whose config docpact reads. */
const CONFIG_NAMES = new Set(
  siteGenerators
    .filter((d) => d.hasReader)
    .flatMap((d) => d.configFiles)
    .filter((f) => !f.startsWith(".")),
);
/** Dot folders and dot files config names start with (discover does not list dot files): looked for on disk, once a folder each. */
const DOT_ENTRIES = [
  ...new Set(
    siteGenerators
      .flatMap((d) => d.configFiles)
      .filter((f) => f.startsWith("."))
      .map((f) => f.split("/")[0]),
  ),
].sort();

export interface DetectedSite {
  root: string;
  generator: SiteGenerator;
  configFile: string;
}

/**
 * The site roots above the given documents: for each folder holding a
 * document (and each folder above it), the first generator config found
 * there. Sorted by root.
 */
export function detectSites(root: string, docs: readonly string[], files: readonly string[] = []): DetectedSite[] {
  const dirs = new Set<string>([""]);
  for (const d of docs) for (let dir = posix.dirname(d); dir !== "." && !dirs.has(dir); dir = posix.dirname(dir)) dirs.add(dir);
  // A site folder beside its content (`website/` with `path: "../docs"`): found by its config file.
  for (const f of files) {
    const slash = f.lastIndexOf("/");
    if (CONFIG_NAMES.has(f.slice(slash + 1))) dirs.add(slash === -1 ? "" : f.slice(0, slash));
  }
  const out: DetectedSite[] = [];
  const listed = files.length > 0 ? new Set(files) : undefined;
  for (const dir of [...dirs].sort()) {
    const hit = configIn(root, dir, listed);
    if (hit) out.push({ root: dir, ...hit });
  }
  return out;
}

function configIn(root: string, dir: string, listed?: ReadonlySet<string>): { generator: SiteGenerator; configFile: string } | null {
  // Discover lists every file but dot files: one look at each dot name a config may start with, the rest from the list.
  const dots = new Set(DOT_ENTRIES.filter((e) => existsSync(join(root, dir, e))));
  for (const d of siteGenerators) {
    for (const f of d.configFiles) {
      const rel = dir === "" ? f : `${dir}/${f}`;
      // The absolute path only when the disk is asked (thirty names a folder, hundreds of folders a run).
      const present = f.startsWith(".")
        ? dots.has(f.split("/")[0]) && (!f.includes("/") || existsSync(join(root, rel)))
        : listed
          ? listed.has(rel)
          : existsSync(join(root, rel));
      if (!present) continue;
      if (d.configTest) {
        let text = "";
        try {
          text = readSiteFile(root, rel);
        } catch {
          continue;
        }
        if (!d.configTest(text, rel)) continue;
      }
      return { generator: d.id, configFile: rel };
    }
  }
  return null;
}

/** The sites of the project: configured ones (their generator config still read for what the setting leaves out), else detected ones. */
export async function readSites(
  root: string,
  config: ResolvedConfig,
  docs: readonly string[],
  files: readonly string[],
  frontMatter?: (file: string) => string | null,
): Promise<Site[]> {
  const settings: (SiteSetting & { configFile: string | null })[] =
    config.sites?.map((s) => ({ ...s, root: s.root === "." ? "" : s.root, configFile: configIn(root, s.root === "." ? "" : s.root)?.configFile ?? null })) ??
    detectSites(root, docs, files).map((d) => ({ root: d.root, generator: d.generator, configFile: d.configFile }));
  const sites: Site[] = [];
  for (const s of settings) sites.push(await readSite(root, config, s, files, frontMatter));
  // A detected site that renders none of the documents in scope (an example, a test book) is left out.
  // Translation trees beside a site join it (a sibling config that only inherits it is folded in), before the
  // filter below: a translation's pages are then the site's.
  const withTranslations = attachTranslations(sites, files);
  const kept = config.sites ? withTranslations : withTranslations.filter((s) => docs.some((d) => siteOf(withTranslations, d) === s));
  if (!config.sites && frontMatter) {
    for (const m of frontMatterSites(docs, frontMatter, (d) => siteOf(kept, d) !== null))
      kept.push(await readSite(root, config, { root: m.root, generator: "unknown", configFile: m.configFile }, files, frontMatter));
  }
  if (!config.sites) {
    for (const m of packageSites(root, docs, files, (d) => siteOf(kept, d) !== null)) {
      const site = await readSite(root, config, { root: m.root, generator: "unknown", configFile: m.configFile }, files, frontMatter);
      // The package's README.md is what GitHub and npm render: a generator found only by its package serves pages from its own
      // content folder (a Next.js app never serves its README), so that file keeps GitHub's semantics.
      const readme = `${m.root}/README.md`;
      if (files.includes(readme)) site.excluded = [...(site.excluded ?? []), readme];
      kept.push(site);
    }
  }
  // Outermost first: a document belongs to the deepest site whose folder holds it.
  return kept.sort((a, b) => a.root.length - b.root.length || (a.root < b.root ? -1 : 1));
}

async function readSite(
  root: string,
  config: ResolvedConfig,
  s: SiteSetting & { configFile: string | null },
  files: readonly string[],
  frontMatter?: (file: string) => string | null,
): Promise<Site> {
  const d = routers[s.generator];
  const site = (await readerOf(d))({
    root,
    siteRoot: s.root,
    configFile: d.plainFiles ? null : s.configFile,
    files,
    ...(frontMatter ? { frontMatter } : {}),
  });
  // Only a JavaScript config registers plugins; the parser is loaded only then, as for the adapters.
  if (s.configFile && !d.plainFiles && /\.[cm]?[jt]sx?$/.test(s.configFile)) {
    const { linkRewritingPlugins, linkRewritingTransforms } = await import("./link-plugins.js");
    const plugins = linkRewritingPlugins(root, s.configFile, new Set(files));
    const transforms = plugins.length > 0 ? [] : linkRewritingTransforms(root, s.configFile);
    if (plugins.length > 0)
      site.linksRewritten = `${plugins.join(", ")}, a markdown plugin of the project that ${s.configFile} registers, rewrites links at build time (code docpact does not run)`;
    else if (transforms.length > 0)
      site.linksTransformed = `${s.configFile}'s output transform ${transforms.map((t) => `\`${t}\``).join(", ")} rewrites the built pages' links (code docpact does not run)`;
  }
  if (s.configFile && !d.plainFiles) site.configFile = s.configFile;
  // A Next.js app behind no config docpact reads: its Markdown outside the page folders and the folders its code names is GitHub's.
  // (`configFile` is then a marker, `next` in a package.json, or null: no file of the repository.)
  if (d.id === "unknown" && !(s.configFile !== null && files.includes(s.configFile))) {
    const outside = nextAppNonPages(root, s.root, files);
    if (outside && outside.length > 0) site.excluded = [...(site.excluded ?? []), ...outside];
  }
  const ignored = siteGitignore(root, site);
  if (ignored.length > 0) site.gitignored = ignored;
  if (config.sites) site.source = config.file ?? "config";
  if (s.base !== undefined) site.base = normalizeBase(s.base);
  if (s.srcDir !== undefined) site.srcDir = joinDir(s.root, s.srcDir);
  if (d.routesUnknown !== undefined) {
    // What marked it: the file found, else the setting that names it.
    site.marker = s.configFile ?? `\`sites\` in ${config.file ?? "the config"}`;
    site.slugsUnknown = `${d.routesUnknown.replace("{file}", site.marker)}: its heading ids are not known`;
  }
  return site;
}

/** Front matter keys only a site generator reads (Jekyll, Eleventy, Hugo and the like): a document carrying one is a page of a site. */
const SITE_FRONT_MATTER_KEY = /^(permalink|layout|eleventyNavigation|eleventyComputed|nav_order)[ \t]*:/m;

/**
 * Sites no config file marks, found by their pages' front matter: the folder of each document
 * outside every site whose front matter has a key only a site generator reads, outermost ones kept.
 */
export function frontMatterSites(docs: readonly string[], frontMatter: (file: string) => string | null, inSite: (file: string) => boolean): DetectedSite[] {
  const found = new Map<string, string>();
  for (const d of [...docs].sort()) {
    if (inSite(d)) continue;
    // A top-level key of the block (no YAML parse: every document outside a site passes here).
    const key = SITE_FRONT_MATTER_KEY.exec(frontMatter(d) ?? "")?.[1];
    if (key === undefined) continue;
    const dir = posix.dirname(d) === "." ? "" : posix.dirname(d);
    if (!found.has(dir)) found.set(dir, `front matter \`${key}\` in ${d}`);
  }
  const roots = [...found.keys()].sort();
  return roots
    .filter((r) => !roots.some((o) => o !== r && (o === "" || r.startsWith(`${o}/`))))
    .map((r) => ({ root: r, generator: "unknown" as const, configFile: found.get(r)! }));
}

/**
 * Sites no config file docpact reads marks, found by the generator their package installs: each folder
 * below the repository root whose package.json lists a generator's package in `dependencies` or
 * `devDependencies` (descriptor `packages`: `@rspress/core`, `vitepress`) and holds documents in scope
 * outside every site. Its config is elsewhere, wrapped (`rstack.config.ts` returning an Rspress config)
 * or passed on the command line: the folder is a site whose routes docpact cannot list. The repository
 * root is left out: its package.json installs the tools of the whole repository, its README is GitHub's.
 */
export function packageSites(root: string, docs: readonly string[], files: readonly string[], inSite: (file: string) => boolean): DetectedSite[] {
  const loose = docs.filter((d) => !inSite(d));
  if (loose.length === 0) return [];
  const found = new Map<string, string>();
  for (const f of manifestFiles(files)) {
    if (f === "package.json") continue;
    const dir = f.slice(0, -"/package.json".length);
    if (!loose.some((d) => d.startsWith(`${dir}/`)) || [...found.keys()].some((o) => dir.startsWith(`${o}/`))) continue;
    const installs = readManifest(root, f)?.installs ?? [];
    for (const d of siteGenerators) {
      const name = d.packages?.find((p) => installs.includes(p));
      if (name === undefined) continue;
      found.set(dir, `\`${name}\` in ${f}, with no ${d.routesUnknown === undefined ? `${d.name} config file` : "config file"} docpact reads`);
      break;
    }
  }
  return [...found].map(([r, marker]) => ({ root: r, generator: "unknown" as const, configFile: marker }));
}
