/**
 * A Next.js app found only by its package (`next` installed, no docs layer docpact models): Next serves routes
 * from its page folders alone (`app/`, `pages/`, under `src/` too; `content/` for Nextra 4's content
 * directory). A Markdown file anywhere else becomes a page only if the app's code reads it at run time, and
 * such a loader names its folder (`join(process.cwd(), "posts")`, contentlayer's `contentDirPath: "content"`).
 * A document outside the page folders whose folder no string literal of the app's code names is then no page
 * of the site: GitHub renders it (a package README, an e2e fixture's notes), and its links are judged so.
 */
import { posix } from "node:path";
import { readManifest } from "../../util/package-manifest.js";
import { readSiteFile } from "./types.js";

const PAGE_DIRS = ["app", "pages", "src/app", "src/pages", "content", "src/content"];
const DOC = /\.(md|markdown|mdx|mdoc)$/i;
const CODE = /\.(m|c)?[jt]sx?$/;
// A quoted literal that may name a folder (no spaces, no interpolation); a glob's static prefix is its folder.
const LITERAL = /["'`](\.{0,2}\/?[\w@.-][\w@./*-]*)["'`]/g;

/** The documents under `siteRoot` the app serves no route for, root-relative; null when the folder is no such Next.js app. */
export function nextAppNonPages(root: string, siteRoot: string, files: readonly string[]): string[] | null {
  const prefix = siteRoot === "" ? "" : `${siteRoot}/`;
  const manifest = `${prefix}package.json`;
  if (!files.includes(manifest) || !readManifest(root, manifest)?.installs.includes("next")) return null;
  const own = files.filter((f) => f.startsWith(prefix) && !f.slice(prefix.length).split("/").includes("node_modules"));
  const named = new Set<string>();
  for (const f of own) {
    if (!CODE.test(f) || DOC.test(f)) continue;
    let text: string;
    try {
      text = readSiteFile(root, f);
    } catch {
      continue;
    }
    for (const m of text.matchAll(LITERAL)) {
      const path = m[1]
        .split("*")[0]
        .replace(/^(\.\/)+/, "")
        .replace(/\/+$/, "");
      if (path !== "" && path !== "." && !path.startsWith("..")) named.add(path);
    }
  }
  const served = (rel: string): boolean => {
    if (PAGE_DIRS.some((d) => rel.startsWith(`${d}/`))) return true;
    // The file itself or a folder above it, named from the app's folder (a loader reads from `process.cwd()`).
    for (let p = rel; p !== "." && p !== ""; p = posix.dirname(p)) if (named.has(p)) return true;
    return false;
  };
  return own.filter((f) => DOC.test(f) && !served(f.slice(prefix.length)));
}
