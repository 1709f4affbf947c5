/**
 * summary.coverage for links and anchors (compiler/model/mentions.ts linkMentions): every link,
 * image and definition that is not an external URL is found, and reference/broken-link and
 * reference/missing-anchor judge it or count it as not judged — nothing is left neither.
 */
import { describe, expect, test } from "vitest";
import { emptyPlan } from "../../compiler/emit/plan.js";
import type { NotJudged } from "../../compiler/model/diagnostic.js";
import { coverageOf, linkMentions, modelMentions, type JudgedMention } from "../../compiler/model/mentions.js";
import { runRules } from "../../compiler/pipeline.js";
import brokenLink from "../../compiler/rules/reference/broken-link.js";
import missingAnchor from "../../compiler/rules/reference/missing-anchor.js";
import type { Rule } from "../../compiler/rules/types.js";
import { md, model } from "../rules/reference-helpers.js";

/** One of every class of link: judged (exists, missing, outside the root, `#x` here) and not judged (each reason). */
const README = [
  "# Readme",
  "",
  "## Install",
  "",
  "[ok](docs/guide.md) [ok anchor](docs/guide.md#usage) [bad anchor](docs/guide.md#nope) [here](#install)",
  "[gone](docs/gone.md) [gone anchor](docs/gone.md#x) [up](../../../x.md) ![img](img/logo.png)",
  "[web](https://example.com/a#b) [mail](mailto:a@b.c) [proto](//host/x) [empty]() [tpl](<{{ x }}.md#y>)",
  "[dot](.github/CONTRIBUTING.md) [folder](empty/) [code](src/a.ts#L10) [top](docs/guide.md#top)",
  "[other](notes.md#whatever) [def]",
  "",
  "[def]: docs/guide.md#usage",
  "",
].join("\n");

function coverage(rules: readonly Rule[]) {
  const m = model({
    docs: { "README.md": README, "docs/guide.md": "# Guide\n\n## Usage\n" },
    files: ["img/logo.png", "src/a.ts", "notes.md"],
  });
  const notJudged: NotJudged[] = [];
  const judged: JudgedMention[] = [];
  runRules(m, emptyPlan(), rules, [], notJudged, undefined, undefined, judged);
  return { cov: coverageOf(modelMentions(m), judged, notJudged), notJudged };
}

describe("link mentions", () => {
  test("external URLs are no mention; every other link is one, and those with a fragment an anchor too", () => {
    const doc = md("README.md", "[a](x.md) [b](x.md#y) [c](#z) [d](https://h/x#y) [e](mailto:x) [f](//h) [g](x.md#)\n");
    expect(linkMentions(doc).map((m) => `${m.kind} ${m.binary}`)).toEqual([
      "links x.md",
      "links x.md#y",
      "anchors x.md#y",
      "links #z",
      "anchors #z",
      "links x.md#",
    ]);
  });

  test("every link found is judged or counted (found − judged − notJudged = 0)", () => {
    const { cov, notJudged } = coverage([brokenLink, missingAnchor]);
    // Links: 19 written, 3 external → 16; judged (exists, missing, outside the root: 12): guide, ok anchor, bad anchor,
    // #install, gone, gone anchor, up, img, code, top, other, the definition; counted: empty, template, dot folder, folder.
    expect(cov.links).toEqual({ found: 16, judged: 12, notJudged: 4 });
    // Anchors: ok anchor, bad anchor, #install, the definition's (judged); gone anchor (target missing), template,
    // src/a.ts#L10 (not a document), #top (not a heading), notes.md (not in scope) counted.
    expect(cov.anchors).toEqual({ found: 9, judged: 4, notJudged: 5 });
    const reasons = notJudged.filter((n) => n.mention).map((n) => `${n.line}:${n.column} ${n.mention!.kind} ${n.reason}`);
    expect(reasons).toEqual([
      "6:22 anchors the link's target does not exist (reference/broken-link)",
      "7:71 links an empty link target",
      "7:81 links a template or placeholder target ({{x}}, <x>, ${x})",
      "7:81 anchors the link's target is not judged (reference/broken-link counts why)",
      "8:1 links inside a folder docpact does not list (dot folders, node_modules, the output folder)",
      "8:32 links a folder link that finds no file (a folder holding only dot files looks empty)",
      "8:49 anchors the target is not a document in scope (its headings are unknown)",
      "8:70 anchors a line or top-of-page fragment (#L10, #top), not a heading",
      "9:1 anchors the target is not a document in scope (its headings are unknown)",
    ]);
  });

  test("links in a tool's own section (all-contributors) are counted, with their fragments", () => {
    const m = model({
      docs: {
        "README.md":
          '# R\n\n<!-- ALL-CONTRIBUTORS-LIST:START - Do not remove or modify this section -->\n<a href="#question-ann">💬</a> <a href="docs/x.md">x</a> <a href="https://h/u">u</a>\n<!-- ALL-CONTRIBUTORS-LIST:END -->\n',
      },
    });
    const notJudged: NotJudged[] = [];
    const judged: JudgedMention[] = [];
    runRules(m, emptyPlan(), [brokenLink, missingAnchor], [], notJudged, undefined, undefined, judged);
    const cov = coverageOf(modelMentions(m), judged, notJudged);
    expect(cov.links).toEqual({ found: 2, judged: 0, notJudged: 2 });
    expect(cov.anchors).toEqual({ found: 1, judged: 0, notJudged: 1 });
  });

  test("a rule that stops marking leaves its mentions neither judged nor counted (what the check above would catch)", () => {
    const { cov } = coverage([brokenLink]);
    expect(cov.anchors.found - cov.anchors.judged - cov.anchors.notJudged).toBe(9);
    expect(cov.links.found - cov.links.judged - cov.links.notJudged).toBe(0);
  });
});
