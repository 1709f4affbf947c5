/**
 * Docsify: `window.$docsify = { … }` in an inline `<script>` of `index.html`, parsed (never run)
 * for `basePath`, `homepage`, `relativePath`, `alias`, `ext`, `noCompileLinks` and `loadSidebar`.
 * A key whose value is not a literal, or a spread in the object, leaves what it sets unknown.
 */
import type { DocsifySettings } from "../../model/routes/docsify.js";
import type { Site } from "../../model/types.js";
import { propertyNameText, ts, unwrap } from "../code-source.js";
import { emptySite, joinDir, readSiteFile, type SiteInput } from "./types.js";

type Literal = string | boolean | number | null | Literal[] | { [k: string]: Literal };

/** A literal expression's value, or undefined when it is anything else (a call, a name, a template with holes). */
function literal(x: ts.Expression): Literal | undefined {
  const e = unwrap(x);
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return e.text;
  if (ts.isNumericLiteral(e)) return Number(e.text);
  if (e.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (e.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (e.kind === ts.SyntaxKind.NullKeyword) return null;
  if (ts.isArrayLiteralExpression(e)) {
    const out: Literal[] = [];
    for (const x of e.elements) {
      const v = literal(x);
      if (v === undefined) return undefined;
      out.push(v);
    }
    return out;
  }
  if (ts.isObjectLiteralExpression(e)) {
    const obj = properties(e);
    if (obj === null) return undefined;
    const out: { [k: string]: Literal } = {};
    for (const [k, v] of obj) {
      if (v === undefined) return undefined;
      out[k] = v;
    }
    return out;
  }
  return undefined;
}

/** An object literal's keys and their literal values (undefined: not a literal); null when a spread or computed key hides keys. */
function properties(o: ts.ObjectLiteralExpression): Map<string, Literal | undefined> | null {
  const out = new Map<string, Literal | undefined>();
  for (const p of o.properties) {
    if (ts.isSpreadAssignment(p)) return null;
    const name = propertyNameText(p.name);
    if (name === null) return null;
    out.set(name, ts.isPropertyAssignment(p) ? literal(p.initializer) : undefined);
  }
  return out;
}

/** The object assigned to `window.$docsify` in the page's inline scripts: its keys, or why they are not known. */
export function docsifyConfig(html: string, file: string): Map<string, Literal | undefined> | { unknown: string } {
  let found: Map<string, Literal | undefined> | { unknown: string } | null = null;
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(m[1]) || !m[2].includes("$docsify")) continue;
    const sf = ts.createSourceFile(`${file}.js`, m[2], ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
    const visit = (n: ts.Node): void => {
      if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken && /^(?:window\.)?\$docsify$/.test(n.left.getText(sf))) {
        const right = unwrap(n.right);
        const props = ts.isObjectLiteralExpression(right) ? properties(right) : null;
        found = props ?? { unknown: `${file}: window.$docsify is not a plain object literal` };
      }
      n.forEachChild(visit);
    };
    visit(sf);
  }
  return found ?? { unknown: `${file}: no inline window.$docsify = { … }` };
}

export function read(input: SiteInput): Site {
  const site = emptySite("docsify", input, input.siteRoot);
  site.assetDirs = [site.srcDir];
  if (!input.configFile) return site;
  let html: string;
  try {
    html = readSiteFile(input.root, input.configFile);
  } catch (e) {
    site.unreadable = (e as Error).message;
    return site;
  }
  const cfg = docsifyConfig(html, input.configFile);
  if ("unknown" in cfg) {
    site.unreadable = cfg.unknown as string;
    return site;
  }
  const settings: DocsifySettings = {};
  const unknownKey = (k: string) => cfg.has(k) && cfg.get(k) === undefined;
  for (const k of ["basePath", "homepage", "relativePath", "alias", "ext", "noCompileLinks"]) {
    if (unknownKey(k)) {
      site.unreadable = `${input.configFile}: window.$docsify.${k} is not a literal`;
      return site;
    }
  }
  const basePath = cfg.get("basePath");
  if (typeof basePath === "string" && basePath !== "") {
    // A remote basePath: the pages are fetched from another host.
    if (/:|^\/\//.test(basePath)) {
      site.unreadable = `${input.configFile}: basePath ${basePath} fetches the pages from another host`;
      return site;
    }
    site.srcDir = joinDir(input.siteRoot, basePath);
    site.assetDirs = [site.srcDir];
  }
  const ext = cfg.get("ext");
  if (typeof ext === "string" && ext !== ".md" && ext !== "md") {
    site.unreadable = `${input.configFile}: pages are \`${ext}\` files (ext)`;
    return site;
  }
  const home = cfg.get("homepage");
  if (typeof home === "string" && home !== "README.md") {
    // A remote homepage: the home route shows a page docpact does not have.
    if (/:|^\/\//.test(home)) site.partialRoutes.push("");
    else settings.homepage = home.replace(/^\.?\//, "");
  }
  if (cfg.get("relativePath") === true) settings.relativePath = true;
  const alias = cfg.get("alias");
  if (alias && typeof alias === "object" && !Array.isArray(alias)) settings.alias = Object.keys(alias).sort();
  const ncl = cfg.get("noCompileLinks");
  if (Array.isArray(ncl)) settings.noCompileLinks = ncl.filter((x): x is string => typeof x === "string");
  site.settings = settings;
  return site;
}
