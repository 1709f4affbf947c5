/** MDX: a component's `href` prop is a link (Mintlify `<Card>`/`<Button>`, Starlight `<LinkCard>`); in plain Markdown only `<a>`'s is. */
import { describe, expect, it } from "vitest";
import { htmlLinks } from "../../compiler/readers/html-links.js";
import { readMarkdown } from "../../compiler/readers/markdown.js";

const opts = { binaries: [], markers: [] };
const PAGE = [
  "# Cards",
  "",
  "<CardGroup cols={2}>",
  "  <Card",
  '    title="Setup"',
  '    icon="rocket"',
  '    href="/getting-started/setup"',
  "  >",
  "    Install the <b>CLI</b>.",
  "  </Card>",
  '  <Card title="Dynamic" href={base + "/x"}>Not a literal</Card>',
  "</CardGroup>",
  "",
  'Then <Button href="../api#create">Create</Button> or <Tooltip tip="x">hover</Tooltip>.',
  "",
  '<LinkCard title="Docs" href="/docs/" />',
  "",
].join("\n");

describe("MDX component hrefs", () => {
  it("are read from any element in an .mdx page, with the text up to the element's own closing tag", () => {
    const doc = readMarkdown("docs/cards.mdx", PAGE, opts);
    expect(doc.links.map((l) => [l.url, l.text, l.span.line])).toEqual([
      ["/getting-started/setup", "Install the CLI.", 7],
      // Inline, the closing tag is a node of its own: no text (as for an inline `<a>`).
      ["../api#create", "", 14],
      ["/docs/", "", 16],
    ]);
    // The span of a component's link is its `href` prop (the tag spans lines and props); an `<a>`'s stays its tag.
    const { start, end } = { start: PAGE.indexOf('href="/getting-started'), end: PAGE.indexOf('setup"') + 6 };
    expect(doc.links[0].span).toMatchObject({ line: 7, column: 5, endLine: 7, endColumn: 5 + end - start });
  });

  it("are not links in a .md page: there the tags are unknown HTML, only <a> and <img> are read", () => {
    expect(readMarkdown("docs/cards.md", PAGE, opts).links).toEqual([]);
  });

  it("a JSX expression value, a `src` on a component and a closing tag of another name give no link or text", () => {
    expect(htmlLinks('<Card href={x}>a</Card><Img src="a.png" /><Card href="b">t</Cards>', true)).toEqual([
      { kind: "link", url: "b", text: "", start: 48, end: 56 },
    ]);
    // A DOM element other than `<a>` loads a resource with its href: no link (an SVG sprite's `<use>`, a stylesheet).
    expect(htmlLinks('<svg><use href="assets/icons.svg#anchor"/></svg><link href="x.css" /><a href="y.md">y</a>', true).map((l) => l.url)).toEqual(["y.md"]);
    // `<img>` keeps its `src` in MDX too.
    expect(htmlLinks('<img src="logo.png" />', true).map((l) => [l.kind, l.url])).toEqual([["image", "logo.png"]]);
  });
});
