import { describe, expect, test } from "vitest";
import { closest, editDistance } from "../../compiler/util/edit-distance.js";

describe("editDistance", () => {
  test("insertions, deletions, substitutions and adjacent transpositions", () => {
    expect(editDistance("advance", "advance")).toBe(0);
    expect(editDistance("advanse", "advance")).toBe(1);
    expect(editDistance("advnace", "advance")).toBe(1);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("kitten", "sitting")).toBe(3);
  });

  test("cut-off returns max + 1 once the distance exceeds max", () => {
    expect(editDistance("kitten", "sitting", 1)).toBe(2);
    expect(editDistance("a", "abcdef", 2)).toBe(3);
    expect(editDistance("kitten", "sitting", 3)).toBe(3);
  });
});

describe("closest", () => {
  test("the nearest candidate within the ratio, ties to the first in sorted order", () => {
    expect(closest("--jsn", ["--json", "--verbose"])).toBe("--json");
    expect(closest("stauts", ["status", "start"])).toBe("status");
    expect(closest("zzzz", ["flow", "session"])).toBeNull();
    expect(closest("ab", ["ac", "ad"])).toBe("ac");
    expect(closest("x", [])).toBeNull();
  });
});
