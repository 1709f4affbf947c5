/**
 * Documentation sites: which generator renders which docs root, read from
 * the generator's own config (statically, never executed). Configured
 * `sites` win; otherwise every folder holding documents in scope is looked
 * at for a generator config, the nearest one owning the documents below it.
 */
import { existsSync } from "../../util/input-fs.js";
import { join, posix } from "node:path";
import type { ResolvedConfig, SiteGenerator, SiteSetting } from "../../config/resolve.js";
import type { Site } from "../../model/types.js";
import { siteOf } from "../../model/site-links.js";
import { emptySite, joinDir, normalizeBase, readSiteFile, type SiteInput } from "./types.js";

const VITEPRESS_CONFIGS = ["config.ts", "config.mts", "config.js", "config.mjs", "config.cts", "config.cjs"].map((f) => `.vitepress/${f}`);
const ASTRO_CONFIGS = ["astro.config.mjs", "astro.config.ts", "astro.config.mts", "astro.config.js", "astro.config.cjs"];
const NEXTRA_CONFIGS = ["theme.config.tsx", "theme.config.jsx", "theme.config.ts", "theme.config.js", "next.config.mjs", "next.config.js", "next.config.ts"];

type Reader = (input: SiteInput) => Site;

/**
 * One reader module per generator, loaded only when a site needs it: reading a JavaScript
 * config pulls in the TypeScript parser, which a project without such a site never pays for.
 */
const READERS: Record<SiteGenerator, () => Promise<Reader>> = {
  github: async () => (input) => emptySite("github", input, input.siteRoot),
  vitepress: async () => (await import("./vitepress.js")).readVitepress,
  docusaurus: async () => (await import("./docusaurus.js")).readDocusaurus,
  mkdocs: async () => (await import("./mkdocs.js")).readMkdocs,
  starlight: async () => (await import("./starlight.js")).readStarlight,
  nextra: async () => (await import("./nextra.js")).readNextra,
  mdbook: async () => (await import("./mdbook.js")).readMdbook,
  mintlify: async () => (await import("./mintlify.js")).readMintlify,
};

/** Config files that mark a site root, per generator, in the order they are tried. */
const CONFIGS: { generator: SiteGenerator; files: string[]; test?: (text: string) => boolean }[] = [
  { generator: "vitepress", files: VITEPRESS_CONFIGS },
  { generator: "docusaurus", files: ["docusaurus.config.ts", "docusaurus.config.js", "docusaurus.config.mjs", "docusaurus.config.mts", "docusaurus.config.cjs"] },
  { generator: "mkdocs", files: ["mkdocs.yml", "mkdocs.yaml"] },
  { generator: "starlight", files: ASTRO_CONFIGS, test: (text) => text.includes("@astrojs/starlight") },
  { generator: "mdbook", files: ["book.toml"] },
  { generator: "nextra", files: NEXTRA_CONFIGS, test: (text) => /\bnextra\b/.test(text) },
  // `docs.json` is a common name: only Mintlify's (its schema, or a navigation beside a theme) marks a site.
  { generator: "mintlify", files: ["docs.json", "mint.json"], test: (text) => /mintlify/i.test(text) || (/"navigation"\s*:/.test(text) && /"(theme|name)"\s*:/.test(text)) },
];

const CONFIG_NAMES = new Set(CONFIGS.flatMap((c) => c.files).filter((f) => !f.startsWith(".")));

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
  // Discover lists every file but dot files: one look at `.vitepress/` per folder, the rest from the list.
  const dotDir = existsSync(join(root, dir, ".vitepress"));
  for (const c of CONFIGS) {
    for (const f of c.files) {
      const rel = dir === "" ? f : `${dir}/${f}`;
      // The absolute path only when the disk is asked (thirty names a folder, hundreds of folders a run).
      const present = f.startsWith(".") ? dotDir && existsSync(join(root, rel)) : listed ? listed.has(rel) : existsSync(join(root, rel));
      if (!present) continue;
      if (c.test) {
        let text = "";
        try {
          text = readSiteFile(root, rel);
        } catch {
          continue;
        }
        if (!c.test(text)) continue;
      }
      return { generator: c.generator, configFile: rel };
    }
  }
  return null;
}

/** The sites of the project: configured ones (their generator config still read for what the setting leaves out), else detected ones. */
export async function readSites(root: string, config: ResolvedConfig, docs: readonly string[], files: readonly string[]): Promise<Site[]> {
  const settings: (SiteSetting & { configFile: string | null })[] =
    config.sites?.map((s) => ({ ...s, root: s.root === "." ? "" : s.root, configFile: configIn(root, s.root === "." ? "" : s.root)?.configFile ?? null })) ??
    detectSites(root, docs, files).map((d) => ({ root: d.root, generator: d.generator, configFile: d.configFile }));
  const sites: Site[] = [];
  for (const s of settings) {
    const read = await READERS[s.generator]();
    const site = read({ root, siteRoot: s.root, configFile: s.generator === "github" ? null : s.configFile, files });
    if (config.sites) site.source = config.file ?? "config";
    if (s.base !== undefined) site.base = normalizeBase(s.base);
    if (s.srcDir !== undefined) site.srcDir = joinDir(s.root, s.srcDir);
    sites.push(site);
  }
  // A detected site that renders none of the documents in scope (an example, a test book) is left out.
  const kept = config.sites ? sites : sites.filter((s) => docs.some((d) => siteOf(sites, d) === s));
  // Outermost first: a document belongs to the deepest site whose folder holds it.
  return kept.sort((a, b) => a.root.length - b.root.length || (a.root < b.root ? -1 : 1));
}
