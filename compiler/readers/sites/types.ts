/** What every site reader gets and gives. */
import { join } from "node:path";
import type { Site } from "../../model/types.js";
import { frontMatterBlock } from "../../util/front-matter.js";
import { guardedRead } from "../../util/guarded-read.js";

export interface SiteInput {
  /** Project root (absolute). */
  root: string;
  /** Site folder, root-relative (`""` is the root). */
  siteRoot: string;
  /** The generator config file, root-relative, or null when there is none (a configured site). */
  configFile: string | null;
  /** Every file under the root (root-relative, sorted), as discover listed them. */
  files: readonly string[];
  /** The front matter block of a document in scope, when the caller has read the documents. */
  frontMatter?: (file: string) => string | null;
}

/** `a` joined with `b`, both root-relative folders; `""` is the root. */
export function joinDir(a: string, b: string): string {
  const parts = `${a}/${b}`.split("/").filter((p) => p !== "" && p !== ".");
  const out: string[] = [];
  for (const p of parts) {
    if (p === "..") out.pop();
    else out.push(p);
  }
  return out.join("/");
}

/** `/`, `/docs/`: leading and trailing slash. */
export function normalizeBase(b: string): string {
  const t = b.trim().replace(/^\/+|\/+$/g, "");
  return t === "" ? "/" : `/${t}/`;
}

export function emptySite(generator: Site["generator"], input: SiteInput, srcDir: string): Site {
  return {
    generator,
    root: input.siteRoot,
    srcDir,
    base: "/",
    assetDirs: [],
    source: input.configFile ?? "config",
    unreadable: null,
    partialRoutes: [],
    slugsUnknown: null,
  };
}

/** Folders (root-relative) under `dir` that hold files with `[` in their name: dynamic routes. */
export function dynamicRouteDirs(files: readonly string[], dir: string): string[] {
  const prefix = dir === "" ? "" : `${dir}/`;
  const out = new Set<string>();
  for (const f of files) {
    if (!f.startsWith(prefix) || !f.includes("[")) continue;
    const rel = f.slice(prefix.length);
    const i = rel.indexOf("[");
    const folder = rel.slice(0, i).replace(/\/[^/]*$/, "");
    out.add(rel.slice(0, i).includes("/") ? folder : "");
  }
  return [...out].sort();
}

/**
 * Redirect sources as routes (Next.js `redirects()`, Mintlify `redirects[]`): a plain source is a route that
 * exists; a source with a parameter or wildcard (`/old/:slug*`, `/v1/*`) serves every route under its fixed prefix.
 */
export function addRedirectSources(site: Site, sources: readonly string[]): void {
  // A parameter limited to plain words (`/docs/guide/:slug(typescript|latex)`) is those routes, not everything under its prefix.
  const routes = sources.flatMap((s) => expandChoices(s.replace(/^\/+|\/+$/g, "")));
  site.extraPages = [...new Set([...(site.extraPages ?? []), ...routes.filter((s) => !s.includes(":") && !s.includes("*"))])].sort();
  for (const s of routes) {
    const segs = s.split("/");
    const i = segs.findIndex((x) => x.includes(":") || x.includes("*"));
    if (i !== -1) site.partialRoutes.push(segs.slice(0, i).join("/"));
  }
  site.partialRoutes = [...new Set(site.partialRoutes)].sort();
}

/** `a/:x(b|c)/d` → `a/b/d`, `a/c/d` (each segment whose parameter allows only listed words); other sources as they are. */
function expandChoices(source: string): string[] {
  let out = [""];
  for (const seg of source.split("/")) {
    const m = /^:\w+\(([\w.-]+(?:\|[\w.-]+)*)\)$/.exec(seg);
    const alts = m ? m[1].split("|") : [seg];
    out = out.flatMap((p) => alts.map((a) => (p === "" ? a : `${p}/${a}`)));
  }
  return out;
}

/** The front matter block of a page file (its first 8 KiB; root-relative path), or null. */
export function pageFrontMatter(root: string, file: string): string | null {
  // The guarded read: a page linked outside the root, a FIFO or a huge file gives no front matter.
  const r = guardedRead(root, join(root, file), file);
  return r.ok ? frontMatterBlock(r.text.slice(0, 8192)) : null;
}

/**
 * A site's own config file as text, through the guarded read (a regular file
 * inside the root after links, size-bounded): a `mkdocs.yml` linked to a file
 * outside is refused, its text never read. Throws the reason as an Error, which
 * the adapters already turn into `site.unreadable`.
 */
export function readSiteFile(root: string, rel: string): string {
  const r = guardedRead(root, join(root, rel), rel);
  if (!r.ok) throw new Error(r.message);
  return r.text;
}
