import { describe, expect, it } from "vitest";
import { customId, githubSlug, headingIds, mdbookSlug, mkdocsSlug, vitepressSlug } from "../../compiler/model/routes/slugs.js";
import { routers } from "../../compiler/model/routes/index.js";

describe("slug functions per generator", () => {
  it("VitePress (markdown-it-anchor with @mdit-vue's slugify)", () => {
    expect(vitepressSlug("build.target")).toBe("build-target");
    expect(vitepressSlug("What's new?")).toBe("what-s-new");
    expect(vitepressSlug("Café au lait")).toBe("cafe-au-lait");
    expect(vitepressSlug("2.0 release")).toBe("_2-0-release");
    expect(vitepressSlug("--a  b--")).toBe("a-b");
  });

  it("GitHub / github-slugger (Docusaurus, Starlight, Nextra)", () => {
    expect(githubSlug("build.target")).toBe("buildtarget");
    expect(githubSlug("A / B")).toBe("a--b");
  });

  it("MkDocs (Python-Markdown toc)", () => {
    expect(mkdocsSlug("Café and naïve words")).toBe("cafe-and-naive-words");
    expect(mkdocsSlug("build.target")).toBe("buildtarget");
    expect(mkdocsSlug("A -- B")).toBe("a-b");
    expect(mkdocsSlug("snake_case name")).toBe("snake_case-name");
  });

  it("mdBook (normalize_id)", () => {
    expect(mdbookSlug("The --open flag")).toBe("the---open-flag");
    expect(mdbookSlug("build.target")).toBe("buildtarget");
    expect(mdbookSlug("Über Ärger")).toBe("Über-Ärger");
  });

  it("custom ids: {#id} and attribute lists", () => {
    expect(customId("Options {#opts}")).toEqual({ id: "opts", text: "Options" });
    expect(customId("Options { #opts .wide }")).toEqual({ id: "opts", text: "Options" });
    expect(customId("Options {.wide #opts}")).toEqual({ id: "opts", text: "Options" });
    expect(customId("Options {x}")).toBeNull();
  });

  it("repeats are numbered as each generator numbers them", () => {
    expect(headingIds(["A", "A", "A-1", "A"], routers.vitepress.style)).toEqual(["a", "a-1", "a-1-1", "a-2"]);
    expect(headingIds(["A", "A", "A"], routers.mkdocs.style)).toEqual(["a", "a_1", "a_2"]);
    expect(headingIds(["A", "A"], routers.mdbook.style)).toEqual(["a", "a-1"]);
    expect(headingIds(["Intro {#start}", "Intro"], routers.docusaurus.style)).toEqual(["start", "intro"]);
    // GitHub has no custom ids: the braces are text.
    expect(headingIds(["Intro {#start}"], routers.github.style)).toEqual(["intro-start"]);
  });
});
