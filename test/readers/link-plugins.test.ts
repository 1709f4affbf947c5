import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ts } from "../../compiler/readers/code-source.js";
import { linkRewritingPlugins, linkRewritingTransforms, rewritesLinks } from "../../compiler/readers/sites/link-plugins.js";

const src = (text: string) => ts.createSourceFile("p.ts", text, ts.ScriptTarget.Latest, true);

describe("rewritesLinks: a markdown plugin that visits link nodes and writes their URL", () => {
  it("remark visitor assigning node.url", () => {
    expect(rewritesLinks(src(`visit(tree, "link", (node) => { node.url = node.url.replace(/\\.md$/, ""); });`))).toBe(true);
  });
  it("visitor object keyed by node type, writing through a setter", () => {
    expect(rewritesLinks(src(`export default define({ definition(node, ctx) { ctx.setProperty(node, "url", "x"); } });`))).toBe(true);
  });
  it("markdown-it token attrSet('href')", () => {
    expect(rewritesLinks(src(`md.core.ruler.push("x", (s) => { for (const t of s.tokens) if (t.type === "link_open") t.attrSet("href", "/y"); });`))).toBe(
      true,
    );
  });
  it("a plugin that only reads link URLs is not a rewriter", () => {
    expect(rewritesLinks(src(`visit(tree, "link", (node) => console.log(node.url, node.getAttribute("href")));`))).toBe(false);
  });
  it("a plugin that writes a URL of something else than links is not a rewriter", () => {
    expect(rewritesLinks(src(`visit(tree, "image", (node) => { node.url = "/cdn/" + node.url; });`))).toBe(false);
  });
});

describe("linkRewritingPlugins: the config's own imports that it uses and that rewrite links", () => {
  const root = mkdtempSync(join(tmpdir(), "docpact-link-plugins-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const put = (rel: string, text: string) => {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  };
  const rewriter = `export const fix = () => (tree) => visit(tree, "link", (n) => { n.url = "x"; });\n`;
  put("site/plugins/fix.ts", rewriter);
  put("site/plugins/unused.ts", rewriter);
  put("site/plugins/reader.ts", `export const read = () => (tree) => visit(tree, "link", (n) => n.url);\n`);
  put(
    "site/astro.config.mjs",
    [
      `import { fix } from "./plugins/fix.js";`,
      `import { fix as notUsed } from "./plugins/unused.ts";`,
      `import { read } from "./plugins/reader";`,
      `import starlight from "@astrojs/starlight";`,
      `export default { markdown: { remarkPlugins: [fix, read] }, integrations: [starlight({})] };`,
    ].join("\n"),
  );
  const files = new Set(["site/astro.config.mjs", "site/plugins/fix.ts", "site/plugins/unused.ts", "site/plugins/reader.ts"]);
  it("finds the registered rewriter (a `.js` specifier for a `.ts` source), not the unused import nor the reader", () => {
    expect(linkRewritingPlugins(root, "site/astro.config.mjs", files)).toEqual(["site/plugins/fix.ts"]);
  });
  it("a config without local imports gives none", () => {
    put("other/astro.config.mjs", `import starlight from "@astrojs/starlight";\nexport default { integrations: [starlight({})] };\n`);
    expect(linkRewritingPlugins(root, "other/astro.config.mjs", new Set(["other/astro.config.mjs"]))).toEqual([]);
  });
});

describe("linkRewritingTransforms: the config's own output transforms that write links", () => {
  const root = mkdtempSync(join(tmpdir(), "docpact-link-transforms-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  it("an Eleventy addTransform setting anchors' href is one; a transform that only minifies or reads hrefs is not", () => {
    writeFileSync(
      join(root, ".eleventy.js"),
      [
        "module.exports = (cfg) => {",
        "  cfg.addTransform('localLinks', function (content) { const $ = load(content); for (const a of $('a[href]')) a.attribs.href = a.attribs.href.replace(/\\.md$/, '/'); return $.html(); });",
        "  cfg.addTransform('minify', (content) => minify(content));",
        "  cfg.addTransform('count', (content) => { for (const a of $('a')) seen.push(a.attribs.href); return content; });",
        "};",
      ].join("\n"),
    );
    expect(linkRewritingTransforms(root, ".eleventy.js")).toEqual(["localLinks"]);
  });
});
