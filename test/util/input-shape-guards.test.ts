/**
 * The shape checks that run before a parser or a write: unclosed fences and
 * comments in a region's output, link brackets per Markdown block, bracket
 * nesting of code. Valid and invalid cases for each.
 */
import { describe, expect, it } from "vitest";
import { markdownBracketHeavy } from "../../compiler/config/limits.js";
import { openConstruct } from "../../compiler/emit/open-constructs.js";
import { codeTooDeep } from "../../compiler/util/code-depth.js";

describe("openConstruct", () => {
  it("passes closed fences, comments and inline code", () => {
    expect(openConstruct("```js\nx\n```\n<!-- a -->\n`<!--` in code\n~~~\ny\n~~~~\n")).toBeNull();
  });
  it("finds a fence that is never closed, and one closed by the wrong fence", () => {
    expect(openConstruct("```js\nx\n")).toMatch(/code fence \(```\) opened at line 1/);
    expect(openConstruct("````\nx\n```\n")).toMatch(/opened at line 1/);
  });
  it("finds a comment that is never closed", () => {
    expect(openConstruct("a\n<!-- b\nc\n")).toMatch(/HTML comment \(<!--\) opened at line 2/);
  });
});

describe("markdownBracketHeavy", () => {
  it("counts link brackets per block, resets at blank lines and skips fences", () => {
    expect(markdownBracketHeavy("[a](b)\n\n".repeat(100), 10)).toBeNull();
    expect(markdownBracketHeavy("```\n" + "[".repeat(50) + "\n```\n", 10)).toBeNull();
    expect(markdownBracketHeavy("# T\n\n" + "[![a](".repeat(20), 10)).toMatchObject({ line: 3, count: 40 });
  });
});

describe("codeTooDeep", () => {
  it("measures bracket nesting, skipping strings and comments", () => {
    expect(codeTooDeep("const a = [[[1]]]; // ((((((\nconst s = '{{{{{{';", 3)).toBeNull();
    expect(codeTooDeep(`export const d = ${"[".repeat(5)}${"]".repeat(5)};`, 3)).toMatchObject({ depth: 4 });
  });
});
