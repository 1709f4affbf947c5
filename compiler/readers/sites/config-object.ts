/**
 * Static reading of a site generator's JavaScript/TypeScript config
 * (`docusaurus.config.ts`, `.vitepress/config.mts`, `astro.config.mjs`, …),
 * never executed: the default export (or `module.exports`), seen through
 * identity wrappers (`defineConfig({...})`) and local constants, is walked
 * key by key, and only the values needed are folded by the constant folder.
 * A key the walk cannot see past (a spread, a computed key, a function
 * call) is "unknown", never guessed.
 */

import type { Site } from "../../model/types.js";
import { shortened } from "../../util/text.js";
import { absPath, loadFile, type ParsedFile, propertyNameText, ts, unwrap } from "../code-source.js";
import { type FoldedValue, foldExpression } from "../constant-folder.js";
import type { SiteInput } from "./types.js";

const short50 = (s: string) => shortened(s, 50, "…");

/** What a key holds: absent, an expression to walk, or unknown (with the call that computes it, when it is one). */
export type Lookup = { kind: "absent" } | { kind: "expr"; expr: ts.Expression } | { kind: "unknown"; reason: string; call?: ts.CallExpression };

export type Value = { kind: "absent" } | { kind: "value"; value: FoldedValue } | { kind: "unknown"; reason: string };

/**
 * Calls that return their object argument (`defineConfig`, `defineUserConfig`), or extend it
 * (`withMermaid(…)`, a theme's `extendConfig(…)`): such wrappers add plugins and theme defaults but
 * are taken to keep the keys docpact reads (where pages are, the base, rewrites). A site whose
 * wrapper does change them is configured in `sites`.
 */
const IDENTITY = /^(?:define[A-Z]\w*|with[A-Z]\w*|extend[A-Z]\w*)$/;

export class ConfigFile {
  private constructor(
    readonly root: string,
    readonly file: ParsedFile,
  ) {}

  static load(root: string, rel: string): ConfigFile | null {
    const parsed = loadFile(root, absPath(root, rel));
    return parsed ? new ConfigFile(root, parsed) : null;
  }

  get rel(): string {
    return this.file.rel;
  }

  /** The exported config object: `export default …` or `module.exports = …`. */
  exported(): Lookup {
    for (const st of this.file.sf.statements) {
      if (ts.isExportAssignment(st)) return this.see(st.expression);
      // `export default async function createConfig() { … return { … } }` (Docusaurus).
      if (ts.isFunctionDeclaration(st) && st.modifiers?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword) && st.body) {
        const ret = st.body.statements.find(ts.isReturnStatement);
        if (ret?.expression) return this.see(ret.expression);
        return { kind: "unknown", reason: `${this.rel}: the config is computed by a function` };
      }
      if (ts.isExpressionStatement(st) && ts.isBinaryExpression(st.expression) && st.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
        const left = st.expression.left;
        if (ts.isPropertyAccessExpression(left) && left.getText(this.file.sf) === "module.exports") return this.see(st.expression.right);
      }
    }
    return { kind: "unknown", reason: `${this.rel} has no default export` };
  }

  /** `e` seen through parentheses, `as`/`satisfies`, identity wrappers and local `const`s. */
  see(e: ts.Expression, depth = 0): Lookup {
    let x = unwrap(e);
    if (depth > 20) return { kind: "unknown", reason: `${this.rel}: too deep` };
    if (ts.isCallExpression(x)) {
      const callee = unwrap(x.expression);
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : null;
      if (name !== null && IDENTITY.test(name) && x.arguments.length >= 1) return this.see(x.arguments[0], depth + 1);
      return { kind: "unknown", reason: `${this.rel}: ${short50(x.getText(this.file.sf))} is computed at build time`, call: x };
    }
    if (ts.isIdentifier(x)) {
      const init = this.localConst(x.text);
      if (init) return this.see(init, depth + 1);
      return { kind: "expr", expr: x };
    }
    if (ts.isArrowFunction(x) || ts.isFunctionExpression(x)) {
      // `export default async () => ({ … })` (Docusaurus) and `defineConfig(() => ({ … }))`: the returned object.
      const body = x.body;
      if (!ts.isBlock(body)) return this.see(body, depth + 1);
      const ret = body.statements.find(ts.isReturnStatement);
      if (ret?.expression) return this.see(ret.expression, depth + 1);
      return { kind: "unknown", reason: `${this.rel}: the config is computed by a function` };
    }
    x = unwrap(x);
    return { kind: "expr", expr: x };
  }

  private localConst(name: string): ts.Expression | null {
    for (const st of this.file.sf.statements) {
      if (!ts.isVariableStatement(st)) continue;
      for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name) && d.name.text === name && d.initializer) return d.initializer;
    }
    return null;
  }

  /** A property of an object literal, by name. */
  prop(from: Lookup, key: string): Lookup {
    if (from.kind !== "expr") return from;
    const obj = from.expr;
    if (!ts.isObjectLiteralExpression(obj)) return { kind: "unknown", reason: `${this.rel}: ${short50(obj.getText(this.file.sf))} is not an object literal` };
    let unknown: string | null = null;
    // Later properties win, as in JavaScript.
    for (let i = obj.properties.length - 1; i >= 0; i--) {
      const p = obj.properties[i];
      if (ts.isSpreadAssignment(p)) {
        unknown ??= `${this.rel}: a spread (${short50(p.getText(this.file.sf))}) may set \`${key}\``;
        continue;
      }
      const name = p.name ? propertyNameText(p.name) : null;
      if (name === null) {
        unknown ??= `${this.rel}: a computed key may set \`${key}\``;
        continue;
      }
      if (name !== key) continue;
      if (unknown) return { kind: "unknown", reason: unknown };
      if (ts.isPropertyAssignment(p)) return this.see(p.initializer);
      if (ts.isShorthandPropertyAssignment(p)) return this.see(p.name);
      return { kind: "unknown", reason: `${this.rel}: \`${key}\` is a method` };
    }
    return unknown ? { kind: "unknown", reason: unknown } : { kind: "absent" };
  }

  path(from: Lookup, keys: string[]): Lookup {
    let cur = from;
    for (const k of keys) cur = this.prop(cur, k);
    return cur;
  }

  /** The elements of an array literal (each seen through wrappers); unknown when there is a spread. */
  elements(from: Lookup): Lookup[] | { kind: "absent" } | { kind: "unknown"; reason: string } {
    if (from.kind !== "expr") return from;
    const arr = from.expr;
    if (!ts.isArrayLiteralExpression(arr)) return { kind: "unknown", reason: `${this.rel}: ${short50(arr.getText(this.file.sf))} is not an array literal` };
    if (arr.elements.some(ts.isSpreadElement)) return { kind: "unknown", reason: `${this.rel}: a spread in an array` };
    return arr.elements.map((e) => this.see(e));
  }

  value(from: Lookup): Value {
    if (from.kind !== "expr") return from;
    const r = foldExpression(this.root, this.file, from.expr);
    return r.ok ? { kind: "value", value: r.value } : { kind: "unknown", reason: `${this.rel}: ${r.message}` };
  }

  /** A string value, or the reason it is not one. */
  string(from: Lookup): { kind: "absent" } | { kind: "value"; value: string } | { kind: "unknown"; reason: string } {
    const v = this.value(from);
    if (v.kind !== "value") return v;
    return typeof v.value === "string" ? { kind: "value", value: v.value } : { kind: "unknown", reason: `${this.rel}: not a string` };
  }

  /** The callee name of a call, when `from` is one (`starlight({...})`, `['classic', {...}]` is not). */
  calls(name: RegExp): ts.CallExpression[] {
    const out: ts.CallExpression[] = [];
    const visit = (n: ts.Node) => {
      if (ts.isCallExpression(n)) {
        const c = unwrap(n.expression);
        if (ts.isIdentifier(c) && name.test(c.text)) out.push(n);
      }
      n.forEachChild(visit);
    };
    visit(this.file.sf);
    return out;
  }

  /** The local name a module's default export is imported under (`import starlight from "@astrojs/starlight"`). */
  importedDefault(moduleName: string): string | null {
    for (const st of this.file.sf.statements) {
      if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier) || st.moduleSpecifier.text !== moduleName) continue;
      const n = st.importClause?.name;
      if (n) return n.text;
    }
    return null;
  }

  get text(): string {
    return this.file.text;
  }
}

/** The site's config file, loaded; null when there is none, or when it cannot be read (then the site is marked unreadable). */
export function loadSiteConfig(input: SiteInput, site: Site): ConfigFile | null {
  if (!input.configFile) return null;
  const cfg = ConfigFile.load(input.root, input.configFile);
  if (!cfg) site.unreadable = `cannot read ${input.configFile}`;
  return cfg;
}

export type Strings = { kind: "value"; value: string[]; present: boolean } | { kind: "unknown"; reason: string };

/** An array of string literals (or of objects, their `key` member); absent is the empty list. */
export function stringsAt(cfg: ConfigFile, at: Lookup, key?: string): Strings {
  const els = cfg.elements(at);
  if (!Array.isArray(els)) return els.kind === "absent" ? { kind: "value", value: [], present: false } : els;
  const out: string[] = [];
  for (const e of els) {
    const v = cfg.string(key === undefined ? e : cfg.prop(e, key));
    if (v.kind !== "value") return { kind: "unknown", reason: v.kind === "unknown" ? v.reason : `${cfg.rel}: an entry without \`${key}\`` };
    out.push(v.value);
  }
  return { kind: "value", value: out, present: true };
}
