import { describe, expect, it } from "vitest";
import { blockAround } from "../../compiler/model/terms.js";

/** The paragraph rule written out plainly: scan every blank line from the start. */
function naiveBlock(text: string, offset: number): [number, number] {
  let start = 0;
  let end = text.length;
  for (const m of text.matchAll(/\n[ \t>]*\r?\n/g)) {
    if (m.index + m[0].length <= offset) start = m.index + m[0].length;
    else if (m.index >= offset) {
      end = m.index;
      break;
    }
  }
  return [start, end];
}

describe("blockAround", () => {
  it("a Markdown paragraph is bounded by blank lines (quoted blank lines too)", () => {
    const text = "one\ntwo `a`\n\nthree `b`\n>\nfour `c`";
    expect(blockAround(text, text.indexOf("`a`"), false)).toEqual([0, text.indexOf("\n\n")]);
    expect(blockAround(text, text.indexOf("`b`"), false)).toEqual([text.indexOf("three"), text.indexOf("\n>\n")]);
    expect(blockAround(text, text.indexOf("`c`"), false)).toEqual([text.indexOf("four"), text.length]);
  });

  it("a table row is its own block; a JSON string is its own block", () => {
    const md = "| `a` | `b` |\n| --- | --- |\n| `c` | d |\n";
    expect(blockAround(md, md.indexOf("`c`"), false)).toEqual([md.indexOf("| `c`"), md.length - 1]);
    const json = '{"description": "use `x` here", "y": 1}';
    expect(blockAround(json, json.indexOf("`x`"), true)).toEqual([json.indexOf("use"), json.indexOf('", "y"')]);
  });

  it("equals the plain scan at every offset of mixed texts (several texts in turn, the cached blank lines never stale)", () => {
    const texts = ["a\n\nb\n \nc\r\n\r\nd", "\n\n\nx\n>\n\ny", "no blank lines at all", "p `t`\n\n\n\nq `u`\n\t\nr"];
    for (let round = 0; round < 2; round++)
      for (const text of texts)
        for (let o = 0; o <= text.length; o++) {
          if (/^\s*\|/.test(text.slice(text.lastIndexOf("\n", o - 1) + 1))) continue;
          expect([text, o, blockAround(text, o, false)]).toEqual([text, o, naiveBlock(text, o)]);
        }
  });
});
