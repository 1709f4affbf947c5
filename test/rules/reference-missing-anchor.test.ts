import { describe, expect, it } from "vitest";
import rule from "../../compiler/rules/reference/missing-anchor.js";
import { lines, project, run } from "./reference-helpers.js";
import { lintFiles } from "../helpers/rule-tester.js";

const target = [
  "# Guide",
  "## Install",
  "## Install",
  "## Step 1: `aw flow advance` — run it",
  "## What's *new*?",
  "## Überblick",
  '<a id="legacy-anchor"></a>',
  '<a name="named"></a>',
  "",
].join("\n\n");

describe("reference/missing-anchor", async () => {
  it("valid: slugs (duplicates, punctuation, code, emphasis, unicode), explicit anchors, case, line fragments", async () => {
    const m = project({
      docs: {
        "docs/guide.md": target + "\n[self](#guide) [top](#top)\n",
        "docs/a.md": [
          "[a](guide.md#install) [b](guide.md#install-1) [c](guide.md#step-1-aw-flow-advance--run-it)",
          "[d](guide.md#whats-new) [e](guide.md#überblick) [f](guide.md#legacy-anchor) [g](guide.md#named)",
          "[h](guide.md#Install) [i](guide.md#L10-L20) [j](../notes/other.md#anything) [k](gone.md#x)",
        ].join("\n"),
      },
      files: ["notes/other.md"],
    });
    expect(await run(rule, m)).toEqual([]);
  });

  it("valid: on GitHub a heading's inline HTML is tags, not text: the bare text's slug is an id too", async () => {
    const m = project({
      docs: {
        "docs/ref.md": "# Ref\n\n## Parallel lifecycle script execution </a>\n",
        "docs/a.md": "[p](ref.md#parallel-lifecycle-script-execution)\n",
      },
    });
    expect(await run(rule, m)).toEqual([]);
  });

  it("headings with inline HTML have GitHub's ids of their text; raw <a href> links are judged like Markdown links", async () => {
    const m = project({
      docs: {
        "docs/spec.md": '# Spec\n\n## suite<T>\n\n## Parallel execution </a>\n\n## Foo <a name="x"></a>\n',
        "docs/a.md": [
          "[a](spec.md#suite) [b](spec.md#parallel-execution) [c](spec.md#foo) [d](spec.md#foo-) [e](spec.md#x)",
          '<a href="spec.md#suite">f</a> <a href="spec.md#suitet">g</a>',
          "[h](spec.md#foo-a-namex-a)",
        ].join("\n\n"),
      },
    });
    expect(lines(await run(rule, m))).toEqual([
      "docs/a.md:3:31 #suitet names no heading or anchor in docs/spec.md",
      "docs/a.md:5:1 #foo-a-namex-a names no heading or anchor in docs/spec.md",
    ]);
  });

  it("links in all-contributors' own section are its bot's: not judged, counted", async () => {
    const m = project({
      docs: {
        "README.md":
          '# R\n\n<!-- ALL-CONTRIBUTORS-LIST:START - Do not remove or modify this section -->\n<table><tr><td><a href="#question-ann" title="Answering Questions">💬</a></td></tr></table>\n<!-- ALL-CONTRIBUTORS-LIST:END -->\n\n<a href="#question-bob">q</a>\n',
      },
    });
    expect(lines(await run(rule, m))).toEqual(["README.md:7:1 #question-bob names no heading or anchor in this document"]);
  });

  it("the bot's emoji links copied by hand outside its section (exact type and title) are its too; other shapes are judged", async () => {
    const m = project({
      docs: {
        "README.md": [
          "# R",
          "",
          "<!-- ALL-CONTRIBUTORS-LIST:START - Do not remove or modify this section -->",
          '<a href="#code-ann" title="Code">💻</a>',
          "<!-- ALL-CONTRIBUTORS-LIST:END -->",
          "",
          "### Emeriti",
          "",
          '<td><a href="#question-bob" title="Answering Questions">💬</a> <a href="#design-eve" title="Design">🎨</a></td>',
          '<a href="#question-joe" title="Questions">q</a> <a href="#emeriti-x" title="Design">d</a>',
          "",
        ].join("\n"),
      },
    });
    expect(lines(await run(rule, m))).toEqual([
      "README.md:10:1 #question-joe names no heading or anchor in this document",
      "README.md:10:49 #emeriti-x names no heading or anchor in this document",
    ]);
  });

  it("invalid: unknown fragments in other documents and in the document itself", async () => {
    const m = project({
      docs: {
        "docs/guide.md": target + "\n[self](#instal)\n",
        "docs/a.md": "[a](guide.md#install-2)\n\n[b](guide.md#whats-new-1)\n",
      },
    });
    const r = await run(rule, m);
    expect(lines(r)).toEqual([
      "docs/a.md:1:1 #install-2 names no heading or anchor in docs/guide.md",
      "docs/a.md:3:1 #whats-new-1 names no heading or anchor in docs/guide.md",
      "docs/guide.md:18:1 #instal names no heading or anchor in this document",
    ]);
    expect(r[0].related).toEqual([{ file: "docs/guide.md", line: 1, column: 1, message: "target document" }]);
    expect(r[2].suggestion).toBe("#install");
  });
  it("a hash route (`#/1/1`, reveal.js slides) names no heading: not judged, counted with the reason; `#gone` beside it is judged", async () => {
    const files = {
      "slides.md": "# Deck\n\n[next slide](#/1/1) [gone](#gone) [deck](./slides.md#/2)\n",
      "docpact.config.json": { docs: ["slides.md"], schemas: [], code: { include: [] } },
    };
    const r = await lintFiles(rule, files);
    expect(lines(r.diagnostics)).toEqual(["slides.md:3:21 #gone names no heading or anchor in this document"]);
    expect(r.notJudged.map((n) => `${n.line}:${n.column} ${n.reason}`)).toEqual([
      "3:1 a hash route (`#/…`) read by a script on the page (reveal.js slides, a single-page router), not a heading id",
      "3:35 a hash route (`#/…`) read by a script on the page (reveal.js slides, a single-page router), not a heading id",
    ]);
  });
});
