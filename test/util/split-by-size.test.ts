import { describe, expect, it } from "vitest";
import { splitBySize } from "../../compiler/read.js";

const items = (sizes: number[]) => sizes.map((n, i) => ({ id: i, text: "x".repeat(n) }));

describe("splitBySize", () => {
  it("keeps the order and follows the weights by text size", () => {
    const shares = splitBySize(items([10, 10, 10, 10, 10, 10]), [1, 1]);
    expect(shares.map((s) => s.map((x) => x.id))).toEqual([
      [0, 1, 2],
      [3, 4, 5],
    ]);
    const uneven = splitBySize(items([10, 10, 10, 10]), [1, 3]);
    expect(uneven.map((s) => s.length)).toEqual([1, 3]);
  });
  it("always returns one share per weight, some possibly empty", () => {
    expect(splitBySize(items([5]), [1, 1, 1]).map((s) => s.length)).toEqual([1, 0, 0]);
    expect(splitBySize([], [1, 1])).toEqual([[], []]);
  });
});
