/**
 * A site's own markdown plugins that rewrite links at build time: a module of
 * the project (a relative import of the generator config, used there) whose
 * code visits link nodes and writes their URL (`node.url = …`,
 * `setProperty(node, "url", …)`, `token.attrSet("href", …)`). What such a
 * plugin makes of a link is project code docpact does not run, so a link
 * that names no page is not judged there (never reported as broken).
 * Read statically, one module deep; a plugin that re-exports another module
 * is not followed (its links stay judged as the generator serves them). The
 * config's own output transforms that write `href`s count the same way.
 */
import { posix } from "node:path";
import { absPath, loadFile, type ParsedFile, ts } from "../code-source.js";

/** Node types and markdown-it tokens that are links, and the visitor keys that name them. */
const LINK_NODES = new Set(["link", "definition", "linkReference", "link_open", "a"]);
/** Properties that hold a link's target. */
const URL_KEYS = new Set(["url", "href"]);
const CODE_EXT = ["", ".ts", ".mts", ".cts", ".js", ".mjs", ".cjs", "/index.ts", "/index.js", "/index.mjs"];

/** The root-relative files of the config's local plugins that rewrite links, sorted; empty when none. */
export function linkRewritingPlugins(root: string, configRel: string, files: ReadonlySet<string>): string[] {
  const cfg = loadFile(root, absPath(root, configRel));
  if (!cfg) return [];
  const out = new Set<string>();
  for (const { names, spec } of relativeImports(cfg)) {
    if (!names.some((n) => usedOutsideImports(cfg, n))) continue;
    const file = resolveModule(posix.dirname(configRel), spec, files);
    if (file === null) continue;
    const mod = loadFile(root, absPath(root, file));
    if (mod && rewritesLinks(mod.sf)) out.add(file);
  }
  return [...out].sort();
}

function relativeImports(file: ParsedFile): { names: string[]; spec: string }[] {
  const out: { names: string[]; spec: string }[] = [];
  for (const st of file.sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier) || !st.moduleSpecifier.text.startsWith(".")) continue;
    const c = st.importClause;
    if (!c || c.isTypeOnly) continue;
    const names: string[] = [];
    if (c.name) names.push(c.name.text);
    const b = c.namedBindings;
    if (b && ts.isNamespaceImport(b)) names.push(b.name.text);
    if (b && ts.isNamedImports(b)) for (const e of b.elements) if (!e.isTypeOnly) names.push(e.name.text);
    out.push({ names, spec: st.moduleSpecifier.text });
  }
  return out;
}

/** Whether the config uses `name` anywhere but in its import (registers the plugin). */
function usedOutsideImports(file: ParsedFile, name: string): boolean {
  let used = false;
  const visit = (n: ts.Node) => {
    if (used || ts.isImportDeclaration(n)) return;
    if (ts.isIdentifier(n) && n.text === name) used = true;
    else n.forEachChild(visit);
  };
  file.sf.forEachChild(visit);
  return used;
}

function resolveModule(dir: string, spec: string, files: ReadonlySet<string>): string | null {
  const base = posix.normalize(posix.join(dir === "." ? "" : dir, spec));
  // `./plugin.js` written for a `./plugin.ts` source (TypeScript's ESM convention).
  const stems = [base, base.replace(/\.[cm]?js$/, "")];
  for (const s of stems) for (const ext of CODE_EXT) if (files.has(s + ext)) return s + ext;
  return null;
}

/** Calls that write a property or attribute (a getter naming `href` reads it). */
const SETTER = /set/i;

function calleeName(c: ts.CallExpression): string {
  const e = c.expression;
  return ts.isIdentifier(e) ? e.text : ts.isPropertyAccessExpression(e) ? e.name.text : "";
}

const isUrlKey = (n: ts.Node) => (ts.isIdentifier(n) || ts.isStringLiteral(n) || ts.isPrivateIdentifier(n)) && URL_KEYS.has(n.text);

/** Whether `n` writes a link's URL: `x.href = …`, `x["url"] = …`, `setProperty(node, "url", …)`, `attrSet("href", …)`. */
function writesUrl(n: ts.Node): boolean {
  if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
    const l = n.left;
    if ((ts.isPropertyAccessExpression(l) && isUrlKey(l.name)) || (ts.isElementAccessExpression(l) && isUrlKey(l.argumentExpression))) return true;
  }
  return ts.isCallExpression(n) && SETTER.test(calleeName(n)) && n.arguments.some((a) => ts.isStringLiteralLike(a) && URL_KEYS.has(a.text));
}

/**
 * The config's own output transforms that write links (Eleventy's `addTransform("localLinks", fn)` setting `href`
 * on the built HTML's anchors): their names, sorted. A transform runs on every page after Markdown, so what it
 * makes of a link is code docpact does not run.
 */
export function linkRewritingTransforms(root: string, configRel: string): string[] {
  const cfg = loadFile(root, absPath(root, configRel));
  if (!cfg) return [];
  const out = new Set<string>();
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n) && calleeName(n) === "addTransform" && n.arguments.length >= 2) {
      let writes = false;
      const inner = (m: ts.Node) => {
        if (writes) return;
        if (writesUrl(m)) writes = true;
        else m.forEachChild(inner);
      };
      inner(n.arguments[1]);
      const name = n.arguments[0];
      if (writes) out.add(ts.isStringLiteralLike(name) ? name.text : name.getText(cfg.sf));
    }
    n.forEachChild(visit);
  };
  visit(cfg.sf);
  return [...out].sort();
}

/** Whether the module both visits link nodes and writes a link's URL. */
export function rewritesLinks(sf: ts.SourceFile): boolean {
  let visits = false;
  let writes = false;
  const visit = (n: ts.Node) => {
    if (ts.isStringLiteralLike(n) && LINK_NODES.has(n.text)) visits = true;
    // A visitor keyed by node type (`{ link(node) {…}, definition(node) {…} }`).
    if (
      (ts.isMethodDeclaration(n) || ts.isPropertyAssignment(n)) &&
      n.name &&
      (ts.isIdentifier(n.name) || ts.isStringLiteral(n.name)) &&
      LINK_NODES.has(n.name.text)
    )
      visits = true;
    if (writesUrl(n)) writes = true;
    n.forEachChild(visit);
  };
  visit(sf);
  return visits && writes;
}
