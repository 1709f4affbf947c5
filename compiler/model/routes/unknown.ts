/**
 * A documentation site whose generator docpact does not model: Hexo, VuePress (YAML/TOML config), Docsify (config not inline), plain Astro, Sphinx /
 * MyST, Antora, Gatsby, Quarto, Zola, GitBook. Found by its config
 * file (or, with none, by site front matter: `permalink`, `layout`,
 * `eleventyNavigation`). Its pages are served at routes docpact cannot list
 * and its heading ids are its own, so links that name no file (root-absolute,
 * extensionless, `.html`) and anchors into its pages are not judged, each
 * counted with the reason; relative links to files and `.md` links are still
 * checked (confident or silent).
 */
import type { SiteGeneratorDescriptor } from "./types.js";
import { githubSlug } from "./slugs.js";

const ASTRO = ["mjs", "ts", "mts", "js", "cjs"].map((e) => `astro.config.${e}`);
const JS = ["js", "mjs", "cjs", "ts", "mts", "cts"];

const unknown: SiteGeneratorDescriptor = {
  id: "unknown",
  name: "not modelled",
  configFiles: [
    // Hexo (Jekyll's is tried first), Jekyll's TOML config
    "_config.yml",
    "_config.yaml",
    "_config.toml",
    // Zola (Hugo's `config.toml` is tried first)
    "config.toml",
    // VuePress 1's YAML / TOML config (its JavaScript one is modelled)
    ".vuepress/config.yml",
    ".vuepress/config.yaml",
    ".vuepress/config.toml",
    // Astro without Starlight (Starlight is tried first)
    ...ASTRO,
    // Docsify whose `window.$docsify` is not set inline (an inline one is modelled)
    "index.html",
    // Sphinx / MyST, Antora, Gatsby, Quarto, GitBook, Docfx
    "conf.py",
    "myst.yml",
    "antora.yml",
    "antora-playbook.yml",
    ...JS.map((e) => `gatsby-config.${e}`),
    "_quarto.yml",
    ".gitbook.yaml",
    "docfx.json",
  ],
  configTest: (text, file) => {
    const name = file.slice(file.lastIndexOf("/") + 1);
    // Common names: only the generator's own.
    if (name === "config.toml") return /^\s*base_?url\s*=/im.test(text);
    if (name === "index.html") return /docsify/i.test(text);
    if (name === "conf.py") return /\b(extensions|html_theme|project)\s*=/.test(text);
    return true;
  },
  configExample: "extensions = []",
  // `next`: a Next.js app serving the folder's pages (Nextra's own config is tried first; a wrapper such as `withGuildDocs` hides it).
  packages: ["astro", "hexo", "gatsby", "next"],
  configHint:
    "Hexo `_config.yml`, Zola `config.toml` with `base_url`, VuePress `.vuepress/config.{yml,toml}`, plain Astro `astro.config.*`, Docsify `index.html` without an inline `window.$docsify`, Sphinx `conf.py`, MyST `myst.yml`, Antora `antora.yml`, Gatsby, Quarto, GitBook, Docfx; or site front matter (`permalink`, `layout`, `eleventyNavigation`)",
  docs: {
    anchors: { slug: "not known: anchors into its pages are not judged", customId: "—", repeats: "—" },
  },
  priority: 1000,
  indexNames: ["index", "README"],
  docExtensions: [".md", ".markdown", ".mdx", ".mdoc"],
  hasReader: false,
  routesUnknown: "site generator not recognised ({file} found)",
  style: { slug: githubSlug, dedupe: "dash", customIds: false },
  pageRoutes: () => null,
};

export default unknown;
