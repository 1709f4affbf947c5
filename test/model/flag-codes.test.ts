import { describe, expect, it } from "vitest";
import { flagsInCode } from "../../compiler/model/mentions.js";

describe("flagsInCode: the flags an inline code holds", () => {
  it("one flag, with or without a value", () => {
    expect(flagsInCode("--force")).toEqual([{ name: "--force", value: undefined, offset: 0 }]);
    expect(flagsInCode("--out=dir")).toEqual([{ name: "--out", value: "dir", offset: 0 }]);
    expect(flagsInCode("--config [file]")).toEqual([{ name: "--config", value: undefined, offset: 0 }]);
    // A value written after the first flag makes the rest its value words: one flag, as before lists were read.
    expect(flagsInCode("--a <x>, --b")).toEqual([{ name: "--a", value: undefined, offset: 0 }]);
  });

  it("one option's names listed with commas, each at its offset; the last may take a value", () => {
    expect(flagsInCode("--async-only, -A")).toEqual([
      { name: "--async-only", value: undefined, offset: 0 },
      { name: "-A", value: undefined, offset: 14 },
    ]);
    expect(flagsInCode("-c,--config <path>")).toEqual([
      { name: "-c", value: undefined, offset: 0 },
      { name: "--config", value: undefined, offset: 3 },
    ]);
  });

  it("nothing when any item is no flag: prose, values, a list of other things", () => {
    expect(flagsInCode("--a, b")).toEqual([]);
    expect(flagsInCode("a, --b")).toEqual([]);
    expect(flagsInCode("red, green")).toEqual([]);
  });
});
