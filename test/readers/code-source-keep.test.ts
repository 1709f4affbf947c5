/**
 * A watch session keeps every code file's tree (code-source.ts keepParses): past the cold run's bound of
 * 64 parses, a file parsed again with the same text is the same parsed object, so its per-file facts are
 * reused and a TS save re-parses one file, not the project.
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearParseCache, keepParses, MAX_KEPT_PARSES, parseText } from "../../compiler/readers/code-source.js";

const root = "/project";
const files = Array.from({ length: 150 }, (_, i) => `${root}/src/m${i}.ts`);
const textOf = (i: number) => `export const m${i} = ${i};\n`;

afterEach(() => clearParseCache());

describe("keepParses", () => {
  it("keeps every file's parse once raised to the project's count; without it the oldest are parsed again", () => {
    const first = files.map((f, i) => parseText(root, f, textOf(i)));
    // The cold bound: the first files were dropped, so their parse is a new object.
    expect(parseText(root, files[0], textOf(0))).not.toBe(first[0]);
    keepParses(files.length);
    const kept = files.map((f, i) => parseText(root, f, textOf(i)));
    expect(files.map((f, i) => parseText(root, f, textOf(i)))).toEqual(kept);
    files.forEach((f, i) => expect(parseText(root, f, textOf(i))).toBe(kept[i]));
    // An edited text is parsed again.
    expect(parseText(root, files[3], `${textOf(3)}// edit\n`)).not.toBe(kept[3]);
    expect(MAX_KEPT_PARSES).toBeGreaterThan(files.length);
  });
});
