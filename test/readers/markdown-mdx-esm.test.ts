/** MDX: import/export blocks are JavaScript, set apart before the Markdown parse (a fence inside a template literal opens nothing). */
import { describe, expect, it } from "vitest";
import { withoutEsm } from "../../compiler/readers/markdown.js";
import { readMarkdown } from "../../compiler/readers/markdown.js";

const PAGE = [
  "import { Steps } from 'nextra/components'",
  "",
  "export async function Page() {",
  "  const raw = `~~~jsx",
  "${code}",
  "~~~`",
  "",
  "  return raw",
  "}",
  "",
  "# Title",
  "",
  "See [the guide](/docs/guide).",
  "",
  "```js",
  "export const inFence = 1",
  "```",
  "",
].join("\n");

describe("MDX ESM blocks", () => {
  it("are blanked to the first blank line outside brackets, strings and template literals; offsets and lines kept", () => {
    const out = withoutEsm(PAGE);
    expect(out.length).toBe(PAGE.length);
    expect(out.split("\n").length).toBe(PAGE.split("\n").length);
    expect(out.split("\n").map((l) => l.trim() !== "")).toEqual(PAGE.split("\n").map((l, i) => i >= 10 && l.trim() !== ""));
  });

  it("a line `export …` that continues a block (a JSX attribute's template literal) is no ESM block", () => {
    const text = "# A\n\n<Api\n  code={`type X = 1\nexport default X`}\n/>\n\n## B\n";
    expect(withoutEsm(text)).toBe(text);
  });

  it("an .mdx page's links after such a block are read; the same text as .md is left to Markdown (the fence swallows them)", () => {
    const opts = { binaries: [] } as unknown as Parameters<typeof readMarkdown>[2];
    const links = (file: string) => readMarkdown(file, PAGE, opts).links.map((l) => l.url);
    expect(links("docs/page.mdx")).toEqual(["/docs/guide"]);
    expect(links("docs/page.md")).toEqual([]);
  });
});
