import { describe, expect, it } from "vitest";
import { liquidLinks } from "../../compiler/readers/liquid-links.js";
import { readMarkdown } from "../../compiler/readers/markdown.js";
import { lintFiles } from "../helpers/rule-tester.js";
import brokenLink from "../../compiler/rules/reference/broken-link.js";

const pick = (text: string) => liquidLinks(text, []).map(({ kind, url, template, text: label }) => ({ kind, url, template, label }));

describe("Liquid links (Jekyll)", () => {
  it("finds every template form: filters, site.baseurl, link and post_url tags, images, definitions, fragments", () => {
    const text = [
      "[a]({{ '/docs/x/' | relative_url }}) [b]({{\"/y/\"|absolute_url}}#top) [c]({{ site.baseurl }}/z/#k)",
      "[d]({% link _docs/w.md %}) [e]({%- post_url 2020-01-02-hi -%}) ![f]({{ '/img/a.png' | relative_url }})",
      "",
      "[g]: {% link about.md %}",
    ].join("\n");
    expect(pick(text)).toEqual([
      { kind: "link", url: "/docs/x/", template: "relative_url", label: "a" },
      { kind: "link", url: "/y/#top", template: "absolute_url", label: "b" },
      { kind: "link", url: "/z/#k", template: "relative_url", label: "c" },
      { kind: "link", url: "_docs/w.md", template: "link", label: "d" },
      { kind: "link", url: "2020-01-02-hi", template: "post_url", label: "e" },
      { kind: "image", url: "/img/a.png", template: "relative_url", label: "f" },
      { kind: "definition", url: "about.md", template: "link", label: "" },
    ]);
  });

  it("leaves other Liquid, code, and plain links alone", () => {
    expect(pick("[a]({{ page.url }}) [b]({% include x.html %}) [c](plain.md) {{ '/x/' | relative_url }}")).toEqual([]);
    const doc = readMarkdown("a.md", "`[a]({% link x.md %})`\n\n```\n[b]({% link y.md %})\n```\n\n[c]({% link z.md %})\n", { binaries: [], markers: [] });
    expect(doc.links.map((l) => [l.url, l.template, l.span.line])).toEqual([["z.md", "link", 7]]);
  });

  it("a template without spaces, which CommonMark also parses as a link, is read once, as Liquid", () => {
    const doc = readMarkdown("a.md", '[a]({{"/x/"|relative_url}}) and [b](b.md)\n', { binaries: [], markers: [] });
    expect(doc.links.map((l) => [l.url, l.template ?? null])).toEqual([
      ["/x/", "relative_url"],
      ["b.md", null],
    ]);
  });

  it("stays linear on hostile input (many `](` openers on one line)", () => {
    const text = "[".repeat(20000) + "]({{ '/x/' | relative_url }})".repeat(2000) + "]({{ x".repeat(100000) + "{%";
    const t0 = process.hrtime.bigint();
    liquidLinks(text, []);
    expect(Number(process.hrtime.bigint() - t0) / 1e6).toBeLessThan(2000);
  });

  it("outside a Jekyll site a Liquid link is not judged, with the reason", async () => {
    const r = await lintFiles(brokenLink, {
      "docs/a.md": "[a]({% link gone.md %}) [b]({{ '/gone/' | relative_url }})\n",
      "docpact.config.json": { docs: ["docs/a.md"], schemas: [], code: { include: [] } },
    });
    expect(r.diagnostics).toEqual([]);
    expect(r.notJudged.map((n) => n.reason)).toEqual(["a `link` template link outside a Jekyll site", "a `relative_url` template link outside a Jekyll site"]);
  });
});
