import { describe, expect, it } from "vitest";
import { decodeSource, LineIndex } from "../../compiler/util/text.js";

describe("decodeSource", () => {
  it("strips a BOM and detects CRLF", () => {
    expect(decodeSource("\uFEFFa\r\nb")).toEqual({ text: "a\r\nb", bom: true, eol: "\r\n" });
    expect(decodeSource("a\nb\r\n")).toEqual({ text: "a\nb\r\n", bom: false, eol: "\n" });
    expect(decodeSource("")).toEqual({ text: "", bom: false, eol: "\n" });
  });
});

describe("LineIndex", () => {
  it("maps offsets to 1-based positions identically for LF and CRLF", () => {
    const lf = new LineIndex("ab\ncd\n\nef");
    const crlf = new LineIndex("ab\r\ncd\r\n\r\nef");
    expect(lf.position(0)).toEqual({ line: 1, column: 1 });
    expect(lf.position(4)).toEqual({ line: 2, column: 2 });
    expect(crlf.position(5)).toEqual({ line: 2, column: 2 });
    expect(lf.position(7)).toEqual({ line: 4, column: 1 });
    expect(crlf.position(10)).toEqual({ line: 4, column: 1 });
    expect(crlf.lineCount).toBe(4);
  });

  it("round-trips offsets", () => {
    const idx = new LineIndex("one\r\ntwo\nthree");
    for (const off of [0, 2, 5, 7, 9, 13]) {
      const p = idx.position(off);
      expect(idx.offset(p.line, p.column)).toBe(off);
    }
  });
});
