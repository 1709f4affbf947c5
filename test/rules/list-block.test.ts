import { describe, expect, it } from "vitest";
import { listBlockAt, listItemsAt } from "../../compiler/rules/reference/list-block.js";

describe("listBlockAt", () => {
  const text = [
    "# Title",
    "",
    "Example: the analysis",
    "shows:",
    "",
    "1. one",
    "   more of one",
    "2. two `x`",
    "",
    "A|B",
    ":--|:--",
    "`a`|`b`",
    "",
    "Plain | prose with a pipe.",
  ].join("\n");

  it("finds a list's items and its lead-in paragraph past a blank line", () => {
    expect(listBlockAt(text.split("\n"), 8)).toEqual({
      lines: ["1. one", "   more of one", "2. two `x`"],
      leadIn: "Example: the analysis shows:",
      start: 5,
    });
  });

  it("finds a table (a run of pipe lines with a delimiter row); a heading above ends the lead-in", () => {
    expect(listBlockAt(text.split("\n"), 12)?.lines).toEqual(["A|B", ":--|:--", "`a`|`b`"]);
    expect(listBlockAt("## H\n\n- a\n".split("\n"), 3)).toEqual({ lines: ["- a"], leadIn: "", start: 2 });
  });

  it("a paragraph line, a pipe line without a delimiter row, or a line out of range is in no block", () => {
    expect(listBlockAt(text.split("\n"), 3)).toBeNull();
    expect(listBlockAt(text.split("\n"), 14)).toBeNull();
    expect(listBlockAt(text.split("\n"), 99)).toBeNull();
  });
});

describe("listItemsAt", () => {
  it("gives a list's items at its first item's indentation and the item a line belongs to (a continuation line too)", () => {
    const lines = ["Intro:", "", "- a: one", "  - nested", "  more of a", "- b: two", "", "Prose."];
    expect(listItemsAt(lines, 5)).toEqual({ items: ["- a: one", "- b: two"], at: 0 });
    expect(listItemsAt(lines, 6)).toEqual({ items: ["- a: one", "- b: two"], at: 1 });
    expect(listItemsAt(lines, 8)).toBeNull();
    expect(listItemsAt(["A|B", ":--|:--", "`a`|`b`"], 3)).toBeNull();
  });
});
